/**
 * Completion in the YAML around the code: keys from the file's schema (a card's kind and its
 * fields, the rules file's sections, decks, scenarios), values for enum fields (from the schema)
 * and for card-id fields (the game's card ids). The path at the cursor is read from indentation
 * and flow brackets, so it works while the file does not parse yet.
 */
import { RULES_SCHEMA } from "../../../../grammar/rules-schema.ts";
import { kindSchema } from "../../files/card-schema.ts";
import { DECK_SCHEMA } from "../../files/deck-check.ts";
import type { CheckedModel } from "../../workspace/model.ts";
import { SCENARIO_SCHEMA } from "../../scenario/check.ts";
import { GENERIC_CARD_KEYS, type Vocabulary } from "../../semantic/vocabulary.ts";
import { typeToString, type Type } from "../../semantic/types.ts";
import { isMap, isSeq } from "yaml";
import type { FileInfo } from "../file-info.ts";
import type { CompletionItem, LspPosition } from "../protocol.ts";

/** A path into the YAML value; `*` stands for any item of a list. */
export type KeyPath = readonly string[];

export interface YamlPlace {
  readonly path: KeyPath;
  /** At a key of the map at `path`, or at the value at `path`. */
  readonly at: "key" | "value";
  /** Keys the map at `path` already has (offered no more). */
  readonly siblings: ReadonlySet<string>;
  /** Offsets (in the line) of the word being typed. */
  readonly wordStart: number;
  readonly wordEnd: number;
}

interface LineShape {
  /** Column of the key or scalar after any `- ` prefixes. */
  readonly keyCol: number;
  readonly dashes: number;
  readonly key: string | null;
}

function shape(line: string): LineShape | null {
  const m = /^(\s*)((?:-\s+)*)(.*)$/.exec(line) as RegExpExecArray;
  const rest = m[3] as string;
  if (rest.trim() === "" && (m[2] as string) === "") return null;
  if (rest.startsWith("#")) return null;
  const key = /^([A-Za-z0-9_.-]+|"[^"]*"|'[^']*')\s*:(\s|$)/.exec(rest)?.[1]?.replace(/^["']|["']$/g, "") ?? null;
  return {
    keyCol: (m[1] as string).length + (m[2] as string).length,
    dashes: (m[2] as string).replace(/\s/g, "").length,
    key,
  };
}

/** The keys above a line (by indentation), outermost first; `*` for list items. */
function ancestors(lines: (n: number) => string, lineNo: number, indent: number, ownDash: boolean): string[] {
  const path: string[] = [];
  let cur = indent;
  if (ownDash) path.push("*");
  for (let n = lineNo - 1; n >= 0 && cur > 0; n--) {
    const s = shape(lines(n));
    if (!s) continue;
    if (s.keyCol > cur) continue;
    if (s.keyCol === cur) {
      // A sibling: when it starts a list item, the map we are in is that item.
      if (s.dashes > 0 && !(ownDash && path.length === 1)) {
        path.push("*");
        cur = lineDashCol(lines(n));
      } else if (s.dashes > 0) cur = lineDashCol(lines(n));
      continue;
    }
    if (s.key === null) {
      cur = s.keyCol;
      continue;
    }
    path.push(s.key);
    if (s.dashes > 0) {
      path.push("*");
      cur = lineDashCol(lines(n));
    } else cur = s.keyCol;
  }
  return path.reverse();
}

function lineDashCol(line: string): number {
  return line.length - line.trimStart().length;
}

/** Keys of the block map the line at `indent` belongs to. */
function siblingKeys(lines: (n: number) => string, count: number, lineNo: number, indent: number): Set<string> {
  const keys = new Set<string>();
  for (const dir of [-1, 1]) {
    for (let n = lineNo + dir; n >= 0 && n < count; n += dir) {
      const s = shape(lines(n));
      if (!s) continue;
      if (s.keyCol < indent) break;
      if (s.keyCol === indent && s.dashes > 0 && dir === 1) break;
      if (s.keyCol === indent && s.key) keys.add(s.key);
      if (s.keyCol === indent && s.dashes > 0) break;
    }
  }
  return keys;
}

