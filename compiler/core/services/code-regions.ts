/**
 * Where the effect language is in a YAML file: the scalars that hold code (a card's effect
 * fields, triggers and modifiers; a rules file's functions, procedures, actions, flow…), each
 * with what the code may see. Follows the places compile.ts checks, so that completion, hover
 * and highlighting work on exactly the code the checker reads.
 */
import { isMap, isSeq, type Node as YamlNode } from "yaml";
import type { SourceFile, TextSource, YamlPath } from "../text/source.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";
import type { FileRole } from "../workspace/model.ts";
import { T, type Type } from "../semantic/types.ts";

/** How the scalar's text is parsed: statements, one expression, a `c in list` binding, a label text. */
export type CodeMode = "block" | "expression" | "binding" | "label";

export interface CodeRegion {
  readonly path: YamlPath;
  readonly mode: CodeMode;
  /** The code with the map from its offsets to file offsets. */
  readonly source: TextSource;
  /** The text of the whole file. */
  readonly fileText: string;
  /** Whether `self` exists (card code). */
  readonly self: boolean;
  /** The event `event` names: a name, null when its kind is known only at run time, undefined when there is none. */
  readonly event: string | null | undefined;
  /** Names the code starts with (parameters, `it`, `value`…) and their types (unknown when only the checker knows). */
  readonly params: readonly Param[];
}

