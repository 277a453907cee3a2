/**
 * "Save board as scenario" (issue 21 item 1), in Node: a board edited before the first answer
 * (a card added to a hand), the card played, and the saved file — exactly its given, do and
 * expect. The file passes the scenario runner; with the card's damage planted one higher in a
 * temporary copy of the game, the same file fails at the fact that mattered (ES-MAGIA-1: Fireball
 * deals 1 damage).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { gameDir, loadGame, readGame } from "../../compiler/node/project.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import { GameChecker } from "../../editor/src/check/core.ts";
import { defaultExpect, savePlan, scenarioText } from "../../editor/src/sandbox/scenario-save.ts";
import { Session } from "../../editor/src/sandbox/session.ts";
import { gameModule } from "../kit/games.ts";
import { tempDir } from "../kit/temp.ts";

const FILE = "cards/elementis/scenarios/sandbox-added-fireball.yaml";
const tmp = tempDir("cw-save-");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function playedSession() {
  const module = await gameModule("elementis");
  const session = new Session(module, {
    type: "board",
    file: "cards/elementis/scenarios/start.yaml",
    name: "start",
    given: { me: { hand: ["air-slash", "gnome"] }, opponent: { life: 5, field: ["fairy"] } },
    seed: 4,
    version: null,
  });
  // The edit: Fireball into my hand (entity numbers: me 1, opponent 2, then the cards).
  expect(session.push({ type: "add", card: "fireball", owner: 1, zone: "hand" })).toBeNull();
  // The pending choice sees the new card (the edited board was entered again).
  const play = session.engine
    .legalActions(session.state)
    .find(
      (a) =>
        a.type === "act" &&
        a.action === "play-magia" &&
        session.state.entities[Object.values(a.args)[0] as number]?.card === "fireball",
    );
  if (!play) throw new Error(`Fireball is not playable: ${JSON.stringify(session.engine.legalActions(session.state))}`);
  expect(session.act(play)).toBeNull();
  // Its cost (2 other hand cards, ES-COST-1) is the only way to pay, so only the target is asked.
  const target = session.engine.legalActions(session.state).find((a) => a.type === "pick" && a.value === 2);
  if (!target) throw new Error(`the opponent is no target: ${JSON.stringify(session.engine.decision(session.state))}`);
  expect(session.act(target)).toBeNull();
  const input = readGame("elementis");
  if ("message" in input) throw new Error(input.message);
  const named = new Set(new GameChecker().load(input).symbols.namedProperties);
  return { module, session, named };
}

describe("save board as scenario (issue 21 item 1)", () => {
  it("an edited board, then answers: given is the board before the first answer, do the answers, expect what changed on the cards involved", async () => {
    const { module, session, named } = await playedSession();
    const plan = savePlan(session, named);
    if (!plan.ok) throw new Error(plan.problem);
    expect(defaultExpect(plan.changes)).toEqual(["me.hand", "me.coolZone", "opponent.life"]);
    // An internal property (one no card names) is listed, marked, and not chosen by default.
    expect(plan.changes.filter((c) => c.internal).map((c) => c.key)).toEqual(["game.turn"]);
    // Listed but not chosen: the cost paid (the cards paid with were not named by an answer).
    expect(plan.changes.find((c) => c.key === "me.costZone")).toEqual({
      key: "me.costZone",
      before: [],
      after: ["air-slash", "gnome"],
      internal: false,
      involved: false,
    });
    const saved = scenarioText(session, FILE, "Fireball added to the hand", { named });
    expect(saved.failures).toEqual([]);
    expect(saved.text).toBe(
      [
        '# Saved from the Cardwright sandbox: the board of "start" with the edits made before the first answer and the answers given since.',
        "scenarios:",
        '  - name: "Fireball added to the hand"',
        "    seed: 4",
        "    given:",
        "      me:",
        "        hand: [air-slash, gnome, fireball]",
        "      opponent:",
        "        field: [fairy]",
        "        life: 5",
        "      game: { turn: 1 }",
        "    do:",
        "      - { by: me, play-magia: me.fireball }",
        "      - { by: me, choose: [opponent] }",
        "    expect:",
        "      me.hand: []",
        "      me.coolZone: [fireball]",
        "      opponent.life: 4",
        "",
      ].join("\n"),
    );
    const run = runScenarioFile(module, FILE, saved.text);
    expect(run.map((r) => ({ name: r.name, failures: r.failures.map(renderDiagnostic) }))).toEqual([
      { name: "Fireball added to the hand", failures: [] },
    ]);
  });

  it("the saved file fails when the card's behaviour changes (its damage planted one higher in a copy of the game)", async () => {
    const { session, named } = await playedSession();
    const saved = scenarioText(session, FILE, "Fireball added to the hand", { named });
    cpSync(gameDir("elementis"), join(tmp, "cards", "elementis"), { recursive: true });
    const card = join(tmp, "cards", "elementis", "cards", "fireball.yaml");
    const text = readFileSync(card, "utf8");
    expect(text).toContain("deal-damage(t, 1, self)");
    writeFileSync(card, text.replace("deal-damage(t, 1, self)", "deal-damage(t, 2, self)"));
    const { module } = await loadGame("elementis", tmp);
    if (!module) throw new Error("the planted copy does not compile");
    const failures = runScenarioFile(module, FILE, saved.text).flatMap((r) => r.failures.map(renderDiagnostic));
    expect(failures).toEqual([`${FILE}:18:22: error scenario/expect: opponent.life: expected 4, got 3`]);
  });

  it("an edit after the first answer is refused with the reason, and nothing is written", async () => {
    const { session, named } = await playedSession();
    expect(session.push({ type: "set", entity: 2, prop: "life", value: 2 })).toBeNull();
    const saved = scenarioText(session, FILE, "late edit", { named });
    expect(saved.text).toBe("");
    expect(saved.failures).toEqual([
      "the board was edited after the first answer; a scenario's given is the board before its first answer, so make the edits first (undo back to before the answer) and answer again",
    ]);
  });
});
