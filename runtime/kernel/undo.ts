/**
 * What `Engine.apply` needs to undo a faulting answer: a log of the inverse of every change, kept
 * while the answer resolves and replayed backwards when it faults. Each change pushes a few slots
 * onto one reused array (an opcode and the old values), so an answer that never faults — nearly
 * every answer — copies no entity, zone or table: recording costs what the change itself costs.
 *
 * Frames are the exception: generated code steps them and writes their locals directly, so each
 * frame that was on the stack when the answer came has its step and a copy of its locals saved
 * before its first change (and put back in place). Parts that
 * are small or change as a whole (RNG words, modifiers, match, chain) are copied at their first
 * change; a few scalars are noted up front.
 */
import { copyChain, ownLog } from "../state/clone.ts";
import type {
  ChainState,
  Decision,
  Entity,
  EntityId,
  EventId,
  EventRecord,
  Frame,
  Modifier,
  State,
  Value,
} from "../types.ts";

/** What each log entry undoes; the slots that follow it are listed with each. */
/** Slots per log entry: an opcode and up to five values. */
const SLOTS = 6;
/** Past this many slots (an answer that changed thousands of things), the array is not kept. */
const MAX_KEPT_SLOTS = 6 * 4096;

enum Op {
  /** entity, prop, old value (undefined: the entity had no own value). */
  Prop,
  /** entity, counter key, old count (undefined: none). */
  Counter,
  /** entity, old counters object (it was replaced). */
  Counters,
  /** entity, old zone, old holder, old arrival, old counters object. */
  Place,
  /** entity: it was created. */
  Created,
  /** entity: it was removed from the entity table. */
  Removed,
  /** zone list, index, id: the id was taken out at that index. */
  ZoneTake,
  /** zone list: an id was put on top. */
  ZoneTop,
  /** zone list: an id was put at the bottom. */
  ZoneBottom,
  /** zone key: the zone list was created. */
  ZoneNew,
  /** zone list, its old order (it was shuffled in place). */
  ZoneOrder,
  /** event table, id: the event was created. */
  EventNew,
  /** event table, id, record: the event was dropped. */
  EventDrop,
  /** event record, field, old value, whether it had the field. */
  EventField,
  /** seen table, key, old count (undefined: none). */
  Seen,
  /** object, optional key (`controller`, `known`, `shuffles`…), old value (undefined: absent). */
  Slot,
}

export class Undo {
  /** Whether an apply is recording (outside apply, e.g. building a match, nothing is recorded). */
  active = false;
  private state: State | null = null;
  /**
   * The inverse changes, oldest first, SLOTS slots each (an opcode, then up to five values), in
   * an array kept from answer to answer: only its first `count` slots are this answer's.
   */
  private ops: unknown[] = [];
  private count = 0;
  /**
   * The lowest the stack has been since the answer came: below it, every frame is one that was
   * there then (frames pushed later sit above it), so only those can need a copy.
   */
  floor = 0;
  /** Frames that were on the stack when the answer came and have been popped since, top first. */
  private readonly poppedFrames: Frame[] = [];
  /** Frames of the stack as the answer came that have changed since. */
  private readonly savedFrames: Frame[] = [];
  /**
   * What each saved frame was, four slots per frame: its step, a copy of its locals, how many
   * events it owned (it only ever gains some) and `into`. Put back in place on undo.
   */
  private readonly frameParts: unknown[] = [];
  // Tables an apply may replace as a whole (a new game): their objects as the answer came.
  private eventsTable: State["events"] | null = null;
  private seenTable: State["seen"] | null = null;
  private chainObject: ChainState | undefined = undefined;
  // Parts copied at their first change (null: unchanged).
  private rng: number[] | null = null;
  private modifiers: Modifier[] | null = null;
  private match: State["match"] | null = null;
  private chain: ChainState | null = null;
  // Scalars and the pending decision, noted up front.
  private seq = 0;
  private clock = 0;
  private turnstile = 0;
  private logLength = 0;
  private decision: Decision | null = null;
  /** A choice collects its picks in place (nothing else of a decision changes: it is replaced). */
  private picked = 0;
  private version: State["version"] = undefined;

  /** Starts recording for an answer to `s`'s pending decision. */
  begin(s: State): void {
    this.state = s;
    this.active = true;
    this.floor = s.frames.length;
    this.eventsTable = s.events;
    this.seenTable = s.seen;
    this.chainObject = s.chain;
    this.seq = s.seq;
    this.clock = s.clock;
    this.turnstile = s.turnstile;
    this.logLength = s.log.length;
    const d = s.decision;
    this.decision = d;
    this.picked = d !== null && d.type === "choose" ? d.picked.length : 0;
    this.version = s.version;
  }

