/**
 * A stable structural hash of a state: one walk of the value, 32-bit words fed into two
 * murmur3-style lanes (64 bits), returned as 16 hex digits. No strings are built and no keys are
 * sorted: an object's entries are hashed one by one from a fixed seed and summed, so the result
 * does not depend on key order (equal states hash equal, also after a JSON round trip or with
 * their keys in any order), and a key holding `undefined` counts as absent, as in JSON.
 *
 * The log is provenance, not position: `hashState` leaves it out unless asked (design note, "The
 * log"), which is also what makes hashing cheap enough for search (bench: "hash a state").
 *
 * What a hash costs is the number of words fed, so the encoding is dense: each value opens with
 * one word whose low byte is its type and whose high bits carry what fits there (a small
 * non-negative integer, a text's length, an object's or list's size), and the entities, the bulk
 * of a state, are fed field by field under fixed tags instead of by their fields' names. The
 * encoding stays decodable (a value's first word says how many follow), so different values feed
 * different words.
 */
import type { State } from "../types.ts";

// Type tags: the low byte of a value's first word.
const NULL = 0x01;
const TRUE = 0x02;
const FALSE = 0x03;
/** A non-negative integer below 2^24, in the word's high bits. */
const SMALL_INT = 0x04;
/** Any other integer: one more word. */
const INT = 0x05;
const FLOAT = 0x06;
/** A text: its length in the high bits (when below 2^24), then its characters two per word. */
const STRING = 0x07;
const LONG_STRING = 0x08;
/** A list: its length in the high bits (below 2^24), then its items. */
const ARRAY = 0x09;
const LONG_ARRAY = 0x0a;
/** An object: its size in the high bits, then the two sums of its entries (order-free). */
const OBJECT = 0x0b;
const EMPTY_OBJECT = 0x0c;
const OTHER = 0x0d;
/** An entity: its known fields under the tags below, then the rest (if any) as an object. */
const ENTITY = 0x0e;
const ENTITY_REST = 0x0f;
// Field tags of an entity (a value follows each field that is present).
const F_ID = 0x10;
const F_CARD = 0x11;
const F_OWNER = 0x12;
const F_ZONE = 0x13;
const F_ARRIVAL = 0x14;
const F_HOLDER = 0x15;
const F_CONTROLLER = 0x16;
const F_KNOWN = 0x17;
const F_PROPS = 0x18;
const F_COUNTERS = 0x19;

const BIG = 0x1000000;

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

/** A tag and a size: one word when the size fits the high bits, else the long tag and the size. */
function sized(tag: number, long: number, n: number): void {
  if (n < BIG) word((n << 8) | tag);
  else {
    word(long);
    word(n);
  }
}

/** A text's characters (its length was fed with its tag). */
function chars(s: string): void {
  const n = s.length;
  let i = 0;
  for (; i + 1 < n; i += 2) word(s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16));
  if (i < n) word(s.charCodeAt(i));
}

function text(s: string): void {
  sized(STRING, LONG_STRING, s.length);
  chars(s);
}

function value(v: unknown): void {
  switch (typeof v) {
    case "number":
      if ((v | 0) === v) {
        if (v >= 0 && v < BIG) word((v << 8) | SMALL_INT);
        else {
          word(INT);
          word(v);
        }
      } else {
        f64[0] = v;
        word(FLOAT);
        word(u32[0] as number);
        word(u32[1] as number);
      }
      return;
    case "string":
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
        sized(ARRAY, LONG_ARRAY, v.length);
        for (let i = 0; i < v.length; i++) value(v[i]);
      } else object(v as Record<string, unknown>, null);
      return;
    default:
      word(OTHER);
      text(String(v));
  }
}

/**
 * An object as the sum of its entries' hashes (order-free); `skip`: keys left out. Each entry is
 * its key's characters and its value, from a fixed seed. (`for…in` visits inherited keys too,
 * but a state is plain data: its objects inherit no enumerable key.) `entities`: the entries are
 * entities (the entity table), each fed by `entity` when it is an object.
 */
function object(o: Record<string, unknown>, skip: ReadonlySet<string> | null, entities = false): void {
  const save1 = h1;
  const save2 = h2;
  let s1 = 0;
  let s2 = 0;
  let n = 0;
  for (const k in o) {
    const x = o[k];
    if (x === undefined || (skip !== null && skip.has(k))) continue;
    h1 = SEED1;
    h2 = SEED2;
    text(k);
    if (entities && typeof x === "object" && x !== null && !Array.isArray(x)) entity(x as Record<string, unknown>);
    else value(x);
    s1 = (s1 + fmix(h1)) | 0;
    s2 = (s2 + fmix(h2 ^ 0x9e3779b9)) | 0;
    n++;
  }
  h1 = save1;
  h2 = save2;
  if (n === 0) {
    word(EMPTY_OBJECT);
    return;
  }
  sized(OBJECT, OBJECT, n);
  word(s1);
  word(s2);
}

const ENTITY_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "card",
  "owner",
  "zone",
  "arrival",
  "holder",
  "controller",
  "known",
  "props",
  "counters",
]);

/** One field of an entity, if present: its tag, then its value. Returns 1 when it was there. */
function field(tag: number, v: unknown): number {
  if (v === undefined) return 0;
  word(tag);
  value(v);
  return 1;
}

/**
 * An entity, field by field in a fixed order (so independent of key order, as an object's
 * entries are); any field the shape does not know (a state made by hand) follows as an object of
 * those fields, so that it counts as well.
 */
function entity(e: Record<string, unknown>): void {
  word(ENTITY);
  const present =
    field(F_ID, e["id"]) +
    field(F_CARD, e["card"]) +
    field(F_OWNER, e["owner"]) +
    field(F_ZONE, e["zone"]) +
    field(F_ARRIVAL, e["arrival"]) +
    field(F_HOLDER, e["holder"]) +
    field(F_CONTROLLER, e["controller"]) +
    field(F_KNOWN, e["known"]) +
    field(F_PROPS, e["props"]) +
    field(F_COUNTERS, e["counters"]);
  let n = 0;
  for (const k in e) if (e[k] !== undefined) n++;
  if (n !== present) {
    word(ENTITY_REST);
    object(e, ENTITY_FIELDS);
  }
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

const SKIP_LOG: ReadonlySet<string> = new Set(["log", "entities"]);
const SKIP_LOG_AND_COUNT: ReadonlySet<string> = new Set(["log", "turnstile", "entities"]);

/**
 * Hash of a state, without its log: two states that differ in anything but the log hash
 * differently (up to 64-bit collisions). `log: true` hashes the log entries too; `log: false`
 * also leaves out the decision count, so two positions reached by different paths compare equal.
 */
export function hashState(state: State, options?: { readonly log?: boolean }): string {
  h1 = SEED1;
  h2 = SEED2;
  const o = state as unknown as Record<string, unknown>;
  if (options?.log === true) {
    value(o);
    return digest();
  }
  // Everything but the log (and the entity table, which follows with its entities' shape).
  object(o, options?.log === false ? SKIP_LOG_AND_COUNT : SKIP_LOG);
  const t = o["entities"];
  word(ENTITY);
  if (typeof t === "object" && t !== null && !Array.isArray(t)) object(t as Record<string, unknown>, null, true);
  else value(t);
  return digest();
}
