/**
 * The chain: effects waiting to resolve, last in first out, with priority passing between players
 * (the stack of many card games). Generic: a game's rules decide what goes on the chain and when
 * priority is given; the runtime keeps the links, checks targets and resolves.
 *
 * - `chain(source, targets)` turns the running effect (the top frame, paused after this call)
 *   into a link: handler, step, locals, controller (`me`), source and targets with their arrival
 *   stamps. The caller continues as if the effect had returned.
 * - `give-priority(p)` gives priority to `p` and starts a new round of passes.
 * - `pass-priority()` passes: the next seat holds priority; when every seat has passed in a row,
 *   the top link resolves (its frame runs again where it paused) — or fizzles when a chosen target
 *   has left the zone it was in when chosen (the arrival check listeners use) — and the call
 *   returns "resolved", "fizzled", or "closed" when the chain was empty; else "passed". The chain
 *   remembers that moment: every link then on it has been passed on.
 * - `resolve-next()` resolves (or fizzles) the top link at once, with no round of passes, if it was
 *   on the chain when every seat last passed in a row — for rules where the whole chain resolves
 *   once all have passed; it returns "resolved" / "fizzled", "open" when the top link arrived since
 *   (it waits for passes of its own), or "closed" when the chain is empty.
 * - `negate(card)` removes the topmost link whose source is that card, unresolved.
 */
import { ownEventTable } from "../kernel/cow.ts";
import type { Kernel } from "../kernel/kernel.ts";
import { pushLog } from "../kernel/log.ts";
import type { ChainLink, ChainState, EntityId, Frame, State, Value } from "../types.ts";

export const CHAIN_OPS = ["chain", "give-priority", "pass-priority", "resolve-next", "negate"] as const;
export type ChainOp = (typeof CHAIN_OPS)[number];

/** The chain, about to change (recorded for `Engine.apply`'s undo). */
function chainOf(rt: Kernel): ChainState {
  const st = rt.state;
  let c = st.chain;
  if (c === undefined) c = st.chain = { links: [], holder: null, passes: 0 };
  else if (rt.undo.active) rt.undo.chainState(c);
  return c;
}

/** The sources of the links on the chain, bottom first (links without a source are left out). */
export function linkSources(st: State): EntityId[] {
  const out: EntityId[] = [];
  const links = st.chain?.links;
  if (links === undefined) return out;
  for (const l of links) if (l.source !== null) out.push(l.source);
  return out;
}

/** Who holds priority (null when no one does). */
export function priorityHolder(st: State): EntityId | null {
  return st.chain?.holder ?? null;
}

/** Runs one chain operation for the frame `f` (the top frame); `into` receives its result. */
export function chainOp(rt: Kernel, f: Frame, into: string | null, op: string, args: readonly Value[]): void {
  switch (op) {
    case "chain":
      addLink(rt, f, args[0] ?? null, args[1] ?? []);
      return;
    case "give-priority":
      givePriority(rt, args[0] as EntityId);
      if (into !== null) f.L[into] = null;
      return;
    case "pass-priority":
      passPriority(rt, f, into);
      return;
    case "resolve-next":
      resolveNext(rt, f, into);
      return;
    case "negate": {
      const done = negate(rt, args[0] ?? null);
      if (into !== null) f.L[into] = done;
      return;
    }
    default:
      throw new Error(`unknown chain operation '${op}'`);
  }
}

function linkName(rt: Kernel, l: ChainLink): string {
  return `link ${l.n}${l.source === null ? "" : ` (${rt.name(l.source)})`}`;
}

