/** The text table of a simulation's result (the default output; `--json` prints the result itself). */
import { sanitize } from "../../runtime/index.ts";
import type { SimResult, Tally } from "./aggregate.ts";
import type { Interval } from "./stats.ts";

const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
const range = (iv: Interval | null) => (iv === null ? "–" : `${pct(iv.low)} – ${pct(iv.high)}`);

/** Rows of cells, each column padded to its widest cell; the first column left-aligned, the rest right. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
}

const cells = (t: Tally) => [
  String(t.games),
  String(t.wins),
  String(t.losses),
  String(t.draws),
  pct(t.rate),
  range(t.interval),
];
const HEAD = ["games", "wins", "losses", "draws", "score", "95% interval"];

export function renderResult(r: SimResult): string[] {
  const p = r.plan;
  const k = p.agents.length;
  const out: string[] = [];
  const decks = p.decks.map((d, i) => `P${i + 1} ${d === null ? "no deck" : sanitize(d)}`).join(", ");
  out.push(
    `${sanitize(p.game)}: ${r.games} game(s) (${Math.ceil(r.games / k)} deal(s) × ${k} seat rotations), seed ${p.seed}, ${decks}${p.version !== null ? `, version ${sanitize(p.version)}` : ""}`,
  );
  out.push("");
  for (const line of table([
    ["agent", ...HEAD, "timeouts", "faults"],
    ...r.agents.map((a) => [`${a.agent} ${sanitize(a.name)}`, ...cells(a), String(a.timeouts), String(a.faults)]),
  ]))
    out.push(line);
  out.push("");
  const bySeat: string[][] = [["agent / seat", ...HEAD]];
  for (const a of r.agents)
    for (const s of a.seats) bySeat.push([`${a.agent} ${sanitize(a.name)} in P${s.seat}`, ...cells(s)]);
  for (const s of r.seats) bySeat.push([`anyone in P${s.seat}`, ...cells(s)]);
  for (const line of table(bySeat)) out.push(line);
  out.push("");
  const f = r.firstSeat;
  const adv = f.advantage === null ? "–" : `${f.advantage >= 0 ? "+" : ""}${(f.advantage * 100).toFixed(1)} points`;
  if (f.sameDecks)
    out.push(
      `first seat (P1): scores ${pct(f.rate)} (95% ${range(f.interval)}), an advantage of ${adv} over ${pct(1 / k)}`,
    );
  else
    out.push(
      `first seat (P1, deck ${p.decks[0] === null || p.decks[0] === undefined ? "none" : sanitize(p.decks[0])}): scores ${pct(f.rate)} (95% ${range(f.interval)}): its seat and its deck together, as the seats hold different decks; the same deck in every seat measures the seat alone (--matrix plays both orders)`,
    );
  const d = r.length.decisions;
  const g = r.length.matchGames;
  if (d !== null)
    out.push(
      `length: ${d.min} / ${d.median} / ${d.mean} / ${d.max} decisions (min / median / mean / max)${g !== null && g.max > 1 ? `, ${g.min} – ${g.max} games per match (mean ${g.mean})` : ""}`,
    );
  out.push(`timeouts: ${r.timeouts} (no end within ${p.maxDecisions} decisions), faults: ${r.faults}`);
  for (const x of r.faultList) out.push(`  game ${x.game}: ${sanitize(x.message)}`);
  if (r.faults > r.faultList.length)
    out.push(`  … and ${r.faults - r.faultList.length} more (each is in the --out file)`);
  return out;
}
