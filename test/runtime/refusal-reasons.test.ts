/**
 * Refusals name the clause that failed: an action's `when:` as a list of conditions, each with an
 * optional reason (a label), compiled generically and reported by the runtime (corpus base game).
 */
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { moduleInMemory } from "../../compiler/node/project.ts";
import { Engine, type Action, type EntityId, type GameModule, type State } from "../../runtime/index.ts";
import { gameFiles, toInput } from "../kit/corpus.ts";

const CAST_PLAIN = "    when: count(me.field) > 0\n";
const CAST_LIST = [
  "    when:",
  "      - test: count(me.field) > 0",
  '        reason: "{me} has no unit on the field"',
  "      - c.cost <= 1",
  "",
].join("\n");

async function build(castWhen: string): Promise<GameModule> {
  const base = gameFiles();
  const rules = (base.get("rules.yaml") ?? "").replace(CAST_PLAIN, castWhen);
  const inp = toInput(gameFiles(new Map([["rules.yaml", rules]])));
  const model = checkGame(inp);
  expect(model.diagnostics.filter((d) => d.severity === "error").map(renderDiagnostic)).toEqual([]);
  const m = await moduleInMemory("corpus", inp, model);
  if (!m) throw new Error("no module");
  return m;
}

function start(m: GameModule): { engine: Engine; s: State; id: (card: string) => EntityId } {
  const engine = new Engine(m);
  const zones = { hand: ["zap", "rally", "imp"] };
  const s = engine.newMatch({
    seed: 3,
    players: [
      { name: "Ann", zones },
      { name: "Bob", zones },
    ],
  });
  const who = engine.decision(s)?.player;
  const id = (card: string) =>
    Object.values(s.entities).find((e) => e.card === card && e.owner === who)?.id as EntityId;
  return { engine, s, id };
}

const reason = (engine: Engine, s: State, a: Action) => {
  const r = engine.apply(s, a);
  return r.ok ? "(taken)" : r.reason.replace(/^'[^']*' is not a legal action now: /, "").replace(/; legal: .*$/, "");
};

describe("refusal reasons", () => {
  it("a list of conditions: the first that fails gives its reason (a label), or its text", async () => {
    const { engine, s, id } = start(await build(CAST_LIST));
    const who = engine.decision(s)?.player === 1 ? "Ann" : "Bob";
    expect(reason(engine, s, { type: "act", action: "cast", args: { c: id("zap") } })).toBe(
      `${who} has no unit on the field`,
    );
    expect(engine.apply(s, { type: "act", action: "play-unit", args: { c: id("imp") } })).toEqual({ ok: true });
    // The other player may act now; play until it is the first player's turn again.
    while (engine.decision(s)?.player !== (who === "Ann" ? 1 : 2))
      expect(engine.apply(s, { type: "act", action: "pass", args: {} }).ok).toBe(true);
    expect(reason(engine, s, { type: "act", action: "cast", args: { c: id("rally") } })).toBe(
      "the condition 'c.cost <= 1' does not hold",
    );
    expect(reason(engine, s, { type: "act", action: "cast", args: { c: id("imp") } })).toBe(
      `card ${id("imp")} is not among the candidates of 'cast'`,
    );
    expect(reason(engine, s, { type: "act", action: "cast", args: { c: id("zap"), x: 1 } })).toBe(
      "'cast' has no parameter 'x'",
    );
  });

  it("a single expression: its text is quoted", async () => {
    const { engine, s, id } = start(await build(CAST_PLAIN));
    expect(reason(engine, s, { type: "act", action: "cast", args: { c: id("zap") } })).toBe(
      "the condition 'count(me.field) > 0' does not hold",
    );
  });

  it("a malformed condition list is a schema error at its place", () => {
    const rules = (gameFiles().get("rules.yaml") ?? "").replace(
      CAST_PLAIN,
      "    when:\n      - { test: count(me.field) > 0, why: no units }\n",
    );
    const model = checkGame(toInput(gameFiles(new Map([["rules.yaml", rules]]))));
    expect(model.diagnostics.map(renderDiagnostic)).toEqual([
      "rules.yaml:84:7: error schema/type: 'actions.cast.when' must be a text",
      "rules.yaml:84:9: error schema/missing-key: missing required key 'reason' in 'actions.cast.when.0'",
      "rules.yaml:84:9: error schema/type: 'actions.cast.when.0' must be a text",
      "rules.yaml:84:38: error schema/unknown-key: unknown key 'why' in 'actions.cast.when.0'\n  hint: allowed keys here: test, reason",
    ]);
  });
});
