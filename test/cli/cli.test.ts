/** The `cardwright` command line: in process (kit.ts), and once as a real process for the process boundary. */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";
import { cli, gamesOnDisk } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

function cw(...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "compiler/node/cli/main.ts"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at /);

describe("cardwright play", () => {
  it("ES-MATCH-1: plays a whole best-of-3 between random agents, the same seed prints the same log, the replay reproduces it", async () => {
    const dir = tempDir("cw-play-");
    const replayFile = join(dir, "seed7.json");
    // The real process once (exit code, streams); the rest in process.
    const a = cw("play", "elementis", "--seed", "7", "--save-replay", replayFile);
    const b = await cli(["play", "elementis", "--seed", "7"]);
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
    const r = await cli(["play", "elementis", "--replay", replayFile]);
    expect(r.code).toBe(0);
    const body = (s: string) =>
      s
        .split("\n")
        .filter((l) => !/^(Elementis Summoner, seed|P[12]: .* agent$|replay saved)/.test(l))
        .join("\n");
    expect(body(r.out)).toBe(body(a.out));
    expect(JSON.parse(readFileSync(replayFile, "utf8")).game).toBe("elementis");
  });

  it("a different seed plays a different match", async () => {
    const body = (s: string) => s.split("\n").slice(3).join("\n");
    expect(body((await cli(["play", "elementis", "--seed", "8"])).out)).not.toBe(
      body((await cli(["play", "elementis", "--seed", "7"])).out),
    );
  });

  it("a replay that ends early says the match is unfinished, not a draw", async () => {
    const dir = tempDir("cw-play-");
    const full = join(dir, "full.json");
    expect((await cli(["play", "elementis", "--seed", "5", "--quiet", "--save-replay", full])).code).toBe(0);
    const rep = JSON.parse(readFileSync(full, "utf8")) as { actions: unknown[] };
    const cut = join(dir, "cut.json");
    writeFileSync(cut, JSON.stringify({ ...rep, actions: rep.actions.slice(0, 3) }));
    const r = await cli(["play", "elementis", "--replay", cut, "--quiet"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe("The match is unfinished.\nThe replay ends after 3 action(s), before the match was over.\n");
  });

  it("a user mistake through the real process: exit 2, one line, no stack trace (the table is in mistakes.test.ts)", () => {
    const r = cw("play", "nope");
    expect(r.code).toBe(2);
    // The games listed are the folders under cards/ with a rules.yaml, in order.
    expect(r.err).toBe(`error: no game 'nope' under cards/ (games: ${gamesOnDisk().join(", ")})\n`);
    noStack(r.err);
  });
});

describe("cardwright check / test / --help", () => {
  it("check reports a clean game with exit code 0", async () => {
    const r = await cli(["check", "elementis"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/✓ elementis: 32 card file\(s\), 0 error\(s\), 0 warning\(s\)/);
  });

  it("test runs every scenario and reports the count", async () => {
    const r = await cli(["test", "elementis"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\n(\d+) passed, 0 failed\n$/);
  });

  it("--help describes each command", async () => {
    for (const c of ["check", "compile", "test", "play", "demo"]) {
      const r = await cli([c, "--help"]);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`Usage: cardwright ${c}`));
    }
    // What each says it does is what it does: check writes nothing (it builds the module in memory).
    const flat = async (c: string) => (await cli([c, "--help"])).out.replace(/\s+/g, " ");
    expect(await flat("check")).toContain("report diagnostics; writes nothing");
    expect(await flat("play")).toContain("--from <file#scenario> start from the board a scenario gives");
  });

  it("test --file runs only that file, for the game it belongs to", async () => {
    const r = await cli(["test", "--file", "cards/elementis/scenarios/fireball.yaml"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^(✓ elementis: .*\n)+\n\d+ passed, 0 failed\n$/);
    expect(r.out).not.toContain("gitcg");
  });
});
