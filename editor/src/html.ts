/**
 * The app's one way to put markup into the page. Card files, folder names, log lines and messages
 * are data written by whoever made the card set, so every value interpolated into `html` is
 * escaped; only `Html` made by `html` itself passes through as markup. This module is the only one
 * that may touch `innerHTML` (test/editor/html-scan.test.ts fails on any other use).
 */

declare const brand: unique symbol;
/** Markup built by `html`: its interpolations are already escaped. */
export interface Html {
  readonly [brand]: true;
  readonly markup: string;
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Text as markup that shows exactly that text, in element content or in a quoted attribute. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`]/g, (c) => ENTITIES[c] as string);
}

/** Html values made here; an object that only looks like one (`{ markup }` from data) is text. */
const marked = new WeakSet<object>();
const isHtml = (p: unknown): p is Html => typeof p === "object" && p !== null && marked.has(p);

function make(markup: string): Html {
  const h = { markup } as Html;
  marked.add(h);
  return h;
}

function partToMarkup(p: Part): string {
  if (p === null || p === undefined || p === false) return "";
  if (Array.isArray(p)) return (p as readonly Part[]).map(partToMarkup).join("");
  if (isHtml(p)) return p.markup;
  return escapeHtml(String(p));
}

/** A template whose interpolations are escaped (arrays are concatenated, `null`/`false` are nothing). */
export function html(strings: TemplateStringsArray, ...parts: readonly Part[]): Html {
  let out = strings[0] ?? "";
  for (let i = 0; i < parts.length; i++) out += partToMarkup(parts[i] as Part) + (strings[i + 1] ?? "");
  return make(out);
}

/** The items with `sep` between them. */
export function joinHtml(items: readonly Part[], sep: Html | string): Html {
  return make(items.map(partToMarkup).join(partToMarkup(sep)));
}

/** Replaces the children of `el` with the markup. */
export function setHtml(el: Element, content: Html): void {
  el.innerHTML = content.markup;
}
