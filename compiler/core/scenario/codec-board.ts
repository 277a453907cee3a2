/**
 * The scenario codec, boards: a scenario file's `given` (with its `version:`) ⇄ a runtime board.
 * The one translator of the format (docs/files.md, "Scenario files"): the runner, the sandbox, the
 * fuzzer's shrinker and save-as-scenario all read and write boards here.
 *
 * A board numbers its entities: the players 1 (me) and 2 (opponent), then its cards from 3 in the
 * order it lists them, side by side, zone by zone (runtime/setup.ts buildBoard). A property that
 * names an entity is, in a file, `{ ref: me }`, `{ ref: me.<card> }`, `{ ref: me.<zone>.<card> }`
 * or `{ ref: <card> }` (the only such card), or that number.
 */
import type { Board, BoardCard, EntityId, GameModule, State, Value } from "../../../runtime/index.ts";
import { matchEnd } from "../../../runtime/state/match-end.ts";
import type { Type } from "../semantic/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";
import type { YamlPath } from "../text/source.ts";
import { didYouMean } from "../text/suggest.ts";
import { playerRef, sideName, sideRef } from "./names.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The sides of a two-seat board, as a file names them (seat 1 first). */
export const SIDES = ["me", "opponent"] as const;

// ── decoding: file → board ──────────────────────────────────────────────────

/** What is wrong with a `given`: where (inside the scenario), what, and how to fix it. */
export interface GivenProblem {
  readonly path: YamlPath;
  readonly message: string;
  readonly hint?: string;
  readonly part: "key" | "value";
}

/** Thrown by {@link givenToBoard}; the runner turns it into a diagnostic at `problem.path`. */
export class GivenError extends Error {
  constructor(readonly problem: GivenProblem) {
    super(problem.message);
  }
}

const fail = (path: YamlPath, message: string, hint?: string, part: "key" | "value" = "value"): never => {
  throw new GivenError(hint === undefined ? { path, message, part } : { path, message, hint, part });
};

/**
 * A scenario's `given` as the runtime board it describes, at `version` (the scenario's
 * `version:`, else the caller's; null: the cards' own definitions). Paths of problems are inside
 * the scenario (`["given", "me", "hand", 0]`). A card written `{ card: x }` without properties is
 * the card `x`.
 */
export function givenToBoard(module: GameModule, given: unknown, version: string | null): Board {
  const g = isObj(given) ? given : {};
  const rules = module.rules;
  // Seats 1 and 2 are `me` and `opponent`; a game for more seats names the others seat3 … seat8.
  let seats = Math.max(2, rules.minPlayers ?? rules.players);
  for (const key of Object.keys(g)) {
    const seat = playerRef(key);
    if (seat !== undefined && seat > seats) seats = seat;
  }
  if (seats > rules.players)
    fail(["given"], `this game has at most ${rules.players} players, the scenario names seat ${seats}`);
  const sides = Array.from({ length: seats }, (_, i) => sideName(i + 1));
  const players = sides.map((who) => sideToPlayer(module, who, isObj(g[who]) ? g[who] : {}));
  // `game:` holds the game's properties and the cards of its shared zones (`of: game`).
  const gameGiven = isObj(g["game"]) ? g["game"] : {};
  const gameProps: Record<string, Value> = {};
  const gameZones: Record<string, BoardCard[]> = {};
  for (const [key, v] of Object.entries(gameGiven)) {
    if (rules.zones[key]?.of === "game") {
      if (!Array.isArray(v)) fail(["given", "game", key], `zone '${key}' must be a list of card ids`);
      gameZones[key] = (v as unknown[]).map((c, i) => boardCard(module, c, ["given", "game", key, i]));
    } else gameProps[key] = v as Value;
  }
  for (const [section, keys, what] of [
    ["game", Object.keys(gameProps), "the game has no property"],
    ["options", Object.keys(isObj(g["options"]) ? g["options"] : {}), "no option"],
  ] as const) {
    for (const key of keys)
      if (!(key in rules.props.game))
        fail(["given", section, key], `${what} '${key}'`, didYouMean(key, Object.keys(rules.props.game)), "key");
  }
  const played = g["match"] === undefined ? undefined : matchGiven(g["match"], seats, rules.match);
  const board: Board = {
    players,
    ...(played !== undefined ? { match: { results: played } } : {}),
    ...(version !== null ? { version } : {}),
    ...(isObj(g["options"]) ? { options: g["options"] as Record<string, Value> } : {}),
    ...(isObj(g["game"]) ? { game: gameProps } : {}),
    ...(Object.keys(gameZones).length > 0 ? { zones: gameZones } : {}),
  };
  return resolveRefs(module, board);
}

