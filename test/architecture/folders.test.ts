/**
 * Issue 17's folders: by phase and concern, none a bag — each source folder of grammar/, compiler/,
 * runtime/ and editor/ holds at most MAX_FILES source files and has a README; below the top level
 * the README says what the folder owns and what it may import (the top-level READMEs are maps).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";

const TOPS = ["grammar", "compiler", "runtime", "editor"];
const MAX_FILES = 15;
const SOURCE = /\.(ts|mts|js|mjs|css|html)$/;

/** Folders below `dir` (itself included) that hold source files, as paths relative to ROOT. */
function sourceFolders(dir: string): { path: string; files: number }[] {
  const out: { path: string; files: number }[] = [];
  const walk = (rel: string): void => {
    let files = 0;
    for (const e of readdirSync(join(ROOT, rel))) {
      if (e === "node_modules" || e === "dist" || e.startsWith(".")) continue;
      const p = `${rel}/${e}`;
      if (statSync(join(ROOT, p)).isDirectory()) walk(p);
      else if (SOURCE.test(e) && !e.endsWith(".d.ts")) files++;
    }
    if (files > 0 || TOPS.includes(rel)) out.push({ path: rel, files });
  };
  walk(dir);
  return out;
}

describe("folders: small, each with its README", () => {
  const folders = TOPS.flatMap(sourceFolders);

  it("the walk sees the folders (a layer of the runtime, a phase of the compiler, the sandbox)", () => {
    const paths = folders.map((f) => f.path);
    for (const p of ["runtime/kernel", "compiler/core/semantic", "editor/src/sandbox"]) expect(paths).toContain(p);
  });

  it(`no folder holds more than ${MAX_FILES} source files`, () => {
    expect(folders.filter((f) => f.files > MAX_FILES).map((f) => `${f.path}: ${f.files}`)).toEqual([]);
  });

  it("every folder has a README; below the top level it says what the folder owns and may import", () => {
    const bad: string[] = [];
    for (const f of folders) {
      const readme = join(ROOT, f.path, "README.md");
      if (!existsSync(readme)) {
        bad.push(`${f.path}: no README.md`);
        continue;
      }
      if (TOPS.includes(f.path)) continue;
      const text = readFileSync(readme, "utf8");
      if (!/\*\*Owns:\*\*/.test(text)) bad.push(`${f.path}/README.md: no "**Owns:**"`);
      if (!/\*\*May import:\*\*/.test(text)) bad.push(`${f.path}/README.md: no "**May import:**"`);
    }
    expect(bad).toEqual([]);
  });
});
