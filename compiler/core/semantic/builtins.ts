/** Declarations of what every game has without declaring it: built-in functions and context names. */
import { BUILTINS } from "./checker.ts";
import type { Declaration } from "./symbols.ts";

let cache: Declaration[] | null = null;

export function builtinDeclarations(): readonly Declaration[] {
  if (!cache)
    cache = Object.entries(BUILTINS).map(([name, b]) => ({
      id: `builtin:${name}`,
      kind: "builtin",
      name,
      detail: b.doc,
      doc: b.doc,
      span: null,
    }));
  return cache;
}
