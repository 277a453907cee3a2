/**
 * Tampered replay files (issue 16): each is refused with one line saying what is wrong and where,
 * exit 2, never "internal error"; replays saved by b49581d's CLI (test/cli/fixtures) still load.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

const FIXTURES = join(import.meta.dirname, "fixtures");
const saved = (name: string): string => readFileSync(join(FIXTURES, name), "utf8");
type Json = { [k: string]: unknown };

describe("tampered replays (issue 16)", () => {
  const dir = tempDir("cw-replay-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = JSON.parse(saved("replay-b49581d-elementis.json")) as Json & { config: Json & { players: Json[] } };
  const write = (name: string, doc: unknown): string => {
    const f = join(dir, name);
    writeFileSync(f, typeof doc === "string" ? doc : JSON.stringify(doc));
    return f;
  };
  const tamper = (edit: (r: typeof base) => void): typeof base => {
    const r = JSON.parse(JSON.stringify(base)) as typeof base;
    edit(r);
    return r;
  };
  const p1 = (r: typeof base) => r.config.players[0] as Json & { zones: Json; props: Json };
  const three = tamper((r) => r.config.players.push({ ...p1(r), name: "P3" }));
  const zeroPlayers = tamper((r) => (r.config.players = []));
  const CASES: readonly [string, unknown, string][] = [
    ["3 players", three, "does not fit 'elementis': this game needs 2 players, the configuration has 3"],
    ["0 players", zeroPlayers, "not a replay file: replay.config.players: 0 items, fewer than 1"],
    [
      "a zone named __proto__",
      `{"game":"elementis","config":{"seed":5,"players":[{"name":"P1","zones":{"__proto__":["dragon"]}},{"name":"P2","zones":{}}]},"actions":[]}`,
      "does not fit 'elementis': unknown zone '__proto__' (zones: ",
    ],
    [
      "a zone named toString",
      tamper((r) => (p1(r).zones = { toString: ["dragon"] })),
      "does not fit 'elementis': unknown zone 'toString' (zones: ",
    ],
    [
      "an option named constructor",
      tamper((r) => (r.config.options = { constructor: 1 })),
      "does not fit 'elementis': unknown option 'constructor' (known: ",
    ],
    [
      "a property named __proto__",
      `{"game":"elementis","config":{"seed":5,"players":[{"name":"P1","zones":{},"props":{"__proto__":1}},{"name":"P2","zones":{}}]},"actions":[]}`,
      "does not fit 'elementis': unknown player property '__proto__' (known: ",
    ],
    ["an unknown version", tamper((r) => (r.config.version = "9.9")), "does not fit 'elementis': "],
    [
      "a 5 MB player name",
      tamper((r) => (p1(r).name = "x".repeat(5_000_000))),
      "not a replay file: replay.config.players[0].name: a text of 5000000 characters is longer than 100",
    ],
    [
      "an unknown card",
      tamper((r) => (p1(r).zones = { hand: ["no-such-card"] })),
      "does not fit 'elementis': unknown card 'no-such-card'",
    ],
    [
      "a seed of 1e308",
      tamper((r) => (r.config.seed = 1e308)),
      "not a replay file: replay.config.seed: 1e+308 is above 4294967295",
    ],
    ["a seed of -1", tamper((r) => (r.config.seed = -1)), "not a replay file: replay.config.seed: -1 is below 0"],
    [
      "an unknown format",
      tamper((r) => (r.format = 2)),
      "not a replay file: replay format 2 is newer than this Cardwright reads (format 1)",
    ],
    [
      "an action of an unknown type",
      tamper((r) => (r.actions = [{ type: "cheat" }])),
      `not a replay file: replay.actions[0].type: "cheat" is not one of "act", "pick", "done", "yes", "no"`,
    ],
    ["not JSON", "{", "not a replay file: not JSON: "],
  ];

  for (const [what, doc, message] of CASES) {
    it(`${what}: exit 2, one line naming the problem, no internal error`, async () => {
      const f = write(`${what.replace(/\W+/g, "-")}.json`, doc);
      const r = await cli(["play", "elementis", "--replay", f, "--quiet"]);
      expect(r.err.startsWith(`error: ${f}: ${message}`)).toBe(true);
      expect(r.err.split("\n").length).toBe(2);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
    });
  }

  it("an unknown version names the nearest known one", async () => {
    const r = await cli([
      "play",
      "elementis",
      "--replay",
      write(
        "v.json",
        tamper((x) => (x.config.version = "9.9")),
      ),
      "--quiet",
    ]);
    expect(r.err).toMatch(/: does not fit 'elementis': .*'9\.9'/);
  });

  it("--save-replay /proc/version is refused before the match is played", async () => {
    const r = await cli(["play", "elementis", "--save-replay", "/proc/version", "--quiet"]);
    expect(r.err).toMatch(
      /^error: --save-replay: '\/proc\/version' cannot be written \(its folder takes no new file: E[A-Z]+\)\n$/,
    );
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
  });

  // (VERMILION's replay of b49581d stops at the mulligan question its rules have asked since (D12):
  // test/cli/legacy-files.test.ts checks that refusal.)
  it("replays saved by b49581d's CLI still load and play to the same end", async () => {
    for (const [game, file, winner] of [
      ["elementis", "replay-b49581d-elementis.json", "P2"],
      ["elementis", "replay-b49581d-elementis-board.json", "Me"],
    ] as const) {
      const r = await cli(["play", game, "--replay", join(FIXTURES, file), "--quiet"]);
      expect([r.code, r.err, r.out]).toEqual([0, "", `Winner: ${winner}\n`]);
    }
  });

  it("a saved replay carries format 1 and plays back the same", async () => {
    const f = join(dir, "new.json");
    expect((await cli(["play", "elementis", "--seed", "5", "--quiet", "--save-replay", f])).code).toBe(0);
    const r = JSON.parse(readFileSync(f, "utf8")) as Json;
    expect(Object.keys(r)[0]).toBe("format");
    expect(r.format).toBe(1);
    expect({ ...r, format: undefined }).toEqual({ ...base, format: undefined });
  });
});
