/**
 * User mistakes on the command line: one clear line and exit 2. Commands throw a UsageError; the
 * entry point prints it. Also the checks of command-line values against what the game declares.
 */
import { nearestVersion } from "../../../runtime/kernel/versions.ts";
import { accessSync, closeSync, constants, existsSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Value } from "../../../runtime/types.ts";
import { typeToString } from "../../core/semantic/types.ts";
import type { PropDecl, Vocabulary } from "../../core/semantic/vocabulary.ts";

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A seed is what the RNG takes: a whole number from 0 to 2^32 - 1 (larger ones would wrap silently). */
export function parseSeed(text: string, flag = "--seed"): number {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 0xffff_ffff))
    throw new UsageError(`${flag} must be a whole number from 0 to 4294967295, got '${text}'`);
  return n;
}

/** A percentage from 0 to 100 (`--min 90`, `--min 87.5`). */
export function parsePercent(text: string, flag: string): number {
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 100)) throw new UsageError(`${flag} must be a percentage from 0 to 100, got '${text}'`);
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
    throw new UsageError(
      `'${game}' is not a game name: give the name of a folder under cards/ (games: ${known.join(", ") || "none"})`,
    );
  }
  if (!known.includes(game))
    throw new UsageError(`no game '${game}' under cards/ (games: ${known.join(", ") || "none"})`);
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
  if (existsSync(full) && statSync(full).isDirectory())
    throw new UsageError(`${flag}: '${path}' is a folder, not a file`);
  if (existsSync(full) && !statSync(full).isFile()) throw new UsageError(`${flag}: '${path}' is not a regular file`);
  const dir = dirname(full);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError(`${flag}: the folder of '${path}' does not exist`);
  try {
    accessSync(existsSync(full) ? full : dir, constants.W_OK);
  } catch {
    throw new UsageError(`${flag}: '${path}' cannot be written (no permission)`);
  }
  // The file is written beside itself and renamed into place: the folder must take a new file
  // (a pseudo-file system such as /proc passes the permission check above, then refuses to write).
  const probe = join(dir, `.cardwright-probe-${process.pid}`);
  try {
    closeSync(openSync(probe, "wx"));
    rmSync(probe);
  } catch (e) {
    throw new UsageError(
      `${flag}: '${path}' cannot be written (its folder takes no new file: ${(e as NodeJS.ErrnoException).code ?? "refused"})`,
    );
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
  /** The game's known versions (rules `versions: known`), when it declares them. */
  readonly versions?: readonly string[];
}

/** `--version`: one of the game's known versions, or a UsageError (one line, with the nearest known version). */
export function parseVersion(text: string, specs: GameSpecs, game: string): string {
  const known = specs.versions;
  if (known === undefined) throw new UsageError(`--version: the game '${game}' declares no versions`);
  if (known.includes(text)) return text;
  const near = nearestVersion(text, known);
  throw new UsageError(
    `--version: unknown version '${text}' of '${game}'${near !== null ? ` (did you mean '${near}'?)` : ""}; versions: ${known.join(", ")}`,
  );
}

/** The declared types of a checked game, as `--option` and `--seat` read them (from the checked model, never the raw file). */
export function specsOf(voc: Vocabulary): GameSpecs {
  const spec = (p: PropDecl & { readonly values?: readonly (string | number)[] }): ValueSpec => ({
    type: p.type.t === "enum" ? p.type.name : typeToString(p.type),
    ...(p.min !== undefined ? { min: p.min } : {}),
    ...(p.max !== undefined ? { max: p.max } : {}),
    ...(p.values !== undefined && p.values.length > 0 ? { values: p.values.map(String) } : {}),
  });
  const options = new Map<string, ValueSpec>();
  for (const [name, o] of voc.options) options.set(name, spec(o));
  for (const [name, p] of voc.props.game) options.set(name, spec(p));
  const table = (m: ReadonlyMap<string, PropDecl>) => new Map([...m].map(([name, p]) => [name, spec(p)] as const));
  return {
    options,
    player: table(voc.props.player),
    card: table(voc.props.card),
    enums: voc.enums,
    players: voc.players,
    ...(voc.versions !== null ? { versions: voc.versions.known } : {}),
  };
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
    if (spec === undefined)
      throw new UsageError(`unknown option '${k}'; options: ${[...specs.options.keys()].join(", ") || "none"}`);
    out[k] = parseTyped(v, spec, `option '${k}'`, specs);
  }
  return { ...out };
}

export function parseSeats(specsText: readonly string[] | undefined, specs: GameSpecs): Record<string, Value>[] {
  const seats: Record<string, Value>[] = Array.from({ length: specs.players }, () => ({}));
  for (const spec of specsText ?? []) {
    const m = /^(\d+):([^=]+)=(.*)$/.exec(spec);
    const seat = m ? Number(m[1]) : NaN;
    if (!m || !(seat >= 1 && seat <= specs.players))
      throw new UsageError(`--seat expects seat:name=value with a seat from 1 to ${specs.players}, got '${spec}'`);
    const [, , k = "", v = ""] = m;
    const def = specs.player.get(k);
    if (def === undefined)
      throw new UsageError(`unknown player property '${k}'; properties: ${[...specs.player.keys()].join(", ")}`);
    Object.defineProperty(seats[seat - 1], k, {
      value: parseTyped(v, def, `player property '${k}'`, specs),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return seats;
}