  /** Stops recording and forgets what was recorded (the answer succeeded, or was undone). */
  end(): void {
    this.active = false;
    this.state = null;
    // Setting an array's length is a call into the engine: skip it when there is nothing to drop.
    // Stale slots past `count` are overwritten by the next answers; a log grown unusually long is
    // dropped so that it does not keep old entities alive.
    if (this.count > MAX_KEPT_SLOTS) this.ops = [];
    this.count = 0;
    if (this.poppedFrames.length !== 0) this.poppedFrames.length = 0;
    if (this.savedFrames.length !== 0) {
      this.savedFrames.length = 0;
      this.frameParts.length = 0;
    }
    this.eventsTable = null;
    this.seenTable = null;
    this.chainObject = undefined;
    this.rng = null;
    this.modifiers = null;
    this.match = null;
    this.chain = null;
    this.decision = null;
  }

  /** Appends one entry: its opcode and values (unused slots are written too, over stale ones). */
  private put(op: Op, a: unknown, b?: unknown, c?: unknown, d?: unknown, e?: unknown): void {
    const o = this.ops;
    const n = this.count;
    o[n] = op;
    o[n + 1] = a;
    o[n + 2] = b;
    o[n + 3] = c;
    o[n + 4] = d;
    o[n + 5] = e;
    this.count = n + SLOTS;
  }

  // Each recorder is called (while `active`) just before the change it undoes.

  prop(x: Entity, prop: string): void {
    this.put(Op.Prop, x, prop, x.props[prop]);
  }

  counter(x: Entity, key: string): void {
    this.put(Op.Counter, x, key, x.counters[key]);
  }

  /** The counters object is about to be replaced (kept as it is: nothing changes it in place after). */
  counters(x: Entity): void {
    this.put(Op.Counters, x, x.counters);
  }

  /**
   * An optional slot is about to change: an entity's `controller` or `known`, the state's
   * `shuffles` record or one of its keys. Undo puts the old value back, or deletes the key.
   */
  slot<O extends object>(x: O, key: keyof O & string): void {
    this.put(Op.Slot, x, key, x[key]);
  }

  /** The entity is about to change zone (its zone, holder, arrival and counters). */
  place(x: Entity): void {
    this.put(Op.Place, x, x.zone, x.holder, x.arrival, x.counters);
  }

  created(x: Entity): void {
    this.put(Op.Created, x);
  }

  removed(x: Entity): void {
    this.put(Op.Removed, x);
  }

  zoneTake(list: EntityId[], at: number): void {
    this.put(Op.ZoneTake, list, at, list[at]);
  }

  zoneAdd(list: EntityId[], top: boolean): void {
    this.put(top ? Op.ZoneTop : Op.ZoneBottom, list);
  }

  zoneNew(key: string): void {
    this.put(Op.ZoneNew, key);
  }

  zoneOrder(list: EntityId[]): void {
    this.put(Op.ZoneOrder, list, list.slice());
  }

  eventNew(table: State["events"], id: EventId): void {
    this.put(Op.EventNew, table, id);
  }

  eventDrop(table: State["events"], id: EventId): void {
    const rec = table[id];
    if (rec !== undefined) this.put(Op.EventDrop, table, id, rec);
  }

  eventField(rec: EventRecord, name: string): void {
    const had = Object.hasOwn(rec.fields, name);
    this.put(Op.EventField, rec, name, had ? rec.fields[name] : undefined, had);
  }

  seen(table: State["seen"], key: string, before: number | undefined): void {
    this.put(Op.Seen, table, key, before);
  }

  /** The stack is about to shrink to `depth` frames. */
  popping(frames: readonly Frame[], depth: number): void {
    for (let i = this.floor - 1; i >= depth; i--) this.poppedFrames.push(frames[i] as Frame);
    if (depth < this.floor) this.floor = depth;
  }

  /** The frame at `index` of the stack is about to change: copied if it was there when the answer came. */
  frame(f: Frame, index: number): void {
    if (index >= this.floor || this.savedFrames.includes(f)) return;
    this.savedFrames.push(f);
    this.frameParts.push(f.step, { ...f.L }, f.owned.length, f.into);
  }

  rngWords(s: State): void {
    if (this.rng === null) this.rng = s.rng.slice();
  }

  modifierList(s: State): void {
    if (this.modifiers === null) this.modifiers = s.modifiers.slice();
  }

  matchRecord(s: State): void {
    if (this.match !== null) return;
    const m = s.match;
    this.match = { number: m.number, results: m.results.slice(), over: m.over, winner: m.winner };
  }

