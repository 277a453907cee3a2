/** Invariant ARCH-1 (docs/architecture.md): no import circle, type-only imports included. */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";
import { importCycles } from "./import-graph.ts";
import { tempDir } from "../kit/temp.ts";

describe("import graph", () => {
  it("has no circle in grammar/, compiler/, runtime/ or editor/", () => {
    expect(importCycles(ROOT, ["grammar", "compiler", "runtime", "editor"])).toEqual([]);
  });

  it("finds a circle closed by a type-only import", () => {
    const dir = tempDir("cw-cycles-");
    try {
      mkdirSync(join(dir, "src"));
      writeFileSync(join(dir, "src", "a.ts"), 'import { b } from "./b.ts";\nexport const a = b;\n');
      writeFileSync(join(dir, "src", "b.ts"), 'import type { A } from "./c.ts";\nexport const b = 1 as A;\n');
      writeFileSync(join(dir, "src", "c.ts"), 'export type A = typeof import("./a.ts").a;\n');
      expect(importCycles(dir, ["src"])).toEqual([["src/a.ts", "src/b.ts", "src/c.ts"]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
