/**
 * Building the initial state of a match (from a deck configuration) or of a scenario (from a
 * board given by name), before the rules' flow runs.
 */
import { BUDGETS, valueSize } from "../state/budget.ts";
import { createEntity } from "../kernel/entities.ts";
import type { Kernel } from "../kernel/kernel.ts";
import { InputError } from "../state/errors.ts";
import { REPLAY_SCHEMA } from "../state/schema.ts";
import { schemaProblem } from "../state/validate.ts";
import { pushLog } from "../kernel/log.ts";
import { seedState, shuffleInPlace } from "../state/rng.ts";
import type { EntityId, PropDef, State, Value } from "../types.ts";
import { hashTable } from "../state/values.ts";
import { versionProblem } from "../kernel/versions.ts";
import { matchEnd } from "../state/match-end.ts";

/** A match: a seed, each seat's name and starting cards per zone (index 0 = top), and match options. */
export interface MatchConfig {
  readonly seed: number;
  readonly players: readonly {
    readonly name: string;
    readonly zones: Readonly<Record<string, readonly string[]>>;
    /** Player property values set before the flow runs (e.g. a seat's preference for manual choices). */
    readonly props?: Readonly<Record<string, Value>>;
  }[];
  /** Match options: they override the rules' `game` property defaults. */
  readonly options?: Readonly<Record<string, Value>>;
  /** The game version to play at (one of the rules' known versions); absent: the cards' own definitions. */
  readonly version?: string;
}

/** A card on a board: its id, or its id and property values. */
export type BoardCard = string | { readonly card: string; readonly props?: Readonly<Record<string, Value>> };

/** A board for scenario tests: seats given by property values and zone contents (index 0 = top). */
export interface Board {
  readonly options?: Readonly<Record<string, Value>>;
  /** The game version to play at (as in MatchConfig). */
  readonly version?: string;
  readonly game?: Readonly<Record<string, Value>>;
  /** The contents of the game's shared zones (index 0 = top); their cards come after every seat's. */
  readonly zones?: Readonly<Record<string, readonly BoardCard[]>>;
  /**
   * The games of the match already played, by winner (a seat, or null for a draw): the board is
   * then game results.length + 1, with the scores these give. They must leave the match open.
   */
  readonly match?: { readonly results: readonly (EntityId | null)[] };
  readonly players: readonly {
    readonly name?: string;
    readonly props?: Readonly<Record<string, Value>>;
    readonly zones?: Readonly<Record<string, readonly BoardCard[]>>;
  }[];
}

function emptyState(rt: Kernel, game: string, seed: number, version: string | undefined): State {
  const problem = versionProblem(rt.ix.module, version);
  if (problem !== null) throw new InputError(problem);
  const st: State = {
    game,
    rng: seedState(seed),
    seq: 0,
    clock: 0,
    entities: {},
    zones: {},
    events: {},
    modifiers: [],
    frames: [],
    decision: null,
    match: { number: 1, results: [], over: false, winner: null },
    seen: hashTable(),
    log: [],
    turnstile: 0,
  };
  if (version !== undefined) st.version = version;
  st.salt = saltOf(seed);
  return st;
}

function defaults(table: Readonly<Record<string, PropDef>>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const k in table) out[k] = (table[k] as PropDef).default;
  return out;
}

function override(
  target: Record<string, Value>,
  values: Readonly<Record<string, Value>> | undefined,
  known: Readonly<Record<string, PropDef>>,
  what: string,
  also?: string,
): void {
  if (values === undefined) return;
  for (const k in values) {
    if (!Object.hasOwn(known, k) && k !== also)
      throw new InputError(`unknown ${what} '${k}' (known: ${Object.keys(known).join(", ") || "none"})`);
    const v = values[k] as Value;
    if (valueSize(v, BUDGETS.value) > BUDGETS.value)
      throw new InputError(`the ${what} '${k}' is larger than the value budget (${BUDGETS.value} units)`);
    target[k] = v;
  }
}

/**
 * Entities 0 (the game, with the rules' shared zones) and 1…n (the players, each with every zone
 * of a player). A game that plays with a range of seats records the number it has in `seats`.
 */
