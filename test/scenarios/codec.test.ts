/**
 * The scenario codec (compiler/core/scenario/codec.ts), on every shipped game: a board written as
 * a scenario file and read back is the same board (each scenario's `given`, and boards cut from
 * random matches, references included), and the sandbox starts a scenario at its `version:`.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  boardOfState,
  boardToGiven,
  givenToBoard,
  materialize,
  propKindsOf,
  readScenarioFile,
  refBoardOf,
  scenarioAt,
  scenarioFileText,
} from "../../compiler/core/scenario/codec.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { listGames, readGame } from "../../compiler/node/project.ts";
import { scenarioFiles } from "../../compiler/node/cli/test-command.ts";
import { Engine, randomAgent, type Board, type GameModule } from "../../runtime/index.ts";
import { Session, type Start } from "../../editor/src/sandbox/session.ts";
import { gameModule } from "../kit/games.ts";

/** The board written as a scenario file (text) and read back by the codec. */
function throughFile(module: GameModule, kinds: ReturnType<typeof propKindsOf>, board: Board, seed: number): Board {
  const { given, version } = boardToGiven(refBoardOf(board, kinds));
  const text = scenarioFileText([{ name: "round trip", seed, version, given }]);
  const back = scenarioAt(readScenarioFile("round-trip.yaml", text), 0);
  if (!back) throw new Error(`the written file does not read back:\n${text}`);
  expect(back.seed).toBe(seed);
  return givenToBoard(module, back.given, back.version);
}

let versioned = 0;

for (const game of listGames()) {
  describe(`scenario codec: ${game}`, async () => {
    const module = await gameModule(game);
    const input = readGame(game);
    if ("message" in input) throw new Error(input.message);
    const model = checkGame(input);
    if (!model.vocabulary) throw new Error(`${game}: no vocabulary`);
    const kinds = propKindsOf(model.vocabulary);
    const scenarios = scenarioFiles(game).flatMap((file) => {
      const read = readScenarioFile(relative(process.cwd(), file), readFileSync(file, "utf8"));
      const n = Array.isArray((read.value as { scenarios?: unknown[] } | null)?.scenarios)
        ? (read.value as { scenarios: unknown[] }).scenarios.length
        : 0;
      return Array.from({ length: n }, (_, i) => ({ read, i }));
    });

    it("every scenario's given: board → file → board is the same board (version included)", () => {
      let n = 0;
      for (const { read, i } of scenarios) {
        const sc = scenarioAt(read, i);
        if (!sc) continue;
        let board: Board;
        try {
          board = givenToBoard(module, sc.given, sc.version);
        } catch {
          continue; // a scenario that shows a refused board (the runner reports it)
        }
        expect(throughFile(module, kinds, board, sc.seed), `${read.file} #${i + 1}`).toEqual(board);
        n++;
      }
      expect(n).toBeGreaterThan(0);
    });

    it("boards cut from random matches: state → board → file → board, and the board plays", () => {
      const engine = new Engine(module);
      const decks = model.decks.filter((d) => d.ok);
      // A game without deck files (its cards dealt from a zone of the game) starts from empty
      // seats; it plays with three when it may, so boards of more than two seats go through too.
      const seats = decks.length > 0 ? 2 : Math.min(3, module.rules.players);
      let n = 0;
      for (const seed of [1, 2, 3]) {
        const st = engine.newMatch({
          seed,
          players: Array.from({ length: seats }, (_, i) => ({
            name: `P${i + 1}`,
            zones: decks.length > 0 ? (decks[(seed + i) % decks.length]?.zones ?? {}) : {},
          })),
        });
        const agent = randomAgent(seed);
        for (let k = 0; k < 60 && engine.decision(st); k++) {
          if (k % 15 === 14) {
            const board = materialize(boardOfState(module, st, kinds));
            expect(throughFile(module, kinds, board, seed)).toEqual(board);
            expect(() => engine.fromBoard(board, seed)).not.toThrow();
            n++;
          }
          const d = engine.decision(st);
          if (!d) break;
          engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
        }
      }
      expect(n).toBeGreaterThan(0);
    });

    it("the sandbox starts a scenario at its version: (as the runner does)", () => {
      for (const { read, i } of scenarios) {
        const sc = scenarioAt(read, i);
        if (!sc || sc.version === null) continue;
        const start: Start = { type: "board", file: read.file, ...sc };
        const session = new Session(module, start);
        expect(session.state.version, `${read.file} #${i + 1}`).toBe(sc.version);
        const engine = new Engine(module);
        const runner = engine.fromBoard(givenToBoard(module, sc.given, sc.version), sc.seed);
        expect(engine.hash(session.state)).toBe(engine.hash(runner));
        versioned++;
      }
    });
  });
}

describe("scenario codec: every game", () => {
  it("some shipped scenario names a version (so the sandbox's version test ran)", () => {
    expect(versioned).toBeGreaterThan(0);
  });
});
