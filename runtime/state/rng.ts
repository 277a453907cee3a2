/**
 * The state's random number generator: pure-rand's xoroshiro128+, its four state words kept as
 * plain numbers in `State.rng`, so a state stays plain data and a draw is deterministic.
 */
import { xoroshiro128plus } from "pure-rand/generator/XoroShiro";
import { unsafeUniformIntDistribution } from "pure-rand/distribution/UnsafeUniformIntDistribution";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";

/** The initial generator state words for a seed. */
export function seedState(seed: number): number[] {
  return [...xoroshiro128plus(seed | 0).getState()];
}

function load(words: readonly number[]): RandomGenerator {
  if (words.length !== 4) throw new Error("this state has no random generator (a player view cannot be played on)");
  return xoroshiro128plus.fromState(words);
}

function store(words: number[], g: RandomGenerator): void {
  const s = g.getState();
  words[0] = s[0] as number;
  words[1] = s[1] as number;
  words[2] = s[2] as number;
  words[3] = s[3] as number;
}

/** A uniform integer in 0…n-1, advancing `words` in place. */
export function randomInt(words: number[], n: number): number {
  if (!(n >= 1) || !Number.isInteger(n)) throw new Error(`random(${n}): the bound must be a whole number ≥ 1`);
  const g = load(words);
  const r = unsafeUniformIntDistribution(0, n - 1, g);
  store(words, g);
  return r;
}

/** Fisher–Yates shuffle of `items` in place, advancing `words` in place. */
export function shuffleInPlace<T>(words: number[], items: T[]): void {
  if (items.length < 2) return;
  const g = load(words);
  for (let i = items.length - 1; i > 0; i--) {
    const j = unsafeUniformIntDistribution(0, i, g);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  store(words, g);
}

/** A mutable generator for agents (not part of any state). */
export class AgentRandom {
  private readonly g: RandomGenerator;
  constructor(seed: number) {
    this.g = xoroshiro128plus(seed | 0);
  }
  /** A uniform integer in 0…n-1. */
  int(n: number): number {
    return unsafeUniformIntDistribution(0, n - 1, this.g);
  }
}