function addLink(rt: Kernel, f: Frame, source: Value, targets: Value): void {
  const st = rt.state;
  const frames = st.frames;
  if (frames[frames.length - 1] !== f) throw new Error("chain: only the running effect can become a chain link");
  if (rt.undo.active) rt.undo.popping(frames, frames.length - 1);
  frames.pop();
  const c = chainOf(rt);
  const list = Array.isArray(targets) ? (targets as readonly Value[]) : targets === null ? [] : [targets];
  const recorded: { entity: EntityId; arrival: number }[] = [];
  for (const t of list) {
    if (typeof t !== "number") continue;
    const e = st.entities[t];
    if (e !== undefined) recorded.push({ entity: t, arrival: e.arrival });
  }
  const src = typeof source === "number" && st.entities[source] !== undefined ? source : null;
  const link: ChainLink = {
    n: c.links.length + 1,
    frame: f,
    source: src,
    controller: f.me,
    targets: recorded,
    arrival: st.clock++,
  };
  c.links.push(link);
  c.passes = 0;
  if (rt.logging) {
    const on = recorded.length === 0 ? "" : ` targeting ${recorded.map((r) => rt.name(r.entity)).join(", ")}`;
    pushLog(st, "chain", `Chain ${linkName(rt, link)}: ${rt.name(f.me)}${on}`, {
      link: link.n,
      source: src,
      controller: f.me,
    });
  }
}

function givePriority(rt: Kernel, p: EntityId): void {
  const c = chainOf(rt);
  c.holder = p;
  c.passes = 0;
  if (rt.logging)
    pushLog(
      rt.state,
      "chain",
      `${rt.name(p)} holds priority${c.links.length > 0 ? ` (chain: ${c.links.length})` : ""}`,
      { priority: p },
    );
}

function passPriority(rt: Kernel, f: Frame, into: string | null): void {
  const st = rt.state;
  const c = chainOf(rt);
  const who = c.holder ?? f.me;
  c.passes++;
  if (rt.logging) pushLog(st, "chain", `${rt.name(who)} passes priority`, { pass: who });
  if (c.passes < rt.seats) {
    c.holder = rt.opponent(who);
    if (into !== null) f.L[into] = "passed";
    return;
  }
  c.passes = 0;
  c.holder = null;
  // Every link on the chain now has been passed on: `resolve-next` may resolve them in turn.
  c.settled = st.clock;
  const r = resolveTop(rt, c);
  if (into !== null) f.L[into] = r;
}

function resolveNext(rt: Kernel, f: Frame, into: string | null): void {
  const st = rt.state;
  const top = st.chain?.links[st.chain.links.length - 1];
  let r: string;
  if (top === undefined) r = "closed";
  else if (top.arrival >= (st.chain?.settled ?? 0)) r = "open";
  else {
    const c = chainOf(rt);
    c.passes = 0;
    c.holder = null;
    r = resolveTop(rt, c);
  }
  if (into !== null) f.L[into] = r;
}

/** Takes the top link off the chain: it fizzles, or its frame goes back on the stack to run next. */
function resolveTop(rt: Kernel, c: ChainState): "resolved" | "fizzled" | "closed" {
  const st = rt.state;
  const link = c.links.pop();
  if (link === undefined) return "closed";
  const gone = link.targets.find((t) => st.entities[t.entity]?.arrival !== t.arrival);
  if (gone !== undefined) {
    if (rt.logging)
      pushLog(st, "chain", `${linkName(rt, link)} fizzles: ${rt.name(gone.entity)} is no longer where it was chosen`, {
        fizzle: link.n,
        source: link.source,
      });
    dropFrame(rt, link.frame);
    return "fizzled";
  }
  if (rt.logging) pushLog(st, "chain", `${linkName(rt, link)} resolves`, { resolve: link.n, source: link.source });
  // The paused effect continues on top of the frame that called; its result goes nowhere.
  link.frame.into = null;
  st.frames.push(link.frame);
  return "resolved";
}

function negate(rt: Kernel, source: Value): boolean {
  const st = rt.state;
  const links = st.chain?.links;
  if (links === undefined || typeof source !== "number") return false;
  for (let i = links.length - 1; i >= 0; i--) {
    const l = links[i] as ChainLink;
    if (l.source !== source) continue;
    chainOf(rt);
    links.splice(i, 1);
    if (rt.logging) pushLog(st, "chain", `${linkName(rt, l)} is negated`, { negate: l.n, source: l.source });
    dropFrame(rt, l.frame);
    return true;
  }
  return false;
}

/** A link that will not resolve: the events its effect created are freed. */
function dropFrame(rt: Kernel, f: Frame): void {
  const table = ownEventTable(rt);
  for (const id of f.owned) {
    if (rt.undo.active) rt.undo.eventDrop(table, id);
    delete table[id];
  }
}