/** Reads where the cursor is in the YAML structure. */
export function yamlPlace(lines: (n: number) => string, count: number, pos: LspPosition): YamlPlace | undefined {
  const line = lines(pos.line);
  const before = line.slice(0, pos.character);
  let wordStart = pos.character;
  while (wordStart > 0 && /[A-Za-z0-9_.-]/.test(line[wordStart - 1] as string)) wordStart--;
  let wordEnd = pos.character;
  while (wordEnd < line.length && /[A-Za-z0-9_-]/.test(line[wordEnd] as string)) wordEnd++;
  const keyOnly = /^(\s*)((?:-\s+)*)([A-Za-z0-9_.-]*)$/.exec(before);
  if (keyOnly) {
    const indent = (keyOnly[1] as string).length + (keyOnly[2] as string).length;
    const ownDash = (keyOnly[2] as string) !== "";
    const path = ancestors(lines, pos.line, indent, ownDash);
    return { path, at: "key", siblings: siblingKeys(lines, count, pos.line, indent), wordStart, wordEnd };
  }
  const kv = /^(\s*)((?:-\s+)*)([A-Za-z0-9_.-]+|"[^"]*"|'[^']*'):(\s+)(.*)$/.exec(before);
  if (!kv) return undefined;
  const indent = (kv[1] as string).length + (kv[2] as string).length;
  const ownDash = (kv[2] as string) !== "";
  const key = (kv[3] as string).replace(/^["']|["']$/g, "");
  const base = [...ancestors(lines, pos.line, indent, ownDash), key];
  const flow = flowPlace(kv[5] as string);
  if (!flow) return undefined;
  return { path: [...base, ...flow.path], at: flow.at, siblings: flow.siblings, wordStart, wordEnd };
}

/** Inside a flow value (`{ a: 1, b: [x, y` …): the path below the block key, and key or value. */
function flowPlace(text: string): { path: string[]; at: "key" | "value"; siblings: Set<string> } | undefined {
  const segs: string[] = [];
  const stack: { kind: "map" | "seq"; restore: number; keys: Set<string> }[] = [];
  let key: string | null = null;
  let word = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const top = stack[stack.length - 1];
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return undefined;
      word = text.slice(i + 1, close);
      i = close;
      continue;
    }
    if (c === "#" && /\s/.test(text[i - 1] ?? " ")) return undefined;
    if (c === "[" || c === "{") {
      const restore = segs.length;
      if (top?.kind === "map" && key !== null) segs.push(key);
      if (c === "[") {
        stack.push({ kind: "seq", restore, keys: new Set() });
        segs.push("*");
      } else stack.push({ kind: "map", restore, keys: new Set() });
      key = null;
      word = "";
    } else if (c === "]" || c === "}") {
      const popped = stack.pop();
      if (!popped) return undefined;
      segs.length = popped.restore;
      key = null;
      word = "";
    } else if (c === ":" && top?.kind === "map") {
      key = word.trim();
      top.keys.add(key);
      word = "";
    } else if (c === ",") {
      if (top?.kind === "map") key = null;
      word = "";
    } else word += c;
  }
  const top = stack[stack.length - 1];
  if (!top)
    return text.trim() === "" || /^[A-Za-z0-9_.-]*$/.test(text.trim())
      ? { path: [], at: "value", siblings: new Set() }
      : undefined;
  if (top.kind === "seq") return { path: segs, at: "value", siblings: new Set() };
  if (key === null) return { path: segs, at: "key", siblings: top.keys };
  return { path: [...segs, key], at: "value", siblings: new Set() };
}

// ── schemas ─────────────────────────────────────────────────────────────────

type Schema = Record<string, unknown>;
const asSchema = (v: unknown): Schema | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Schema) : undefined;

