/**
 * Player views: a copy of the state with what a player may not see removed. Cards in "hidden"
 * zones are masked for everyone (card and properties blanked, and the zone's order concealed by
 * listing ids ascending); "owner" zones are masked for the other players. The RNG state, the
 * paused effects (their locals may hold hidden cards) and the repetition record are removed; log
 * lines about masked cards are reworded, and another player's pending decision keeps only the
 * options that name no masked card. A view is for looking: it cannot be played on.
 */
import { cloneState } from "./clone.ts";
import type { RuntimeCtx } from "./ctx.ts";
import { describeAnswer } from "./decisions.ts";
import type { Action, Decision, Entity, EntityId, LogEntry, State, Value } from "./types.ts";

function zoneOf(key: string): { owner: EntityId; zone: string } {
  const i = key.indexOf(":");
  return { owner: Number(key.slice(0, i)), zone: key.slice(i + 1) };
}

/** Whether `player` sees the cards of a zone (by key). Player 0 (a spectator) sees only public zones. */
export function zoneVisible(rt: RuntimeCtx, key: string, player: EntityId): boolean {
  const { owner, zone } = zoneOf(key);
  const vis = rt.ix.rules.zones[zone]?.visibility ?? "public";
  return vis === "public" || (vis === "owner" && owner === player);
}

export function playerView(rt: RuntimeCtx, state: State, player: EntityId): State {
  const v = cloneState(state);
  v.rng = [];
  v.frames = [];
  v.seen = {};
  // Chain links stay visible (source, controller, targets), their paused locals do not.
  if (v.chain !== undefined) for (const l of v.chain.links) l.frame.L = {};
  const masked = new Set<EntityId>();
  for (const key in v.zones) {
    if (zoneVisible(rt, key, player)) continue;
    const ids = v.zones[key] as EntityId[];
    for (const id of ids) {
      const e = v.entities[id] as Entity;
      const m: Entity = { id, card: null, owner: e.owner, zone: e.zone, arrival: e.arrival, props: {}, counters: {} };
      if (e.holder !== undefined) m.holder = e.holder;
      v.entities[id] = m;
      masked.add(id);
    }
    ids.sort((a, b) => a - b);
  }
  if (masked.size > 0) {
    const hide = nameHider(rt, state, masked);
    v.log = state.log.map((entry) => maskEntry(rt, state, entry, player, masked, hide));
    v.decision = maskDecision(v.decision, player, masked, hide);
  }
  return v;
}

/** Stands where a text named a card the reader does not see. */
const HIDDEN_NAME = "a hidden card";

/**
 * Rewrites texts the rules made (prompts, their own log lines, action labels) so that they name
 * no masked card: a prompt "Target of {c}" is formatted when `c` is still in a hand, and the
 * runtime keeps only the text, so the names of the masked cards (as the log prints them, and the
 * card's own name) are replaced wherever they stand. Built lazily: most views need none of it.
 */
function nameHider(rt: RuntimeCtx, state: State, masked: ReadonlySet<EntityId>): (text: string) => string {
  let re: RegExp | null | undefined;
  return (text) => {
    if (re === undefined) {
      const names = new Set<string>();
      for (const id of masked) {
        const e = state.entities[id];
        if (e === undefined || e.card === null) continue;
        names.add(rt.name(id));
        names.add(rt.module.cards[e.card]?.name ?? e.card);
      }
      names.delete("");
      // Longest first, so a name that holds a shorter one is replaced whole.
      const list = Array.from(names).sort((a, b) => b.length - a.length);
      re =
        list.length === 0
          ? null
          : new RegExp(`(?<![\\p{L}\\p{N}])(?:${list.map(escapeRe).join("|")})(?![\\p{L}\\p{N}])`, "gu");
    }
    return re === null ? text : text.replace(re, HIDDEN_NAME);
  };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The cards `player` does not see in `state`: those in zones hidden from that player. */
export function maskedFor(rt: RuntimeCtx, state: State, player: EntityId): Set<EntityId> {
  const masked = new Set<EntityId>();
  for (const key in state.zones) {
    if (zoneVisible(rt, key, player)) continue;
    for (const id of state.zones[key] as EntityId[]) masked.add(id);
  }
  return masked;
}

/**
 * The label of an answer as `viewer` may read it: the answer's own label when the viewer made
 * it or it names no card hidden from the viewer, else the same wording the masked log uses
 * ("P2 picks a hidden card", "P2: play"). Player 0 is a spectator; the rules' own action labels
 * are not evaluated on hidden arguments, since they may name them.
 */
export function describeFor(rt: RuntimeCtx, d: Decision | null, action: Action, viewer: EntityId): string {
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
      return hide(describeAnswer(rt, d, action));
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
  rt: RuntimeCtx,
  state: State,
  entry: LogEntry,
  player: EntityId,
  masked: ReadonlySet<EntityId>,
  hide: (text: string) => string,
): LogEntry {
  const d = entry.data;
  if (d === undefined) return entry.kind === "text" ? withoutHiddenNames(entry, hide) : entry;
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
        if (zoneVisible(rt, from, player)) return entry;
        return {
          kind: entry.kind,
          text: `a card leaves the game (from ${label(from)})`,
          data: { from, removed: true },
        };
      }
      const to = d.to as string;
      if (zoneVisible(rt, from, player) || zoneVisible(rt, to, player)) return entry;
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
      if (typeof zone !== "string" || zoneVisible(rt, zone, player)) return entry;
      return {
        kind: entry.kind,
        text: entry.kind === "create" ? `a card created in ${label(zone)}` : `a hidden card changed (${label(zone)})`,
        data: { zone },
      };
    }
    case "decision": {
      if (d.player === player) return entry;
      if (!isMasked(masked, d.value)) return withoutHiddenNames(entry, hide);
      return {
        kind: entry.kind,
        text: `${rt.bind(state).name(d.player as Value)} picks a hidden card`,
        data: { player: d.player as Value },
      };
    }
    case "action": {
      let hidden = false;
      for (const k in d) if (k.startsWith("arg:") && isMasked(masked, d[k])) hidden = true;
      if (d.player === player) return entry;
      if (!hidden) return withoutHiddenNames(entry, hide);
      return {
        kind: entry.kind,
        text: `${rt.bind(state).name(d.player as Value)}: ${String(d.action)}`,
        data: { player: d.player as Value, action: d.action as Value },
      };
    }
    case "text":
      return withoutHiddenNames(entry, hide);
    default:
      return entry;
  }
}

/** An entry whose text (made by the rules) names no masked card. */
function withoutHiddenNames(entry: LogEntry, hide: (text: string) => string): LogEntry {
  const text = hide(entry.text);
  return text === entry.text ? entry : { ...entry, text };
}
