/**
 * Hidden information, everywhere a player looks: random games of every shipped game, and at every
 * decision, for each seat, everything that seat's view renders — the sandbox's board, pending
 * decision, history and log (the page's own rendering functions, run in Node) and the terminal's
 * log, board summary, heading and options — must name no card hidden from that seat. "Hidden" is
 * what the seat has never seen: a card whose entity was never in a zone it sees, and whose name it
 * has not seen on any other copy.
 */
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { boardSummary, decisionHeading, logLines } from "../../runtime/agents-terminal.ts";
import { randomAgent, type EntityId, type GameModule, type State } from "../../runtime/index.ts";
import { boardHtml } from "../../editor/src/sandbox/board.ts";
import { decisionHtml, historyHtml, logHtml } from "../../editor/src/sandbox/render.ts";
import { Session } from "../../editor/src/sandbox/session.ts";
import { gameModule } from "../kit.ts";

const GAMES = ["elementis", "gitcg", "vermilion"];
const MATCHES = 50;
/** Answers per match: enough for hands to be drawn, played and hidden again; keeps the run short. */
const STEPS = 120;

type Deck = { id: string; zones: Record<string, string[]> };
const decks = (game: string): Deck[] =>
  readdirSync(`cards/${game}/decks`)
    .sort()
    .map((f) => parse(readFileSync(`cards/${game}/decks/${f}`, "utf8")) as Deck);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Counts {
  decisions: number;
  hiddenChecked: number;
}

/** What each seat has seen so far: entities and card names. */
class Knowledge {
  readonly ids = new Set<EntityId>();
  readonly names = new Set<string>();
  constructor(private readonly module: GameModule) {}
  learn(view: State): void {
    for (const e of Object.values(view.entities))
      if (e.card !== null) {
        this.ids.add(e.id);
        this.names.add(this.module.cards[e.card]?.name ?? e.card);
      }
  }
  /** Names of cards in `real` this seat has never seen (on that entity or any other). */
  hidden(real: State): Set<string> {
    const out = new Set<string>();
    for (const e of Object.values(real.entities)) {
      if (e.card === null || this.ids.has(e.id)) continue;
      const n = this.module.cards[e.card]?.name ?? e.card;
      if (!this.names.has(n)) out.add(n);
    }
    return out;
  }
}

function strip(markup: string): string {
  return markup
    .replace(/<[^>]*\btitle="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** Everything seat `p` is shown at this point: the page's panels and the terminal's lines. */
function rendered(s: Session, p: EntityId): string {
  const view = s.engine.view(s.state, p);
  const page = [
    boardHtml(s.engine, view, null).markup,
    decisionHtml(s, s.state, p).markup,
    historyHtml(s, p).markup,
    logHtml(s, view.log).markup,
  ].join("\n");
  const terminal = [...logLines(view, true), ...boardSummary(s.engine, view, p), decisionHeading(s.engine, view)];
  if (s.engine.toMove(view) === p)
    for (const a of s.engine.legalActions(view)) terminal.push(s.engine.describe(view, a));
  return `${strip(page)}\n${terminal.join("\n")}`;
}

function playAndCheck(module: GameModule, game: string, k: number, counts: Counts): string[] {
  const all = decks(game);
  const a = all[k % all.length] as Deck;
  const b = all[(k * 7 + 1) % all.length] as Deck;
  const s = new Session(module, { type: "decks", decks: [a, b], seed: 100 + k });
  const seats = Array.from({ length: module.rules.players }, (_, i) => i + 1);
  const know = new Map(seats.map((p) => [p, new Knowledge(module)]));
  const agent = randomAgent(7000 + k);
  const leaks: string[] = [];
  for (let n = 0; n < STEPS; n++) {
    const by = s.engine.toMove(s.state);
    for (const p of seats) {
      const kn = know.get(p) as Knowledge;
      const view = s.engine.view(s.state, p);
      kn.learn(view);
      // A seat's own choice may show it cards the rules let it look at (a search of its deck).
      if (by === p)
        for (const a of s.engine.legalActions(view)) if (a.type === "pick") kn.learn(s.engine.view(s.state, p));
      const hidden = kn.hidden(s.state);
      const text = rendered(s, p);
      counts.hiddenChecked += hidden.size;
      for (const name of hidden)
        if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(name)}($|[^\\p{L}\\p{N}])`, "u").test(text))
          leaks.push(`${game} match ${k} step ${n}: P${p} is shown hidden "${name}"`);
    }
    counts.decisions++;
    if (by === null) break;
    const legal = s.engine.legalActions(s.state);
    const err = s.act(agent.choose(s.state, legal, s.engine));
    if (err !== null) throw new Error(`${game} match ${k}: ${err}`);
  }
  return leaks;
}

describe("a player's view names no card hidden from that player", () => {
  for (const game of GAMES)
    it(`${game}: ${MATCHES} random matches, every decision, every seat (page and terminal)`, async () => {
      const module = await gameModule(game);
      const counts: Counts = { decisions: 0, hiddenChecked: 0 };
      const leaks: string[] = [];
      for (let k = 0; k < MATCHES; k++) leaks.push(...playAndCheck(module, game, k, counts));
      console.log(
        `view-leak ${game}: ${counts.decisions} decisions checked, ${counts.hiddenChecked} hidden cards checked`,
      );
      expect(leaks.slice(0, 10)).toEqual([]);
      expect(counts.decisions).toBeGreaterThan(MATCHES * 10);
      expect(counts.hiddenChecked).toBeGreaterThan(0);
    }, 600_000);
});
