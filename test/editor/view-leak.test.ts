/**
 * Hidden information, everywhere a player looks (VIEW-1): random matches of every shipped game,
 * and at every decision, for each seat, everything that seat is shown — the sandbox's board,
 * pending decision, history and log (the page's own rendering functions, run in Node) and the
 * terminal's log, board summary, heading, options and the line it prints for another seat's
 * answer — must name no card hidden from that seat. "Hidden" is what the seat has never been
 * shown: a card whose entity was never in a zone it sees (nor offered to it in its own choices),
 * and whose name it has seen on no other copy. The history and the terminal's log are checked as
 * they grow (each line once, when it first appears: a seat's knowledge only grows, so a line
 * clean then stays clean), the rest in full at every decision. The browser side is in
 * view-leak.browser.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { boardSummary, decisionHeading, logLines, reportLines } from "../../runtime/play/agents-terminal.ts";
import { randomAgent, type EntityId, type GameModule, type State } from "../../runtime/index.ts";
import { boardHtml } from "../../editor/src/sandbox/board.ts";
import { decisionHtml, historyHtml, logHtml } from "../../editor/src/sandbox/render.ts";
import { Session } from "../../editor/src/sandbox/session.ts";
import { gameModule } from "../kit/games.ts";
import { Knowledge, entitiesOf, namePattern, strip } from "./knowledge.ts";

const GAMES = ["elementis", "gitcg", "vermilion"];
const MATCHES = 50;
/** Answers per match: enough for hands to be drawn, played and hidden again; keeps the run short. */
const STEPS = 40;

type Deck = { id: string; zones: Record<string, string[]> };
const decks = (game: string): Deck[] =>
  readdirSync(`cards/${game}/decks`)
    .sort()
    .map((f) => parse(readFileSync(`cards/${game}/decks/${f}`, "utf8")) as Deck);

interface Counts {
  decisions: number;
  /** Seat renders checked (one per seat per decision). */
  renders: number;
  /** Hidden cards a render was checked against, summed. */
  hidden: number;
  /** Characters of rendered text checked. */
  chars: number;
}

function playAndCheck(module: GameModule, pattern: RegExp, game: string, k: number, counts: Counts): string[] {
  const all = decks(game);
  const a = all[k % all.length] as Deck;
  const b = all[(k * 7 + 1) % all.length] as Deck;
  const s = new Session(module, { type: "decks", decks: [a, b], seed: 100 + k });
  const seats = Array.from({ length: module.rules.players }, (_, i) => i + 1);
  const know = new Map(seats.map((p) => [p, new Knowledge(module)]));
  /** Per seat: history steps and terminal log lines already checked. */
  const doneSteps = new Map(seats.map((p) => [p, 0]));
  const doneLog = new Map(seats.map((p) => [p, 0]));
  const agent = randomAgent(7000 + k);
  const leaks: string[] = [];
  const check = (p: EntityId, hidden: ReadonlySet<string>, where: string, text: string) => {
    counts.chars += text.length;
    for (const m of text.matchAll(pattern))
      if (hidden.has(m[0])) leaks.push(`${game} match ${k} (seed ${100 + k}): ${where} shows P${p} hidden "${m[0]}"`);
  };
  for (let n = 0; ; n++) {
    const by = s.engine.toMove(s.state);
    const last = by === null || n === STEPS;
    const legal = by === null ? [] : s.engine.legalActions(s.state);
    /** Per seat, at this decision: its view and the cards hidden from it (the answer's line reads them too). */
    const seen = new Map<EntityId, { view: State; hidden: ReadonlySet<string> }>();
    for (const p of seats) {
      const kn = know.get(p) as Knowledge;
      const view = s.engine.view(s.state, p);
      kn.learn(view);
      // A seat's own choice may show it cards the rules let it look at (a search of its deck).
      if (by === p)
        for (const x of legal)
          for (const id of entitiesOf(x)) {
            const e = s.state.entities[id];
            if (e?.card) kn.see(id, e.card);
          }
      const hidden = kn.hidden(s.state);
      seen.set(p, { view, hidden });
      counts.renders++;
      counts.hidden += hidden.size;
      const at = `step ${n}`;
      check(p, hidden, `${at}, board`, strip(boardHtml(s.engine, view, null).markup));
      check(p, hidden, `${at}, pending choice`, strip(decisionHtml(s, s.state, p).markup));
      check(p, hidden, `${at}, log pane`, strip(logHtml(s, view.log).markup));
      const steps = doneSteps.get(p) as number;
      for (let i = steps; i < s.cursor; i++) check(p, hidden, `${at}, history`, s.label(s.steps[i] as never, p, false));
      doneSteps.set(p, s.cursor);
      if (last) check(p, hidden, `${at}, history list`, strip(historyHtml(s, p).markup));
      const terminal = [
        ...logLines(view, true, doneLog.get(p)),
        ...boardSummary(s.engine, view, p),
        decisionHeading(s.engine, view),
      ];
      doneLog.set(p, view.log.length);
      if (by === p) for (const x of legal) terminal.push(s.engine.describe(view, x));
      check(p, hidden, `${at}, terminal`, terminal.join("\n"));
    }
    counts.decisions++;
    if (last) break;
    const answer = agent.choose(s.state, legal, s.engine);
    // The terminal's report of another seat's (an agent's) answer, read before it is applied: the
    // answer and, as the alternatives it weighed, every legal one.
    const report = {
      agent: "random",
      iterations: legal.length,
      ms: 0,
      action: answer,
      alternatives: legal.map((action) => ({ action, visits: 1, value: 0.5 })),
      measure: "search" as const,
    };
    for (const p of seats) {
      if (p === by) continue;
      const lines = reportLines(s.engine, s.state, by, report, p);
      // The hidden cards were taken of this same state above, for each seat.
      check(p, (seen.get(p) as { hidden: ReadonlySet<string> }).hidden, `step ${n}, agent's report`, lines.join("\n"));
    }
    const err = s.act(answer);
    if (err !== null) throw new Error(`${game} match ${k}: ${err}`);
  }
  return leaks;
}

describe("a player's view names no card hidden from that player", () => {
  for (const game of GAMES)
    it(`${game}: ${MATCHES} random matches, every decision, every seat (page and terminal)`, async () => {
      const module = await gameModule(game);
      const pattern = namePattern(module);
      const counts: Counts = { decisions: 0, renders: 0, hidden: 0, chars: 0 };
      const leaks: string[] = [];
      for (let k = 0; k < MATCHES; k++) for (const l of playAndCheck(module, pattern, game, k, counts)) leaks.push(l);
      console.log(
        `view-leak ${game}: ${MATCHES} matches, ${counts.decisions} decisions, ${counts.renders} seat renders, ${counts.hidden} hidden cards checked against ${counts.chars} characters`,
      );
      expect(leaks.slice(0, 10)).toEqual([]);
      expect(counts.decisions).toBeGreaterThan(MATCHES * 10);
      expect(counts.hidden).toBeGreaterThan(counts.renders);
    }, 600_000);
});
