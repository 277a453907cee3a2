/**
 * "Save board as scenario" (issue 21): the board as it was before the first recorded answer,
 * board edits included, as `given`; the answers since as `do`; the match's seed and version; and
 * as `expect` the changes the designer picks from a diff of the start and end boards (by default
 * the changes on the cards and players the answers involved; internal properties — those no
 * card names — only when asked). Every translation to the file format is the scenario codec's
 * (compiler/core/scenario/codec.ts); the text is run by the scenario runner before it is written.
 */
import {
  answersToSteps,
  boardOfState,
  boardToGiven,
  propKindsOfModule,
  scenarioFileText,
  stepToForm,
  type PropKind,
  type ScenarioForm,
} from "../../../compiler/core/scenario/codec.ts";
import { runScenarioFile } from "../../../compiler/scenarios/runner.ts";
import type { Action, Engine, EntityId, GameModule, State, Value } from "../../../runtime/index.ts";
import { applyEdit, type Session } from "./session.ts";

type Obj = Record<string, unknown>;
const SIDES = ["me", "opponent"] as const;
const side = (p: EntityId) => SIDES[p - 1] ?? `seat${p}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One difference between the start and the end board, as an `expect:` entry could state it. */
export interface Change {
  /** The `expect:` key: `opponent.life`, `opponent.field.golem.hp`, `me.hand`, `game.turn`. */
  readonly key: string;
  /** The values at the start and at the end, as a scenario writes them (card ids, me/opponent). */
  readonly before: unknown;
  readonly after: unknown;
  /**
   * The rules' bookkeeping (`hitAmount`, `pendingSwitch`…): a property no card names that is no
   * bounded gauge (life, HP and energy declare a `min`), a list, or a hidden zone.
   */
  readonly internal: boolean;
  /** About a card or player an answer named (played, chosen, targeted): chosen by default. */
  readonly involved: boolean;
}

/** What a save would write, before the designer picks the expectations. */
export type SavePlan =
  | { readonly ok: false; readonly problem: string }
  | {
      readonly ok: true;
      readonly scenario: Omit<ScenarioForm, "name" | "expect">;
      readonly changes: readonly Change[];
      readonly from: string;
    };

/**
 * Which properties the cards name, as `<owner>:<property>` (`card:hp`): the others are internal.
 * Null when unknown (every property then counts as named).
 */
export type NamedProperties = ReadonlySet<string> | null;

/** The save plan of a session at its cursor: the start board, the steps, and the changes since. */
export function savePlan(session: Session, named: NamedProperties = null): SavePlan {
  const { engine, module } = session;
  const steps = session.steps.slice(0, session.cursor);
  const first = steps.findIndex((s) => s.type === "action");
  const k = first < 0 ? steps.length : first;
  if (steps.slice(k).some((s) => s.type !== "action"))
    return {
      ok: false,
      problem:
        "the board was edited after the first answer; a scenario's given is the board before its first answer, so make the edits first (undo back to before the answer) and answer again",
    };
  // The board before the first answer: the start, or the start with the edits made before it.
  let scenario: Omit<ScenarioForm, "name" | "expect">;
  const version = session.state.version ?? null;
  if (k === 0 && session.start.type === "board") {
    scenario = { seed: session.start.seed, version, given: session.start.given };
  } else if (k > 0) {
    const edited = session.stateBefore(k - 1);
    const last = steps[k - 1];
    if (last && last.type !== "action") applyEdit(module, edited, last);
    scenario = { seed: session.start.seed, version, ...givenOf(module, edited) };
  } else
    return {
      ok: false,
      problem:
        "a match from two decks is still in its setup, which a scenario's given cannot hold: edit the board first (an edit makes it a board) or start from a scenario",
    };
  const start = session.stateBefore(k);
  const answers: Action[] = steps.slice(k).flatMap((s) => (s.type === "action" ? [s.action] : []));
  const written = answersToSteps(engine, engine.clone(start), answers);
  if (written === null)
    return { ok: false, problem: "an answer names a value a scenario cannot write (a number or a text among choices)" };
  const involved = involvedEntities(start, answers);
  return {
    ok: true,
    scenario: { ...scenario, ...(written.length ? { do: written.map(stepToForm) } : {}) },
    changes: boardChanges(engine, module, start, session.state, involved, named),
    from:
      session.start.type === "board"
        ? `the board of "${session.start.name}"${k > 0 ? " with the edits made before the first answer" : ""}`
        : "a board reached from two decks and edited",
  };
}

function givenOf(module: GameModule, st: State): Pick<ScenarioForm, "given" | "version"> {
  const { given, version } = boardToGiven(boardOfState(module, st, propKindsOfModule(module)));
  return { given, version };
}

/** The entities the answers name: picks, action arguments (and the players owning them). */
function involvedEntities(st: State, answers: readonly Action[]): Set<EntityId> {
  const out = new Set<EntityId>();
  const add = (v: Value) => {
    if (typeof v === "number" && st.entities[v] !== undefined) out.add(v);
  };
  for (const a of answers) {
    if (a.type === "pick") add(a.value);
    else if (a.type === "act") for (const v of Object.values(a.args)) add(v);
  }
  return out;
}

/**
 * The differences between two boards of one game, as `expect:` entries: player and game
 * properties, each zone's contents, and each card's properties (a card named
 * `<side>.<zone>.<card>` where that names one card only).
 */
export function boardChanges(
  engine: Engine,
  module: GameModule,
  start: State,
  end: State,
  involved: ReadonlySet<EntityId>,
  named: NamedProperties,
): Change[] {
  const out: Change[] = [];
  // The rules' bookkeeping: a property no card names that is no bounded gauge (life, HP and energy
  // declare a `min`), or a list (what is queued or was hit).
  const defs = { card: module.rules.props.card, player: module.rules.props.player, game: module.rules.props.game };
  const internalProp = (owner: keyof typeof defs, prop: string, value: unknown) => {
    const d = defs[owner][prop];
    const gauge = d?.min !== undefined || d?.max !== undefined;
    return (named !== null && !named.has(`${owner}:${prop}`) && !gauge) || (Array.isArray(value) && value.length > 0);
  };
  // A number is an entity only in a property that may hold one (its default is none): HP stays a number.
  const kinds = propKindsOfModule(module);
  const name = (st: State, v: Value, kind: PropKind | undefined = "skip"): unknown => {
    if (Array.isArray(v)) return v.map((x) => name(st, x as Value, kind));
    if (typeof v !== "number" || kind === "plain") return v;
    const e = st.entities[v];
    if (e === undefined) return v;
    return e.card === null ? side(e.id) : e.card;
  };
  const players = [1, 2].filter((p) => end.entities[p] !== undefined) as EntityId[];
  for (const p of players) {
    for (const prop of Object.keys(module.rules.props.player)) {
      if (prop === "name") continue;
      const a = name(start, engine.read(start, p, prop), kinds.player.get(prop));
      const b = name(end, engine.read(end, p, prop), kinds.player.get(prop));
      if (!same(a, b))
        out.push({
          key: `${side(p)}.${prop}`,
          before: a,
          after: b,
          internal: internalProp("player", prop, b),
          involved: involved.has(p),
        });
    }
    for (const [zone, def] of Object.entries(module.rules.zones)) {
      const ids = (st: State) => engine.zoneCards(st, p, zone);
      const a = ids(start).map((id) => start.entities[id]?.card ?? null);
      const b = ids(end).map((id) => end.entities[id]?.card ?? null);
      if (!same(a, b))
        out.push({
          key: `${side(p)}.${zone}`,
          before: a,
          after: b,
          internal: def.visibility === "hidden",
          involved: [...ids(start), ...ids(end)].some((id) => involved.has(id)),
        });
    }
  }
  // Each card at the end (or gone since): its properties that changed, where a path names it alone.
  for (const e of Object.values(end.entities)) {
    if (e.card === null || start.entities[e.id] === undefined) continue;
    const holder = e.holder ?? e.owner;
    const twins = engine.zoneCards(end, holder, e.zone).filter((id) => end.entities[id]?.card === e.card);
    if (twins.length !== 1) continue;
    for (const prop of Object.keys(module.rules.props.card)) {
      const a = name(start, engine.read(start, e.id, prop), kinds.card.get(prop));
      const b = name(end, engine.read(end, e.id, prop), kinds.card.get(prop));
      if (same(a, b)) continue;
      out.push({
        key: `${side(holder)}.${e.zone}.${e.card}.${prop}`,
        before: a,
        after: b,
        internal: internalProp("card", prop, b),
        involved: involved.has(e.id),
      });
    }
  }
  for (const prop of Object.keys(module.rules.props.game)) {
    const a = name(start, engine.read(start, 0, prop), kinds.game.get(prop));
    const b = name(end, engine.read(end, 0, prop), kinds.game.get(prop));
    if (!same(a, b))
      out.push({ key: `game.${prop}`, before: a, after: b, internal: internalProp("game", prop, b), involved: false });
  }
  return out;
}

/** The changes chosen by default: those on the cards and players involved, internal ones left out. */
export function defaultExpect(changes: readonly Change[]): string[] {
  return changes.filter((c) => c.involved && !c.internal).map((c) => c.key);
}

export interface SavedScenario {
  readonly text: string;
  /** Failures when the text was run as `cardwright test` runs it (empty: it passes). */
  readonly failures: readonly string[];
}

/**
 * The scenario file of a session: its plan with `expect` the chosen changes (default: the
 * involved ones), run by the scenario runner before anything is written.
 */
export function scenarioText(
  session: Session,
  file: string,
  name: string,
  options: { readonly expect?: readonly string[]; readonly named?: NamedProperties } = {},
): SavedScenario {
  const plan = savePlan(session, options.named ?? null);
  if (!plan.ok) return { text: "", failures: [plan.problem] };
  const keys = new Set(options.expect ?? defaultExpect(plan.changes));
  const expect: Obj = {};
  for (const c of plan.changes) if (keys.has(c.key)) expect[c.key] = c.after;
  const sc: ScenarioForm = { name, ...plan.scenario, ...(Object.keys(expect).length ? { expect } : {}) };
  const text = scenarioFileText([sc], [`Saved from the Cardwright sandbox: ${plan.from} and the answers given since.`]);
  const run = runScenarioFile(session.module, file, text);
  return {
    text,
    failures: run.flatMap((r) => r.failures.map((f) => `${f.range.start.line}:${f.range.start.col}: ${f.message}`)),
  };
}
