/**
 * The behaviour digest of a game: a fixed set of seeded random matches played through the
 * runtime's public API exactly as `cardwright play <game> --seed S --deck a,b [--version V]
 * [--option k=v]` plays them (the same config, the same random agents), and what came out of
 * each: the winner, the results, the number of decisions, the game's properties at the end (its
 * turn or round counters), every action, and the full log text (hashed, with its first lines).
 *
 * Everything here is read from the game folder (decks, the rules' `versions:` and `options:`), so
 * any game under cards/ has a digest; nothing names a game.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { GameModule, MatchConfig, State, Value } from "../../runtime/index.ts";
import { Engine, formatAction, randomAgent, recordingRun, renderLog } from "../../runtime/index.ts";
import { readDecks, type Deck } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";

/** Matches per game: half at the cards as written, half (when the rules declare versions) at other versions. */
export const MATCHES = 20;
/** Log lines kept as text at the start of each match (the rest is only hashed). */
export const HEAD_LINES = 20;
/** The log is also hashed in blocks of this many lines, so a mismatch says where the logs part. */
export const BLOCK_LINES = 250;

export interface MatchDigest {
  /** The CLI command that plays this very match (to see the whole log of a mismatch). */
  readonly play: string;
  readonly seed: number;
  readonly decks: readonly string[];
  readonly version: string | null;
  readonly options: Readonly<Record<string, Value>>;
  /** The winner's name, or null for a draw. */
  readonly winner: string | null;
  /** Each game's winner (matches of several games), null for a draw. */
  readonly results: readonly (string | null)[];
  readonly decisions: number;
  /** The game entity's properties at the end: the turn and round counters among them. */
  readonly game: Readonly<Record<string, Value>>;
  readonly logLines: number;
  /** SHA-256 of the full log text (every entry's line, joined by newlines). */
  readonly logSha256: string;
  /** SHA-256 (first 16 hex digits) of each block of BLOCK_LINES log lines. */
  readonly logBlocks: readonly string[];
  readonly logHead: readonly string[];
  /** Every answer, as `formatAction` writes it. */
  readonly actions: readonly string[];
}

