/**
 * A board edit after an answer (the sandbox's edit tools change the state by hand): the Engine
 * forgets what it computed of that state (Engine.edited), so the board shows the edited game.
 * Salamander on my field makes my fire cards cost 1 less (its compute modifier); added by an edit
 * after the first answer, the cost of Fireball read 2, the value from before the edit.
 */
import { describe, expect, it } from "vitest";
import { Session } from "../../editor/src/sandbox/session.ts";
import { gameModule } from "../kit/games.ts";

describe("a board edit after an answer", () => {
  it("computed values follow the edit (Salamander added: Fireball costs 1, not the remembered 2)", async () => {
    const module = await gameModule("elementis");
    const session = new Session(module, {
      type: "board",
      file: "cards/elementis/scenarios/start.yaml",
      name: "start",
      given: { me: { hand: ["fireball", "gnome", "air-slash"] }, opponent: { life: 5, field: ["fairy"] } },
      seed: 4,
      version: null,
    });
    const fireball = Object.values(session.state.entities).find((e) => e.card === "fireball")?.id as number;
    const end = session.engine.legalActions(session.state).find((a) => a.type === "act" && a.action === "end-turn");
    if (end === undefined) throw new Error("no end-turn");
    expect(session.act(end)).toBeNull();
    // read once: the Engine now remembers Fireball's cost for this state
    expect(session.engine.read(session.state, fireball, "cost")).toBe(2);
    expect(session.push({ type: "add", card: "salamander", owner: 1, zone: "field" })).toBeNull();
    expect(session.engine.read(session.state, fireball, "cost")).toBe(1);
    // as a fresh copy of the same board reads it
    expect(session.engine.read(session.engine.clone(session.state), fireball, "cost")).toBe(1);
  });
});
