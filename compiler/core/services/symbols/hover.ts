/**
 * Hover: what a name is and its type, the author's doc of a procedure, event or property, a
 * card's name, kind, stats and text, and for a rule id (`GI-REACT-1`, anywhere in a file) the
 * rule's line from docs/rules/<game>.md (given to the services as data).
 */
import type { CheckedModel } from "../../workspace/model.ts";
import type { Declaration } from "../../semantic/symbols.ts";
import { typeToString, type Type } from "../../semantic/types.ts";
import { ruleIdAt } from "../../files/rules-docs.ts";
import { describeVersions } from "../../files/versions.ts";
import { fileInfo, type FileInfo } from "../file-info.ts";
import type { Hover } from "../protocol.ts";
import { toLspRange } from "../text.ts";

const CONTEXT_DOCS: Readonly<Record<string, string>> = {
  me: "me: player — the player whose code this is",
  opponent: "opponent: player — the other player (two-player games)",
  self: "self: card — the card whose code this is",
  game: "game — the game's properties and options",
  match: "match — match.number, match.lastWinner, match.lastLoser",
  event: "event — the event being handled",
};

export function hover(
  model: CheckedModel,
  info: FileInfo,
  offset: number,
  rules: ReadonlyMap<string, string>,
): Hover | undefined {
  const rule = ruleIdAt(info.text, offset);
  if (rule) {
    const text = rules.get(rule.id);
    if (text !== undefined)
      return { contents: `**${rule.id}** — ${text}`, range: info.lines.rangeOf(rule.start, rule.end) };
  }
  const hit = model.at(info.file, offset);
  if (hit) return { contents: describe(model, hit.declaration, hit.type), range: toLspRange(hit.span.range) };
  for (const region of info.regions) {
    const s = region.source;
    if (offset < s.offset(0) || offset > s.offset(s.text.length)) continue;
    let a = offset;
    while (a > 0 && /[A-Za-z]/.test(info.text[a - 1] as string)) a--;
    let b = offset;
    while (b < info.text.length && /[A-Za-z]/.test(info.text[b] as string)) b++;
    const name = info.text.slice(a, b);
    const doc = CONTEXT_DOCS[name];
    if (doc && info.text[a - 1] !== "." && !/[\w-]/.test(info.text[b] ?? ""))
      return { contents: "```\n" + doc + "\n```", range: info.lines.rangeOf(a, b) };
  }
  return undefined;
}

/** Markdown for a declaration. */
export function describe(model: CheckedModel, d: Declaration, type?: Type): string {
  if (d.kind === "card") return describeCard(model, d.name) ?? `card \`${d.name}\``;
  const ty = type ?? d.type;
  const head = d.detail ?? (ty ? `${d.name}: ${typeToString(ty)}` : d.name);
  const lines = ["```", `(${d.kind}) ${head}`, "```"];
  if (
    ty &&
    d.detail &&
    !d.detail.includes(typeToString(ty)) &&
    (d.kind === "local" ||
      d.kind === "param" ||
      d.kind === "event-field" ||
      d.kind === "property" ||
      d.kind === "field")
  )
    lines.push(`type: \`${typeToString(ty)}\``);
  const doc = d.doc ?? commentDoc(model, d);
  if (doc) lines.push("", doc);
  return lines.join("\n");
}

/**
 * Without a `doc:`, the author's comment is the doc: the comment after the declaration on its
 * line (`draw-two:   # XX-DRAW-1: two cards, then shuffle`), else the comment lines just above it.
 */
export function commentDoc(model: CheckedModel, d: Declaration): string | undefined {
  const span = d.span;
  const text = span ? model.files.get(span.file)?.text : undefined;
  if (!span || text === undefined) return undefined;
  const lineStart = text.lastIndexOf("\n", span.start - 1) + 1;
  const nl = text.indexOf("\n", span.end);
  const after = text.slice(span.end, nl < 0 ? text.length : nl);
  // A comment starts at a '#' after a space, outside quotes.
  const trailing = /^[^"'#]*\s#\s?(.*)$/.exec(after)?.[1]?.trim();
  if (trailing) return trailing;
  const indent = /^\s*/.exec(text.slice(lineStart, span.start))?.[0] ?? "";
  const above: string[] = [];
  for (let end = lineStart - 1; end > 0; ) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end);
    const m = /^(\s*)#\s?(.*)$/.exec(line);
    if (!m || m[1] !== indent) break;
    above.unshift((m[2] as string).trim());
    end = start - 1;
  }
  return above.length ? above.join(" ") : undefined;
}

/** A card's name, kind, stats and text. */
export function describeCard(model: CheckedModel, id: string): string | undefined {
  const card = model.cards.find((c) => c.id === id);
  if (!card) return undefined;
  const out = [`**${card.name}** \`${card.id}\` — ${card.kind}`];
  const info = fileInfo(model, card.file);
  const value = (info?.src.value() ?? {}) as Record<string, unknown>;
  const kind = model.vocabulary?.kinds.get(card.kind);
  const stats: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (["id", "kind", "name", "text", "on", "modifiers", "officialId", "sameNameAs"].includes(k)) continue;
    const f = kind?.fields.get(k) ?? model.vocabulary?.cardFields.get(k);
    if (f && (f.type === "effect" || f.type === "response" || f.type === "localized")) continue;
    if (typeof v === "number" || typeof v === "boolean" || (typeof v === "string" && !v.includes("\n")))
      stats.push(`${k}: ${String(v)}`);
    else if (Array.isArray(v) && v.every((x) => typeof x !== "object")) stats.push(`${k}: ${v.join(", ")}`);
  }
  if (stats.length) out.push("", stats.join(" · "));
  if (card.text) out.push("", card.text);
  const versions = describeVersions(card.def);
  if (versions.length) out.push("", `Other versions: ${versions.join("; ")}`);
  out.push("", `_${card.file}_`);
  return out.join("\n");
}
