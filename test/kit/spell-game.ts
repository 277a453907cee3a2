/**
 * A small two-seat game of spells and things, for tests that watch a card's effect run from an
 * action (the chain, the trace): zones hand, board and pile, cards with `hp`, and `cast`, which moves
 * a spell to the pile and runs its effect. Each test gives its own `hp` default, what a cast does
 * after the effect, and the flow — the parts its behaviour depends on.
 */
import type { Action, Engine, State } from "../../runtime/index.ts";
import { actionOnCard } from "./actions.ts";

export interface SpellGame {
  readonly game: string;
  readonly hp: number;
  /** Statements after `run c.effect` in `cast` (e.g. handing priority over), one per line. */
  readonly afterCast?: string;
  /** The `flow: game:` code. */
  readonly flow: string;
}

const indent = (code: string, by: string): string =>
  code
    .trim()
    .split("\n")
    .map((l) => `${by}${l}`)
    .join("\n");

export function spellGameRules(g: SpellGame): string {
  return `
game: ${g.game}
name: ${g.game[0]?.toUpperCase()}${g.game.slice(1)}
players: 2
match: { games: 1, wins: 1 }
zones:
  hand: { visibility: public }
  board: { visibility: public }
  pile: { visibility: public }
kinds:
  spell:
    fields:
      effect: { type: effect }
  thing:
    fields: {}
properties:
  card:
    hp: { type: number, default: ${g.hp} }
windows: [main]
actions:
  cast:
    window: main
    for: c in me.hand where it.kind == spell
    label: "{me} casts {c}"
    do: |
      move c to me.pile
      run c.effect
${g.afterCast ? `${indent(g.afterCast, "      ")}\n` : ""}  pass:
    window: main
flow:
  game: |
${indent(g.flow, "    ")}
`;
}

/** A spell's card file; its effect's first line is line 5 of the file (tests name lines by it). */
export function spellCard(id: string, code: string): string {
  return `id: ${id}\nkind: spell\nname: ${id}\neffect: |\n${indent(code, "  ")}\n`;
}

/** A thing's card file (a target with `hp`). */
export function thingCard(id: string): string {
  return `id: ${id}\nkind: thing\nname: ${id}\n`;
}

/** The legal `cast` of the named card in this state; throws when it cannot be cast. */
export function castOf(engine: Engine, st: State, card: string): Action {
  return actionOnCard(engine, st, "cast", card);
}
