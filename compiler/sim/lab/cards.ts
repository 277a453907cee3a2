/**
 * Per-card figures of a lab run: for each deck and each card it drew or played, the games in
 * which the card was drawn and played, the deck's score in those games, and that score as a
 * difference from the deck's average, with a 95% interval and a flag corrected for the many
 * comparisons of a run (Holm by default, or Benjamini–Hochberg).
 *
 * The difference from the average is computed through the games *without* the card, which are
 * independent of the games with it: with f = n_with / n,
 *   p_with − p_all = (1 − f) · (p_with − p_without),
 * so its interval is Newcombe's interval of p_with − p_without scaled by (1 − f), and its test is
 * the two-proportion test of with against without. A card in every game (or in none) has no
 * games to compare with: its difference is 0 with no interval, and it is not tested.
 */
import type { GameRecord } from "../record.ts";
import { benjaminiHochberg, holm, newcombe, twoProportionP, type Difference } from "../stats.ts";

export type Adjust = "holm" | "bh";

/** One figure of a card ("when drawn" or "when played"). */
export interface CardFigure {
  /** Games of the deck in which the card was drawn (played), and the deck's score in them. */
  readonly games: number;
  readonly score: number;
  /** score / games; null without games. */
  readonly rate: number | null;
  /** rate − the deck's average rate, with its 95% interval; null when nothing can be compared. */
  readonly diff: Difference | null;
  /** The two-sided p-value (with against without), and adjusted for the run's family; null: not tested. */
  readonly p: number | null;
  readonly adjusted: number | null;
  /** "higher" / "lower" where the adjusted p-value is below α; null otherwise. */
  readonly flag: "higher" | "lower" | null;
}

export interface CardRow {
  readonly deck: string;
  readonly card: string;
  readonly drawn: CardFigure;
  readonly played: CardFigure;
}

export interface DeckAverage {
  readonly deck: string;
  /** Finished games of the deck (either seat, any opponent), its score and rate. */
  readonly games: number;
  readonly score: number;
  readonly rate: number | null;
}

export interface CardTable {
  /** Where the zone roles came from (lab/tracker.ts). */
  readonly roles: "declared" | "derived";
  readonly adjust: Adjust;
  readonly alpha: number;
  /** How many figures were tested: the family the adjustment is over. */
  readonly tested: number;
  readonly decks: readonly DeckAverage[];
  /** By deck (in the run's order), then card id. */
  readonly rows: readonly CardRow[];
}

type Raw = { games: number; score: number };

/** The per-card table of the decks (in that order) from lab records that carry `cards`. */
export function cardTable(
  deckIds: readonly string[],
  deckCards: ReadonlyMap<string, readonly string[]>,
  records: readonly GameRecord[],
  roles: "declared" | "derived",
  adjust: Adjust = "holm",
  alpha = 0.05,
): CardTable {
  const totals = new Map<string, Raw>(deckIds.map((d) => [d, { games: 0, score: 0 }]));
  // deck → card → counts
  const drawn = new Map<string, Map<string, Raw>>();
  const played = new Map<string, Map<string, Raw>>();
  for (const d of deckIds) {
    drawn.set(d, new Map());
    played.set(d, new Map());
    for (const c of deckCards.get(d) ?? []) {
      drawn.get(d)?.set(c, { games: 0, score: 0 });
      played.get(d)?.set(c, { games: 0, score: 0 });
    }
  }
  const bump = (m: Map<string, Raw> | undefined, card: string, score: number) => {
    if (m === undefined) return;
    let r = m.get(card);
    if (r === undefined) m.set(card, (r = { games: 0, score: 0 }));
    r.games++;
    r.score += score;
  };
  for (const r of records) {
    if (r.outcome === "timeout" || r.outcome === "fault" || r.cards === undefined) continue;
    r.decks.forEach((deck, s) => {
      if (deck === null) return;
      const total = totals.get(deck);
      if (total === undefined) return;
      const score = r.outcome === "draw" ? 0.5 : r.winner === s + 1 ? 1 : 0;
      total.games++;
      total.score += score;
      for (const c of r.cards?.drawn[s] ?? []) bump(drawn.get(deck), c, score);
      for (const c of r.cards?.played[s] ?? []) bump(played.get(deck), c, score);
    });
  }
  // Every card seen either way has both figures (a card created in a hand is played but never drawn).
  for (const d of deckIds)
    for (const c of played.get(d)?.keys() ?? [])
      if (!drawn.get(d)?.has(c)) drawn.get(d)?.set(c, { games: 0, score: 0 });
  for (const d of deckIds)
    for (const c of drawn.get(d)?.keys() ?? [])
      if (!played.get(d)?.has(c)) played.get(d)?.set(c, { games: 0, score: 0 });

  type Pending = { deck: string; card: string; drawn: Raw; played: Raw };
  const pending: Pending[] = [];
  for (const d of deckIds)
    for (const c of [...(drawn.get(d)?.keys() ?? [])].sort())
      pending.push({
        deck: d,
        card: c,
        drawn: drawn.get(d)?.get(c) as Raw,
        played: played.get(d)?.get(c) as Raw,
      });
  const figure = (deck: string, x: Raw) => {
    const t = totals.get(deck) as Raw;
    const restN = t.games - x.games;
    const restS = t.score - x.score;
    const rate = x.games > 0 ? x.score / x.games : null;
    if (x.games === 0 || restN === 0) return { rate, diff: null, p: null };
    const d = newcombe(x.score, x.games, restS, restN);
    const f = x.games / t.games;
    const diff = d === null ? null : { diff: (1 - f) * d.diff, low: (1 - f) * d.low, high: (1 - f) * d.high };
    return { rate, diff, p: twoProportionP(x.score, x.games, restS, restN) };
  };
  const pre = pending.map((x) => ({ x, drawn: figure(x.deck, x.drawn), played: figure(x.deck, x.played) }));
  const ps: number[] = [];
  for (const r of pre) for (const f of [r.drawn, r.played]) if (f.p !== null) ps.push(f.p);
  const adj = adjust === "holm" ? holm(ps) : benjaminiHochberg(ps);
  let k = 0;
  const finish = (raw: Raw, f: ReturnType<typeof figure>): CardFigure => {
    const adjusted = f.p === null ? null : (adj[k++] as number);
    const flag =
      adjusted !== null && adjusted < alpha && f.diff !== null ? (f.diff.diff > 0 ? "higher" : "lower") : null;
    return { games: raw.games, score: raw.score, rate: f.rate, diff: f.diff, p: f.p, adjusted, flag };
  };
  const rows = pre.map((r) => ({
    deck: r.x.deck,
    card: r.x.card,
    drawn: finish(r.x.drawn, r.drawn),
    played: finish(r.x.played, r.played),
  }));
  return {
    roles,
    adjust,
    alpha,
    tested: ps.length,
    decks: deckIds.map((d) => {
      const t = totals.get(d) as Raw;
      return { deck: d, games: t.games, score: t.score, rate: t.games > 0 ? t.score / t.games : null };
    }),
    rows,
  };
}