export interface GameDigest {
  readonly game: string;
  readonly matches: readonly MatchDigest[];
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

function nameOf(state: State, id: number | null): string | null {
  return id === null ? null : String(state.entities[id]?.props["name"] ?? `player ${id}`);
}

/** The options with a list of values in the rules file (`options: { x: { values: [...] } }`): name → values. */
function enumeratedOptions(game: string, root?: string): [string, readonly Value[]][] {
  const rules = parse(readFileSync(join(gameDir(game, root), "rules.yaml"), "utf8")) as {
    options?: Record<string, { values?: Value[] } | null>;
  } | null;
  const out: [string, readonly Value[]][] = [];
  for (const [name, spec] of Object.entries(rules?.options ?? {}))
    if (Array.isArray(spec?.values) && spec.values.length > 1) out.push([name, spec.values]);
  return out;
}

/** The match settings of game `g` of the digest: seed, decks, version and options. */
function settings(
  g: number,
  module: GameModule,
  decks: readonly Deck[],
  options: readonly [string, readonly Value[]][],
): { seed: number; decks: Deck[]; version: string | null; options: Record<string, Value> } {
  const seed = 101 + g * 7919;
  const versions = module.rules.versions;
  // Versions other than the default, those some deck is built for first (so such decks are played).
  const others = versions
    ? [...new Set([...decks.flatMap((d) => (d.version !== undefined ? [d.version] : [])), ...versions.known])].filter(
        (v) => v !== versions.default,
      )
    : [];
  const h = Math.floor(g / 2);
  const version = g % 2 === 1 && others.length > 0 ? (others[h % others.length] as string) : null;
  // The decks a match at this version may use: those built for it (first, so they are played), and those built for none.
  const pool = [
    ...decks.filter((d) => version !== null && d.version === version),
    ...decks.filter((d) => d.version === undefined),
  ];
  // A game whose rules deal every card has no decks: its seats bring nothing (as `play` seats them).
  if (decks.length === 0) pool.push({ id: "", name: "", zones: {}, file: "" });
  if (pool.length === 0) throw new Error(`no deck can be played${version !== null ? ` at version ${version}` : ""}`);
  // Every number of seats the rules allow, in turn (one number for most games).
  const min = module.rules.minPlayers ?? module.rules.players;
  const seats = min + (g % (module.rules.players - min + 1));
  const chosen = Array.from({ length: seats }, (_, i) => pool[(h * (i + 1) + i) % pool.length] as Deck);
  // Every fourth match plays the enumerated options at other values than their first.
  const opts: Record<string, Value> = {};
  if (g % 4 === 3) for (const [name, values] of options) opts[name] = values[1 + (h % (values.length - 1))] as Value;
  return { seed, decks: chosen, version, options: opts };
}

/** The CLI command line of a match (what `play` would be asked to reproduce it). */
function playCommand(game: string, s: ReturnType<typeof settings>): string {
  const parts = ["cardwright play", game, "--seed", String(s.seed)];
  if (s.decks.some((d) => d.id !== "")) parts.push("--deck", s.decks.map((d) => d.id).join(","));
  else parts.push("--players", String(s.decks.length));
  if (s.version !== null) parts.push("--version", s.version);
  for (const [k, v] of Object.entries(s.options)) parts.push("--option", `${k}=${String(v)}`);
  return parts.join(" ");
}

type Settings = ReturnType<typeof settings>;

/** The game's decks, checked (a deck with errors stops the digest: its matches would be refused). */
function checkedDecks(game: string, module: GameModule, root?: string): Deck[] {
  const { decks, diagnostics } = readDecks(gameDir(game, root), module);
  const broken = diagnostics.filter((d) => d.severity === "error");
  if (broken.length > 0)
    throw new Error(`${game}: its decks have errors: ${broken.map((d) => `${d.file}: ${d.message}`).join("; ")}`);
  return decks;
}

/** Plays one match of the digest and keeps what came out of it. */
function playMatch(engine: Engine, game: string, s: Settings): MatchDigest {
  // The config `play` builds (compiler/node/cli/play-command.ts), and its agents.
  const config: MatchConfig = {
    seed: s.seed,
    players: s.decks.map((d, i) => ({ name: `P${i + 1}`, zones: { ...d.zones }, props: {} })),
    options: s.options,
    ...(s.version !== null ? { version: s.version } : {}),
  };
  const illegal = engine.deckErrors(config).flat();
  if (illegal.length > 0) throw new Error(`${playCommand(game, s)}: illegal decks: ${illegal.join("; ")}`);
  const agentSeed = s.seed * 7919 + 1;
  const agents = s.decks.map((_, i) => randomAgent(agentSeed + i));
  const { state, replay } = recordingRun(engine, config, agents);
  const lines = renderLog(state);
  const blocks: string[] = [];
  for (let i = 0; i < lines.length; i += BLOCK_LINES)
    blocks.push(sha256(lines.slice(i, i + BLOCK_LINES).join("\n")).slice(0, 16));
  return {
    play: playCommand(game, s),
    seed: s.seed,
    decks: s.decks.map((d) => d.id),
    version: s.version,
    options: s.options,
    winner: state.match.over ? nameOf(state, state.match.winner) : "(unfinished)",
    results: state.match.results.map((w) => nameOf(state, w)),
    decisions: replay.actions.length,
    game: { ...(state.entities[0]?.props ?? {}) },
    logLines: lines.length,
    logSha256: sha256(lines.join("\n")),
    logBlocks: blocks,
    logHead: lines.slice(0, HEAD_LINES),
    actions: replay.actions.map(formatAction),
  };
}

/**
 * Plays a new digest of a game (its module compiled from `cards/<game>/` under `root`): the
 * matches take the game's decks as they are now. What `UPDATE_DIGEST=1` records.
 */
export function gameDigest(game: string, module: GameModule, root?: string): GameDigest {
  const engine = new Engine(module);
  const decks = checkedDecks(game, module, root);
  const options = enumeratedOptions(game, root);
  const matches: MatchDigest[] = [];
  for (let g = 0; g < MATCHES; g++) matches.push(playMatch(engine, game, settings(g, module, decks, options)));
  return { game, matches };
}

/**
 * Plays again the matches a recorded digest lists, each with its recorded seed, decks (by id, as
 * they are now), version and options. A deck added since the recording does not move a recorded
 * match (a new deck is not a change of behaviour); a recorded deck that is gone is an error.
 * `unplayed` names the game's decks that no recorded match plays (added since the recording).
 */
export function replayDigest(
  recorded: GameDigest,
  module: GameModule,
  root?: string,
): { digest: GameDigest; unplayed: string[] } {
  const game = recorded.game;
  const engine = new Engine(module);
  const decks = checkedDecks(game, module, root);
  const byId = new Map(decks.map((d) => [d.id, d]));
  const matches = recorded.matches.map((m) => {
    const chosen = m.decks.map((id) => {
      // A game whose rules deal every card has no decks: its seats bring nothing (as `play` seats them).
      if (id === "") return { id: "", name: "", zones: {}, file: "" };
      const d = byId.get(id);
      if (d === undefined) throw new Error(`${m.play}: deck '${id}' is recorded but no longer in cards/${game}/decks/`);
      return d;
    });
    return playMatch(engine, game, { seed: m.seed, decks: chosen, version: m.version, options: { ...m.options } });
  });
  const played = new Set(recorded.matches.flatMap((m) => m.decks));
  return { digest: { game, matches }, unplayed: decks.map((d) => d.id).filter((id) => !played.has(id)) };
}

/** Where two digests differ, as readable lines (empty when they agree). */
export function digestDiff(recorded: GameDigest, now: GameDigest): string[] {
  const out: string[] = [];
  if (recorded.matches.length !== now.matches.length)
    out.push(`${recorded.matches.length} matches recorded, ${now.matches.length} played now`);
  const n = Math.min(recorded.matches.length, now.matches.length);
  for (let m = 0; m < n; m++) {
    const a = recorded.matches[m] as MatchDigest;
    const b = now.matches[m] as MatchDigest;
    const diffs = matchDiff(a, b);
    if (diffs.length > 0) out.push(`match ${m + 1} (${b.play}):`, ...diffs.map((d) => `  ${d}`));
  }
  return out;
}

function matchDiff(a: MatchDigest, b: MatchDigest): string[] {
  const out: string[] = [];
  const json = (v: unknown) => JSON.stringify(v);
  if (a.play !== b.play) out.push(`settings: recorded '${a.play}', now '${b.play}'`);
  for (const key of ["winner", "results", "decisions", "logLines"] as const)
    if (json(a[key]) !== json(b[key])) out.push(`${key}: recorded ${json(a[key])}, now ${json(b[key])}`);
  for (const k of new Set([...Object.keys(a.game), ...Object.keys(b.game)]))
    if (json(a.game[k]) !== json(b.game[k]))
      out.push(`game.${k} at the end: recorded ${json(a.game[k])}, now ${json(b.game[k])}`);
  const act = firstDifference(a.actions, b.actions);
  if (act !== null)
    out.push(
      `actions part at decision ${act + 1}: recorded ${json(a.actions[act] ?? "(end)")}, now ${json(b.actions[act] ?? "(end)")}${act > 0 ? ` (after ${json(a.actions[act - 1])})` : ""}`,
    );
  if (a.logSha256 !== b.logSha256) {
    const line = firstDifference(a.logHead, b.logHead);
    if (line !== null)
      out.push(
        `log line ${line + 1}: recorded ${json(a.logHead[line] ?? "(end)")}, now ${json(b.logHead[line] ?? "(end)")}`,
      );
    else {
      const block = firstDifference(a.logBlocks, b.logBlocks) ?? 0;
      out.push(
        `log: the first ${HEAD_LINES} lines agree; it differs first in lines ${block * BLOCK_LINES + 1}–${(block + 1) * BLOCK_LINES} (every line, each with its card line: npx tsx compiler/node/cli/main.ts ${b.play.replace(/^cardwright /, "")} --verbose)`,
      );
    }
  }
  return out;
}

function firstDifference(a: readonly string[], b: readonly string[]): number | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return null;
}

