/**
 * A stable structural hash of a state: one walk of the value, 32-bit words fed into two
 * murmur3-style lanes (64 bits), returned as 16 hex digits. No strings are built and no keys are
 * sorted: an object's entries are hashed one by one from a fixed seed and summed, so the result
 * does not depend on key order (equal states hash equal, also after a JSON round trip or with
 * their keys in any order), and a key holding `undefined` counts as absent, as in JSON.
 *
 * The log is provenance, not position: `hashState` leaves it out unless asked (design note, "The
 * log"), which is also what makes hashing cheap enough for search (bench: "hash a state").
 */
import type { State } from "../types.ts";

// Tags keep values of different types apart (1 vs "1", [] vs {}, null vs false).
const NULL = 0x6e;
const TRUE = 0x74;
const FALSE = 0x66;
const INT = 0x69;
const FLOAT = 0x64;
const STRING = 0x73;
const ARRAY = 0x5b;
const OBJECT = 0x7b;
const OTHER = 0x3f;

const SEED1 = 0xdeadbeef | 0;
const SEED2 = 0x41c6ce57 | 0;

// The two lanes of the walk in progress (module state: hashing is synchronous and never re-entered
// from outside; nested objects save and restore them on the JS stack).
let h1 = SEED1;
let h2 = SEED2;

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/** Feeds one 32-bit word into both lanes (murmur3's body step, with a different seed per lane). */
function word(w: number): void {
  let k = Math.imul(w, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let a = h1 ^ k;
  a = (a << 13) | (a >>> 19);
  h1 = (Math.imul(a, 5) + 0xe6546b64) | 0;
  let b = h2 ^ Math.imul(k, 0x85ebca6b);
  b = (b << 17) | (b >>> 15);
  h2 = (Math.imul(b, 5) + 0x7a2b3c4d) | 0;
}

/** murmur3's finaliser: every input bit reaches every output bit. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function text(s: string): void {
  const n = s.length;
  word(n);
  let i = 0;
  for (; i + 1 < n; i += 2) word(s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16));
  if (i < n) word(s.charCodeAt(i));
}

function value(v: unknown): void {
  switch (typeof v) {
    case "number":
      if ((v | 0) === v) {
        word(INT);
        word(v);
      } else {
        f64[0] = v;
        word(FLOAT);
        word(u32[0] as number);
        word(u32[1] as number);
      }
      return;
    case "string":
      word(STRING);
      text(v);
      return;
    case "boolean":
      word(v ? TRUE : FALSE);
      return;
    case "undefined":
      word(NULL);
      return;
    case "object":
      if (v === null) word(NULL);
      else if (Array.isArray(v)) {
        word(ARRAY);
        word(v.length);
        for (let i = 0; i < v.length; i++) value(v[i]);
      } else object(v as Record<string, unknown>, null);
      return;
    default:
      word(OTHER);
      text(String(v));
  }
}

/** An object as the sum of its entries' hashes (order-free); `skip`: keys left out. */
function object(o: Record<string, unknown>, skip: ReadonlySet<string> | null): void {
  const save1 = h1;
  const save2 = h2;
  let s1 = 0;
  let s2 = 0;
  let n = 0;
  for (const k in o) {
    if (!Object.hasOwn(o, k)) continue;
    const x = o[k];
    if (x === undefined || (skip !== null && skip.has(k))) continue;
    h1 = SEED1;
    h2 = SEED2;
    text(k);
    value(x);
    s1 = (s1 + fmix(h1)) | 0;
    s2 = (s2 + fmix(h2 ^ 0x9e3779b9)) | 0;
    n++;
  }
  h1 = save1;
  h2 = save2;
  word(OBJECT);
  word(n);
  word(s1);
  word(s2);
}

function digest(): string {
  let a = fmix(h1);
  let b = fmix(h2);
  a = (a + b) | 0;
  b = (b + a) | 0;
  return (b >>> 0).toString(16).padStart(8, "0") + (a >>> 0).toString(16).padStart(8, "0");
}

/** Hash of any plain value. */
export function hashValue(v: unknown): string {
  h1 = SEED1;
  h2 = SEED2;
  value(v);
  return digest();
}

const SKIP_LOG: ReadonlySet<string> = new Set(["log"]);
const SKIP_LOG_AND_COUNT: ReadonlySet<string> = new Set(["log", "turnstile"]);

/**
 * Hash of a state, without its log: two states that differ in anything but the log hash
 * differently (up to 64-bit collisions). `log: true` hashes the log entries too; `log: false`
 * also leaves out the decision count, so two positions reached by different paths compare equal.
 */
export function hashState(state: State, options?: { readonly log?: boolean }): string {
  h1 = SEED1;
  h2 = SEED2;
  const o = state as unknown as Record<string, unknown>;
  if (options?.log === true) value(o);
  else object(o, options?.log === false ? SKIP_LOG_AND_COUNT : SKIP_LOG);
  return digest();
}
