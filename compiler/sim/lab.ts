/**
 * The balance lab's matchup matrix: which deck beats which, with Wilson 95% intervals, from the
 * records of simulations whose seats hold different decks. Every pairing is played in both seat
 * orders from the same deal seeds (labPlans: mirrored seeds), so a seat's advantage cancels out of
 * a cell and the two orders differ only by who sat where.
 */
import type { PlanDeck, SimPlan } from "./plan.ts";
import type { GameRecord } from "./record.ts";
import { wilson, type Interval } from "./stats.ts";

/**
 * One plan per ordered pairing of two different decks (a in P1 and b in P2, then b in P1 and a in
 * P2), all with the base plan's seed: the same deals, mirrored. Two-seat games only.
 */
export function labPlans(base: SimPlan, decks: readonly PlanDeck[]): SimPlan[] {
  if (base.agents.length !== 2)
    throw new RangeError(`the lab pairs decks in two-seat games; this one has ${base.agents.length} seats`);
  const out: SimPlan[] = [];
  for (let i = 0; i < decks.length; i++)
    for (let j = 0; j < decks.length; j++)
      if (i !== j) out.push({ ...base, decks: [decks[i] as PlanDeck, decks[j] as PlanDeck] });
  return out;
}

/** Deck `row` against deck `column`: the row's games, wins, losses, draws, score and its interval. */
export interface Matchup {
  readonly row: string;
  readonly column: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** (wins + draws/2) / games, its Wilson 95% interval; null without games. */
  readonly rate: number | null;
  readonly interval: Interval | null;
  /** "favoured" / "unfavoured" only where the interval excludes 50%; "even" otherwise (not coloured). */
  readonly verdict: "favoured" | "unfavoured" | "even";
  /** Games with no result (timeout or fault) between the two decks. */
  readonly unfinished: number;
}

export interface MatchupMatrix {
  readonly decks: readonly string[];
  /** cells[r][c]: decks[r] against decks[c]; null on the diagonal. */
  readonly cells: readonly (readonly (Matchup | null)[])[];
}

/** The matrix of the given decks (in that order) from records of two-seat games between them. */
export function matchups(deckIds: readonly string[], records: readonly GameRecord[]): MatchupMatrix {
  type Count = { games: number; wins: number; losses: number; draws: number; unfinished: number };
  const key = (a: string, b: string) => JSON.stringify([a, b]);
  const counts = new Map<string, Count>();
  const get = (a: string, b: string): Count => {
    let c = counts.get(key(a, b));
    if (c === undefined) counts.set(key(a, b), (c = { games: 0, wins: 0, losses: 0, draws: 0, unfinished: 0 }));
    return c;
  };
  for (const r of records) {
    const [d1, d2] = r.decks;
    if (r.decks.length !== 2 || d1 === null || d1 === undefined || d2 === null || d2 === undefined || d1 === d2)
      continue;
    // Each game counts once from each side: for P1's deck and, as its mirror, for P2's.
    for (const [mine, theirs, seat] of [
      [d1, d2, 1],
      [d2, d1, 2],
    ] as const) {
      const c = get(mine, theirs);
      if (r.outcome === "timeout" || r.outcome === "fault") c.unfinished++;
      else {
        c.games++;
        if (r.outcome === "draw") c.draws++;
        else if (r.winner === seat) c.wins++;
        else c.losses++;
      }
    }
  }
  const cells = deckIds.map((row) =>
    deckIds.map((column): Matchup | null => {
      if (row === column) return null;
      const c = get(row, column);
      const score = c.wins + c.draws / 2;
      const interval = wilson(score, c.games);
      const verdict =
        interval === null ? "even" : interval.low > 0.5 ? "favoured" : interval.high < 0.5 ? "unfavoured" : "even";
      return {
        row,
        column,
        games: c.games,
        wins: c.wins,
        losses: c.losses,
        draws: c.draws,
        rate: c.games > 0 ? score / c.games : null,
        interval,
        verdict,
        unfinished: c.unfinished,
      };
    }),
  );
  return { decks: [...deckIds], cells };
}

/** The matrix as CSV, one line per ordered pairing (RFC 4180: fields with a comma or quote are quoted). */
export function matchupCsv(m: MatchupMatrix): string {
  const field = (v: string | number | null): string => {
    const s = v === null ? "" : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = ["deck,opponent,games,wins,losses,draws,rate,low,high,verdict,unfinished"];
  for (const row of m.cells)
    for (const c of row)
      if (c !== null)
        lines.push(
          [
            c.row,
            c.column,
            c.games,
            c.wins,
            c.losses,
            c.draws,
            c.rate,
            c.interval?.low ?? null,
            c.interval?.high ?? null,
            c.verdict,
            c.unfinished,
          ]
            .map(field)
            .join(","),
        );
  return lines.join("\n") + "\n";
}

/** A deck variant: `card` in place of every copy of `replaces` (`--swap card=replaces`). */
export interface Swap {
  readonly card: string;
  readonly replaces: string;
}

/**
 * The decks with each swap applied: a deck holding `replaces` becomes a variant named
 * `<deck>[card=replaces]` with `card` in each of its places, so a card in no deck yet can be
 * measured in the decks it is meant for. A deck without it is kept as it is. A swap that no deck
 * can take is an error (the message names the swap), not a silent no-op.
 */
export function applySwaps(decks: readonly PlanDeck[], swaps: readonly Swap[]): PlanDeck[] | string {
  let out = [...decks];
  for (const s of swaps) {
    let used = false;
    out = out.map((d) => {
      if (!Object.values(d.zones).some((cards) => cards.includes(s.replaces))) return d;
      used = true;
      const zones = Object.fromEntries(
        Object.entries(d.zones).map(([z, cards]) => [z, cards.map((c) => (c === s.replaces ? s.card : c))] as const),
      );
      return { id: `${d.id}[${s.card}=${s.replaces}]`, zones };
    });
    if (!used) return `--swap ${s.card}=${s.replaces}: no deck of the run holds '${s.replaces}'`;
  }
  return out;
}
