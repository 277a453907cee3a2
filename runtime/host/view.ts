/**
 * Player views: a copy of the state with what a player may not see removed. Cards in "hidden"
 * zones are masked for everyone (card and properties blanked, and the zone's order concealed by
 * listing ids ascending); "owner" zones are masked for the other players; a card revealed to the
 * player (or to everyone) is shown (knowledge.ts). The RNG state, the match's salt, the paused
 * effects (their locals may hold hidden cards) and the repetition record are removed; log lines
 * about masked cards are reworded, `log` texts hide the cards the player could not see when they
 * were written, and another player's pending decision keeps only the options that name no masked
 * card. A view is for looking: it cannot be played on.
 *
 * Masked cards do not keep their ids: each gets an id of the view, a hash of the match's salt,
 * the player, the card and when it last moved or its zone was shuffled. So an id is stable while
 * the card stays put out of sight, and says nothing of which card it is: not its creation order
 * (ids are not in any order of the cards), not where it was before (a new one after each move or
 * shuffle), and different players see different ids.
 */
import { cloneState } from "../state/clone.ts";
import type { Kernel } from "../kernel/kernel.ts";
import { cardVisible, zoneOf, zoneVisible } from "../kernel/knowledge.ts";
import { describeAnswer } from "../flow/decisions.ts";
import type { Action, Decision, Entity, EntityId, LogEntry, State, Value } from "../types.ts";

/** View ids of masked cards start here, above any real id a match reaches. */
const VIEW_ID_BASE = 2 ** 31;

export function playerView(rt: Kernel, state: State, player: EntityId, realIds = false): State {
  const v = cloneState(state);
  const zones = rt.ix.rules.zones;
  v.rng = [];
  v.frames = [];
  v.seen = {};
  delete v.salt;
  // Chain links stay visible (source, controller, targets), their paused locals do not.
  if (v.chain !== undefined) for (const l of v.chain.links) l.frame.L = {};
  const masked = new Set<EntityId>();
  const alias = new Map<EntityId, EntityId>();
  const taken = new Set<EntityId>();
  for (const key in v.zones) {
    const ids = v.zones[key] as EntityId[];
    const everyone = zoneVisible(zones, key, player);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as EntityId;
      const e = v.entities[id] as Entity;
      if (everyone || cardVisible(zones, e, player)) continue;
      let shown = id;
      if (!realIds) {
        shown = viewId(state, player, e, key, taken);
        alias.set(id, shown);
        delete v.entities[id];
      }
      // A masked card's age would tell it apart (cards dealt at setup arrive in deck-list order,
      // a shuffled deck keeps its cards' old arrivals): the view gives none. The real-id view of
      // the determinizer keeps it (its worlds deal every such card anew).
      const arrival = realIds ? e.arrival : 0;
      const m: Entity = { id: shown, card: null, owner: e.owner, zone: e.zone, arrival, props: {}, counters: {} };
      if (e.holder !== undefined) m.holder = e.holder;
      v.entities[shown] = m;
      ids[i] = shown;
      masked.add(id);
    }
    if (masked.size > 0 && !everyone) ids.sort((a, b) => a - b);
  }
  // Lines written while a card was hidden stay masked after it is shown (they record who was blind).
  // A pending prompt the rules made ("Target of {c}") is formatted while the card is still hidden
  // and kept only as text: the names of the cards masked now are replaced in it. Log lines are
  // masked by what was known when they were written (below), so a line reads the same later.
  const hide = nameHider(rt, state, masked);
  if (masked.size > 0 || state.log.some(maskedWhenWritten)) {
    // A line's masked form depends on the line, the viewer, the rules and the names of the game
    // and the seats only: it is made once per line for each of them (a view is built at every
    // decision, and the log only grows).
    const memo = linesOf(rt, `${player}\0${seatNames(rt, state)}`);
    v.log = state.log.map((entry) => {
      let line = memo.get(entry);
      if (line === undefined) memo.set(entry, (line = maskEntry(rt, state, entry, player, masked)));
      return line;
    });
  }
  if (masked.size > 0) {
    v.decision = maskDecision(v.decision, player, masked, hide);
    // What still names a masked card by its id (a modifier on it, a chain target) names it by the view's id.
    if (alias.size > 0) renameRefs(v, alias);
  }
  return v;
}