function alternatives(s: Schema): Schema[] {
  const out = [s];
  for (const k of ["oneOf", "anyOf", "allOf"])
    for (const a of (s[k] as unknown[] | undefined) ?? []) {
      const sa = asSchema(a);
      if (sa) for (const c of alternatives(sa)) out.push(c);
    }
  return out;
}

function child(s: Schema, seg: string): Schema | undefined {
  for (const a of alternatives(s)) {
    if (seg === "*") {
      const items = asSchema(a["items"]);
      if (items) return items;
      continue;
    }
    const p = asSchema(asSchema(a["properties"])?.[seg]);
    if (p) return p;
    const ap = asSchema(a["additionalProperties"]);
    if (ap && Object.keys(ap).length) return ap;
  }
  return undefined;
}

function schemaAt(s: Schema, path: KeyPath): Schema | undefined {
  let cur: Schema | undefined = s;
  for (const seg of path) {
    if (!cur) return undefined;
    cur = child(cur, seg);
  }
  return cur;
}

function keysOf(s: Schema): { name: string; description?: string }[] {
  const out = new Map<string, string | undefined>();
  for (const a of alternatives(s))
    for (const [k, v] of Object.entries(asSchema(a["properties"]) ?? {}))
      if (!out.has(k)) out.set(k, asSchema(v)?.["description"] as string | undefined);
  return [...out].map(([name, description]) => (description ? { name, description } : { name }));
}

function valuesOf(s: Schema): string[] {
  const out: string[] = [];
  for (const a of alternatives(s)) {
    for (const v of (a["enum"] as unknown[] | undefined) ?? []) out.push(String(v));
    if (a["const"] !== undefined) out.push(String(a["const"]));
    if (a["type"] === "boolean") out.push("true", "false");
    const items = asSchema(a["items"]);
    if (items && a !== s) for (const c of valuesOf(items)) out.push(c);
  }
  return [...new Set(out)];
}

/** The value type the game declares for a card field (`cardid`, `list<cardid>`…). */
function cardFieldType(voc: Vocabulary, kind: string, field: string): Type | undefined {
  const f = voc.kinds.get(kind)?.fields.get(field) ?? voc.cardFields.get(field);
  return f && typeof f.type === "object" ? f.type : undefined;
}

const isCardId = (ty: Type | undefined): boolean =>
  ty !== undefined && (ty.t === "cardid" || (ty.t === "list" && ty.of.t === "cardid"));

/** The `event:` of the trigger (an item of `on:`) holding a file offset. */
function triggerEventAt(info: FileInfo, offset: number): string | undefined {
  const on = info.src.node(["on"]);
  if (!on || !isSeq(on)) return undefined;
  for (const item of on.items) {
    const r = (item as { range?: [number, number, number] }).range;
    if (!r || offset < r[0] || offset > r[2] || !isMap(item)) continue;
    const ev = item.get("event");
    return typeof ev === "string" ? ev : undefined;
  }
  return undefined;
}

