/** The compiler's corpus: its base game, overlays of it, its cases and their expected output (games on disk: toy-game.ts). */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { GameInput, InputFile } from "../../compiler/core/files/check-files.ts";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CORPUS = join(REPO, "test", "corpus");
export const BASE = join(CORPUS, "base");
export const CASES = join(CORPUS, "cases");

/** Every file under `dir` (not `expected.txt`), as paths relative to `dir` with `/` separators. */
export function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p).split("\\").join("/"), readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  out.delete("expected.txt");
  return out;
}

/** The base game's files overlaid by `overlay` (relative path → text). */
export function gameFiles(overlay: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const files = filesUnder(BASE);
  for (const [p, t] of overlay) files.set(p, t);
  return files;
}

/** A GameInput from game files: `rules.yaml` and `cards/*.yaml`, cards sorted by path like readGame. */
export function toInput(files: ReadonlyMap<string, string>): GameInput {
  const rules = files.get("rules.yaml");
  if (rules === undefined) throw new Error("no rules.yaml");
  const cards: InputFile[] = [...files]
    .filter(([p]) => p.startsWith("cards/") && /\.ya?ml$/.test(p))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, text]) => ({ path, text }));
  return { rules: { path: "rules.yaml", text: rules }, cards };
}

export function caseNames(): string[] {
  return existsSync(CASES)
    ? readdirSync(CASES)
        .filter((d) => statSync(join(CASES, d)).isDirectory())
        .sort()
    : [];
}

export function caseInput(name: string): GameInput {
  return toInput(gameFiles(filesUnder(join(CASES, name))));
}

export function expectedOf(name: string): string {
  return readFileSync(join(CASES, name, "expected.txt"), "utf8").trim();
}