/**
 * `given: match: { results: [me, draw, opponent] }`: the games of the match already played, by
 * winner (a side, or `draw`), as the board's seats (draw: null).
 */
function matchGiven(
  v: unknown,
  seats: number,
  match: { readonly games: number; readonly winsNeeded: number },
): (EntityId | null)[] {
  const results = isObj(v) ? v["results"] : undefined;
  if (!Array.isArray(results))
    fail(["given", "match"], "the games already played are match: { results: [me, opponent, draw, …] }");
  const out = (results as unknown[]).map((r, i): EntityId | null => {
    if (r === "draw") return null;
    const seat = typeof r === "string" ? playerRef(r) : undefined;
    if (seat === undefined || seat > seats)
      return fail(
        ["given", "match", "results", i],
        `'${String(r)}' is not a result: each game already played is won by a side of this board (${Array.from({ length: seats }, (_, k) => sideName(k + 1)).join(", ")}) or is a draw`,
      );
    return seat;
  });
  // The board is a game still to play (the runtime refuses one the results end, with the same test).
  const end = matchEnd(out, match);
  if (end?.by === "wins")
    fail(
      ["given", "match", "results"],
      `${sideName(end.seat)} has ${end.wins} win(s) here, which end the match (${match.winsNeeded} needed): the board must be a game still to play`,
    );
  if (end?.by === "games")
    fail(
      ["given", "match", "results"],
      `${end.played} game(s) played of the match's ${match.games}: the board must be a game still to play`,
    );
  return out;
}

function sideToPlayer(module: GameModule, who: string, spec: Obj): Board["players"][number] {
  const rules = module.rules;
  const zones: Record<string, BoardCard[]> = {};
  const props: Record<string, Value> = {};
  for (const [key, v] of Object.entries(spec)) {
    const at: YamlPath = ["given", who, key];
    if (rules.zones[key]?.of === "game")
      fail(at, `'${key}' is a zone of the game, not of a player: give its cards under 'game:'`, undefined, "key");
    if (key in rules.zones) {
      if (!Array.isArray(v)) fail(at, `zone '${key}' must be a list of card ids`);
      zones[key] = (v as unknown[]).map((c, i) => boardCard(module, c, [...at, i]));
    } else if (key in rules.props.player || key === "name") {
      props[key] = v as Value;
    } else {
      fail(
        at,
        `a player has no zone or property '${key}'`,
        didYouMean(key, [...Object.keys(rules.zones), ...Object.keys(rules.props.player), "name"]),
        "key",
      );
    }
  }
  return { name: who === "me" ? "Me" : who === "opponent" ? "Opponent" : `Seat ${who.slice(4)}`, props, zones };
}

function boardCard(module: GameModule, c: unknown, at: YamlPath): BoardCard {
  const id = isObj(c) ? c["card"] : c;
  if (typeof id !== "string" || !(id in module.cards)) {
    fail(
      isObj(c) ? [...at, "card"] : at,
      `unknown card '${String(id)}'`,
      typeof id === "string" ? didYouMean(id, Object.keys(module.cards)) : undefined,
    );
  }
  const card = id as string;
  if (!isObj(c)) return card;
  const props: Record<string, Value> = {};
  for (const [k, v] of Object.entries(c)) {
    if (k === "card") continue;
    if (!(k in module.rules.props.card))
      fail([...at, k], `a card has no property '${k}'`, didYouMean(k, Object.keys(module.rules.props.card)), "key");
    props[k] = v as Value;
  }
  return Object.keys(props).length ? { card, props } : card;
}

