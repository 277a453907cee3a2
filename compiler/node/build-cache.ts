/**
 * The build cache of a game under dist/<game>/: valid while dist/<game>/inputs.hash matches the hash
 * of the compiler's sources and the game's rules and cards; it keeps the diagnostics of that build.
 * Imports no checker: a cached game is found without loading the compiler.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { GameInput, InputFile } from "../core/files/check-files.ts";
import type { Diagnostic } from "../core/text/diagnostics.ts";
import { readGame, ROOT } from "./project-inputs.ts";

let toolHash: string | null = null;

/** A hash of the compiler and grammar sources: a changed compiler rebuilds every game. */
function compilerHash(): string {
  if (toolHash !== null) return toolHash;
  const h = createHash("sha256");
  for (const dir of ["compiler", "grammar"]) {
    const walk = (d: string): void => {
      for (const e of readdirSync(d).sort()) {
        const p = join(d, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (e.endsWith(".ts")) h.update(e).update(readFileSync(p));
      }
    };
    walk(join(ROOT, dir));
  }
  toolHash = h.digest("hex");
  return toolHash;
}

/** The hash of what the game's code is built from: the compiler, the rules and the cards. */
export function inputHash(inp: GameInput): string {
  return hashOf([inp.rules, ...inp.cards]);
}

/** The hash of everything checked (decks and scenarios too): the cached diagnostics are those of these files. */
export function checkHash(inp: GameInput): string {
  return hashOf([inp.rules, ...inp.cards, ...(inp.decks ?? []), ...(inp.scenarios ?? [])]);
}

function hashOf(files: readonly InputFile[]): string {
  const h = createHash("sha256");
  h.update(compilerHash());
  for (const f of files) h.update(f.path).update("\0").update(f.text).update("\0");
  return h.digest("hex").slice(0, 16);
}

export function outDir(game: string, root = ROOT): string {
  return join(root, "dist", game);
}

/** The build cache of a game: valid when dist/<game>/inputs.hash matches; it keeps the diagnostics of that build. */
export function cached(out: string, hash: string): boolean {
  const hashFile = join(out, "inputs.hash");
  return existsSync(join(out, "game.js")) && existsSync(hashFile) && readFileSync(hashFile, "utf8") === hash;
}

/** The diagnostics stored with the build, when they are those of these files. */
export function cachedDiagnostics(out: string, hash: string): readonly Diagnostic[] | null {
  const file = join(out, "diagnostics.json");
  if (!existsSync(file)) return null;
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { hash: string; diagnostics: Diagnostic[] };
    return stored.hash === hash ? stored.diagnostics : null;
  } catch {
    return null;
  }
}

/**
 * A game's build as the cache holds it, when it is up to date for the files on disk (its code and
 * the stored diagnostics of every checked file): what compileToDisk would return without checking
 * anything. Null: the game must be compiled (or its files cannot be read).
 */
export function cachedBuild(
  game: string,
  root = ROOT,
): { readonly diagnostics: readonly Diagnostic[]; readonly jsPath: string } | null {
  const inp = readGame(game, root);
  if ("code" in inp) return null;
  const out = outDir(game, root);
  if (!cached(out, inputHash(inp))) return null;
  const diagnostics = cachedDiagnostics(out, checkHash(inp));
  return diagnostics === null ? null : { diagnostics, jsPath: join(out, "game.js") };
}
