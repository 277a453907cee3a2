/**
 * Issue 9, class 7: user mistakes on the command line. Each gets exit code 2 and exactly one line
 * on stderr naming the mistake, with no stack trace; values are checked against what the game
 * declares, and output paths before any work. In process (see kit.ts).
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";
import { cli, gamesOnDisk } from "../kit/cli.ts";
import { tempDir } from "../kit/temp.ts";

const dir = tempDir("cw-mistakes-");
const folder = join(dir, "a-folder");
mkdirSync(folder);
const notJson = join(dir, "not.json");
writeFileSync(notJson, "hello");
const otherGame = join(dir, "gi.json");
writeFileSync(otherGame, JSON.stringify({ game: "gitcg", config: { seed: 1, players: [] }, actions: [] }));
const badAction = join(dir, "bad-action.json");
writeFileSync(
  badAction,
  JSON.stringify({
    game: "elementis",
    config: {
      seed: 1,
      players: [
        { name: "A", zones: {} },
        { name: "B", zones: {} },
      ],
    },
    actions: [{ type: "act", action: "fly", args: {} }],
  }),
);
const scenario = relative(process.cwd(), join(ROOT, "cards/elementis/scenarios/fireball.yaml"));
const giScenario = relative(
  process.cwd(),
  join(
    ROOT,
    "cards/gitcg/scenarios",
    readdirSync(join(ROOT, "cards/gitcg/scenarios")).find((f) => f.endsWith(".yaml")) ?? "x.yaml",
  ),
);

/** The games the CLI finds, as its "no game" message lists them (whatever folders cards/ holds). */
const games = gamesOnDisk()
  .join(", ")
  .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const E = ["play", "elementis"];
