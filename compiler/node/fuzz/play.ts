/** Random games for the fuzzer: the runtime's random agent from the game's decks, checked after every action. */
import { randomAgent, type Action, type Engine, type MatchConfig, type State } from "../../../runtime/index.ts";
import type { Deck } from "../decks.ts";
import { failureIn, faultOf, type Failure } from "./failure.ts";

export interface PlayedGame {
  readonly config: MatchConfig;
  readonly agentSeed: number;
  /** Every answer given, the failing one last. */
  readonly actions: readonly Action[];
  readonly failure: Failure | null;
}

/** A match option the rules list values for (`options: { format: { values: [a, b] } }`): each is played. */
export interface OptionChoices {
  readonly name: string;
  readonly values: readonly (string | number)[];
}

/**
 * Game `seed`'s seats: two of the game's legal decks (the same pairing as bench/soak.ts); and,
 * for each option with listed values, one of them in turn, so every variant of the rules is played.
 */
/** The number of seats of the fuzzer's game `seed`: every count the rules allow, in turn. */
export function seatsFor(rules: { readonly players: number; readonly minPlayers?: number }, seed: number): number {
  const min = rules.minPlayers ?? rules.players;
  return min + (seed % (rules.players - min + 1));
}

export function configFor(
  decks: readonly Deck[],
  players: number,
  seed: number,
  choices: readonly OptionChoices[] = [],
): MatchConfig {
  const options: Record<string, string | number> = {};
  let k = seed;
  for (const c of choices) {
    if (c.values.length === 0) continue;
    options[c.name] = c.values[k % c.values.length] as string | number;
    k = Math.floor(k / c.values.length);
  }
  return {
    seed,
    players: Array.from({ length: players }, (_, i) => {
      const d = decks[(i === 0 ? seed : seed * 7 + i) % decks.length];
      return { name: `P${i + 1}`, zones: { ...d?.zones } };
    }),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/** Plays one random game to its end or its first failure. */
export function playRandomGame(
  engine: Engine,
  config: MatchConfig,
  agentSeed: number,
  maxDecisions: number,
): PlayedGame {
  const actions: Action[] = [];
  const done = (failure: Failure | null): PlayedGame => ({ config, agentSeed, actions, failure });
  let st: State;
  try {
    st = engine.newMatch(config);
  } catch (e) {
    return done(faultOf(e));
  }
  const agent = randomAgent(agentSeed);
  let bad = failureIn(engine, st);
  while (bad === null && !st.match.over) {
    if (actions.length >= maxDecisions)
      return done({ kind: "endless", message: `no end after ${maxDecisions} decisions` });
    const a = agent.choose(st, engine.legalActions(st), engine);
    actions.push(a);
    try {
      const r = engine.apply(st, a);
      if (!r.ok) return done({ kind: "fault", where: "refused", message: `a legal answer was refused: ${r.reason}` });
    } catch (e) {
      return done(faultOf(e));
    }
    bad = failureIn(engine, st);
  }
  return done(bad);
}