export interface Param {
  readonly name: string;
  readonly type: Type;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

/** The role of a file from its path (the LSP server and the kit know files only by path). */
export function roleOfPath(file: string): FileRole {
  const p = file.replace(/\\/g, "/");
  if (/(^|\/)rules\.ya?ml$/.test(p)) return "rules";
  if (/(^|\/)decks\//.test(p)) return "deck";
  if (/(^|\/)scenarios\//.test(p)) return "scenario";
  return "card";
}

/** The code regions of a file, in file order. */
export function codeRegions(src: SourceFile, role: FileRole, voc: Vocabulary | null): CodeRegion[] {
  const out: CodeRegion[] = [];
  const add = (
    path: YamlPath,
    mode: CodeMode,
    ctx: { self?: boolean; event?: string | null; params?: readonly Param[] } = {},
  ) => {
    const source = src.textAt(path);
    if (source)
      out.push({
        path,
        mode,
        source,
        fileText: src.text,
        self: ctx.self ?? false,
        event: ctx.event,
        params: ctx.params ?? [],
      });
  };
  const value = obj(src.value());
  if (role === "rules") rulesRegions(value, voc, add);
  else if (role === "card") cardRegions(src, value, voc, add);
  return out.sort((a, b) => a.source.offset(0) - b.source.offset(0));
}

type Add = (
  path: YamlPath,
  mode: CodeMode,
  ctx?: { self?: boolean; event?: string | null; params?: readonly Param[] },
) => void;

function rulesRegions(r: Obj, voc: Vocabulary | null, add: Add): void {
  const order = obj(r["trigger-order"]);
  if (typeof order["first"] === "string") add(["trigger-order", "first"], "expression");
  if (typeof order["rank"] === "string")
    add(["trigger-order", "rank"], "expression", { params: [{ name: "it", type: T.card }] });
  const paramsOf = (decl: { params: readonly Param[] } | undefined, d: unknown): Param[] =>
    decl ? [...decl.params] : Object.keys(obj(obj(d)["params"])).map((name) => ({ name, type: T.unknown }));
  for (const [name, d] of Object.entries(obj(r["functions"]))) {
    const params = paramsOf(voc?.functions.get(name), d);
    if (typeof obj(d)["do"] === "string") add(["functions", name, "do"], "block", { params });
    if (typeof obj(d)["is"] === "string") add(["functions", name, "is"], "expression", { params });
  }
  for (const [name, d] of Object.entries(obj(r["procedures"]))) {
    add(["procedures", name, "do"], "block", { params: paramsOf(voc?.procedures.get(name), d) });
  }
  for (const [name, d] of Object.entries(obj(r["actions"]))) {
    const a = obj(d);
    const variable = typeof a["for"] === "string" ? /^\s*([A-Za-z_][\w-]*)\s+in\b/.exec(a["for"])?.[1] : undefined;
    const params = variable ? [{ name: variable, type: T.unknown }] : [];
    if (typeof a["for"] === "string") add(["actions", name, "for"], "binding", { event: null });
    if (typeof a["when"] === "string") add(["actions", name, "when"], "expression", { event: null, params });
    if (Array.isArray(a["when"])) {
      a["when"].forEach((c, i) => {
        if (typeof c === "string") add(["actions", name, "when", i], "expression", { event: null, params });
        if (typeof obj(c)["test"] === "string")
          add(["actions", name, "when", i, "test"], "expression", { event: null, params });
        if (typeof obj(c)["reason"] === "string")
          add(["actions", name, "when", i, "reason"], "label", { event: null, params });
      });
    }
    if (typeof a["label"] === "string") add(["actions", name, "label"], "label", { event: null, params });
    if (typeof a["do"] === "string") add(["actions", name, "do"], "block", { event: null, params });
  }
  if (typeof r["deck-errors"] === "string")
    add(["deck-errors"], "block", { params: [{ name: "errors", type: T.list(T.text) }] });
  if (typeof r["evaluate"] === "string") add(["evaluate"], "block");
  for (const [kind, k] of Object.entries(obj(r["kinds"]))) {
    if (typeof obj(k)["display"] === "string")
      add(["kinds", kind, "display"], "label", { params: [{ name: "it", type: T.card }] });
  }
  for (const [key, v] of Object.entries(obj(r["flow"]))) if (typeof v === "string") add(["flow", key], "block");
  (Array.isArray(r["invariants"]) ? (r["invariants"] as unknown[]) : []).forEach((inv, i) => {
    if (typeof obj(inv)["check"] === "string") add(["invariants", i, "check"], "expression");
    if (typeof obj(inv)["message"] === "string") add(["invariants", i, "message"], "label");
  });
}

function cardRegions(src: SourceFile, v: Obj, voc: Vocabulary | null, add: Add): void {
  const kind = voc?.kinds.get(String(v["kind"]));
  const fields = kind ? [...kind.fields.values(), ...(voc?.cardFields.values() ?? [])] : [];
  const known = new Set<string>(["on", "modifiers"]);
  for (const f of fields) {
    known.add(f.name);
    if (f.type === "effect" && typeof v[f.name] === "string") add([f.name], "block", { self: true, event: null });
    if (f.type === "response" && v[f.name]) {
      const event = String(obj(v[f.name])["to"]);
      if (typeof obj(v[f.name])["when"] === "string") add([f.name, "when"], "expression", { self: true, event });
      add([f.name, "do"], "block", { self: true, event });
    }
  }
  // Without the game's rules (or for an unknown kind), a block scalar (`|`) at the top is taken for code.
  if (!kind) {
    const top = src.doc.contents as YamlNode | null;
    if (top && isMap(top)) {
      for (const item of top.items) {
        const key = (item.key as { value?: unknown } | null)?.value;
        const val = item.value as { type?: string } | null;
        if (
          typeof key === "string" &&
          !known.has(key) &&
          (val?.type === "BLOCK_LITERAL" || val?.type === "BLOCK_FOLDED")
        )
          add([key], "block", { self: true, event: null });
      }
    }
  }
  const on = src.node(["on"]);
  if (on && isSeq(on)) {
    on.items.forEach((_, i) => {
      const t = obj((v["on"] as unknown[] | undefined)?.[i]);
      const event = typeof t["event"] === "string" ? t["event"] : null;
      if (typeof t["when"] === "string") add(["on", i, "when"], "expression", { self: true, event });
      add(["on", i, "do"], "block", { self: true, event });
    });
  }
  const mods = src.node(["modifiers"]);
  if (mods && isSeq(mods)) {
    mods.items.forEach((_, i) => {
      const m = obj((v["modifiers"] as unknown[] | undefined)?.[i]);
      const prop = String(m["compute"]);
      const owner = voc?.props.card.has(prop)
        ? T.card
        : voc?.props.player.has(prop)
          ? T.player
          : voc?.props.game.has(prop)
            ? T.game
            : T.unknown;
      const type =
        (voc?.props.card.get(prop) ?? voc?.props.player.get(prop) ?? voc?.props.game.get(prop))?.type ?? T.unknown;
      const params = [
        { name: "subject", type: owner },
        { name: "value", type },
      ];
      if (typeof m["when"] === "string") add(["modifiers", i, "when"], "expression", { self: true, params });
      add(["modifiers", i, "do"], "block", { self: true, params });
    });
  }
}

/** The region holding a file offset (its end included: a cursor just after the code is in it), and the code offset. */
export function regionAt(
  regions: readonly CodeRegion[],
  fileOffset: number,
): { region: CodeRegion; offset: number } | undefined {
  for (const region of regions) {
    const s = region.source;
    const start = s.offset(0);
    const end = s.offset(s.text.length);
    if (fileOffset < start || fileOffset > end) continue;
    // The last code offset whose file offset is not after the cursor (offsets grow with the code).
    let lo = 0;
    let hi = s.text.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s.offset(mid) <= fileOffset) lo = mid;
      else hi = mid - 1;
    }
    return { region, offset: lo };
  }
  // A cursor on a blank line just after a block of code, indented like the code, is at its end
  // (YAML leaves trailing blank lines out of the block's value).
  for (const region of regions) {
    const s = region.source;
    const end = s.offset(s.text.length);
    if (region.mode !== "block" || fileOffset <= end || !s.text.endsWith("\n")) continue;
    const gap = text(region).slice(end, fileOffset);
    if (!/^[ \t\n\r]*$/.test(gap)) continue;
    const first = s.offset(0);
    const indent = first - (text(region).lastIndexOf("\n", first - 1) + 1);
    const col = fileOffset - (text(region).lastIndexOf("\n", fileOffset - 1) + 1);
    if (col >= indent) return { region, offset: s.text.length };
  }
  return undefined;
}

/** The whole file text a region belongs to. */
function text(region: CodeRegion): string {
  return region.fileText;
}
