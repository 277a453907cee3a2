/**
 * Generates `cst.generated.ts`, the typed CST of `parser.ts`: `npx tsx grammar/cst-gen.ts`.
 * A test fails when the file is out of date with the grammar.
 */

import { generateCstDts } from "chevrotain";
import { parser } from "./parser.ts";

/** The text of `cst.generated.ts`. Every child is optional: error recovery may leave any of them out. */
export function cstTypesSource(): string {
  const dts = generateCstDts(parser.getGAstProductions(), { includeVisitorInterface: false });
  const optional = dts.replace(/^( {2}\w+): (\(?\w+\)?\[\];)$/gm, "$1?: $2");
  return (
    "// DO NOT EDIT — generated from grammar/parser.ts by `npx tsx grammar/cst-gen.ts`.\n" +
    "// The concrete syntax tree of the effect language; to-ast.ts reads it.\n\n" +
    optional.trimEnd() +
    "\n"
  );
}

if (
  typeof process !== "undefined" &&
  process.argv[1] !== undefined &&
  import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"))
) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(new URL("./cst.generated.ts", import.meta.url), cstTypesSource());
}
