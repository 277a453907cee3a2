/**
 * User mistakes on the command line: one clear line and exit 2. Commands throw a UsageError; the
 * entry point prints it. Also the checks of command-line values against what the game declares.
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parse } from "yaml";
import type { Value } from "../../../runtime/types.ts";

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A seed is what the RNG takes: a whole number from 0 to 2^32 - 1 (larger ones would wrap silently). */
export function parseSeed(text: string, flag = "--seed"): number {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 0xffff_ffff)) throw new UsageError(`${flag} must be a whole number from 0 to 4294967295, got '${text}'`);
  return n;
}

/** A count on the command line: a whole number from 1 to 10^9. */
export function parseCount(text: string, flag: string): number {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= 1e9)) throw new UsageError(`${flag} must be a whole number from 1 to 1000000000, got '${text}'`);
  return n;
}

/** A game folder name: a plain name under cards/ (no path, so nothing is read or written outside). */
export function checkGameName(game: string, known: readonly string[]): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(game)) {
    throw new UsageError(`'${game}' is not a game name: give the name of a folder under cards/ (games: ${known.join(", ") || "none"})`);
  }
  if (!known.includes(game)) throw new UsageError(`no game '${game}' under cards/ (games: ${known.join(", ") || "none"})`);
}

/** An input file that must exist and be a readable file. */
export function checkInputFile(path: string, flag: string): void {
  if (!existsSync(path)) throw new UsageError(`${flag}: no file '${path}'`);
  if (!statSync(path).isFile()) throw new UsageError(`${flag}: '${path}' is not a file`);
  try {
    accessSync(path, constants.R_OK);
  } catch {
    throw new UsageError(`${flag}: '${path}' cannot be read`);
  }
}

/** An output file, checked before any work: its folder exists and is writable, and it is not a folder. */
export function checkOutputFile(path: string, flag: string): void {
  const full = resolve(path);
  if (existsSync(full) && statSync(full).isDirectory()) throw new UsageError(`${flag}: '${path}' is a folder, not a file`);
  const dir = dirname(full);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${flag}: the folder of '${path}' does not exist`);
  try {
    accessSync(existsSync(full) ? full : dir, constants.W_OK);
  } catch {
    throw new UsageError(`${flag}: '${path}' cannot be written (no permission)`);
  }
}

/** The declared type of a match option or player property, as the rules file says it. */
export interface ValueSpec {
  readonly type: string;
  readonly min?: number;
  readonly max?: number;
  /** The values a text option may take, when the rules list them. */
  readonly values?: readonly string[];
}

export interface GameSpecs {
  /** Match options (`options:`) and game properties, which `--option` may set. */
  readonly options: ReadonlyMap<string, ValueSpec>;
  /** Player properties, which `--seat` may set. */
  readonly player: ReadonlyMap<string, ValueSpec>;
  /** Card properties (for showing them: which hold entities). */
  readonly card: ReadonlyMap<string, ValueSpec>;
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly players: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

function specTable(table: unknown, into: Map<string, ValueSpec>): void {
  if (!isObj(table)) return;
  for (const name of Object.keys(table)) {
    const d = table[name];
    if (!isObj(d) || typeof d["type"] !== "string") continue;
    const spec: { type: string; min?: number; max?: number; values?: string[] } = { type: d["type"] };
    if (Array.isArray(d["values"])) spec.values = d["values"].map(String);
    if (typeof d["min"] === "number") spec.min = d["min"];
    if (typeof d["max"] === "number") spec.max = d["max"];
    into.set(name, spec);
  }
}

/** The declared types from a game's rules file (which compiled, so its shape is known good). */
export function readSpecs(rulesPath: string): GameSpecs {
  const rules = parse(readFileSync(rulesPath, "utf8")) as Obj;
  const options = new Map<string, ValueSpec>();
  const player = new Map<string, ValueSpec>();
  const card = new Map<string, ValueSpec>();
  const enums = new Map<string, readonly string[]>();
  specTable(rules["options"], options);
  const props = isObj(rules["properties"]) ? rules["properties"] : {};
  specTable(props["game"], options);
  specTable(props["player"], player);
  specTable(props["card"], card);
  if (isObj(rules["enums"])) for (const [k, v] of Object.entries(rules["enums"])) if (Array.isArray(v)) enums.set(k, v.map(String));
  return { options, player, card, enums, players: typeof rules["players"] === "number" ? rules["players"] : 2 };
}

/** A command-line value read as the declared type says, or a UsageError naming what is expected. */
export function parseTyped(text: string, spec: ValueSpec, what: string, specs: GameSpecs): Value {
  const bad = (expected: string): never => {
    throw new UsageError(`${what} must be ${expected}, got '${text}'`);
  };
  switch (spec.type) {
    case "number": {
      const n = /^-?\d{1,15}$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(n)) return bad("a whole number");
      if (spec.min !== undefined && n < spec.min) return bad(`at least ${spec.min}`);
      if (spec.max !== undefined && n > spec.max) return bad(`at most ${spec.max}`);
      return n;
    }
    case "bool":
      return text === "true" ? true : text === "false" ? false : bad("true or false");
    case "text":
      if (spec.values !== undefined && !spec.values.includes(text)) return bad(`one of ${spec.values.join(", ")}`);
      return text;
    case "player": {
      if (text === "none") return null;
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      return n >= 1 && n <= specs.players ? n : bad(`a seat from 1 to ${specs.players} or none`);
    }
    default: {
      const values = specs.enums.get(spec.type);
      if (values !== undefined) return values.includes(text) ? text : bad(`one of ${values.join(", ")}`);
      throw new UsageError(`${what} is of type ${spec.type}, which cannot be set from the command line`);
    }
  }
}

/** `name=value` pairs (`--option`) or `seat:name=value` (`--seat`) against the declared names and types. */
export function parseOptions(kvs: readonly string[] | undefined, specs: GameSpecs): Record<string, Value> {
  const out: Record<string, Value> = Object.create(null) as Record<string, Value>;
  for (const kv of kvs ?? []) {
    const m = /^([^=]+)=(.*)$/.exec(kv);
    if (!m) throw new UsageError(`--option expects name=value, got '${kv}'`);
    const [, k = "", v = ""] = m;
    const spec = specs.options.get(k);
    if (spec === undefined) throw new UsageError(`unknown option '${k}'; options: ${[...specs.options.keys()].join(", ") || "none"}`);
    out[k] = parseTyped(v, spec, `option '${k}'`, specs);
  }
  return { ...out };
}

export function parseSeats(specsText: readonly string[] | undefined, specs: GameSpecs): Record<string, Value>[] {
  const seats: Record<string, Value>[] = Array.from({ length: specs.players }, () => ({}));
  for (const spec of specsText ?? []) {
    const m = /^(\d+):([^=]+)=(.*)$/.exec(spec);
    const seat = m ? Number(m[1]) : NaN;
    if (!m || !(seat >= 1 && seat <= specs.players)) throw new UsageError(`--seat expects seat:name=value with a seat from 1 to ${specs.players}, got '${spec}'`);
    const [, , k = "", v = ""] = m;
    const def = specs.player.get(k);
    if (def === undefined) throw new UsageError(`unknown player property '${k}'; properties: ${[...specs.player.keys()].join(", ")}`);
    Object.defineProperty(seats[seat - 1], k, { value: parseTyped(v, def, `player property '${k}'`, specs), enumerable: true, writable: true, configurable: true });
  }
  return seats;
}
