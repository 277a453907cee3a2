/**
 * A sandbox session: how it started (two decks and a seed, or a scenario's board) and the list of
 * steps since (answers to decisions and edits). Any earlier point is reached again by replaying
 * from the start, so undo, redo, jumping back and hot reload are one operation; snapshots make
 * undo instant.
 */
import { boardOfState, givenToBoard, materialize, propKindsOfModule } from "../../../compiler/core/scenario/codec.ts";
import {
  Engine,
  logNote,
  type Action,
  type EntityId,
  type GameModule,
  type State,
  type Value,
} from "../../../runtime/index.ts";

export type Start =
  | {
      readonly type: "decks";
      readonly decks: readonly { readonly id: string; readonly zones: Readonly<Record<string, readonly string[]>> }[];
      readonly seed: number;
    }
  | {
      readonly type: "board";
      readonly file: string;
      readonly name: string;
      readonly given: Readonly<Record<string, unknown>>;
      readonly seed: number;
      /** The scenario's `version:` (null: the cards' own definitions). */
      readonly version: string | null;
    };

export type Step =
  | {
      readonly type: "action";
      readonly by: EntityId;
      readonly action: Action;
      /** The omniscient label. */
      readonly label: string;
      /** The label each seat may read (index = seat; 0 = a spectator), made before the answer. */
      readonly seen: readonly string[];
    }
  | { readonly type: "set"; readonly entity: EntityId; readonly prop: string; readonly value: Value }
  | { readonly type: "add"; readonly card: string; readonly owner: EntityId; readonly zone: string }
  | { readonly type: "move"; readonly entity: EntityId; readonly owner: EntityId; readonly zone: string };

export class Session {
  engine: Engine;
  readonly steps: Step[] = [];
  /** Steps applied to `state` (≤ steps.length; the rest can be redone). */
  cursor = 0;
  state: State;
  /** snapshots[i] = the state before step i. */
  private snapshots: State[] = [];

  constructor(
    public module: GameModule,
    readonly start: Start,
  ) {
    this.engine = new Engine(module);
    this.state = this.initial();
  }

  /** The seats of this match (a game for a range of seats: the number it started with). */
  seats(): number {
    return this.state.seats ?? this.module.rules.players;
  }

  /** A copy of the state before any step. */
  startState(): State {
    return this.cursor > 0 && this.snapshots[0]
      ? this.engine.clone(this.snapshots[0])
      : this.cursor === 0
        ? this.engine.clone(this.state)
        : this.initial();
  }

  private initial(): State {
    const s = this.start;
    if (s.type === "decks")
      return this.engine.newMatch({
        seed: s.seed,
        players: s.decks.map((d, i) => ({ name: `P${i + 1}`, zones: d.zones })),
      });
    // The scenario codec reads the board as the runner does, `version:` included.
    return this.engine.fromBoard(givenToBoard(this.module, s.given, s.version), s.seed);
  }

  /** A copy of the state before step `i` (0: the start), replayed when no snapshot holds it. */
  stateBefore(i: number): State {
    const snap = i < this.cursor ? this.snapshots[i] : i === this.cursor ? this.state : undefined;
    if (snap) return this.engine.clone(snap);
    const st = this.initial();
    for (let j = 0; j < i && j < this.steps.length; j++) this.run(st, this.steps[j] as Step, j);
    return st;
  }

  /** Applies a step at the cursor; later (undone) steps are dropped. Returns an error text or null. */
  push(step: Step): string | null {
    const before = this.engine.clone(this.state);
    const err = this.run(this.state, step, this.cursor);
    if (err !== null) {
      this.state = before;
      return err;
    }
    this.snapshots[this.cursor] = before;
    this.steps.length = this.cursor;
    this.snapshots.length = this.cursor + 1;
    this.steps.push(step);
    this.cursor++;
    return null;
  }

  /** Answers the pending decision. */
  act(action: Action): string | null {
    const by = this.engine.toMove(this.state);
    if (by === null) return "no decision is pending";
    return this.push(this.actionStep(by, action));
  }

  private actionStep(by: EntityId, action: Action): Step {
    // The runtime's labels, and the rules' that start with `{me}`, name who answered ("P2 picks …");
    // one that does not ("Diluc: Strike") gets the name in front, so each step says whose it is.
    const who = this.engine.nameOf(this.state, by);
    const named = (l: string) => (l.startsWith(`${who} `) || l.startsWith(`${who}:`) ? l : `${who}: ${l}`);
    const seen: string[] = [];
    for (let p = 0; p <= this.seats(); p++) seen.push(named(this.engine.describeFor(this.state, action, p)));
    return { type: "action", by, action, label: named(this.engine.describe(this.state, action)), seen };
  }

