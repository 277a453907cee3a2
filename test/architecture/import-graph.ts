/**
 * The project's import graph, read with TypeScript's own pre-processor: static, type-only,
 * re-export and dynamic imports are all edges (a type-only circle is still a design circle).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { components } from "../../compiler/core/analysis/triggers/scc.ts";

export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir)) {
      if (e === "node_modules" || e === "dist") continue;
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|mts|js|mjs)$/.test(e) && !e.endsWith(".d.ts")) out.push(p);
    }
  };
  for (const f of folders) if (existsSync(join(root, f))) walk(join(root, f));
  return out.sort();
}

/** Each file's imports of other files of the set (relative specifiers only). */
export function importEdges(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith(".")) continue;
      const base = resolve(dirname(file), ref.fileName);
      const hit = [base, `${base}.ts`, base.replace(/\.js$/, ".ts"), join(base, "index.ts")].find((c) => known.has(c));
      if (hit !== undefined && hit !== file) targets.add(hit);
    }
    edges.set(file, [...targets].sort());
  }
  return edges;
}

/** Every circle (strongly connected set of more than one file), as paths relative to `root`. */
export function importCycles(root: string, folders: readonly string[]): string[][] {
  const files = sourceFiles(root, folders);
  const edges = importEdges(files);
  const index = new Map(files.map((f, i) => [f, i]));
  const next = files.map((f) => (edges.get(f) ?? []).map((t) => index.get(t) as number));
  return components(files.length, next)
    .filter((c) => c.length > 1)
    .map((c) => c.map((i) => relative(root, files[i] as string)).sort());
}