  /** The chain about to change (a chain made during this apply needs nothing). */
  chainState(c: ChainState): void {
    if (this.chain === null && c === this.chainObject) this.chain = copyChain(c);
  }

  /** Puts the state object (callers hold it) back as it was when the answer came, then stops recording. */
  restore(): void {
    const s = this.state;
    if (s === null) return;
    for (let i = this.count - SLOTS; i >= 0; i -= SLOTS) undoOne(s, this.ops, i);
    s.events = this.eventsTable as State["events"];
    s.seen = this.seenTable as State["seen"];
    const frames = s.frames.slice(0, this.floor);
    for (let i = this.poppedFrames.length - 1; i >= 0; i--) frames.push(this.poppedFrames[i] as Frame);
    s.frames = frames;
    const parts = this.frameParts;
    this.savedFrames.forEach((f, k) => {
      f.step = parts[4 * k] as number;
      f.L = parts[4 * k + 1] as Frame["L"];
      f.owned.length = parts[4 * k + 2] as number;
      f.into = parts[4 * k + 3] as Frame["into"];
    });
    if (this.rng !== null) s.rng = this.rng;
    if (this.modifiers !== null) s.modifiers = this.modifiers;
    if (this.match !== null) s.match = this.match;
    const chain = this.chain ?? this.chainObject;
    if (chain === undefined) delete s.chain;
    else s.chain = chain;
    s.seq = this.seq;
    s.clock = this.clock;
    s.turnstile = this.turnstile;
    // Only a log this state owns can have grown (pushLog copies a shared one first).
    if (s.log.length !== this.logLength) ownLog(s).length = this.logLength;
    const d = this.decision;
    if (d !== null && d.type === "choose") d.picked.length = this.picked;
    s.decision = d;
    if (this.version === undefined) delete s.version;
    else s.version = this.version;
    this.end();
  }
}

/** Sets or deletes an own key (deleting keeps the key order a later re-add would break). */
function putBack<T>(table: Record<string | number, T>, key: string | number, old: T | undefined): void {
  if (old === undefined) delete table[key];
  else table[key] = old;
}

function undoOne(s: State, ops: readonly unknown[], i: number): void {
  const a = ops[i + 1];
  const b = ops[i + 2];
  const c = ops[i + 3];
  switch (ops[i] as Op) {
    case Op.Prop:
      putBack((a as Entity).props, b as string, c as Value | undefined);
      return;
    case Op.Counter:
      putBack((a as Entity).counters, b as string, c as number | undefined);
      return;
    case Op.Counters:
      (a as Entity).counters = b as Entity["counters"];
      return;
    case Op.Place: {
      const x = a as Entity;
      x.zone = b as string;
      if (c === undefined) delete x.holder;
      else x.holder = c as EntityId;
      x.arrival = ops[i + 4] as number;
      x.counters = ops[i + 5] as Entity["counters"];
      return;
    }
    case Op.Created:
      delete s.entities[(a as Entity).id];
      return;
    case Op.Removed:
      s.entities[(a as Entity).id] = a as Entity;
      return;
    case Op.ZoneTake:
      (a as EntityId[]).splice(b as number, 0, c as EntityId);
      return;
    case Op.ZoneTop:
      (a as EntityId[]).shift();
      return;
    case Op.ZoneBottom:
      (a as EntityId[]).pop();
      return;
    case Op.ZoneNew:
      delete s.zones[a as string];
      return;
    case Op.ZoneOrder: {
      const list = a as EntityId[];
      const old = b as readonly EntityId[];
      for (let k = 0; k < old.length; k++) list[k] = old[k] as EntityId;
      return;
    }
    case Op.EventNew:
      delete (a as State["events"])[b as EventId];
      return;
    case Op.EventDrop:
      (a as State["events"])[b as EventId] = c as EventRecord;
      return;
    case Op.EventField: {
      const rec = a as EventRecord;
      if (ops[i + 4] === true) rec.fields[b as string] = c as Value;
      else delete rec.fields[b as string];
      return;
    }
    case Op.Seen:
      putBack(a as State["seen"], b as string, c as number | undefined);
      return;
    case Op.Slot: {
      const x = a as Record<string, unknown>;
      if (c === undefined) delete x[b as string];
      else x[b as string] = c;
      return;
    }
  }
}

/**
 * The journal as the rule subsystems hold it (`Kernel.undo`): they record changes; beginning,
 * restoring and ending a journal is `Engine.apply`'s (test/architecture/writers.test.ts).
 */
export type Journal = Omit<Undo, "begin" | "end" | "restore">;
