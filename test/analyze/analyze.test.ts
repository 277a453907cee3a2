/**
 * Trigger-graph analysis (issue 10, point 5) on a fixture game (test/analyze/fixture/cards/loopy):
 * spark (on hit) → ignite → burn; ember (on burn) → glow; flare (on glow) → deal → hit: a loop of
 * three cards through two procedures. medic listens to `heal`, which nothing emits (dead), and its
 * `usage: 1` trigger on hit spends its use (`use`), so it is bounded (no loop). `played` is emitted and unheard; medic is in no deck.
 */
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { analysisDiagnostics, analyzeGame } from "../../compiler/core/analysis/triggers/analyze.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import type { CheckedModel } from "../../compiler/core/workspace/model.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { runCli } from "../../compiler/node/cli/main.ts";
import { checkedGame, readGame } from "../../compiler/node/project.ts";
import { REPO } from "../kit/corpus.ts";

const ROOT = join(REPO, "test", "analyze", "fixture");
const DIR = relative(process.cwd(), join(ROOT, "cards", "loopy"))
  .split("\\")
  .join("/");

describe("cardwright analyze on the loop fixture", () => {
  it("reports the 3-card loop with its cycle, the dead trigger, the unheard event and the card in no deck, each positioned", async () => {
    const r = await runCli(["analyze", "loopy", "--root", ROOT]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout.split("\n")).toEqual([
      `${DIR}/cards/ember.yaml:6:12: warning loop: possible endless trigger loop: ember (on burn) emits glow → flare (on glow) emits hit → spark (on hit) emits burn → ember (on burn)`,
      `    ${DIR}/cards/ember.yaml:6:12  ember (on burn)`,
      `    ${DIR}/cards/flare.yaml:6:12  flare (on glow)`,
      `    ${DIR}/cards/spark.yaml:6:12  spark (on hit)`,
      `${DIR}/cards/medic.yaml:11:12: warning dead-trigger: trigger 2 of 'medic' never fires: no code emits 'heal'`,
      `${DIR}/rules.yaml:31:3: info unheard-event: event 'played' is emitted but nothing listens to it`,
      `${DIR}/cards/medic.yaml:1:5: info card-in-no-deck: card 'medic' is in no deck, and no card or rule of a deck's cards names it`,
      "! loopy: 5 trigger(s), 4 event(s) emitted; 1 possible loop(s), 1 dead trigger(s), 1 unheard event(s), 1 card(s) in no deck",
      "",
    ]);
  });

  it("check warns about the loop and the dead trigger at their positions (catalogued codes), and still exits 0", async () => {
    const r = await runCli(["check", "--root", ROOT]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("✓ loopy: 4 card file(s), 0 error(s), 2 warning(s)\n");
    expect(r.stderr.split("\n")).toEqual([
      `${DIR}/cards/ember.yaml:6:12: warning check/trigger-loop: possible endless trigger loop: ember (on burn) emits glow → flare (on glow) emits hit → spark (on hit) emits burn → ember (on burn)`,
      `  hint: the cycle: ${DIR}/cards/ember.yaml:6:12, ${DIR}/cards/flare.yaml:6:12, ${DIR}/cards/spark.yaml:6:12; give one trigger a 'usage', a 'limit' or a 'when' that stops it, or, if it ends for a reason the analysis cannot see, say so with 'bounded: <reason>'`,
      `${DIR}/cards/medic.yaml:11:12: warning check/dead-trigger: trigger 2 of 'medic' never fires: no code emits 'heal'`,
      "  hint: emit 'heal' somewhere (rules or a card), or listen to another event",
      "",
    ]);
  });

  it("a `when:` comparing the card's fixed fields so that it never holds makes the trigger dead, and breaks the loop", () => {
    const inp = readGame("loopy", ROOT);
    if ("code" in inp) throw new Error(inp.message);
    // flare costs 2: `self.cost > 3` never holds.
    const cards = inp.cards.map((f) =>
      f.path.endsWith("flare.yaml")
        ? { ...f, text: f.text.replace("when: event.source != self", "when: self.cost > 3 and event.source != self") }
        : f,
    );
    const model = checkGame({ ...inp, cards });
    expect(model.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(analysisDiagnostics(model).map(renderDiagnostic)).toEqual([
      `${DIR}/cards/flare.yaml:7:11: warning check/dead-trigger: trigger 1 of 'flare' never fires: its 'when' can never hold\n  hint: the condition compares fixed values of the card that never match`,
      `${DIR}/cards/medic.yaml:11:12: warning check/dead-trigger: trigger 2 of 'medic' never fires: no code emits 'heal'\n  hint: emit 'heal' somewhere (rules or a card), or listen to another event`,
    ]);
  });

  it("a trigger with usage or limit is bounded: medic (usage 1) on hit → deal → hit is no loop", () => {
    const m = checkedGame("loopy", ROOT);
    if ("code" in m) throw new Error(m.message);
    const medic = analyzeGame(m).graph.triggers.find((t) => t.card === "medic" && t.index === 0);
    expect(medic?.emits.has("hit")).toBe(true);
    expect(medic?.bounded).toBe(true);
  });
});

describe("the trigger-graph warnings in the checked model (workspace.ts)", () => {
  const inp = readGame("loopy", ROOT);
  if ("code" in inp) throw new Error(inp.message);
  const medic = inp.cards.find((f) => f.path.endsWith("medic.yaml")) as { path: string; text: string };
  const analysis = (m: CheckedModel) =>
    m.diagnostics
      .filter((d) => d.code === "check/trigger-loop" || d.code === "check/dead-trigger")
      .map((d) => `${d.file}:${d.range.start.line}:${d.range.start.col} ${d.code}`);
  const found = [`${DIR}/cards/ember.yaml:6:12 check/trigger-loop`, `${DIR}/cards/medic.yaml:11:12 check/dead-trigger`];

  it("are in the model as check prints them; an error in a card file leaves them out (as check, which needs code that compiles), fixing it brings them back", () => {
    const ws = new Workspace(inp);
    expect(analysis(ws.model())).toEqual(found);
    ws.setFile(medic.path, medic.text.replace("deal(opponent, 1)", "deall(opponent, 1)"));
    expect(
      ws
        .model()
        .diagnostics.filter((d) => d.severity === "error")
        .map((d) => `${d.file}:${d.range.start.line}:${d.range.start.col} ${d.code}`),
    ).toEqual([`${DIR}/cards/medic.yaml:10:7 check/unknown-function`]);
    expect(analysis(ws.model())).toEqual([]);
    ws.setFile(medic.path, medic.text);
    expect(analysis(ws.model())).toEqual(found);
  });

  it("an edit of one card is seen: flare's `when` made never to hold breaks the loop and makes its trigger dead; undoing it brings the loop back", () => {
    const ws = new Workspace(inp);
    const flare = inp.cards.find((f) => f.path.endsWith("flare.yaml")) as { path: string; text: string };
    ws.setFile(
      flare.path,
      flare.text.replace("when: event.source != self", "when: self.cost > 3 and event.source != self"),
    );
    expect(analysis(ws.model())).toEqual([
      `${DIR}/cards/flare.yaml:7:11 check/dead-trigger`,
      `${DIR}/cards/medic.yaml:11:12 check/dead-trigger`,
    ]);
    ws.setFile(flare.path, flare.text);
    expect(analysis(ws.model())).toEqual(found);
  });
});

// The real games' findings are asserted in test/coverage/coverage.test.ts, on the model it checks anyway.
