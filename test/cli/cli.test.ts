/** The `cardwright` command line, run as a user runs it. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";

function cw(...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "compiler/node/cli/main.ts"), ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at /);

describe("cardwright play", () => {
  it("ES-MATCH-1: plays a whole best-of-3 between random agents, the same seed prints the same log, the replay reproduces it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cw-play-"));
    const replayFile = join(dir, "seed7.json");
    const a = cw("play", "elementis", "--seed", "7", "--save-replay", replayFile);
    const b = cw("play", "elementis", "--seed", "7");
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    const lines = a.out.trim().split("\n");
    expect(lines[0]).toBe("Elementis Summoner, seed 7");
    expect(lines).toContain("Game 1 begins: P1 vs P2");
    expect(lines.filter((l) => /^Game \d: P[12] wins$/.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(lines.find((l) => l.startsWith("Match over:"))).toMatch(/^Match over: P[12] wins \(P1 [0-2] – P2 [0-2]\)$/);
    // The log ends with the winner (the replay line comes after it).
    const winner = lines.findLast((l) => l.startsWith("Winner:"));
    expect(winner).toMatch(/^Winner: P[12]$/);
    expect(b.out).toBe(a.out.replace(`replay saved to ${replayFile}\n`, ""));
    const r = cw("play", "elementis", "--replay", replayFile);
    expect(r.code).toBe(0);
    const body = (s: string) => s.split("\n").filter((l) => !/^(Elementis Summoner, seed|P[12]: .* agent$|replay saved)/.test(l)).join("\n");
    expect(body(r.out)).toBe(body(a.out));
    expect(JSON.parse(readFileSync(replayFile, "utf8")).game).toBe("elementis");
  });

  it("a different seed plays a different match", () => {
    expect(cw("play", "elementis", "--seed", "8", "--quiet").out).not.toBe(cw("play", "elementis", "--seed", "7", "--verbose").out);
  });

  it("user mistakes give a clear message and a non-zero exit code, never a stack trace", () => {
    const cases: [string[], number, RegExp][] = [
      [["play", "nope"], 1, /no game 'nope': cards\/nope\/rules\.yaml does not exist\n {2}hint: games: elementis/],
      [["play", "elementis", "--seed", "x"], 2, /--seed must be a whole number, got 'x'/],
      [["play", "elementis", "--deck", "fire,lava"], 2, /no deck 'lava'; decks: fire, water, wind/],
      [["play", "elementis", "--agents", "random,clever"], 2, /unknown agent 'clever'; agents: random, first, human/],
      [["play", "elementis", "--option", "lives=3"], 2, /unknown option 'lives'/],
      [["play", "elementis", "--replay", "/nonexistent.json"], 2, /no replay file '\/nonexistent\.json'/],
      [["frobnicate"], 2, /unknown command 'frobnicate'/],
    ];
    for (const [args, code, message] of cases) {
      const r = cw(...args);
      expect(r.code, args.join(" ")).toBe(code);
      expect(r.err, args.join(" ")).toMatch(message);
      noStack(r.err);
    }
  });
});

describe("cardwright check / test / --help", () => {
  it("check reports a clean game with exit code 0", () => {
    const r = cw("check", "elementis");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/✓ elementis: 32 card file\(s\), 0 error\(s\), 0 warning\(s\)/);
  });

  it("test runs every scenario and reports the count", () => {
    const r = cw("test", "elementis");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\n(\d+) passed, 0 failed\n$/);
  });

  it("--help describes each command", () => {
    for (const c of ["check", "compile", "test", "play"]) {
      const r = cw(c, "--help");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`Usage: cardwright ${c}`));
    }
  });
});
