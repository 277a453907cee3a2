/**
 * A file's table of code: each YAML scalar that holds effect code, with how it is parsed, what the
 * code may see and the map from its offsets to file offsets. The checker records one entry for
 * every code field it reads (unit-builder.ts), so completion, hover and highlighting work on
 * exactly the code the checker checked; the model keeps the table per file (FileModel.code).
 */
import type { SourceFile, TextSource, YamlPath } from "../text/source.ts";
import type { UnitKind } from "../semantic/ir.ts";
import type { Type } from "../semantic/types.ts";

/** How the scalar's text is parsed: statements, one expression, a `c in list` binding, a label text. */
export type CodeMode = "block" | "expression" | "binding" | "label";

export interface CodeParam {
  readonly name: string;
  readonly type: Type;
}

export interface CodeRegion {
  /** Where the scalar is in the file (inside a version entry, the entry's path). */
  readonly path: YamlPath;
  readonly mode: CodeMode;
  /** The code with the map from its offsets to file offsets (built once, by the checker). */
  readonly source: TextSource;
  /** The text of the whole file. */
  readonly fileText: string;
  /** Whether `self` exists (card code). */
  readonly self: boolean;
  /** The event `event` names: a name, null when its kind is known only at run time, undefined when there is none. */
  readonly event: string | null | undefined;
  /** Names the code starts with (parameters, `it`, `value`…) and their types, as the checker gave them. */
  readonly params: readonly CodeParam[];
  /**
   * The code unit the checker made of it (`id` in the module tables, its kind); null for code the
   * checker did not check (a card file whose YAML or schema failed: see `uncheckedCardCode`).
   */
  readonly unit: { readonly id: string; readonly kind: UnitKind } | null;
}

/** Sorts a file's regions in file order (the services look regions up by offset). */
export function inFileOrder(regions: readonly CodeRegion[]): CodeRegion[] {
  return [...regions].sort((a, b) => a.source.offset(0) - b.source.offset(0));
}

/**
 * A card file whose body the checker did not check (its YAML or schema has errors, its kind is
 * unknown, or its id is a duplicate) still gets code regions, so that an author fixing it keeps
 * completion and highlighting: each block scalar (`|`) at the top, and the `do`/`when` of each
 * `on:` trigger and `modifiers:` entry. Recorded by the files phase when it read the file.
 */
export function uncheckedCardCode(src: SourceFile): CodeRegion[] {
  const out: CodeRegion[] = [];
  if (!src.ok) return out;
  const add = (path: YamlPath, mode: CodeMode, event: string | null | undefined) => {
    const source = src.textAt(path);
    if (source) out.push({ path, mode, source, fileText: src.text, self: true, event, params: [], unit: null });
  };
  const top = src.value();
  const value = top && typeof top === "object" && !Array.isArray(top) ? (top as Record<string, unknown>) : {};
  for (const key of Object.keys(value)) {
    if (key === "on" || key === "modifiers") continue;
    const t = src.textAt([key]);
    // Only a block scalar is taken for code: `name: Imp` is not.
    if (t && src.isBlockScalar([key])) add([key], "block", null);
  }
  const list = (k: string) => (Array.isArray(value[k]) ? (value[k] as unknown[]) : []);
  list("on").forEach((t, i) => {
    const ev = t && typeof t === "object" ? (t as Record<string, unknown>)["event"] : undefined;
    const event = typeof ev === "string" ? ev : null;
    add(["on", i, "when"], "expression", event);
    add(["on", i, "do"], "block", event);
  });
  list("modifiers").forEach((_, i) => {
    add(["modifiers", i, "when"], "expression", undefined);
    add(["modifiers", i, "do"], "block", undefined);
  });
  return inFileOrder(out);
}
