/**
 * At every decision point of 200 random games the state survives a JSON round trip, and the
 * game continues identically: the final log and hash equal those of the uninterrupted run.
 * Also: the same seed gives the same match, and a saved replay reproduces it (ES-MATCH-1).
 */
import { describe, expect, it } from "vitest";
import type { MatchConfig, State } from "../../runtime/index.ts";
import {
  Engine,
  parseReplay,
  randomAgent,
  recordingRun,
  renderLog,
  replay,
  replayToJSON,
} from "../../runtime/index.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { deckMatch, gameModule, jsonRoundTrip } from "../kit/games.ts";

const module = await gameModule("elementis");
const engine = new Engine(module);
/** Without the play-by-play log (results only): saving a state at every decision stays linear. */
const quiet = new Engine(module, { log: false });
const { decks } = readDecks(gameDir("elementis"), module);

function config(seed: number): MatchConfig {
  return deckMatch(
    seed,
    decks,
    seed % decks.length,
    (seed + 2) % decks.length,
    seed % 2 === 0 ? { format: "random" } : { life: 4 },
  );
}

function play(seed: number, roundTrip: boolean, e: Engine = engine): { state: State; decisions: number } {
  let st = e.newMatch(config(seed));
  const agent = randomAgent(seed + 1000);
  let decisions = 0;
  while (!e.isOver(st)) {
    if (roundTrip) st = jsonRoundTrip(st);
    const r = e.apply(st, agent.choose(st, e.legalActions(st), e));
    if (!r.ok) throw new Error(r.reason);
    decisions++;
  }
  return { state: st, decisions };
}

describe("ES-MATCH-1: determinism, JSON round trips and replays", () => {
  it("200 games (best-of-3 matches) continue identically after a JSON round trip at every decision", () => {
    let games = 0;
    let decisions = 0;
    for (let seed = 1; games < 200; seed++) {
      // The first 10 matches with the full log (compared line by line), the others without it.
      const e = seed <= 10 ? engine : quiet;
      const plain = play(seed, false, e);
      const tripped = play(seed, true, e);
      expect(renderLog(tripped.state)).toEqual(renderLog(plain.state));
      expect(engine.hash(tripped.state)).toBe(engine.hash(plain.state));
      games += plain.state.match.results.length;
      decisions += plain.decisions;
    }
    expect(decisions).toBeGreaterThan(2000);
  });

  it("the same seed gives the same match, byte for byte; the saved replay reproduces it", () => {
    const a = recordingRun(engine, config(7), [randomAgent(7), randomAgent(8)]);
    const b = recordingRun(engine, config(7), [randomAgent(7), randomAgent(8)]);
    expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
    const again = replay(engine, parseReplay(replayToJSON(a.replay)));
    expect(renderLog(again)).toEqual(renderLog(a.state));
    expect(engine.hash(again)).toBe(engine.hash(a.state));
    const other = recordingRun(engine, config(8), [randomAgent(7), randomAgent(8)]);
    expect(engine.hash(other.state)).not.toBe(engine.hash(a.state));
  });
});