function seatEntities(rt: Kernel, names: readonly string[], gameProps: Record<string, Value>, seats: number): void {
  const st = rt.state;
  const rules = rt.ix.rules;
  if (rules.minPlayers !== undefined) st.seats = seats;
  st.entities[0] = { id: 0, card: null, owner: 0, zone: "", arrival: 0, props: gameProps, counters: {} };
  for (const z of rt.ix.zoneNames) if (rules.zones[z]?.of === "game") st.zones[rt.ix.zoneKey(0, z)] = [];
  for (let p = 1; p <= seats; p++) {
    const props = defaults(rules.props.player);
    props.name = names[p - 1] ?? `Player ${p}`;
    st.entities[p] = { id: p, card: null, owner: p, zone: "", arrival: 0, props, counters: {} };
    for (const z of rt.ix.zoneNames) if (rules.zones[z]?.of !== "game") st.zones[rt.ix.zoneKey(p, z)] = [];
  }
  st.seq = seats + 1;
}

/** The number of seats `n` players make, or why this game cannot seat them. */
function seatCount(rt: Kernel, n: number, what: string): number {
  const rules = rt.ix.rules;
  const min = rules.minPlayers ?? rules.players;
  if (n >= min && n <= rules.players) return n;
  const need = min === rules.players ? `${min}` : `${min} to ${rules.players}`;
  throw new InputError(`this game needs ${need} players, the ${what} has ${n}`);
}

/** Who owns a starting card: its seat, or the game for a zone of the game. */
function ownerIn(rt: Kernel, seat: EntityId, zone: string): EntityId {
  return rt.ix.rules.zones[zone]?.of === "game" ? 0 : seat;
}

function checkZone(rt: Kernel, zone: string): void {
  if (!Object.hasOwn(rt.ix.rules.zones, zone))
    throw new InputError(`unknown zone '${zone}' (zones: ${rt.ix.zoneNames.join(", ")})`);
}

function checkCard(rt: Kernel, card: string): void {
  if (!Object.hasOwn(rt.module.cards, card)) throw new InputError(`unknown card '${card}'`);
}

/** The shape of a configuration or a board (schema.ts), before anything is built. */
function checkShape(what: "config" | "board", v: unknown): void {
  const p = schemaProblem({ ...REPLAY_SCHEMA, $ref: `#/definitions/${what}` }, v, what);
  if (p !== null) throw new InputError(p);
}

export function buildMatch(rt: Kernel, game: string, config: MatchConfig): State {
  const rules = rt.ix.rules;
  checkShape("config", config);
  const seats = seatCount(rt, config.players.length, "configuration");
  const st = rt.bind(emptyState(rt, game, config.seed, config.version)).state;
  const gameProps = defaults(rules.props.game);
  override(gameProps, config.options, rules.props.game, "option");
  seatEntities(
    rt,
    config.players.map((p) => p.name),
    gameProps,
    seats,
  );
  // Each seat's cards get their ids in a seeded random order, so that an id does not tell which
  // card it is (a player view shows hidden cards by id only).
  config.players.forEach((p, i) => {
    const owner: EntityId = i + 1;
    playerProps(rt, owner, p.props);
    const cards: [string, string][] = [];
    for (const zone in p.zones) {
      checkZone(rt, zone);
      for (const card of p.zones[zone] as readonly string[]) {
        checkCard(rt, card);
        cards.push([zone, card]);
      }
    }
    const ids = cards.map((_, k) => st.seq + k);
    shuffleInPlace(st.rng, ids);
    cards.forEach(([zone, card], k) =>
      createEntity(rt, card, ownerIn(rt, owner, zone), zone, undefined, ids[k] as EntityId),
    );
    st.seq += cards.length;
  });
  pushLog(st, "game", `Game 1 begins: ${config.players.map((p) => p.name).join(" vs ")}`, { game: 1 });
  return st;
}

/** A seat's own property values (a match configuration's or a board's), over the rules' defaults. */
function playerProps(rt: Kernel, owner: EntityId, props: Readonly<Record<string, Value>> | undefined): void {
  const x = rt.state.entities[owner] as { props: Record<string, Value> };
  override(x.props, props, rt.ix.rules.props.player, "player property", "name");
}