/** `{ ref: … }` property values: the entity numbers the board gives (see the file's comment). */
function resolveRefs(module: GameModule, board: Board): Board {
  const sides = board.players.map((_, i) => sideName(i + 1));
  const cards: { side: string; zone: string; card: string; id: EntityId }[] = [];
  let next = board.players.length + 1;
  board.players.forEach((p, i) => {
    for (const z in p.zones ?? {})
      for (const c of p.zones?.[z] ?? [])
        cards.push({ side: sides[i] as string, zone: z, card: typeof c === "string" ? c : c.card, id: next++ });
  });
  // The game's shared zones come after every seat's (as buildBoard numbers them).
  for (const z in board.zones ?? {})
    for (const c of board.zones?.[z] ?? [])
      cards.push({ side: "game", zone: z, card: typeof c === "string" ? c : c.card, id: next++ });
  const one = (ref: unknown, at: YamlPath): EntityId => {
    if (typeof ref !== "string") fail(at, "a reference is a text: me, opponent, <card>, me.<card> or me.<zone>.<card>");
    const text = ref as string;
    const player = playerRef(text);
    if (player !== undefined) return player;
    const parts = text.split(".");
    const side = parts.length > 1 && sideRef(parts[0] as string) !== undefined ? (parts[0] as string) : null;
    const zone = side !== null && parts.length === 3 ? (parts[1] as string) : null;
    const card = parts[parts.length - 1] as string;
    if (parts.length > (side === null ? 1 : zone === null ? 2 : 3) || (zone !== null && !(zone in module.rules.zones)))
      fail(at, `'${text}' is not a reference: write me, opponent, <card>, me.<card> or me.<zone>.<card>`);
    const where = zone !== null ? `in ${side}.${zone}` : side !== null ? `on ${side}'s side` : "on the board";
    const hits = cards.filter(
      (c) => c.card === card && (side === null || c.side === side) && (zone === null || c.zone === zone),
    );
    if (hits.length === 1) return (hits[0] as { id: EntityId }).id;
    if (hits.length === 0)
      fail(
        at,
        `no card '${card}' ${where} to refer to`,
        card in module.cards ? undefined : didYouMean(card, Object.keys(module.cards)),
      );
    const how =
      side === null
        ? "say whose, and which zone if need be (me.<card>, me.<zone>.<card>)"
        : zone === null
          ? `say which zone (${side}.<zone>.${card})`
          : "give the entity's number instead";
    return fail(at, `${hits.length} cards '${card}' ${where}: ${how}`);
  };
  const value = (v: Value, at: YamlPath): Value => {
    if (isObj(v) && "ref" in v) {
      if (Object.keys(v).length !== 1) fail(at, "a reference is { ref: <name> } and nothing else");
      return one(v["ref"], [...at, "ref"]);
    }
    return Array.isArray(v) ? v.map((x, i) => value(x as Value, [...at, i])) : v;
  };
  const props = (ps: Readonly<Record<string, Value>> | undefined, at: YamlPath): Record<string, Value> => {
    const out: Record<string, Value> = {};
    for (const k in ps ?? {}) out[k] = value((ps as Record<string, Value>)[k] as Value, [...at, k]);
    return out;
  };
  return {
    ...board,
    ...(board.game !== undefined ? { game: props(board.game, ["given", "game"]) } : {}),
    ...(board.zones !== undefined ? { zones: board.zones } : {}),
    players: board.players.map((p, i) => {
      const who = sides[i] as string;
      const zones: Record<string, BoardCard[]> = {};
      for (const z in p.zones ?? {}) {
        zones[z] = (p.zones?.[z] ?? []).map((c, k) =>
          typeof c === "string" || c.props === undefined
            ? c
            : { card: c.card, props: props(c.props, ["given", who, z, k]) },
        );
      }
      return { ...p, props: props(p.props, ["given", who]), zones };
    }),
  };
}

