/**
 * Who listens, in which order: card entities in the zones where a trigger (or compute listener)
 * is active, ordered by stage, then player (the rules' first player, then the next seats), then
 * the rules' rank of the listener (if the rules give one), then zone (the rules' zone order),
 * then arrival, then the listener's index on its card.
 */
import type { Kernel, Listener, RefShape } from "../kernel/kernel.ts";
import type { ListenerTable } from "../kernel/module-index.ts";
import type { Entity, EntityId, EventId, Value } from "../types.ts";

const NONE: readonly never[] = [];

/**
 * The cards of a table that sit in one of its listening zones, in zone-scan order. Membership
 * changes only when a card listening in it changes zone: the list is kept until the next such
 * change (`tableMoves`), or until every listener cache drops (`listenEpoch`).
 */
function members<R extends RefShape>(rt: Kernel, table: ListenerTable<R>): Listener<R>[] {
  const st = rt.state;
  const cached = rt.memberCache.get(table);
  const moves = rt.tableMoves[table.id] ?? 0;
  if (cached !== undefined && cached.state === st && cached.epoch === rt.listenEpoch && cached.moves === moves)
    return cached.list as Listener<R>[];
  const ix = rt.ix;
  const zones = table.zones;
  const byCard = table.byCard;
  const out: Listener<R>[] = [];
  for (let owner = 0; owner <= ix.players; owner++) {
    const keys = table.keys[owner] as readonly string[];
    for (let zi = 0; zi < zones.length; zi++) {
      const z = zones[zi] as string;
      const ids = st.zones[keys[zi] as string];
      if (ids === undefined || ids.length === 0) continue;
      for (let i = 0; i < ids.length; i++) {
        const entity = st.entities[ids[i] as number];
        if (entity === undefined || entity.card === null) continue;
        const refs = byCard.get(entity.card);
        if (refs === undefined) continue;
        for (let r = 0; r < refs.length; r++) {
          const ref = refs[r] as R;
          if (!ref.zones.has(z)) continue;
          out.push({ entity, ref, zoneRank: table.ranks[zi] as number, playerRank: 0, rank: 0 });
        }
      }
    }
  }
  rt.memberCache.set(table, { state: st, epoch: rt.listenEpoch, moves, list: out });
  return out;
}

/** The listeners of a table currently in a listening zone, in the game's order. */
export function collectListeners<R extends RefShape>(
  rt: Kernel,
  table: ListenerTable<R>,
  me: EntityId,
  self: EntityId | null,
  ev: EventId | null,
  withRank = true,
): readonly Listener<R>[] {
  const all = members(rt, table);
  if (all.length === 0) return NONE;
  if (all.length === 1) return all;
  const out = all.slice();
  const ix = rt.ix;
  const first = firstPlayer(rt, me, self, ev);
  const n = rt.seats;
  const rankFn = withRank ? (ix.rules.order.rank ?? null) : null;
  for (const l of out) {
    // A card the game owns goes with the player whose zone holds it.
    const p = l.entity.owner === 0 ? (l.entity.holder ?? 0) : l.entity.owner;
    l.playerRank = p >= 1 && p <= n ? (p - first + n) % n : n;
    l.rank = 0;
    if (rankFn !== null) {
      const r = rt.callPure(ix.rankFn, rankFn, { me: p, self: l.entity.id, ev, L: { it: l.entity.id } });
      l.rank = typeof r === "number" ? r : 0;
    }
  }
  // Ranks live on the shared listener objects: sort a copy now, before anything else reads them.
  out.sort(compareListeners);
  return out;
}

function compareListeners(a: Listener<RefShape>, b: Listener<RefShape>): number {
  return (
    a.ref.stageRank - b.ref.stageRank ||
    a.playerRank - b.playerRank ||
    a.rank - b.rank ||
    a.zoneRank - b.zoneRank ||
    a.entity.arrival - b.entity.arrival ||
    a.entity.id - b.entity.id ||
    a.ref.index - b.ref.index
  );
}

/** The player whose listeners go first (rules.order.first), seat 1 when the rules name none. */
export function firstPlayer(rt: Kernel, me: EntityId, self: EntityId | null, ev: EventId | null): EntityId {
  const id = rt.ix.rules.order.first;
  if (id === null) return 1;
  const v: Value = rt.callPure(rt.ix.firstFn, id, { me, self, ev, L: {} });
  return typeof v === "number" && v >= 1 && v <= rt.seats ? v : 1;
}