/** A board's cards of one side (a seat, or 0: the game's shared zones), in the order listed. */
function boardZones(
  rt: Kernel,
  side: EntityId,
  zones: Readonly<Record<string, readonly BoardCard[]>> | undefined,
): void {
  const rules = rt.ix.rules;
  for (const zone in zones ?? {}) {
    checkZone(rt, zone);
    if ((rules.zones[zone]?.of === "game") !== (side === 0))
      throw new InputError(
        side === 0
          ? `'${zone}' is a zone of each player, not of the game`
          : `'${zone}' is a zone of the game, not of a player`,
      );
    for (const c of (zones as Record<string, readonly BoardCard[]>)[zone] as readonly BoardCard[]) {
      const card = typeof c === "string" ? c : c.card;
      checkCard(rt, card);
      const def = rt.ix.card(card);
      let props: Record<string, Value> | undefined;
      if (typeof c !== "string" && c.props !== undefined) {
        props = {};
        for (const k in c.props) {
          if (!Object.hasOwn(rules.props.card, k) && !Object.hasOwn(def.fields, k)) {
            throw new InputError(
              `unknown property '${k}' of ${def.name} (card properties: ${Object.keys(rules.props.card).join(", ") || "none"})`,
            );
          }
          props[k] = c.props[k] as Value;
        }
      }
      createEntity(rt, card, side, zone, props);
    }
  }
}

export function buildBoard(rt: Kernel, game: string, board: Board, seed: number): State {
  const rules = rt.ix.rules;
  checkShape("board", board);
  if (!Number.isInteger(seed) || seed < 0 || seed > 4294967295)
    throw new InputError(`the seed must be a whole number from 0 to 4294967295, not ${String(seed)}`);
  if (board.players.length > rules.players)
    throw new InputError(`this game has ${rules.players} players, the board has ${board.players.length}`);
  const seats = Math.max(board.players.length, rules.minPlayers ?? rules.players);
  const st = rt.bind(emptyState(rt, game, seed, board.version)).state;
  const gameProps = defaults(rules.props.game);
  override(gameProps, board.options, rules.props.game, "option");
  override(gameProps, board.game, rules.props.game, "game property");
  const names: string[] = [];
  for (let p = 1; p <= seats; p++) names.push(board.players[p - 1]?.name ?? `Player ${p}`);
  seatEntities(rt, names, gameProps, seats);
  board.players.forEach((p, i) => {
    const owner: EntityId = i + 1;
    playerProps(rt, owner, p.props);
    boardZones(rt, owner, p.zones);
  });
  boardZones(rt, 0, board.zones);
  if (board.match !== undefined) playedGames(rt, st, board.match.results, seats);
  const which = st.match.number > 1 ? ` (game ${st.match.number} of the match)` : "";
  pushLog(st, "game", `Scenario begins: ${names.join(" vs ")}${which}`, { game: st.match.number });
  return st;
}

/** A board's games already played: the results, and this game's number; the match must still be open. */
function playedGames(rt: Kernel, st: State, results: readonly (EntityId | null)[], seats: number): void {
  if (!Array.isArray(results)) throw new InputError("board.match.results must be a list of seats (or null for a draw)");
  for (const r of results)
    if (r !== null && !(Number.isInteger(r) && r >= 1 && r <= seats))
      throw new InputError(
        `board.match.results: ${String(r)} is not a seat of this board (1 to ${seats}, or null for a draw)`,
      );
  const terms = rt.ix.rules.match;
  const end = matchEnd(results, terms);
  if (end !== null)
    throw new InputError(
      end.by === "wins"
        ? `board.match.results: seat ${end.seat} has ${end.wins} win(s), which end the match (${terms.winsNeeded} needed): a board is a game still to play`
        : `board.match.results: ${end.played} game(s) played of ${terms.games}: the match is over, a board is a game still to play`,
    );
  st.match.results = results.slice();
  st.match.number = results.length + 1;
}

/** The match's secret for view ids (State.salt): the seed through a 32-bit mixer, not an RNG word. */
function saltOf(seed: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
