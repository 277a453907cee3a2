/**
 * The lab's HTML report: one self-contained page (no network: styles, script and charts inline)
 * with the matchup matrix, the run's summary, the game-length chart, the per-card table (sortable
 * in the page) and a chart of the per-card "when played" differences. Charts are Vega
 * specifications rendered to SVG in Node (no browser, no canvas). Nothing in it depends on the
 * clock or a random id, so the same result gives the same bytes. Every deck and card id is user
 * text and reaches the page through `escapeHtml` only; the embedded JSON through `jsonForScript`.
 */
import type { Difference } from "../stats.ts";
import { diffText, interval, pct, pText } from "./format.ts";

export { diffText, interval, pct, pText };
import type { CardFigure } from "./cards.ts";
import type { Comparison } from "./compare.ts";
import type { LabResult } from "./run.ts";
import type { Rate } from "./summary.ts";

/** Text for HTML content and attribute values: the five characters that could end either. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> element: no `<` (so no `</script>` or `<!--`), and U+2028/2029 escaped. */
export function jsonForScript(v: unknown): string {
  return JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const rateText = (r: Rate): string =>
  `${pct(r.rate)} (${interval(r.interval)}), ${r.count % 1 === 0 ? r.count : r.count.toFixed(1)} of ${r.of}`;

export interface ReportMeta {
  readonly game: string;
  readonly title?: string;
  /** An A/B run: the page is A's, with a section of the changes to B (`other` names B). */
  readonly comparison?: Comparison;
  readonly other?: string;
}

function changesTable(c: Comparison, other: string): string {
  const e = escapeHtml;
  const rows = c.changes.map(
    (x) =>
      `<tr class="${x.verdict === "same" ? "" : `moved-${x.verdict}`}"><td class="name">${e(x.row)}</td><td class="name">${e(x.column)}</td><td>${x.pairs}</td><td>${pct(x.a)}</td><td>${pct(x.b)}</td><td>${e(diffText(x.diff))}</td><td>${e(pText(x.adjusted))}</td><td class="name">${x.verdict === "same" ? "no move" : `moved ${x.verdict}`}</td></tr>`,
  );
  return `<h2>A/B: what moved</h2>
<p class="note">A: this game; B: ${e(other)}. The same deals in both; each matchup's paired games are tested (mean of B − A for the row deck, 95% interval), ${c.adjust === "holm" ? "Holm" : "Benjamini–Hochberg"}-adjusted over the ${c.changes.length} matchups at α = ${c.alpha}.</p>
<table id="changes"><thead><tr><th class="name">deck</th><th class="name">opponent</th><th>pairs</th><th>A</th><th>B</th><th>B − A (points)</th><th>adj. p</th><th class="name">verdict</th></tr></thead><tbody>
${rows.join("\n")}
</tbody></table>`;
}

/** A Vega spec rendered to SVG, without a browser or canvas (text widths are estimated). */
async function svgOf(spec: object): Promise<string> {
  const vega = await import("vega");
  const view = new vega.View(vega.parse(spec as import("vega").Spec), { renderer: "none" });
  return await view.toSVG();
}

const FONT = { font: "sans-serif", fontSize: 11 };

function lengthSpec(r: LabResult): object {
  return {
    $schema: "https://vega.github.io/schema/vega/v6.json",
    width: 520,
    height: 180,
    padding: 5,
    config: { axis: { labelFont: FONT.font, titleFont: FONT.font } },
    data: [{ name: "bins", values: r.summary.lengthBins.map((b) => ({ from: b.from, to: b.to, games: b.games })) }],
    scales: [
      { name: "x", type: "linear", domain: { data: "bins", fields: ["from", "to"] }, range: "width", zero: false },
      { name: "y", type: "linear", domain: { data: "bins", field: "games" }, range: "height", nice: true },
    ],
    axes: [
      { orient: "bottom", scale: "x", title: "game length (decisions)" },
      { orient: "left", scale: "y", title: "games" },
    ],
    marks: [
      {
        type: "rect",
        from: { data: "bins" },
        encode: {
          enter: {
            x: { scale: "x", field: "from", offset: 1 },
            x2: { scale: "x", field: "to" },
            y: { scale: "y", field: "games" },
            y2: { scale: "y", value: 0 },
            fill: { value: "#4c78a8" },
          },
        },
      },
    ],
  };
}

/** The "when played" differences with intervals, largest first (at most 25), as a dot-and-whisker chart. */
function playedSpec(r: LabResult): object {
  const rows = r.cards.rows
    .filter((x) => x.played.diff !== null)
    .map((x) => ({ label: `${x.card} (${x.deck})`, d: x.played.diff as Difference, flag: x.played.flag }))
    .sort((a, b) => Math.abs(b.d.diff) - Math.abs(a.d.diff) || (a.label < b.label ? -1 : 1))
    .slice(0, 25)
    .map((x) => ({
      label: x.label,
      diff: x.d.diff * 100,
      low: x.d.low * 100,
      high: x.d.high * 100,
      flag: x.flag ?? "",
    }));
  return {
    $schema: "https://vega.github.io/schema/vega/v6.json",
    width: 360,
    height: Math.max(40, rows.length * 16),
    padding: 5,
    data: [{ name: "rows", values: rows }],
    scales: [
      { name: "y", type: "band", domain: { data: "rows", field: "label" }, range: "height", padding: 0.3 },
      {
        name: "x",
        type: "linear",
        domain: { data: "rows", fields: ["low", "high"] },
        range: "width",
        nice: true,
        zero: true,
      },
    ],
    axes: [
      { orient: "bottom", scale: "x", title: "win rate when played − deck average (points, 95%)" },
      { orient: "left", scale: "y" },
    ],
    marks: [
      {
        type: "rule",
        encode: {
          enter: { x: { scale: "x", value: 0 }, y: { value: 0 }, y2: { signal: "height" }, stroke: { value: "#999" } },
        },
      },
      {
        type: "rule",
        from: { data: "rows" },
        encode: {
          enter: {
            x: { scale: "x", field: "low" },
            x2: { scale: "x", field: "high" },
            y: { scale: "y", field: "label", band: 0.5 },
            stroke: { value: "#555" },
          },
        },
      },
      {
        type: "symbol",
        from: { data: "rows" },
        encode: {
          enter: {
            x: { scale: "x", field: "diff" },
            y: { scale: "y", field: "label", band: 0.5 },
            size: { value: 40 },
            fill: { signal: "datum.flag === 'higher' ? '#2e7d32' : datum.flag === 'lower' ? '#c62828' : '#555'" },
          },
        },
      },
    ],
  };
}

const STYLE = `body{font:14px/1.4 sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:8px 0 20px}
th,td{border:1px solid #ccc;padding:3px 6px;text-align:right;white-space:nowrap}th{background:#f3f3f3}
td.name,th.name{text-align:left}td.favoured{background:#c8e6c9}td.unfavoured{background:#ffcdd2}
td.flag-higher{color:#1b5e20;font-weight:bold}td.flag-lower{color:#b71c1c;font-weight:bold}
#cards th{cursor:pointer}#cards th[aria-sort]::after{content:" ▾"}#cards th[aria-sort=ascending]::after{content:" ▴"}
.note{color:#555;max-width:60em}tr.moved-up td{background:#c8e6c9}tr.moved-down td{background:#ffcdd2}`;

/** Sorts the per-card table by a clicked header (numbers by data-v, text by its content), toggling the direction. */
const SORT_SCRIPT = `(function(){var t=document.getElementById("cards");if(!t)return;var hs=t.tHead.rows[0].cells;
for(var i=0;i<hs.length;i++)(function(i){hs[i].addEventListener("click",function(){var h=hs[i];
var asc=h.getAttribute("aria-sort")!=="ascending";for(var j=0;j<hs.length;j++)hs[j].removeAttribute("aria-sort");
h.setAttribute("aria-sort",asc?"ascending":"descending");var b=t.tBodies[0];var rows=Array.prototype.slice.call(b.rows);
function key(r){var c=r.cells[i];var v=c.getAttribute("data-v");return v===null?c.textContent:(v===""?NaN:Number(v));}
rows.sort(function(a,c){var x=key(a),y=key(c);var d;if(typeof x==="number"){if(isNaN(x))return 1;if(isNaN(y))return -1;d=x-y;}
else d=x<y?-1:x>y?1:0;return (asc?d:-d)||(Number(a.getAttribute("data-i"))-Number(c.getAttribute("data-i")));});
rows.forEach(function(r){b.appendChild(r);});});})(i);})();`;

const num = (v: number | null | undefined): string => (v === null || v === undefined ? "" : String(v));

function figureCells(f: CardFigure): string {
  const flag = f.flag === null ? "" : ` class="flag-${f.flag}"`;
  return [
    `<td data-v="${f.games}">${f.games}</td>`,
    `<td data-v="${num(f.rate)}">${pct(f.rate)}</td>`,
    `<td data-v="${num(f.diff?.diff)}"${flag}>${escapeHtml(diffText(f.diff))}</td>`,
    `<td data-v="${num(f.adjusted)}">${escapeHtml(pText(f.adjusted))}</td>`,
  ].join("");
}

/** The whole page. */
export async function renderReport(r: LabResult, meta: ReportMeta): Promise<string> {
  const m = r.matchups;
  const e = escapeHtml;
  const matrix = [
    `<table id="matrix"><thead><tr><th class="name">deck \\ opponent</th>${m.decks.map((d) => `<th>${e(d)}</th>`).join("")}</tr></thead><tbody>`,
    ...m.decks.map(
      (d, i) =>
        `<tr><th class="name">${e(d)}</th>${(m.cells[i] ?? [])
          .map((c) =>
            c === null
              ? "<td>—</td>"
              : `<td class="${c.verdict}" title="${c.wins} won, ${c.losses} lost, ${c.draws} drawn of ${c.games}">${pct(c.rate)}<br><small>${interval(c.interval)}</small></td>`,
          )
          .join("")}</tr>`,
    ),
    "</tbody></table>",
  ].join("\n");
  const s = r.summary;
  const summary = `<table id="summary"><tbody>
<tr><th class="name">games</th><td id="s-games">${s.games}</td></tr>
<tr><th class="name">first player (P1) score</th><td id="s-first">${rateText(s.firstPlayer)}</td></tr>
<tr><th class="name">draws (of finished games)</th><td id="s-draws">${rateText(s.draws)}</td></tr>
<tr><th class="name">timeouts</th><td id="s-timeouts">${rateText(s.timeouts)}</td></tr>
<tr><th class="name">faults</th><td id="s-faults">${rateText(s.faults)}</td></tr>
<tr><th class="name">length (decisions): min, median, mean, max</th><td id="s-length">${
    s.length === null ? "–" : `${s.length.min}, ${s.length.median}, ${s.length.mean.toFixed(1)}, ${s.length.max}`
  }</td></tr>
</tbody></table>`;
  const c = r.cards;
  const head = ["deck", "card"]
    .map((h) => `<th class="name">${h}</th>`)
    .concat(
      ["drawn: games", "rate", "− average", "adj. p", "played: games", "rate", "− average", "adj. p"].map(
        (h) => `<th>${h}</th>`,
      ),
    )
    .join("");
  const cardRows = c.rows
    .map(
      (x, i) =>
        `<tr data-i="${i}"><td class="name">${e(x.deck)}</td><td class="name">${e(x.card)}</td>${figureCells(x.drawn)}${figureCells(x.played)}</tr>`,
    )
    .join("\n");
  const averages = c.decks.map((d) => `${e(d.deck)} ${pct(d.rate)} of ${d.games}`).join("; ");
  const [lengthSvg, playedSvg] = [await svgOf(lengthSpec(r)), await svgOf(playedSpec(r))];
  const p = r.plan;
  const title = meta.title ?? `Balance report: ${meta.game}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<style>${STYLE}</style></head><body>
<h1>${e(title)}</h1>
<p class="note" id="plan">Agents ${e(p.agents.join(", "))}; ${p.games} games per ordered pairing on seed ${p.seed} (the same deals in both seat orders); inputs ${e(p.inputs.trim())}. Intervals are Wilson 95%; per-card differences are against the deck's average with Newcombe 95% intervals, flagged where the ${c.adjust === "holm" ? "Holm" : "Benjamini–Hochberg"}-adjusted p-value (over ${c.tested} figures) is below ${c.alpha}.</p>
${meta.comparison === undefined ? "" : changesTable(meta.comparison, meta.other ?? "B")}
<h2>Matchups</h2>
<p class="note">The row deck's score against the column deck (win 1, draw ½), both seat orders. Coloured only where the 95% interval excludes 50%.</p>
${matrix}
<h2>Summary</h2>
${summary}
<h2>Game length</h2>
<figure id="length-chart">${lengthSvg}</figure>
<h2>Cards</h2>
<p class="note">Zone roles ${c.roles}. Deck averages: ${averages}. "When drawn/played" figures describe games, not the card's effect: see docs/sim.md for their known bias. Click a header to sort.</p>
<table id="cards"><thead><tr>${head}</tr></thead><tbody>
${cardRows}
</tbody></table>
<h3>Win rate when played, against the deck's average</h3>
<figure id="played-chart">${playedSvg}</figure>
<script type="application/json" id="lab-data">${jsonForScript(r)}</script>
<script>${SORT_SCRIPT}</script>
</body></html>
`;
}