/** Per rules, viewer and names of the game and seats: each log line's masked form. */
const MASKED = new WeakMap<object, Map<string, WeakMap<LogEntry, LogEntry>>>();

function linesOf(rt: Kernel, key: string): WeakMap<LogEntry, LogEntry> {
  let byKey = MASKED.get(rt.ix.rules);
  if (byKey === undefined) MASKED.set(rt.ix.rules, (byKey = new Map()));
  let m = byKey.get(key);
  if (m === undefined) byKey.set(key, (m = new WeakMap()));
  return m;
}

/** The names a masked line may use: the game's and each seat's (maskEntry names only these). */
function seatNames(rt: Kernel, state: State): string {
  const ctx = rt.bind(state);
  const out: string[] = [];
  for (let p = 0; p <= (state.seats ?? rt.ix.rules.players); p++) {
    const e = state.entities[p];
    out.push(e === undefined ? "" : ctx.entityName(e));
  }
  return out.join("\0");
}

/** Whether a log line says which viewers could not see what it names (`blind`, `log` pieces). */
function maskedWhenWritten(e: LogEntry): boolean {
  return e.data !== undefined && (e.data.blind !== undefined || e.data.hide !== undefined);
}

/** A masked card's id in `player`'s view (see the header); a collision takes the next free one. */
function viewId(state: State, player: EntityId, e: Entity, key: string, taken: Set<EntityId>): EntityId {
  let id = viewIdOf(state, player, e, key);
  while (taken.has(id)) id++;
  taken.add(id);
  return id;
}

/**
 * The id `player`'s view gives the masked card `e` in zone `key` (before collisions, which take
 * the next free id). Exported for the tests that measure what an observer can guess from ids.
 */
export function viewIdOf(state: State, player: EntityId, e: Entity, key: string): EntityId {
  let h = mix((state.salt ?? 0) ^ Math.imul(player + 1, 0x9e3779b1));
  h = mix(h ^ e.id);
  h = mix(h ^ e.arrival);
  h = mix(h ^ (state.shuffles?.[key] ?? 0));
  return VIEW_ID_BASE + (h % 2 ** 30);
}

