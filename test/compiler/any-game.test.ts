/**
 * The checker on the player model (docs/language.md, "Owner and controller", "Players and turn
 * order"; docs/knowledge.md): zones of the game, `opponent` in a game for more than two, the
 * controller, `reveal`/`hide`, each wrong use an error at its place with its quick fix.
 */
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { BASE, gameFiles, toInput } from "../kit/corpus.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const baseRules = readFileSync(join(BASE, "rules.yaml"), "utf8");
/** The corpus game with a shared `pool` zone and `players:` as given. */
const rules = (players = "2") =>
  baseRules
    .replace("players: 2", `players: ${players}`)
    .replace(
      "  deck: { visibility: hidden }",
      "  deck: { visibility: hidden }\n  pool: { visibility: hidden, of: game }",
    );

function check(overlay: Record<string, string>) {
  const model = checkGame(toInput(gameFiles(new Map(Object.entries(overlay)))));
  return model.diagnostics.filter((d) => d.file.startsWith("cards/probe"));
}
const spell = (code: string) =>
  `id: probe\nkind: spell\nname: { en: Probe }\ncost: 1\neffect: |\n${code
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n")}\n`;

describe("the player model in the checker", () => {
  it("a zone of the game is game.<zone>; me.<zone> is an error whose quick fix writes game", () => {
    expect(check({ "rules.yaml": rules(), "cards/probe.yaml": spell("move take(game.pool, 1) to me.hand") })).toEqual(
      [],
    );
    const d = check({ "rules.yaml": rules(), "cards/probe.yaml": spell("move take(me.pool, 1) to me.hand") });
    expect(d.map(renderDiagnostic)).toEqual([
      "cards/probe.yaml:6:16: error check/unknown-member: 'pool' is a zone of the game, not of a player\n  hint: game.pool",
    ]);
    const z = check({ "rules.yaml": rules(), "cards/probe.yaml": spell("shuffle me.pool") });
    expect(z.map(renderDiagnostic)).toEqual([
      "cards/probe.yaml:6:11: error check/type: 'pool' is a zone of the game, not of a player\n  hint: did you mean 'game'?",
    ]);
    expect(z[0]?.data).toEqual({ replacement: "game" });
    const g = check({ "rules.yaml": rules(), "cards/probe.yaml": spell("shuffle game.hand") });
    expect(g.map(renderDiagnostic)).toEqual([
      "cards/probe.yaml:6:11: error check/type: 'hand' is a zone of each player, not of the game\n  hint: me.hand",
    ]);
  });

  it("opponent is refused in a game for 2 to 4 players, with next(me) as its quick fix; next, previous, opponents type", () => {
    const d = check({ "rules.yaml": rules("{ min: 2, max: 4 }"), "cards/probe.yaml": spell("opponent.score += 1") });
    expect(d.map(renderDiagnostic)).toEqual([
      "cards/probe.yaml:6:3: error check/opponent: 'opponent' is only defined for two-player games\n  hint: did you mean 'next(me)'?",
    ]);
    expect(d[0]?.data).toEqual({ replacement: "next(me)" });
    const ok = spell("next(me).score += 1\nprevious(me).score += 1\nfor each p in opponents(me) { p.score += 1 }");
    expect(check({ "rules.yaml": rules("{ min: 2, max: 4 }"), "cards/probe.yaml": ok })).toEqual([]);
    const bad = check({
      "rules.yaml": rules("{ min: 2, max: 4 }"),
      "cards/probe.yaml": spell("next(self).score += 1"),
    });
    expect(bad.map((x) => x.message)).toEqual(["next() needs a player (found card)"]);
  });

  it("a card's controller may change, its owner may not (the quick fix names the controller)", () => {
    expect(check({ "rules.yaml": rules(), "cards/probe.yaml": spell("self.controller = opponent") })).toEqual([]);
    const d = check({ "rules.yaml": rules(), "cards/probe.yaml": spell("self.owner = opponent") });
    expect(d.map(renderDiagnostic)).toEqual([
      "cards/probe.yaml:6:8: error check/read-only: 'owner' cannot be changed\n  hint: did you mean 'controller'?",
    ]);
    expect(d[0]?.data).toEqual({ replacement: "controller" });
  });

  it("reveal and hide take cards (or lists) and a player; none is refused with the test to write", () => {
    const ok = spell("reveal self\nreveal me.hand to opponent\nhide self");
    expect(check({ "rules.yaml": rules(), "cards/probe.yaml": ok })).toEqual([]);
    const d = check({ "rules.yaml": rules(), "cards/probe.yaml": spell("reveal first(me.hand) to 3\nhide me") });
    expect(d.map((x) => `${x.code}: ${x.message}`)).toEqual([
      "check/maybe-none: 'first(me.hand)' may be none here (card?): only cards can be revealed",
      "check/type: a card is revealed to a player (found number)",
      "check/type: only cards can be hidden (found player)",
    ]);
  });
});