/** Completion items for a place in a YAML file (`offset`: the cursor's file offset). */
export function yamlCompletion(
  model: CheckedModel,
  info: FileInfo,
  place: YamlPlace,
  offset: number,
): CompletionItem[] {
  const voc = model.vocabulary;
  const path = place.path;
  const cardIds = (): CompletionItem[] =>
    model.cards.map((c) => ({ label: c.id, kind: "card", detail: `${c.kind} · ${c.name}` }));
  const keyItems = (keys: { name: string; description?: string; detail?: string }[]): CompletionItem[] =>
    keys
      .filter((k) => !place.siblings.has(k.name))
      .map((k) => ({
        label: k.name,
        kind: "key",
        insertText: `${k.name}: `,
        ...(k.detail ? { detail: k.detail } : {}),
        ...(k.description ? { documentation: k.description } : {}),
      }));
  const valueItems = (values: string[]): CompletionItem[] => values.map((v) => ({ label: v, kind: "value" }));

  if (info.role === "card") {
    const kind = /^kind:\s*([A-Za-z0-9_-]+)/m.exec(info.text)?.[1];
    if (!voc) return [];
    if (!kind || !voc.kinds.has(kind)) {
      if (place.at === "key" && path.length === 0) return keyItems(GENERIC_CARD_KEYS.map((name) => ({ name })));
      if (place.at === "value" && path.length === 1 && path[0] === "kind")
        return [...voc.kinds.keys()].map((k) => ({ label: k, kind: "kind" }));
      return [];
    }
    const schema = kindSchema(voc, kind) as Schema;
    if (place.at === "key" && !(path[path.length - 1] === "*" && keysOf(schemaAt(schema, path) ?? {}).length === 0)) {
      const s = schemaAt(schema, path);
      if (!s) return [];
      return keyItems(
        keysOf(s).map((k) => {
          const ty = path.length === 0 ? cardFieldType(voc, kind, k.name) : undefined;
          const f =
            path.length === 0 ? (voc.kinds.get(kind)?.fields.get(k.name) ?? voc.cardFields.get(k.name)) : undefined;
          const detail = ty ? typeToString(ty) : f ? String(f.type) : undefined;
          return detail ? { ...k, detail } : k;
        }),
      );
    }
    if (path[0] && isCardId(cardFieldType(voc, kind, path[0]))) return cardIds();
    if (path.length === 1 && path[0] === "kind") return [...voc.kinds.keys()].map((k) => ({ label: k, kind: "kind" }));
    // A trigger's stage: the stages of its event (the schema lists every event's).
    const event =
      path.length === 3 && path[0] === "on" && path[2] === "stage" ? triggerEventAt(info, offset) : undefined;
    if (event && voc.events.has(event)) return valueItems([...(voc.events.get(event)?.stages ?? [])]);
    const s = schemaAt(schema, path);
    return s ? valueItems(valuesOf(s)) : [];
  }
  if (info.role === "rules") {
    const s = schemaAt(RULES_SCHEMA as unknown as Schema, path);
    if (!s) return [];
    return place.at === "key" && keysOf(s).length ? keyItems(keysOf(s)) : valueItems(valuesOf(s));
  }
  if (info.role === "deck") {
    if (place.at === "key" && path.length === 1 && path[0] === "zones")
      return keyItems([...(voc?.zones.keys() ?? [])].map((name) => ({ name, detail: "zone" })));
    if (place.at === "value" && path[0] === "zones" && path.length >= 2) return cardIds();
    const s = schemaAt(DECK_SCHEMA as Schema, path);
    return s && place.at === "key" ? keyItems(keysOf(s)) : [];
  }
  // Scenarios: players' zones and properties in `given`, actions in `do`, card ids as values.
  const inScenario = path[0] === "scenarios" && path[1] === "*";
  const rest = inScenario ? path.slice(2) : [];
  if (voc && inScenario && rest[0] === "given" && (rest[1] === "me" || rest[1] === "opponent")) {
    if (place.at === "key" && rest.length === 2)
      return keyItems([
        ...[...voc.zones.keys()].map((name) => ({ name, detail: "zone" })),
        ...[...voc.props.player.values()].map((p) => ({ name: p.name, detail: typeToString(p.type) })),
      ]);
    if (place.at === "value" && rest.length >= 3 && voc.zones.has(rest[2] as string)) return cardIds();
    const p = rest.length === 3 ? voc.props.player.get(rest[2] as string) : undefined;
    if (place.at === "value" && p?.type.t === "enum") return valueItems([...(voc.enums.get(p.type.name) ?? [])]);
    return [];
  }
  if (voc && inScenario && rest[0] === "do" && rest[1] === "*") {
    if (place.at === "key" && rest.length === 2)
      return keyItems(
        [...voc.actions.keys(), "choose"].map((name) => ({
          name,
          detail: name === "choose" ? "answer a decision" : "action",
        })),
      );
    if (place.at === "value") return cardIds();
  }
  if (voc && inScenario && rest[0] === "expect" && place.at === "value") return cardIds();
  const s = schemaAt(SCENARIO_SCHEMA as Schema, path);
  return s && place.at === "key" ? keyItems(keysOf(s)) : [];
}
