/**
 * The HTML coverage report: one self-contained page (no script, no external file) with a table of
 * the cards and each card's source, its lines coloured: every clause on the line ran (covered),
 * some did (partly), none did (not covered). Lines without clauses stay plain.
 * User text (file contents, names) is HTML-escaped; nothing else reaches the page.
 */
import { ratio, type CoverageReport, type FileCoverage } from "./report.ts";

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An anchor id for a file (letters, digits and dashes only). */
const anchor = (file: string): string => "f-" + file.replace(/[^A-Za-z0-9]+/g, "-");

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
h2 { font-size: 1.1em; margin: 1.6em 0 .4em; }
table.summary { border-collapse: collapse; }
table.summary td, table.summary th { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: left; }
table.summary td.n { text-align: right; font-variant-numeric: tabular-nums; }
.bar { display: inline-block; width: 80px; height: 9px; background: #f3c4c4; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #5cb85c; }
pre.src { margin: 0; padding: 4px 0; background: #fafafa; border: 1px solid #ddd; font: 13px/1.45 ui-monospace, monospace; overflow-x: auto; }
pre.src span.l { display: block; padding-right: 1em; white-space: pre; }
pre.src span.l i { display: inline-block; width: 3.2em; padding-right: .8em; text-align: right; color: #888; font-style: normal; user-select: none; }
pre.src span.l b { display: inline-block; width: 3.5em; color: #555; font-weight: normal; font-size: 11px; }
.full { background: #d7f5d7; }
.part { background: #fff0b3; }
.none { background: #f9d0d0; }
.legend span { padding: 1px 8px; margin-right: 6px; border: 1px solid #ccc; }
ul.missing { margin: .3em 0 .6em; font: 12px ui-monospace, monospace; color: #a00; }
`;

function lineClass(
  f: FileCoverage,
  line: number,
): { cls: string; hits: number; total: number; missing: string[] } | null {
  const on = f.clauses.filter((c) => c.clause.at.line === line);
  if (on.length === 0) return null;
  const hits = on.filter((c) => c.hit).length;
  const cls = hits === on.length ? "full" : hits === 0 ? "none" : "part";
  return {
    cls,
    hits,
    total: on.length,
    missing: on.filter((c) => !c.hit).map((c) => `${c.clause.at.line}:${c.clause.at.col} ${c.label}`),
  };
}

function fileSection(f: FileCoverage, text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const body = lines
    .map((src, i) => {
      const c = lineClass(f, i + 1);
      const gutter = c ? `${c.hits}/${c.total}` : "";
      const title = c && c.missing.length ? ` title="${escapeHtml("not run: " + c.missing.join("; "))}"` : "";
      return `<span class="l${c ? " " + c.cls : ""}"${title}><i>${i + 1}</i><b>${gutter}</b>${escapeHtml(src)}</span>`;
    })
    .join("");
  const missing = f.clauses.filter((c) => !c.hit);
  const list = missing.length
    ? `<ul class="missing">${missing.map((c) => `<li>${escapeHtml(`${f.file}:${c.clause.at.line}:${c.clause.at.col}`)} — ${escapeHtml(c.label)}</li>`).join("")}</ul>`
    : "";
  const title = f.card === null ? `rules: ${f.file} (not counted)` : `${f.card} — ${f.file}`;
  return `<section id="${anchor(f.file)}"><h2>${escapeHtml(title)} · ${escapeHtml(ratio(f.covered, f.total))}</h2>${list}<pre class="src">${body}</pre></section>`;
}

function bar(f: { covered: number; total: number }): string {
  const pct = f.total === 0 ? 100 : (f.covered / f.total) * 100;
  return `<span class="bar"><span style="width:${pct.toFixed(1)}%"></span></span>`;
}

/** The whole page. `textOf` gives a file's source text. */
export function coverageHtml(report: CoverageReport, textOf: (file: string) => string): string {
  const rows = report.cards
    .map(
      (f) =>
        `<tr><td><a href="#${anchor(f.file)}">${escapeHtml(f.card ?? f.file)}</a></td><td>${bar(f)}</td><td class="n">${f.covered}/${f.total}</td><td class="n">${f.total - f.covered}</td></tr>`,
    )
    .join("\n");
  const sections = report.cards.map((f) => fileSection(f, textOf(f.file)));
  if (report.rules) sections.push(fileSection(report.rules, textOf(report.rules.file)));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>Coverage: ${escapeHtml(report.game)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Clause coverage: ${escapeHtml(report.game)}</h1>
<p id="summary">clauses covered: ${escapeHtml(ratio(report.covered, report.total))} in ${report.cards.length} cards${report.rules ? ` · rules file (not counted): ${escapeHtml(ratio(report.rules.covered, report.rules.total))}` : ""}</p>
<p class="legend"><span class="full">every clause ran</span><span class="part">some ran</span><span class="none">none ran</span> the gutter shows clauses run / clauses on the line; hover a line for what did not run.</p>
<table class="summary"><thead><tr><th>card</th><th></th><th>clauses</th><th>not run</th></tr></thead><tbody>
${rows}
</tbody></table>
${sections.join("\n")}
</body>
</html>
`;
}