/**
 * The fixture's text: JSON, two-space indented, with the action list and the log blocks packed
 * several to a line (up to about 120 characters), so the file stays small and a changed action
 * changes one line of the diff. The log's first lines stay one to a line, to be read.
 */
export function digestJSON(d: GameDigest): string {
  const packed = (items: readonly string[], indent: string): string => {
    const lines: string[] = [];
    let line = "";
    for (const item of items) {
      const s = JSON.stringify(item);
      if (line !== "" && indent.length + line.length + s.length + 2 > 120) {
        lines.push(line);
        line = "";
      }
      line += line === "" ? s : `, ${s}`;
    }
    if (line !== "") lines.push(line);
    return lines.length === 0 ? "[]" : `[\n${lines.map((l) => `${indent}  ${l}`).join(",\n")}\n${indent}]`;
  };
  const matches = d.matches.map((m) => {
    const fields = Object.entries(m).map(([k, v]) => {
      const value =
        k === "actions" || k === "logBlocks"
          ? packed(v as string[], "      ")
          : JSON.stringify(v, null, 2).replace(/\n/g, "\n      ");
      return `      ${JSON.stringify(k)}: ${value}`;
    });
    return `    {\n${fields.join(",\n")}\n    }`;
  });
  return `{\n  "game": ${JSON.stringify(d.game)},\n  "matches": [\n${matches.join(",\n")}\n  ]\n}\n`;
}