// ── encoding: board → file ──────────────────────────────────────────────────

/** A property value of a board to write: plain, or the board's number of an entity (a reference). */
export type RefValue = Value | { readonly entity: EntityId } | { readonly entities: readonly EntityId[] };
export type RefProps = Readonly<Record<string, RefValue>>;
export type RefCard = string | { readonly card: string; readonly props?: RefProps };

/** A board whose references are marked (so that a file can name them). */
export interface RefBoard {
  readonly version?: string;
  /** The games of the match already played (Board.match). */
  readonly match?: { readonly results: readonly (EntityId | null)[] };
  readonly options?: RefProps;
  readonly game?: RefProps;
  /** The game's shared zones (`of: game`); their cards are numbered after every seat's. */
  readonly zones?: Readonly<Record<string, readonly RefCard[]>>;
  readonly players: readonly {
    readonly props?: RefProps;
    readonly zones?: Readonly<Record<string, readonly RefCard[]>>;
  }[];
}

/** How a property's values are written: as they are, as a reference (or a list of them), or not at all. */
export type PropKind = "plain" | "entity" | "entities" | "skip";

export interface PropKinds {
  readonly card: ReadonlyMap<string, PropKind>;
  readonly player: ReadonlyMap<string, PropKind>;
  readonly game: ReadonlyMap<string, PropKind>;
}

function kindOfType(ty: Type | undefined): PropKind {
  if (ty === undefined) return "skip";
  if (ty.t === "opt") return kindOfType(ty.of);
  if (ty.t === "player" || ty.t === "card" || ty.t === "entity") return "entity";
  if (ty.t === "list") {
    const inner = kindOfType(ty.of);
    return inner === "plain" ? "plain" : inner === "entity" ? "entities" : "skip";
  }
  return ty.t === "number" || ty.t === "bool" || ty.t === "text" || ty.t === "enum" || ty.t === "cardid"
    ? "plain"
    : "skip";
}

/** Property kinds from the checker's types (hosts that hold the checked model: the CLI, the fuzzer). */
export function propKindsOf(voc: Vocabulary): PropKinds {
  const of = (m: ReadonlyMap<string, { readonly type: Type }>) =>
    new Map([...m].map(([k, d]) => [k, kindOfType(d.type)] as const));
  return {
    card: of(voc.props.card),
    player: of(voc.props.player),
    game: of(new Map([...voc.props.game, ...voc.options])),
  };
}

/**
 * Property kinds from a game module alone (the sandbox in the page): a property whose default is a
 * number, a truth value, a text or a list of them is plain; one whose default is none may hold a
 * card or a player, which the module does not say, so it is left out.
 */
