/**
 * "Save board as scenario": the starting board (a scenario's `given`, or for a deck start the
 * current board), the answers given since, and the key facts of the resulting state as `expect`.
 * The text is run with the scenario runner `cardwright test` uses before it is written.
 */
import { stringify } from "yaml";
import { runScenarioFile } from "../../../compiler/scenarios/runner.ts";
import type { Engine, EntityId, GameModule, State, Value } from "../../../runtime/index.ts";
import { boardOf, type Session } from "./session.ts";

type Obj = Record<string, unknown>;
const who = (p: EntityId) => (p === 1 ? "me" : "opponent");
const plain = (v: unknown): v is number | boolean | string =>
  typeof v === "number" || typeof v === "boolean" || typeof v === "string";

/** How a scenario names an entity: me, opponent, or owner.card-id. */
function ref(st: State, v: Value): unknown {
  if (typeof v !== "number") return v;
  const e = st.entities[v];
  if (!e) return v;
  if (e.card === null) return who(e.id);
  return `${who(e.owner)}.${e.card}`;
}

/** The answers as scenario steps; the picks of one decision become one `choose` list. */
function doSteps(session: Session): { steps: Obj[]; problem: string | null } {
  const out: { step: Obj; open: boolean }[] = [];
  const st = session.startState();
  for (const s of session.steps.slice(0, session.cursor)) {
    if (s.type !== "action")
      return { steps: [], problem: "the board was edited after the start: save a board without edits" };
    const a = s.action;
    const by = who(s.by);
    const last = out[out.length - 1];
    if (a.type === "pick") {
      const r = ref(st, a.value);
      if (last?.open && last.step["by"] === by) (last.step["choose"] as unknown[]).push(r);
      else out.push({ step: { by, choose: [r] }, open: true });
    } else if (a.type === "done") {
      if (last?.open) last.open = false;
      else out.push({ step: { by, choose: "none" }, open: false });
    } else if (a.type === "yes" || a.type === "no") out.push({ step: { by, may: a.type }, open: false });
    else {
      const arg = Object.values(a.args)[0];
      out.push({ step: { by, [a.action]: arg === undefined ? null : ref(st, arg) }, open: false });
    }
    session.engine.apply(st, a);
    const cur = out[out.length - 1];
    // A multi-pick that ended by itself (its maximum reached) is closed too.
    if (cur?.open && st.decision?.type !== "choose") cur.open = false;
  }
  return { steps: out.map((o) => o.step), problem: null };
}

/** Key facts: plain player and game properties, and the cards of every zone that is not hidden. */
export function keyFacts(engine: Engine, module: GameModule, st: State): Obj {
  const out: Obj = {};
  for (const p of [1, 2] as const) {
    for (const prop of Object.keys(module.rules.props.player)) {
      const v = engine.read(st, p, prop);
      if (plain(v) && plain(module.rules.props.player[prop]?.default)) out[`${who(p)}.${prop}`] = v;
    }
    for (const [zone, def] of Object.entries(module.rules.zones)) {
      if (def.visibility !== "hidden")
        out[`${who(p)}.${zone}`] = engine.zoneCards(st, p, zone).map((id) => st.entities[id]?.card ?? null);
    }
  }
  for (const prop of Object.keys(module.rules.props.game)) {
    const v = engine.read(st, 0, prop);
    if (plain(v) && plain(module.rules.props.game[prop]?.default)) out[`game.${prop}`] = v;
  }
  return out;
}

/** The current board as a scenario `given`: cards by id with their own plain properties. */
function givenOf(engine: Engine, module: GameModule, st: State): Obj {
  const given: Obj = {};
  const differs = (v: unknown, d: unknown) => plain(v) && plain(d) && typeof v === typeof d && v !== d;
  for (const p of [1, 2] as const) {
    const side: Obj = {};
    for (const [prop, def] of Object.entries(module.rules.props.player)) {
      const v = st.entities[p]?.props[prop];
      if (differs(v, def.default)) side[prop] = v;
    }
    for (const zone of Object.keys(module.rules.zones)) {
      const ids = engine.zoneCards(st, p, zone);
      if (!ids.length) continue;
      side[zone] = ids.map((id) => {
        const e = st.entities[id];
        const own = Object.entries(e?.props ?? {}).filter(([k, v]) => differs(v, module.rules.props.card[k]?.default));
        return own.length ? { card: e?.card, ...Object.fromEntries(own) } : e?.card;
      });
    }
    given[who(p)] = side;
  }
  return given;
}

export interface SavedScenario {
  readonly text: string;
  /** Failures when the text was run as `cardwright test` runs it (empty: it passes). */
  readonly failures: readonly string[];
}

export function scenarioText(session: Session, file: string, name: string): SavedScenario {
  const { engine, module } = session;
  const sc: Obj = { name };
  let end: State;
  if (session.start.type === "board") {
    const d = doSteps(session);
    if (d.problem) return { text: "", failures: [d.problem] };
    sc["seed"] = session.start.seed;
    sc["given"] = session.start.given;
    if (d.steps.length) sc["do"] = d.steps;
    end = session.state;
  } else {
    // A deck start: the board as it is now; it re-enters through the rules' scenario flow.
    sc["seed"] = 1;
    sc["given"] = givenOf(engine, module, session.state);
    try {
      end = engine.fromBoard(boardOf(sc["given"] as Obj, module), 1);
    } catch (e) {
      return { text: "", failures: [e instanceof Error ? e.message : String(e)] };
    }
  }
  sc["expect"] = keyFacts(engine, module, end);
  const from =
    session.start.type === "board"
      ? `the board of "${session.start.name}" and the answers given since`
      : "a board reached from two decks";
  const text = `# Saved from the Cardwright sandbox: ${from}.\n` + stringify({ scenarios: [sc] }, { lineWidth: 0 });
  const run = runScenarioFile(module, file, text);
  return {
    text,
    failures: run.flatMap((r) => r.failures.map((f) => `${f.range.start.line}:${f.range.start.col}: ${f.message}`)),
  };
}
