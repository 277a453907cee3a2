/**
 * The schemas beside runtime/types.ts are real JSON Schema: ajv (the compiler's validator) compiles
 * them and agrees with the runtime's own small validator (runtime/state/validate.ts) on saved replays
 * and states, good and tampered.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { Engine, REPLAY_SCHEMA, STATE_SCHEMA, randomAgent, recordingRun } from "../../runtime/index.ts";
import { schemaProblem } from "../../runtime/state/validate.ts";
import { toyConfig, toyGame } from "./fixtures/toy-game.ts";

const FIXTURES = join(import.meta.dirname, "..", "cli", "fixtures");

describe("runtime schemas", () => {
  const ajv = new Ajv({ strict: false, allowUnionTypes: true });
  const replayOk = ajv.compile(REPLAY_SCHEMA);
  const stateOk = ajv.compile(STATE_SCHEMA);
  const engine = new Engine(toyGame);

  it("ajv and validate.ts agree on replays: b49581d's fixtures pass, tampered ones fail", () => {
    const docs: unknown[] = [
      "replay-b49581d-elementis.json",
      "replay-b49581d-elementis-board.json",
      "replay-b49581d-vermilion.json",
    ].map((f) => JSON.parse(readFileSync(join(FIXTURES, f), "utf8")));
    for (const d of docs) {
      expect(replayOk(d)).toBe(true);
      expect(schemaProblem(REPLAY_SCHEMA, d, "replay")).toBe(null);
    }
    const base = docs[0] as { config: { seed: number; players: { name: string }[] } };
    const bad = [
      { ...base, config: { ...base.config, seed: -1 } },
      { ...base, config: { ...base.config, seed: 1e308 } },
      { ...base, config: { ...base.config, players: [] } },
      {
        ...base,
        config: {
          ...base.config,
          players: [{ ...base.config.players[0], name: "x".repeat(101) }, base.config.players[1]],
        },
      },
      { ...base, actions: [{ type: "cheat" }] },
      { ...base, extra: 1 },
      { ...base, game: 5 },
    ];
    for (const d of bad) {
      expect(replayOk(d)).toBe(false);
      expect(schemaProblem(REPLAY_SCHEMA, d, "replay")).not.toBe(null);
    }
  });

  it("ajv and validate.ts agree on states: every state of a played match passes, tampered ones fail", () => {
    const { state } = recordingRun(engine, toyConfig(4), [randomAgent(1), randomAgent(2)]);
    const states = [
      JSON.parse(JSON.stringify(state)),
      JSON.parse(JSON.stringify(engine.newMatch(toyConfig(9)))),
      JSON.parse(JSON.stringify(engine.view(state, 1))),
    ];
    for (const s of states) {
      expect(stateOk(s)).toBe(true);
      expect(schemaProblem(STATE_SCHEMA, s, "state")).toBe(null);
    }
    const s = states[1] as Record<string, unknown>;
    for (const d of [
      { ...s, seq: -1 },
      { ...s, decision: { ...(s.decision as object), type: "vote" } },
      { ...s, log: [{ kind: "x", text: "" }] },
      { ...s, entities: { a: {} } },
    ]) {
      expect(stateOk(d)).toBe(false);
      expect(schemaProblem(STATE_SCHEMA, d, "state")).not.toBe(null);
    }
  });
});