export function propKindsOfModule(module: GameModule): PropKinds {
  const plain = (v: unknown): boolean =>
    typeof v === "number" || typeof v === "boolean" || typeof v === "string" || (Array.isArray(v) && v.every(plain));
  const of = (m: Readonly<Record<string, { readonly default: Value }>>) =>
    new Map(Object.entries(m).map(([k, d]) => [k, plain(d.default) ? "plain" : "skip"] as const));
  return {
    card: of(module.rules.props.card),
    player: of(module.rules.props.player),
    game: of(module.rules.props.game),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The board of a state: each seat's zones (top first) with each card's property values that differ
 * from their defaults, the seats' and the game's properties; references renumbered as the new
 * board numbers its entities. Seat `first` becomes `me`. What a board cannot hold (lasting
 * modifiers, trigger usages, paused effects, the chain, the log) is left out.
 */
export function boardOfState(module: GameModule, st: State, kinds: PropKinds, first: EntityId = 1): RefBoard {
  const players = Object.values(st.entities).filter((e) => e.card === null && e.id !== 0).length;
  const seats = Array.from({ length: players }, (_, i) => ((first - 1 + i) % players) + 1);
  const number = new Map<EntityId, EntityId>();
  seats.forEach((s, i) => number.set(s, i + 1));
  let next = players + 1;
  const zoneNames = Object.keys(module.rules.zones).filter((z) => module.rules.zones[z]?.of !== "game");
  const gameZoneNames = Object.keys(module.rules.zones).filter((z) => module.rules.zones[z]?.of === "game");
  for (const s of seats)
    for (const z of zoneNames) for (const id of st.zones[`${s}:${z}`] ?? []) number.set(id, next++);
  for (const z of gameZoneNames) for (const id of st.zones[`0:${z}`] ?? []) number.set(id, next++);
  const props = (
    values: Readonly<Record<string, Value>>,
    defs: Readonly<Record<string, { readonly default: Value }>>,
    k: ReadonlyMap<string, PropKind>,
  ): Record<string, RefValue> => {
    const out: Record<string, RefValue> = {};
    for (const key of Object.keys(values).sort()) {
      const def = defs[key];
      const v = values[key] as Value;
      const kind = k.get(key) ?? "skip";
      if (def === undefined || kind === "skip" || same(v, def.default ?? null)) continue;
      if (kind === "entity" && typeof v === "number") {
        const n = number.get(v);
        if (n !== undefined) out[key] = { entity: n };
      } else if (kind === "entities" && Array.isArray(v))
        out[key] = {
          entities: v.flatMap((x) => (typeof x === "number" && number.has(x) ? [number.get(x) as number] : [])),
        };
      else if (kind === "plain" || v === null) out[key] = v;
    }
    return out;
  };
  // Lists and none among the game's properties are its bookkeeping (histories, the current event): left out.
  const game = Object.fromEntries(
    Object.entries(props(st.entities[0]?.props ?? {}, module.rules.props.game, kinds.game)).filter(
      ([, v]) => v !== null && !Array.isArray(v),
    ),
  );
  const cardsOf = (ids: readonly EntityId[]): RefCard[] =>
    ids.map((id) => {
      const e = st.entities[id];
      const cp = props(e?.props ?? {}, module.rules.props.card, kinds.card);
      return Object.keys(cp).length ? { card: e?.card ?? "", props: cp } : (e?.card ?? "");
    });
  const shared: Record<string, RefCard[]> = {};
  for (const z of gameZoneNames) {
    const ids = st.zones[`0:${z}`] ?? [];
    if (ids.length) shared[z] = cardsOf(ids);
  }
  // The games already played, their winners renumbered as the board's seats.
  const results = st.match.results.map((r) => (r === null ? null : (number.get(r) ?? null)));
  return {
    ...(st.version !== undefined ? { version: st.version } : {}),
    ...(results.length > 0 ? { match: { results } } : {}),
    ...(Object.keys(game).length ? { game } : {}),
    ...(Object.keys(shared).length ? { zones: shared } : {}),
    players: seats.map((seat) => {
      const zones: Record<string, RefCard[]> = {};
      for (const z of zoneNames) {
        const ids = st.zones[`${seat}:${z}`] ?? [];
        if (ids.length) zones[z] = cardsOf(ids);
      }
      const p = props(st.entities[seat]?.props ?? {}, module.rules.props.player, kinds.player);
      delete p["name"];
      return { props: p, zones };
    }),
  };
}

/** A runtime board with the references its kinds say it has marked (so that it can be written by name). */
export function refBoardOf(board: Board, kinds: PropKinds): RefBoard {
  const mark = (ps: Readonly<Record<string, Value>> | undefined, k: ReadonlyMap<string, PropKind>): RefProps => {
    const out: Record<string, RefValue> = {};
    for (const key in ps ?? {}) {
      const v = (ps as Record<string, Value>)[key] as Value;
      const kind = k.get(key);
      out[key] =
        kind === "entity" && typeof v === "number"
          ? { entity: v }
          : kind === "entities" && Array.isArray(v) && v.every((x) => typeof x === "number")
            ? { entities: v as number[] }
            : v;
    }
    return out;
  };
  const markZones = (zs: Readonly<Record<string, readonly BoardCard[]>> | undefined): Record<string, RefCard[]> => {
    const zones: Record<string, RefCard[]> = {};
    for (const z in zs ?? {})
      zones[z] = (zs?.[z] ?? []).map((c) =>
        typeof c === "string" || c.props === undefined
          ? typeof c === "string"
            ? c
            : c.card
          : { card: c.card, props: mark(c.props, kinds.card) },
      );
    return zones;
  };
  return {
    ...(board.version !== undefined ? { version: board.version } : {}),
    ...(board.match !== undefined ? { match: { results: board.match.results.slice() } } : {}),
    ...(board.options !== undefined ? { options: mark(board.options, kinds.game) } : {}),
    ...(board.game !== undefined ? { game: mark(board.game, kinds.game) } : {}),
    ...(board.zones !== undefined ? { zones: markZones(board.zones) } : {}),
    players: board.players.map((p) => ({ props: mark(p.props, kinds.player), zones: markZones(p.zones) })),
  };
}

/** The runtime's board of a marked board: every reference its number. */
export function materialize(b: RefBoard): Board {
  const w = writeBoard(b, (id) => id);
  return {
    ...(b.version !== undefined ? { version: b.version } : {}),
    ...(b.match !== undefined ? { match: { results: b.match.results.slice() } } : {}),
    ...(w.game !== undefined ? { game: w.game as Record<string, Value> } : {}),
    ...(w.options !== undefined ? { options: w.options as Record<string, Value> } : {}),
    ...(w.zones !== undefined ? { zones: w.zones as Record<string, BoardCard[]> } : {}),
    // Named as a file's board names its sides (givenToBoard), so both give the same game.
    players: w.players.map((p, i) => ({
      name: i === 0 ? "Me" : i === 1 ? "Opponent" : `Seat ${i + 1}`,
      props: p.props as Record<string, Value>,
      zones: p.zones as Record<string, BoardCard[]>,
    })),
  };
}

/** A reference as a file writes it: `{ ref: <name> }`, or the entity's number. */
export type WrittenRef = { readonly ref: string } | EntityId;

/**
 * A board as a scenario's `given` (and its `version`): references by name when one name fits only
 * that entity, else by number; `numbered` says whether any stayed a number (the file should then
 * say how boards number their entities).
 */
export function boardToGiven(b: RefBoard): {
  readonly given: Obj;
  readonly version: string | null;
  readonly numbered: boolean;
} {
  const names = new Map<EntityId, string>();
  b.players.forEach((_, i) => names.set(i + 1, sideName(i + 1)));
  const seen = new Map<string, number>();
  let seq = b.players.length + 1;
  const keyed: [EntityId, string][] = [];
  b.players.forEach((p, i) => {
    for (const z in p.zones ?? {}) {
      for (const c of p.zones?.[z] ?? []) {
        const name = `${sideName(i + 1)}.${z}.${typeof c === "string" ? c : c.card}`;
        seen.set(name, (seen.get(name) ?? 0) + 1);
        keyed.push([seq++, name]);
      }
    }
  });
  for (const z in b.zones ?? {})
    for (const c of b.zones?.[z] ?? []) {
      const name = `game.${z}.${typeof c === "string" ? c : c.card}`;
      seen.set(name, (seen.get(name) ?? 0) + 1);
      keyed.push([seq++, name]);
    }
  for (const [id, name] of keyed) if (seen.get(name) === 1) names.set(id, name);
  let numbered = false;
  const board = writeBoard(b, (id) => {
    const name = names.get(id);
    if (name === undefined) numbered = true;
    return name === undefined ? id : { ref: name };
  });
  const given: Obj = {};
  board.players.forEach((p, i) => {
    const side: Obj = {};
    // In a file a card's properties sit beside its id: `{ card: imp, hp: 3 }`.
    for (const [z, cards] of Object.entries(p.zones))
      side[z] = cards.map((c) => (typeof c === "string" ? c : { card: c.card, ...c.props }));
    for (const [k, v] of Object.entries(p.props)) side[k] = v;
    given[sideName(i + 1)] = side;
  });
  // The game's properties and its shared zones' cards sit together under `game:`.
  const gameSection: Obj = { ...(board.game ?? {}) };
  for (const [z, cards] of Object.entries(board.zones ?? {}))
    gameSection[z] = cards.map((c) => (typeof c === "string" ? c : { card: c.card, ...c.props }));
  if (Object.keys(gameSection).length) given["game"] = gameSection;
  if (board.options && Object.keys(board.options).length) given["options"] = board.options;
  if (b.match !== undefined && b.match.results.length > 0)
    given["match"] = { results: b.match.results.map((r) => (r === null ? "draw" : sideName(r))) };
  return { given, version: b.version ?? null, numbered };
}

type Written = Value | WrittenRef | readonly WrittenRef[];
type WrittenCard = string | { readonly card: string; readonly props: Record<string, Written> };
interface WrittenBoard {
  readonly game?: Record<string, Written>;
  readonly options?: Record<string, Written>;
  readonly zones?: Record<string, WrittenCard[]>;
  readonly players: { props: Record<string, Written>; zones: Record<string, WrittenCard[]> }[];
}

/** The board with each reference as `write` puts it; cards with properties as `{ card, …props }` in files. */
function writeBoard(b: RefBoard, ref: (id: EntityId) => WrittenRef): WrittenBoard {
  const props = (ps: RefProps | undefined): Record<string, Written> => {
    const out: Record<string, Written> = {};
    for (const k in ps ?? {}) {
      const v = (ps as Record<string, RefValue>)[k] as RefValue;
      if (v !== null && typeof v === "object" && "entity" in v) out[k] = ref(v.entity);
      else if (v !== null && typeof v === "object" && "entities" in v) out[k] = v.entities.map(ref);
      else out[k] = v as Value;
    }
    return out;
  };
  const zonesOf = (zs: Readonly<Record<string, readonly RefCard[]>> | undefined): Record<string, WrittenCard[]> => {
    const zones: Record<string, WrittenCard[]> = {};
    for (const z in zs ?? {})
      zones[z] = (zs?.[z] ?? []).map((c) => {
        if (typeof c === "string") return c;
        const cp = props(c.props);
        return Object.keys(cp).length ? { card: c.card, props: cp } : c.card;
      });
    return zones;
  };
  return {
    ...(b.game !== undefined ? { game: props(b.game) } : {}),
    ...(b.options !== undefined ? { options: props(b.options) } : {}),
    ...(b.zones !== undefined ? { zones: zonesOf(b.zones) } : {}),
    players: b.players.map((p) => ({ props: props(p.props), zones: zonesOf(p.zones) })),
  };
}

/**
 * How a scenario's games are played, as the runtime's Engine options: `stop: game-end` stops
 * when a game ends (the board it ended with stays), `auto: false` asks every decision. Every key
 * is always present, in this order, so equal options print equal JSON (the runner shares an
 * Engine among scenarios with equal options).
 */
export interface ScenarioPlay {
  readonly stopBetweenGames: boolean;
  readonly askEveryDecision: boolean;
}

export function scenarioPlay(scenario: unknown): ScenarioPlay {
  const sc = isObj(scenario) ? scenario : {};
  return { stopBetweenGames: sc["stop"] === "game-end", askEveryDecision: sc["auto"] === false };
}
