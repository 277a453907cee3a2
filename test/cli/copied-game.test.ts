/**
 * A game is data: a shipped game copied under a new name into a fresh project's cards/ works with
 * every command — check, test, play and fuzz — and plays as the original does. Nothing here names
 * a game: the copy is of the shipped game with the fewest cards (the quickest to run).
 *
 * The CLI's project is the folder its sources live in (compiler/node/project.ts: ROOT), and only
 * some commands take --root, so the temporary project holds a copy of the tool's sources
 * (compiler/, grammar/, runtime/, package.json; node_modules linked) beside cards/<new name>/,
 * and the commands run in that folder, loaded as an installed package loads them (tsx's loader
 * API, as compiler/node/cli/bin.js does). Everything is removed afterwards.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listGames, ROOT } from "../../compiler/node/project.ts";
import { cli } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

const yamlFiles = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.ya?ml$/.test(f)) : [];

/** The shipped game with the fewest card files. */
const original = listGames()
  .map((g) => ({ g, n: yamlFiles(join(ROOT, "cards", g, "cards")).length }))
  .sort((a, b) => a.n - b.n || a.g.localeCompare(b.g))[0]?.g;
if (original === undefined) throw new Error("no game under cards/");
const copy = `copy-of-${original}`;

const project = tempDir("cw-copied-game-");
for (const part of ["compiler", "grammar", "runtime", "package.json"])
  cpSync(join(ROOT, part), join(project, part), { recursive: true });
symlinkSync(realpathSync(join(ROOT, "node_modules")), join(project, "node_modules"), "dir");
const gameFolder = join(project, "cards", copy);
cpSync(join(ROOT, "cards", original), gameFolder, { recursive: true });
// The copy is a game of its own name: its rules say so too.
const rulesFile = join(gameFolder, "rules.yaml");
writeFileSync(rulesFile, readFileSync(rulesFile, "utf8").replace(/^game: .*$/m, `game: ${copy}`));

afterAll(() => rmSync(project, { recursive: true, force: true }));

/**
 * The four commands in one process of the temporary project (one start of the tool, not four):
 * each through the CLI's `runCli`, which returns the exit code the process would end with and the
 * output it would print. The runs are made once, on first use.
 */
const RUNS = {
  check: ["check", copy],
  test: ["test", copy],
  play: ["play", copy, "--seed", "5"],
  fuzz: ["fuzz", copy, "--games", "5", "--seed", "1", "--shrink-time", "5"],
} as const;
type Run = { code: number; stdout: string; stderr: string };
let runs: Record<keyof typeof RUNS, Run> | null = null;
function cw(name: keyof typeof RUNS): Run {
  if (runs === null) {
    const driver = join(project, "run-commands.mjs");
    writeFileSync(
      driver,
      [
        'import { tsImport } from "tsx/esm/api";',
        'const { runCli } = await tsImport("./compiler/node/cli/main.ts", import.meta.url);',
        "const out = {};",
        "for (const [name, args] of Object.entries(JSON.parse(process.argv[2]))) out[name] = await runCli(args);",
        "process.stdout.write(JSON.stringify(out));",
      ].join("\n"),
    );
    const r = spawnSync(process.execPath, [driver, JSON.stringify(RUNS)], {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    if (r.status !== 0) throw new Error(`the commands did not run: ${r.stderr}`);
    runs = JSON.parse(r.stdout) as Record<keyof typeof RUNS, Run>;
  }
  return runs[name];
}

describe(`a shipped game (${original}) copied under a new name into a temporary cards/`, () => {
  it("check: no errors, every card file read", () => {
    const r = cw("check");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^✓ ${copy}: ${yamlFiles(join(gameFolder, "cards")).length} card file\\(s\\), 0 error\\(s\\), `, "m"),
    );
  });

  it("test: every scenario of the copy passes, the same scenarios as the original's", async () => {
    const r = cw("test");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+ passed, 0 failed$/m);
    const lines = (out: string, game: string) =>
      out.split("\n").filter((l) => l.startsWith(`✓ ${game}: `) || l.startsWith(`✗ ${game}: `));
    const before = await cli(["test", original]);
    expect(before.code).toBe(0);
    const expected = lines(before.out, original).map((l) => l.replace(`✓ ${original}: `, `✓ ${copy}: `));
    expect(expected.length).toBeGreaterThan(0);
    expect(lines(r.stdout, copy)).toEqual(expected);
  });

  it("play: the copy plays the very match the original plays with the same seed", async () => {
    const r = cw("play");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const before = await cli(["play", original, "--seed", "5"]);
    expect(before.code).toBe(0);
    // The same lines, but for the deck files' folder.
    expect(r.stdout).toBe(before.out.replaceAll(`cards/${original}/`, `cards/${copy}/`));
    expect(r.stdout).toMatch(/\n(Winner: .+|The match is a draw\.)\n$/);
  });

  it("fuzz: 5 random games, no failure, nothing written", () => {
    const r = cw("fuzz");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^${copy}: 5 random game\\(s\\) from seed 1, \\d+ invariant\\(s\\) and faults checked after every action\\n✓ ${copy}: 5 game\\(s\\), \\d+ decisions in [\\d.]+ s \\([\\d.]+ games/s\\), no failure\\n$`,
      ),
    );
    expect(yamlFiles(join(gameFolder, "scenarios")).filter((f) => f.includes("fuzz-"))).toEqual([]);
  });
});
