/**
 * The outline of a card, rules, deck or scenario file: its top-level keys, and one level further
 * where that helps to find one's way (a rules file's sections, a card's triggers, a file's scenarios).
 */
import { isMap, isPair, isScalar, isSeq, type Node as YamlNode, type Pair } from "yaml";
import type { SourceFile } from "../../text/source.ts";
import type { FileRole } from "../../workspace/model.ts";
import type { DocumentSymbol, OutlineKind } from "../protocol.ts";
import type { TextLines } from "../text.ts";

/** The outline of a file. */
export function documentSymbols(src: SourceFile, role: FileRole, lines: TextLines): DocumentSymbol[] {
  const top = src.doc.contents as YamlNode | null;
  const value = (src.value() ?? {}) as Record<string, unknown>;
  const range = (n: { range?: [number, number, number] | null } | null | undefined) =>
    n?.range ? lines.rangeOf(n.range[0], n.range[1]) : lines.rangeOf(0, 0);
  if (top && isSeq(top)) {
    // A scenario file may be a plain list of scenarios.
    return top.items.map((it, i) => entry(it as YamlNode, `#${i + 1}`, "scenario", lines, 1));
  }
  if (!top || !isMap(top)) return [];
  const children = top.items.filter(isPair).map((p) => pairSymbol(p, role, lines));
  if (role === "card" || role === "deck") {
    const id = typeof value["id"] === "string" ? value["id"] : "(no id)";
    const name = displayName(value["name"]);
    const kind = role === "card" ? (typeof value["kind"] === "string" ? value["kind"] : "card") : "deck";
    const idNode = src.node(["id"]);
    return [
      {
        name: id,
        detail: name ? `${kind} · ${name}` : kind,
        kind: role === "card" ? "card" : "deck",
        range: range(top),
        selectionRange: idNode?.range ? range(idNode) : range(top),
        children,
      },
    ];
  }
  return children;
}

function displayName(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (v && typeof v === "object" && typeof (v as Record<string, unknown>)["en"] === "string")
    return (v as Record<string, string>)["en"];
  return undefined;
}

function pairSymbol(p: Pair, role: FileRole, lines: TextLines): DocumentSymbol {
  const key = isScalar(p.key) ? String(p.key.value) : "?";
  const k = p.key as YamlNode | null;
  const v = p.value as YamlNode | null;
  const start = k?.range?.[0] ?? v?.range?.[0] ?? 0;
  const end = v?.range?.[1] ?? k?.range?.[1] ?? start;
  const selection = k?.range ? lines.rangeOf(k.range[0], k.range[1]) : lines.rangeOf(start, start);
  let children: DocumentSymbol[] = [];
  let kind: OutlineKind = "field";
  // One level deeper: a rules file's sections, and any list of entries (triggers, scenarios, modifiers).
  if (v && isMap(v) && role === "rules") {
    kind = "section";
    children = v.items.filter(isPair).map((c) => {
      const ck = c.key as YamlNode | null;
      const cv = c.value as YamlNode | null;
      const s = ck?.range?.[0] ?? 0;
      const e = cv?.range?.[1] ?? ck?.range?.[1] ?? s;
      return {
        name: isScalar(c.key) ? String(c.key.value) : "?",
        kind: "entry" as const,
        range: lines.rangeOf(s, e),
        selectionRange: ck?.range ? lines.rangeOf(ck.range[0], ck.range[1]) : lines.rangeOf(s, s),
        children: [],
      };
    });
  } else if (v && isMap(v) && role === "deck") {
    kind = "section";
    children = v.items.filter(isPair).map((c) => pairSymbol(c, role, lines));
    children = children.map((c) => ({ ...c, kind: "zone" }));
  } else if (v && isSeq(v)) {
    kind = "section";
    const itemKind: OutlineKind = role === "scenario" ? "scenario" : key === "on" ? "trigger" : "entry";
    if (v.items.every((it) => isMap(it)))
      children = v.items.map((it, i) => entry(it as YamlNode, `#${i + 1}`, itemKind, lines, i + 1));
  }
  return { name: key, kind, range: lines.rangeOf(start, end), selectionRange: selection, children, ...detailOf(v) };
}

/** A list item: named by its `name`, or `event` (+ `stage`), or `compute`. */
function entry(n: YamlNode, fallback: string, kind: OutlineKind, lines: TextLines, index: number): DocumentSymbol {
  const r = n.range ? lines.rangeOf(n.range[0], n.range[1]) : lines.rangeOf(0, 0);
  let name = fallback;
  let sel = r;
  if (isMap(n)) {
    const get = (key: string) => n.items.find((p) => isScalar(p.key) && p.key.value === key);
    const named = get("name") ?? get("event") ?? get("compute") ?? get("to");
    if (named && isScalar(named.value)) {
      name = String(named.value.value);
      const stage = get("stage");
      if (stage && isScalar(stage.value)) name += ` (${String(stage.value.value)})`;
      const vr = (named.value as YamlNode).range;
      if (vr) sel = lines.rangeOf(vr[0], vr[1]);
    }
  }
  return { name, detail: `#${index}`, kind, range: r, selectionRange: sel, children: [] };
}

function detailOf(v: YamlNode | null): { detail?: string } {
  if (
    v &&
    isScalar(v) &&
    (typeof v.value === "string" || typeof v.value === "number" || typeof v.value === "boolean")
  ) {
    const s = String(v.value).split("\n")[0] ?? "";
    return { detail: s.length > 40 ? `${s.slice(0, 39)}…` : s };
  }
  if (v && isSeq(v)) return { detail: `${v.items.length} item${v.items.length === 1 ? "" : "s"}` };
  return {};
}
