/**
 * A small game for hostile cards: each player's hand holds cards whose `effect` runs when played
 * (`play` in the `main` window); `stop` ends the game. Cards are written by the test.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { loadGame } from "../../compiler/node/project.ts";
import type { GameModule } from "../../runtime/index.ts";
import { tempDir } from "./temp.ts";

export const HOSTILE_RULES = `
game: hostile
name: Hostile
players: 2
match: { games: 1, wins: 1 }
zones:
  deck: { visibility: hidden }
  hand: { visibility: owner }
  board: { visibility: public }
  grave: { visibility: public }
kinds:
  spell:
    active-in: [board]
    fields:
      effect: { type: effect }
properties:
  card:
    power: { type: number, default: 0 }
  player:
    score: { type: number, default: 0 }
events:
  ping: { fields: { by: player } }
procedures:
  again:
    params: { n: number }
    do: |
      again(n + 1)
windows: [main]
actions:
  play:
    window: main
    for: c in me.hand
    label: "{me} plays {c}"
    do: |
      move c to me.board
      run c.effect
  stop:
    window: main
flow:
  game: |
    let turns = 0
    while turns < 100 {
      let a = act main by me
      if a == "stop" { win me }
      turns += 1
    }
    draw
`;

/** Compiles the hostile game with these cards (id → effect code); throws on diagnostics. */
export async function hostileGame(
  cards: Readonly<Record<string, string>>,
  rules = HOSTILE_RULES,
  raw: Readonly<Record<string, string>> = {},
): Promise<GameModule> {
  const root = tempDir("cw-hostile-");
  const dir = join(root, "cards", "hostile", "cards");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(root, "cards", "hostile", "rules.yaml"), rules);
  for (const [id, code] of Object.entries(cards)) {
    const body = code
      .split("\n")
      .map((l) => `  ${l}`)
      .join("\n");
    writeFileSync(join(dir, `${id}.yaml`), `id: ${id}\nkind: spell\nname: ${id}\neffect: |\n${body}\n`);
  }
  for (const [file, text] of Object.entries(raw)) writeFileSync(join(dir, file), text);
  const { module, diagnostics } = await loadGame("hostile", root);
  if (!module) throw new Error(diagnostics.map(renderDiagnostic).join("\n"));
  return module;
}
