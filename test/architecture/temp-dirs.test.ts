/** Tests leave no temp folder behind: they make them only through test/kit/temp.ts, which removes them. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";

function testSources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...testSources(p));
    else if (/\.(ts|mts|js|mjs)$/.test(e)) out.push(p);
  }
  return out;
}

/** Files of test/ that make a temp folder themselves (mkdtemp, mkdtempSync, fs/promises' mkdtemp). */
function ownTempDirs(files: readonly string[]): string[] {
  return files
    .filter((f) => relative(ROOT, f) !== join("test", "kit", "temp.ts"))
    .filter((f) => /\bmkdtemp(Sync)?\s*\(/.test(readFileSync(f, "utf8")))
    .map((f) => relative(ROOT, f));
}

describe("temp folders of tests", () => {
  it("are made only by tempDir (test/kit/temp.ts), which removes them after each test file", () => {
    expect(ownTempDirs(testSources(join(ROOT, "test")))).toEqual([]);
  });
});
