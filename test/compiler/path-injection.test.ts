/**
 * A folder name is data, never code: a card under a folder whose name closes a comment and calls
 * `fs.writeFileSync` (issue 16, item 1) is checked, compiled and imported — by `cardwright check`
 * and by a build to dist/ that is then imported, each in a process of its own working in a temp
 * folder — and no file `PWNED` appears. Before the fix, game.js wrote the path into a comment and
 * `check` alone created the file.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameFiles, REPO } from "../kit/corpus.ts";
import { writeGame } from "../kit/toy-game.ts";
import { tempDir } from "../kit/temp.ts";

/** The folder name of the report: `/` in it makes it three nested folders on disk. */
const FOLDER = "x*/;globalThis.process&&process.getBuiltinModule('fs').writeFileSync('PWNED',String(process.pid));/*";
const TSX = join(REPO, "node_modules", "tsx", "dist", "loader.mjs");

let root = "";

/** Runs a script of the repository under tsx in `root` (the working directory), with the CLI's plain output. */
function node(script: string, args: readonly string[]) {
  return spawnSync(process.execPath, ["--import", TSX, join(REPO, script), ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
}

/** Every file named PWNED under `dir`. */
function pwned(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((p) => p.split(/[\\/]/).pop() === "PWNED");
}

beforeAll(() => {
  root = writeGame(gameFiles(), "corpus", tempDir("cardwright-pwn-"));
  const cards = join(root, "cards", "corpus", "cards");
  mkdirSync(join(cards, FOLDER), { recursive: true });
  renameSync(join(cards, "zap.yaml"), join(cards, FOLDER, "zap.yaml"));
  expect(existsSync(join(cards, FOLDER, "zap.yaml"))).toBe(true);
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("a folder name that closes a comment and calls fs", () => {
  it("cardwright check reads the card and runs nothing", () => {
    const r = node("compiler/node/cli/main.ts", ["check", "--root", root, "corpus"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("✓ corpus: 4 card file(s), 0 error(s)");
    expect(r.status).toBe(0);
    expect(pwned(root)).toEqual([]);
  });

  it("the game compiles to dist/, imports without running anything, and keeps the path as data", () => {
    const r = node("test/compiler/fixtures/compile-import.ts", [root, "corpus"]);
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe(`imported ${join(root, "dist", "corpus", "game.js")}`);
    expect(r.status).toBe(0);
    expect(pwned(root)).toEqual([]);
    const js = readFileSync(join(root, "dist", "corpus", "game.js"), "utf8");
    // The path is in the $F table as one string literal, and in no comment.
    const path = `cards/corpus/cards/${FOLDER}/zap.yaml`;
    expect(js).toContain(`  ${JSON.stringify(path)}`);
    expect(js.split("\n").filter((l) => l.includes("writeFileSync"))).toEqual([
      `  ${JSON.stringify(path)}`,
      `      "file": ${JSON.stringify(path)},`,
    ]);
    const types = readFileSync(join(root, "dist", "corpus", "game.d.ts"), "utf8");
    expect(types).not.toContain("writeFileSync");
  });
});
