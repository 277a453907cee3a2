/**
 * The sandbox's panels as markup, without a DOM: the pending decision, the history and the log,
 * each as the viewing seat may read it (0: omniscient). The page puts them in place; the
 * hidden-information test (test/editor/view-leak.test.ts) renders them in Node over many games.
 */
import { choiceLabel, type EntityId, type LogEntry, type State } from "../../../runtime/index.ts";
import { html, type Html } from "../html.ts";
import { localizeLine } from "../i18n.ts";
import type { Session } from "./session.ts";

/** The pending decision: its prompt, and the viewer's own options as buttons. */
export function decisionHtml(s: Session, st: State, view: EntityId): Html {
  let d = s.engine.decision(st);
  if (!d)
    return html`<div class="prompt">The match is over: ${st.match.winner === null ? "a draw" : `P${st.match.winner} wins`}.</div>`;
  const hidden = view !== 0 && d.player !== view;
  // Another player's prompt is read from the viewer's view: it may name a card the viewer cannot see.
  if (hidden) d = s.engine.view(st, view).decision ?? d;
  const prompt =
    d.type === "act"
      ? `P${d.player} acts (${d.window})`
      : d.type === "may"
        ? `P${d.player}: ${d.prompt}`
        : `P${d.player} chooses${d.prompt ? `: ${d.prompt}` : ""} (${d.picked.length} picked, ${d.min}–${d.max})`;
  const legal = s.engine.legalActions(st);
  // Prompts and labels name cards by their English names: the page's language names them (i18n.ts).
  return html`<div class="prompt" data-testid="sb-prompt">${localizeLine(prompt)}</div>${
    hidden
      ? html`<div class="muted">(the other player's options are hidden in this view)</div>`
      : legal.map(
          (a, i) =>
            html`<button class="act" data-testid="sb-act" data-i="${i}" data-kind="${a.type}">${localizeLine(choiceLabel(s.engine, st, a))}</button>`,
        )
  }`;
}

/** The steps so far, each labelled as the viewer may read it (undone steps greyed). */
export function historyHtml(s: Session, view: EntityId): Html {
  const items = [html`<li class="${s.cursor === 0 ? "here" : ""}" data-n="0">start</li>`];
  s.steps.forEach((step, i) => {
    const cls = i + 1 === s.cursor ? "here" : i + 1 > s.cursor ? "undone" : "";
    items.push(html`<li class="${cls}" data-n="${i + 1}">${localizeLine(s.label(step, view, view === 0))}</li>`);
  });
  return html`<div class="muted">history (click to go back to any point)</div><ol>${items}</ol>`;
}

/**
 * The log (already the viewer's: pass the view's log), nested by cause: each answer, then under
 * it each handler that ran (its card or rule, from the module's sources), then that handler's lines.
 */
/** The log pane; `localize` rewords a line in the page's language (identity in Node). */
export function logHtml(s: Session, log: readonly LogEntry[], localize: (text: string) => string = (t) => t): Html {
  type Group = { head: string; blocks: { h: string | null; lines: number[] }[] };
  const groups: Group[] = [{ head: "setup", blocks: [] }];
  log.forEach((e, i) => {
    if (e.kind === "action" || e.kind === "decision") {
      groups.push({ head: e.text, blocks: [] });
      return;
    }
    const g = groups[groups.length - 1] as Group;
    const h = e.by?.h ?? null;
    const last = g.blocks[g.blocks.length - 1];
    if (last && last.h === h) last.lines.push(i);
    else g.blocks.push({ h, lines: [i] });
  });
  const recent = groups.slice(-12);
  const line = (i: number) => {
    const e = log[i] as LogEntry;
    return html`<div class="log-line${e.by ? " traced" : ""}" data-i="${i}" title="${e.by ? `${e.by.file}:${e.by.line}:${e.by.col}` : "the runtime"}">${localize(e.text)}</div>`;
  };
  return html`${recent.map((g, gi) => {
    const body = g.blocks.map((b) =>
      b.h === null
        ? b.lines.map(line)
        : html`<div class="log-cause"><div class="muted">${s.module.sources[b.h]?.what ?? b.h}</div>${b.lines.map(line)}</div>`,
    );
    const n = g.blocks.reduce((k, b) => k + b.lines.length, 0);
    return html`<details ${gi === recent.length - 1 ? html`open` : ""}><summary>${g.head} <span class="muted">(${n})</span></summary>${body}</details>`;
  })}`;
}