function mix(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Modifiers and chain links on masked cards follow them to their view ids. */
function renameRefs(v: State, alias: ReadonlyMap<EntityId, EntityId>): void {
  if (v.modifiers.some((m) => alias.has(m.entity)))
    v.modifiers = v.modifiers.map((m) => (alias.has(m.entity) ? { ...m, entity: alias.get(m.entity) as EntityId } : m));
  const c = v.chain;
  if (c !== undefined)
    c.links = c.links.map((l) => ({
      ...l,
      source: l.source !== null && alias.has(l.source) ? (alias.get(l.source) as EntityId) : l.source,
      targets: l.targets.map((t) => (alias.has(t.entity) ? { ...t, entity: alias.get(t.entity) as EntityId } : t)),
    }));
}

/** Stands where a text named a card the reader does not see. */
const HIDDEN_NAME = "a hidden card";

/**
 * Rewrites a text so that it names no masked card: the names of the masked cards (as the log
 * prints them, and the card's own name) are replaced wherever they stand as whole words. Built
 * lazily: most views need none of it.
 */
function nameHider(rt: Kernel, state: State, masked: ReadonlySet<EntityId>): (text: string) => string {
  let re: RegExp | null | undefined;
  return (text) => {
    if (masked.size === 0) return text;
    if (re === undefined) {
      const names = new Set<string>();
      for (const id of masked) {
        const e = state.entities[id];
        if (e === undefined || e.card === null) continue;
        names.add(rt.bind(state).name(id));
        names.add(rt.module.cards[e.card]?.name ?? e.card);
      }
      names.delete("");
      // Longest first, so a name that holds a shorter one is replaced whole.
      const list = Array.from(names).sort((a, b) => b.length - a.length);
      re = list.length === 0 ? null : namesPattern(list);
    }
    return re === null ? text : text.replace(re, HIDDEN_NAME);
  };
}

/** The pattern of whole names (a view is built at every decision: the same lists come again). */
const PATTERNS = new Map<string, RegExp>();

function namesPattern(list: readonly string[]): RegExp {
  const key = list.join("\0");
  let re = PATTERNS.get(key);
  if (re === undefined) {
    if (PATTERNS.size >= 256) PATTERNS.clear();
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${list.map(escapeRe).join("|")})(?![\\p{L}\\p{N}])`, "gu");
    PATTERNS.set(key, re);
  }
  return re;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The cards `player` does not see in `state`: those in zones hidden from that player, not revealed to them. */
export function maskedFor(rt: Kernel, state: State, player: EntityId): Set<EntityId> {
  const zones = rt.ix.rules.zones;
  const masked = new Set<EntityId>();
  for (const key in state.zones) {
    if (zoneVisible(zones, key, player)) continue;
    for (const id of state.zones[key] as EntityId[]) {
      const e = state.entities[id];
      if (e !== undefined && !cardVisible(zones, e, player)) masked.add(id);
    }
  }
  return masked;
}

/**
 * The label of an answer as `viewer` may read it: the answer's own label when the viewer made
 * it or it names no card hidden from the viewer, else the same wording the masked log uses
 * ("P2 picks a hidden card", "P2: play"). Player 0 is a spectator; the rules' own action labels
 * are not evaluated on hidden arguments, since they may name them. Compute it before the answer
 * is applied (a card picked from a hand may be anywhere after it).
 */
export function describeFor(rt: Kernel, d: Decision | null, action: Action, viewer: EntityId): string {
  const state = rt.state;
  const by = d?.player ?? null;
  if (by === null || by === viewer) return describeAnswer(rt, d, action);
  const masked = maskedFor(rt, state, viewer);
  if (masked.size === 0) return describeAnswer(rt, d, action);
  const hide = nameHider(rt, state, masked);
  switch (action.type) {
    case "act":
      for (const k in action.args ?? {}) {
        if (isMasked(masked, (action.args as Record<string, Value>)[k])) return `${rt.name(by)}: ${action.action}`;
      }
      // The arguments are seen; a label that reads nothing else reads as it is ("… as the Duke",
      // though a Duke is hidden somewhere), any other may name a hidden card.
      return rt.ix.actionByName.get(action.action)?.labelPlain === true
        ? describeAnswer(rt, d, action)
        : hide(describeAnswer(rt, d, action));
    case "pick":
      if (isMasked(masked, action.value)) return `${rt.name(by)} picks a hidden card`;
      return hide(describeAnswer(rt, d, action));
    default:
      return hide(describeAnswer(rt, d, action));
  }
}

/** Another player's decision shows only the options and candidates that reveal no masked card. */
function maskDecision(
  d: Decision | null,
  player: EntityId,
  masked: ReadonlySet<EntityId>,
  hide: (text: string) => string,
): Decision | null {
  if (d === null || d.player === player) return d;
  switch (d.type) {
    case "act":
      return { ...d, options: d.options.filter((o) => !Object.values(o.args).some((a) => isMasked(masked, a))) };
    case "choose":
      return {
        ...d,
        prompt: hide(d.prompt),
        candidates: d.candidates.filter((c) => !isMasked(masked, c)),
        picked: d.picked.filter((c) => !isMasked(masked, c)),
      };
    case "may":
      return { ...d, prompt: hide(d.prompt) };
  }
}

function isMasked(masked: ReadonlySet<EntityId>, v: Value | undefined): boolean {
  if (typeof v === "number") return masked.has(v);
  if (Array.isArray(v)) return v.some((x) => isMasked(masked, x as Value));
  return false;
}

function maskEntry(
  rt: Kernel,
  state: State,
  entry: LogEntry,
  player: EntityId,
  masked: ReadonlySet<EntityId>,
): LogEntry {
  const d = entry.data;
  if (d === undefined) return entry;
  const zones = rt.ix.rules.zones;
  const label = (key: string) => {
    const { owner, zone } = zoneOf(key);
    const o = state.entities[owner];
    return `${o === undefined ? owner : rt.bind(state).entityName(o)}.${zone}`;
  };
  switch (entry.kind) {
    case "move": {
      const from = d.from as string;
      // A card that leaves the game has no destination: only where it came from may hide it.
      if (d.removed === true) {
        if (zoneVisible(zones, from, player)) return entry;
        return {
          kind: entry.kind,
          text: `a card leaves the game (from ${label(from)})`,
          data: { from, removed: true },
        };
      }
      const to = d.to as string;
      if (zoneVisible(zones, from, player) || zoneVisible(zones, to, player)) return entry;
      return {
        kind: entry.kind,
        text:
          d.full === true ? `a card cannot enter ${label(to)}: it is full` : `a card: ${label(from)} → ${label(to)}`,
        data: { from, to },
      };
    }
    case "set":
    case "modify":
    case "create": {
      const zone = d.zone;
      if (typeof zone !== "string" || zoneVisible(zones, zone, player)) return entry;
      return {
        kind: entry.kind,
        text: entry.kind === "create" ? `a card created in ${label(zone)}` : `a hidden card changed (${label(zone)})`,
        data: { zone },
      };
    }
    case "decision": {
      // Masked by what was known when it was logged: `blind` lists who could not see the pick.
      const hidden = Array.isArray(d.blind) && d.blind.includes(player);
      if (d.player === player || !hidden) return entry;
      return {
        kind: entry.kind,
        text: `${rt.bind(state).name(d.player as Value)} picks a hidden card`,
        data: { player: d.player as Value },
      };
    }
    case "action": {
      const hidden = Array.isArray(d.blind) && d.blind.includes(player);
      if (d.player === player || !hidden) return entry;
      return {
        kind: entry.kind,
        text: `${rt.bind(state).name(d.player as Value)}: ${String(d.action)}`,
        data: { player: d.player as Value, action: d.action as Value },
      };
    }
    case "reveal": {
      // Those it was revealed to read it, and so does anyone who saw its zone anyway.
      const to = d.to;
      if (to === 0 || to === player || (typeof d.zone === "string" && zoneVisible(zones, d.zone, player))) return entry;
      return {
        kind: entry.kind,
        text: `a card of ${typeof d.zone === "string" ? label(d.zone) : "a zone"} is revealed to ${rt.bind(state).name(to as Value)}`,
        data: { to: to as Value },
      };
    }
    case "text":
      return maskText(entry, player);
    default:
      return entry;
  }
}

/** A `log` text with cards (ctx.logParts): the pieces naming cards `player` could not see then read "a card". */
function maskText(entry: LogEntry, player: EntityId): LogEntry {
  const d = entry.data;
  const pieces = d?.pieces;
  const hide = d?.hide;
  if (!Array.isArray(pieces) || !Array.isArray(hide)) return entry;
  const blind = new Set<number>();
  for (const h of hide) {
    if (!Array.isArray(h)) continue;
    if (h.slice(1).includes(player)) blind.add(h[0] as number);
  }
  if (blind.size === 0) return { kind: entry.kind, text: entry.text };
  return { kind: entry.kind, text: pieces.map((p, i) => (blind.has(i) ? "a card" : String(p))).join("") };
}