  /** A step's label as `viewer` may read it (0 with `omniscient`: everything). */
  label(step: Step, viewer: EntityId, omniscient: boolean): string {
    if (step.type !== "action") return `(edit) ${step.type} ${JSON.stringify(step)}`;
    return omniscient ? step.label : (step.seen[viewer] ?? step.label);
  }

  /** Runs step `i` on `state` (in place). */
  private run(state: State, step: Step, i: number): string | null {
    if (step.type === "action") {
      const r = this.engine.apply(state, step.action);
      return r.ok ? null : r.reason;
    }
    const err = applyEdit(this.module, state, step);
    // The Engine remembers computed values of this state object: the edit changed it behind its back.
    if (err === null) this.engine.edited(state);
    if (err !== null || this.steps.slice(0, i).some((s) => s.type === "action")) return err;
    // An edit before the first answer changes the starting board: the game enters it again through
    // the rules' scenario flow (as its saved scenario will), so the pending choice sees the edit.
    const board = materialize(boardOfState(this.module, state, propKindsOfModule(this.module)));
    const fresh = this.engine.fromBoard(board, this.start.seed);
    for (const k of Object.keys(state)) delete (state as unknown as Record<string, unknown>)[k];
    Object.assign(state, fresh);
    return null;
  }

  /** Goes to the point after `n` steps (0 = the start), keeping the later steps for redo. */
  goto(n: number): void {
    const target = Math.max(0, Math.min(n, this.steps.length));
    if (target < this.cursor && this.snapshots[target]) {
      this.state = this.engine.clone(this.snapshots[target] as State);
      this.cursor = target;
      return;
    }
    while (this.cursor < target) {
      const step = this.steps[this.cursor] as Step;
      this.snapshots[this.cursor] = this.engine.clone(this.state);
      if (this.run(this.state, step, this.cursor) !== null) break;
      this.cursor++;
    }
  }

  undo(): void {
    this.goto(this.cursor - 1);
  }

  redo(): void {
    this.goto(this.cursor + 1);
  }

  /**
   * New rules: replays every step from the start on the new module. Returns null when all of
   * them still apply, or where and why the replay stopped (the steps from there are dropped).
   */
  reload(module: GameModule): { at: number; reason: string } | null {
    this.module = module;
    this.engine = new Engine(module);
    const steps = this.steps.slice(0, this.cursor);
    this.steps.length = 0;
    this.snapshots = [];
    this.cursor = 0;
    this.state = this.initial();
    for (const [i, s] of steps.entries()) {
      const err = this.push(s.type === "action" ? this.actionStep(s.by, s.action) : s);
      if (err !== null) return { at: i, reason: err };
    }
    return null;
  }
}

/** Edit tools: changes outside the rules, straight on the state (recorded as steps, so replays repeat them). */
export function applyEdit(module: GameModule, st: State, step: Exclude<Step, { type: "action" }>): string | null {
  if (step.type === "set") {
    const e = st.entities[step.entity];
    if (!e) return `no entity ${step.entity}`;
    e.props[step.prop] = step.value;
    logNote(st, `(edit) ${e.card ?? `player ${e.id}`}.${step.prop} = ${JSON.stringify(step.value)}`);
    return null;
  }
  if (!(step.zone in module.rules.zones)) return `no zone '${step.zone}'`;
  // A zone of the game has one copy, the game's (entity 0), whichever seat the edit names.
  const to = module.rules.zones[step.zone]?.of === "game" ? 0 : step.owner;
  if (to !== 0 && !(to >= 1 && to <= (st.seats ?? module.rules.players))) return `no player ${step.owner}`;
  if (step.type === "add") {
    if (!(step.card in module.cards)) return `no card '${step.card}'`;
    const id = st.seq++;
    const props: Record<string, Value> = {};
    st.entities[id] = {
      id,
      card: step.card,
      owner: to,
      zone: step.zone,
      arrival: ++st.clock,
      props,
      counters: {},
    };
    (st.zones[`${to}:${step.zone}`] ??= []).push(id);
    logNote(st, `(edit) ${step.card} added to ${to}:${step.zone}`);
    return null;
  }
  const e = st.entities[step.entity];
  if (!e || e.card === null) return `no card ${step.entity}`;
  const from = st.zones[`${e.holder ?? e.owner}:${e.zone}`];
  if (from) from.splice(from.indexOf(e.id), 1);
  e.zone = step.zone;
  e.arrival = ++st.clock;
  if (to !== e.owner) e.holder = to;
  else delete e.holder;
  (st.zones[`${to}:${step.zone}`] ??= []).push(e.id);
  logNote(st, `(edit) ${e.card} moved to ${to}:${step.zone}`);
  return null;
}
