/**
 * Action labels that read nothing but the player and the arguments are "plain": another player
 * who sees the arguments reads them as written. Coup's claims name characters that are also the
 * names of hidden cards ("… as the Ambassador"); they used to read "… as the a hidden card".
 */
import { describe, expect, it } from "vitest";
import { Engine, type Action } from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";

describe("plain action labels", () => {
  it("Coup's labels are plain; GI's, which read the active character and the dice to pay, are not", async () => {
    const coup = await gameModule("coup");
    expect(coup.rules.actions.filter((a) => a.label !== null && a.labelPlain !== true).map((a) => a.name)).toEqual([]);
    const gi = await gameModule("gitcg");
    const plain = gi.rules.actions.filter((a) => a.labelPlain === true).map((a) => a.name);
    // "{me}: declare round end" only: the others read me.active or what the dice pay
    expect(plain).toEqual(["declare-end"]);
  });

  it("another Coup player reads a claim as its label says, the character named", async () => {
    const coup = await gameModule("coup");
    const engine = new Engine(coup);
    const s = engine.newMatch({ seed: 7, players: [1, 2, 3].map((i) => ({ name: `P${i}`, zones: {} })) });
    const by = engine.toMove(s) as number;
    const exchange = engine.legalActions(s).find((a) => a.type === "act" && a.action === "exchange") as Action;
    for (const viewer of [1, 2, 3].filter((p) => p !== by))
      expect(engine.describeFor(s, exchange, viewer)).toBe(`P${by} exchanges cards as the Ambassador`);
  });
});