const G = ["play", "gitcg"];
const CASES: readonly (readonly [readonly string[], RegExp])[] = [
  [["frobnicate"], /^error: unknown command 'frobnicate'/],
  [["check", "--bogus"], /^error: unknown option '--bogus'/],
  [["play"], /^error: missing required argument 'game'/],
  [["play", "elementis", "extra"], /^error: too many arguments/],
  [["test", "--filter"], /^error: option '--filter <text>' argument missing/],
  [["play", "nope"], new RegExp(`^error: no game 'nope' under cards/ \\(games: ${games}\\)$`)],
  [["play", "../cards/elementis"], /^error: '\.\.\/cards\/elementis' is not a game name/],
  [["compile", "../x"], /^error: '\.\.\/x' is not a game name: give the name of a folder under cards\//],
  [["compile", "/tmp"], /^error: '\/tmp' is not a game name/],
  [["compile"], /^error: compile: name the games to compile, or give --all$/],
  [["compile", "nope"], /^error: no game 'nope'/],
  [["check", "nope"], /^error: no game 'nope'/],
  [["check", "--root", "/nonexistent"], /^error: --root: no games in '\/nonexistent'/],
  [["test", "nope"], /^error: no game 'nope'/],
  [["test", "--file", "missing.yaml"], /^error: --file: no file 'missing\.yaml'$/],
  [["test", "--file", folder], /^error: --file: '.*a-folder' is not a file$/],
  [["test", "--file", join(ROOT, "package.json")], /^error: --file: '.*package\.json' is not inside a game folder/],
  [["test", "elementis", "--file", giScenario], /^error: --file: '.*' belongs to the game 'gitcg', not to elementis$/],
  [[...E, "--seed", "x"], /^error: --seed must be a whole number from 0 to 4294967295, got 'x'$/],
  [[...E, "--seed=-1"], /^error: --seed must be a whole number from 0 to 4294967295, got '-1'$/],
  [[...E, "--seed", "4294967297"], /^error: --seed must be a whole number from 0 to 4294967295, got '4294967297'$/],
  [[...E, "--seed", "1.5"], /got '1\.5'$/],
  [[...E, "--seed", "1e3"], /got '1e3'$/],
  [
    [...E, "--agents", "random,clever"],
    /^error: unknown agent 'clever'; agents: random, first, human, greedy, mcts\[:budget\], dmcts\[:budget\]$/,
  ],
  [[...E, "--deck", "fire,lava"], /^error: no deck 'lava'; decks: fire, water, wind$/],
  [[...E, "--deck", "fire,water,wind"], /^error: --deck names 3 decks for 2 seats$/],
  [[...E, "--option", "lives=3"], /^error: unknown option 'lives'; options: format, life, /],
  [[...E, "--option", "life=abc"], /^error: option 'life' must be a whole number, got 'abc'$/],
  [[...E, "--option", "format=weird"], /^error: option 'format' must be one of build, random, got 'weird'$/],
  [[...E, "--option", "noequals"], /^error: --option expects name=value, got 'noequals'$/],
  [[...E, "--option", "turnOver=maybe"], /^error: option 'turnOver' must be true or false, got 'maybe'$/],
  [[...E, "--option", "current=7"], /^error: option 'current' must be a seat from 1 to 2 or none, got '7'$/],
  [[...E, "--option", "constructor=1"], /^error: unknown option 'constructor'/],
  [[...E, "--option", "__proto__=1"], /^error: unknown option '__proto__'/],
  [[...E, "--option", "toString=1"], /^error: unknown option 'toString'/],
  [[...G, "--option", "roundLimit=abc"], /^error: option 'roundLimit' must be a whole number, got 'abc'$/],
  [[...G, "--option", "format=weird"], /^error: unknown option 'format'/],
  [[...G, "--seat", "1:manualPay=maybe"], /^error: player property 'manualPay' must be true or false, got 'maybe'$/],
  [
    [...G, "--seat", "3:manualPay=true"],
    /^error: --seat expects seat:name=value with a seat from 1 to 2, got '3:manualPay=true'$/,
  ],
  [[...G, "--seat", "1:nosuch=1"], /^error: unknown player property 'nosuch'/],
  [[...G, "--seat", "garbage"], /^error: --seat expects seat:name=value/],
  [[...G, "--seat", "1:toString=true"], /^error: unknown player property 'toString'/],
  [[...G, "--seat", "1:__proto__=true"], /^error: unknown player property '__proto__'/],
  [[...G, "--seat", "1:hasOwnProperty=true"], /^error: unknown player property 'hasOwnProperty'/],
  [[...G, "--seat", "1:switchCost=-3"], /^error: player property 'switchCost' must be at least 0, got '-3'$/],
  [
    [...G, "--seat", "1:queued=x"],
    /^error: player property 'queued' is of type list<cardid>, which cannot be set from the command line$/,
  ],
  [
    [...E, "--save-replay", "/nonexistent/x.json"],
    /^error: --save-replay: the folder of '\/nonexistent\/x\.json' does not exist$/,
  ],
  [[...E, "--save-replay", folder], /^error: --save-replay: '.*a-folder' is a folder, not a file$/],
  [
    [...E, "--save-replay", join(notJson, "x.json")],
    /^error: --save-replay: the folder of '.*not\.json\/x\.json' does not exist$/,
  ],
  [[...E, "--replay", "/nonexistent.json"], /^error: --replay: no file '\/nonexistent\.json'$/],
  [[...E, "--replay", folder], /^error: --replay: '.*a-folder' is not a file$/],
  [[...E, "--replay", notJson], /^error: .*not\.json: not a replay file: /],
  [[...E, "--replay", otherGame], /^error: .*gi\.json is a replay of 'gitcg', not 'elementis'$/],
  [[...E, "--replay", badAction], /^error: .*bad-action\.json: action 1 does not apply to this game: /],
  [[...E, "--replay", otherGame, "--from", `${scenario}#x`], /^error: --replay and --from cannot be used together$/],
  [[...E, "--quiet", "--verbose"], /^error: --quiet and --verbose cannot be used together$/],
  [[...E, "--from", "nosuch.yaml#x"], /^error: --from: no file 'nosuch\.yaml'$/],
  [[...E, "--from", scenario], /^error: --from expects <scenario-file>#<scenario name>, got '.*fireball\.yaml'$/],
  [
    [...E, "--from", `${scenario}#no such scenario`],
    /^error: --from: .*fireball\.yaml has no scenario 'no such scenario'; scenarios: /,
  ],
  [["demo", "--seed", "x"], /^error: --seed must be a whole number/],
];

describe("CLI mistakes (issue 9, class 7): exit 2, one line, no stack trace", () => {
  it(`has at least 40 cases (${CASES.length})`, () => expect(CASES.length).toBeGreaterThanOrEqual(40));
  for (const [args, message] of CASES) {
    it(`cardwright ${args.map((a) => (a.includes(dir) ? a.replace(dir, "<tmp>") : a)).join(" ")}`, async () => {
      const r = await cli(args);
      expect(r.code).toBe(2);
      const lines = r.err.split("\n").filter((l) => l !== "");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(r.err).not.toMatch(/\bat .*\.ts:\d+|internal error/);
      expect(r.out).toBe("");
    });
  }
});
