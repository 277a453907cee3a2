/**
 * Decisions: opening them (choose, may, act), the legal answers, checking an answer, applying it,
 * and the readable label of an answer.
 */
import type { Kernel } from "../kernel/kernel.ts";
import type { ActionFns } from "../kernel/module-index.ts";
import { pushFrame } from "./frames.ts";
import { blindTo } from "../kernel/knowledge.ts";
import { pushLog } from "../kernel/log.ts";
import type {
  ActOption,
  Action,
  ActionCondition,
  ActionDef,
  Decision,
  EntityId,
  EventId,
  Frame,
  Locals,
  Scope,
  Value,
} from "../types.ts";
import { actionEquals, argsEqual, formatAction, truthy, valueEquals } from "../state/values.ts";

const YES: Action = Object.freeze({ type: "yes" });
const NO: Action = Object.freeze({ type: "no" });
const DONE: Action = Object.freeze({ type: "done" });
const EMPTY: Locals = Object.freeze({}) as Locals;

type ChooseDecision = Extract<Decision, { type: "choose" }>;

// ── opening ──────────────────────────────────────────────────────────────────

export function openChoose(
  rt: Kernel,
  f: Frame,
  into: string,
  player: EntityId,
  candidates: readonly Value[],
  min: number,
  max: number,
  single: boolean,
  prompt: string,
): void {
  const n = candidates.length;
  if (n === 0) {
    f.L[into] = single ? null : [];
    return;
  }
  if (single) min = max = 1;
  min = Math.max(0, Math.min(min, n));
  max = Math.max(min, Math.min(max, n));
  if (n === min && n === max && !rt.askEveryDecision) {
    const value: Value = single ? (candidates[0] as Value) : candidates.slice();
    f.L[into] = value;
    if (rt.logging)
      pushLog(
        rt.state,
        "decision",
        `${rt.name(player)} chooses ${rt.name(value)}${prompt ? ` — ${prompt}` : ""} (the only choice)`,
        withBlind(rt, { player, value, auto: true }, value),
      );
    return;
  }
  rt.state.decision = {
    type: "choose",
    player,
    prompt,
    candidates: candidates.slice(),
    min,
    max,
    picked: [],
    single,
    into,
  };
}

export function openMay(rt: Kernel, _f: Frame, into: string, player: EntityId, prompt: string): void {
  rt.state.decision = { type: "may", player, prompt, into };
}

/** The options of an action window for a player, in the rules' action order. */
export function actOptions(rt: Kernel, window: string, player: EntityId, ev: EventId | null): ActOption[] {
  const defs = rt.ix.actionsByWindow.get(window);
  const options: ActOption[] = [];
  if (defs === undefined) return options;
  const fns = rt.ix.actionFnsByWindow.get(window) as readonly ActionFns[];
  for (let ai = 0; ai < defs.length; ai++) {
    const a = defs[ai] as ActionDef;
    const af = fns[ai] as ActionFns;
    if (a.param !== null && a.list !== null) {
      const list = rt.callPure(af.list, a.list, { me: player, self: null, ev, L: EMPTY });
      if (!Array.isArray(list)) throw new Error(`action '${a.name}': its candidate list is not a list`);
      const param = a.param;
      for (const c of list as readonly Value[]) {
        // An object literal with a computed key is built by a slow runtime call; a store into an
        // empty literal is not (and `__proto__` would set the prototype there: that one keeps the literal).
        let L: Locals;
        if (param === "__proto__") L = { [param]: c };
        else {
          L = {};
          L[param] = c;
        }
        if (allowed(rt, a, af, player, ev, L)) options.push({ type: "act", action: a.name, args: L });
      }
    } else if (allowed(rt, a, af, player, ev, EMPTY)) {
      options.push({ type: "act", action: a.name, args: {} });
    }
  }
  return options;
}

/** Whether every legality condition of an action holds for these arguments (`failedCondition` without the why: listing options asks this for every candidate). */
function allowed(rt: Kernel, a: ActionDef, af: ActionFns, player: EntityId, ev: EventId | null, L: Locals): boolean {
  const s: Scope = { me: player, self: null, ev, L };
  if (a.when !== null && !truthy(rt.callPure(af.when, a.when, s))) return false;
  const cs = a.conditions;
  if (cs !== undefined)
    for (let i = 0; i < cs.length; i++)
      if (!truthy(rt.callPure(af.tests[i], (cs[i] as ActionCondition).test, s))) return false;
  return true;
}

/** The first legality condition of an action that does not hold for these arguments (`when`, then each listed condition), or null. */
function failedCondition(
  rt: Kernel,
  a: ActionDef,
  player: EntityId,
  ev: EventId | null,
  L: Locals,
): ActionCondition | null {
  if (a.when !== null && !truthy(rt.pure(a.when, { me: player, self: null, ev, L })))
    return { test: a.when, text: a.whenText ?? "", reason: null };
  if (a.conditions !== undefined)
    for (const c of a.conditions) if (!truthy(rt.pure(c.test, { me: player, self: null, ev, L }))) return c;
  return null;
}

/**
 * Why an action the rules know is not among the options: another window, an argument that is not
 * among its candidates, or the condition that fails — its reason from the rules when it has one,
 * else its source text.
 */
function whyNotLegal(
  rt: Kernel,
  d: Extract<Decision, { type: "act" }>,
  a: ActionDef,
  action: Extract<Action, { type: "act" }>,
): string {
  const who = rt.name(d.player);
  const generic = d.options.some((o) => o.action === a.name)
    ? badArgument(rt, d.options, action)
    : `${who} cannot take '${a.name}' now (window '${d.window}')`;
  if (a.window !== d.window)
    return `${who} cannot take '${a.name}' now: it is an action of the '${a.window}' window, and the game asks for '${d.window}'`;
  const args = (action.args ?? {}) as Locals;
  let L: Locals = EMPTY;
  try {
    if (a.param !== null && a.list !== null) {
      for (const k in args) if (k !== a.param) return `'${a.name}' has no parameter '${k}'`;
      if (!Object.hasOwn(args, a.param)) return `'${a.name}' needs its argument '${a.param}'`;
      const v = args[a.param] as Value;
      const list = rt.pure(a.list, { me: d.player, self: null, ev: d.ev, L: EMPTY });
      if (!Array.isArray(list) || !list.some((c) => valueEquals(c as Value, v)))
        return `${describeCandidate(rt, v)} is not among the candidates of '${a.name}'`;
      L = { [a.param]: v };
    }
    const failed = failedCondition(rt, a, d.player, d.ev, L);
    if (failed === null) return generic;
    if (failed.reason !== null) {
      const r = rt.pure(failed.reason, { me: d.player, self: null, ev: d.ev, L });
      return typeof r === "string" ? r : rt.name(r);
    }
    return failed.text === "" ? generic : `the condition '${failed.text}' does not hold`;
  } catch {
    // A condition that cannot even be evaluated for these arguments (e.g. a value of the wrong kind).
    return generic;
  }
}

export function openAct(
  rt: Kernel,
  f: Frame,
  into: string | null,
  window: string,
  player: EntityId,
  ev: EventId | null,
): void {
  const options = actOptions(rt, window, player, ev);
  if (options.length === 0) {
    if (into !== null) f.L[into] = null;
    return;
  }
  if (options.length === 1 && !rt.askEveryDecision) {
    takeAct(rt, f, into, player, ev, options[0] as ActOption, true);
    return;
  }
  rt.state.decision = { type: "act", player, window, ev, options, into };
}

function takeAct(
  rt: Kernel,
  f: Frame,
  into: string | null,
  player: EntityId,
  ev: EventId | null,
  opt: ActOption,
  auto: boolean,
): void {
  const def = rt.ix.actionByName.get(opt.action);
  if (def === undefined) throw new Error(`unknown action '${opt.action}'`);
  if (into !== null) f.L[into] = opt.action;
  if (rt.logging) {
    const data: Record<string, Value> = { player, action: opt.action };
    for (const k in opt.args) data[`arg:${k}`] = opt.args[k] as Value;
    if (auto) data.auto = true;
    pushLog(rt.state, "action", actLabel(rt, player, ev, opt), withBlind(rt, data, argValues(opt.args)));
  }
  pushFrame(rt.state, def.h, { ...opt.args }, null, null, player, null, ev);
}

/** The values of an option's arguments, as one value: the one argument itself (most actions have one), else a list. */
function argValues(args: Readonly<Record<string, Value>>): Value {
  let one: Value = null;
  let n = 0;
  for (const k in args) {
    if (n++ === 0) one = args[k] as Value;
    else return Object.values(args) as Value;
  }
  return one;
}

/** The readable label of an action option: the rules' label, else "Player: action arg…". */
export function actLabel(rt: Kernel, player: EntityId, ev: EventId | null, opt: ActOption): string {
  const def = rt.ix.actionByName.get(opt.action);
  if (def !== undefined && def.label !== null) {
    const v = rt.pure(def.label, { me: player, self: null, ev, L: opt.args as Locals });
    return typeof v === "string" ? v : rt.name(v);
  }
  let s = `${rt.name(player)}: ${opt.action}`;
  for (const k in opt.args) s += ` ${rt.name(opt.args[k] as Value)}`;
  return s;
}

// ── answers ──────────────────────────────────────────────────────────────────

function remaining(d: ChooseDecision): Value[] {
  const out: Value[] = [];
  // Each pick uses up one equal candidate; equal candidates are offered once.
  const used = d.picked.length === 0 ? null : d.picked.slice();
  for (const c of d.candidates) {
    if (used !== null) {
      const i = used.findIndex((p) => valueEquals(p, c));
      if (i >= 0) {
        used.splice(i, 1);
        continue;
      }
    }
    if (c === null || typeof c !== "object" ? out.indexOf(c) < 0 : !out.some((o) => valueEquals(o, c))) out.push(c);
  }
  return out;
}

/** The legal answers to a decision. */
export function legalAnswers(d: Decision): Action[] {
  switch (d.type) {
    case "act":
      return d.options.slice();
    case "may":
      return [YES, NO];
    case "choose": {
      const out: Action[] = remaining(d).map((value) => ({ type: "pick", value }));
      if (d.picked.length >= d.min) out.push(DONE);
      return out;
    }
  }
}

/**
 * How many legal answers `d` has: `legalAnswers(d).length`, without building them (what a random
 * or sampling agent needs before it takes one, `legalAnswerAt`).
 */
export function legalCount(d: Decision): number {
  switch (d.type) {
    case "act":
      return d.options.length;
    case "may":
      return 2;
    case "choose":
      return (
        (d.picked.length === 0 ? distinctCount(d.candidates) : remaining(d).length) + (d.picked.length >= d.min ? 1 : 0)
      );
  }
}

/** The `i`-th legal answer of `d` (`legalAnswers(d)[i]`, the same object for options), or undefined past the end. */
export function legalAnswerAt(d: Decision, i: number): Action | undefined {
  switch (d.type) {
    case "act":
      return d.options[i];
    case "may":
      return i === 0 ? YES : i === 1 ? NO : undefined;
    case "choose": {
      const rest = d.picked.length === 0 && allDistinct(d.candidates) ? d.candidates : remaining(d);
      if (i < rest.length) return { type: "pick", value: rest[i] as Value };
      return i === rest.length && d.picked.length >= d.min ? DONE : undefined;
    }
  }
}

/** Whether no two candidates are equal (entity ids, the common case, are compared as numbers). */
function allDistinct(xs: readonly Value[]): boolean {
  return distinctCount(xs) === xs.length;
}

function distinctCount(xs: readonly Value[]): number {
  let n = 0;
  for (let i = 0; i < xs.length; i++) {
    const c = xs[i] as Value;
    let dup = false;
    for (let j = 0; j < i && !dup; j++) {
      const o = xs[j] as Value;
      dup = c === null || typeof c !== "object" ? o === c : valueEquals(o, c);
    }
    if (!dup) n++;
  }
  return n;
}

function listLegal(d: Decision): string {
  const all = legalAnswers(d).map((a) => `'${formatAction(a)}'`);
  return all.length > 12 ? `${all.slice(0, 12).join(", ")}, … (${all.length} in all)` : all.join(", ");
}

function describeCandidate(rt: Kernel, v: Value): string {
  if (typeof v === "number") {
    const e = rt.state.entities[v];
    if (e !== undefined) return e.card !== null ? `card ${v}` : v === 0 ? "the game" : `player ${v}`;
  }
  return `'${rt.name(v)}'`;
}

/** Which argument of an action is not among its candidates. */
function badArgument(rt: Kernel, options: readonly ActOption[], action: ActOption): string {
  const args = action.args !== null && typeof action.args === "object" ? action.args : {};
  const same = options.filter((o) => o.action === action.action);
  for (const k in args) {
    if (!same.some((o) => Object.hasOwn(o.args, k))) return `'${action.action}' has no parameter '${k}'`;
    if (!same.some((o) => valueEquals(o.args[k] as Value, args[k] as Value))) {
      return `${describeCandidate(rt, args[k] as Value)} is not among the candidates of '${action.action}'`;
    }
  }
  return "those arguments are not allowed together";
}

/** Why an action does not answer the pending decision, or null when it does. */
export function rejectReason(rt: Kernel, d: Decision, action: Action): string | null {
  if (action === null || typeof action !== "object" || typeof (action as { type?: unknown }).type !== "string") {
    return `${JSON.stringify(action) ?? String(action)} is not an action (expected { type: 'act' | 'pick' | 'done' | 'yes' | 'no', … })`;
  }
  switch (d.type) {
    case "act": {
      // An agent hands back one of the options it was given (legalActions lists them): that one is legal.
      if (d.options.includes(action as ActOption)) return null;
      if (action.type === "act") {
        if (typeof action.action !== "string" || action.action === "") {
          return `an 'act' answer needs 'action', the name of the action to take (a text); legal: ${listLegal(d)}`;
        }
        if (
          action.args !== undefined &&
          (action.args === null || typeof action.args !== "object" || Array.isArray(action.args))
        ) {
          return `the 'args' of '${action.action}' must be an object of argument values`;
        }
        for (const o of d.options) if (o.action === action.action && argsEqual(o.args, action.args)) return null;
        const known = rt.ix.actionByName.has(action.action);
        const def = rt.ix.actionByName.get(action.action);
        const why =
          !known || def === undefined ? `there is no action '${action.action}'` : whyNotLegal(rt, d, def, action);
        return `'${formatAction(action)}' is not a legal action now: ${why}; legal: ${listLegal(d)}`;
      }
      return `'${formatAction(action)}' is not a legal action now: ${rt.name(d.player)} must take an action of the '${d.window}' window; legal: ${listLegal(d)}`;
    }
    case "may":
      if (action.type === "yes" || action.type === "no") return null;
      return `'${formatAction(action)}' is not a legal action now: ${rt.name(d.player)} must answer yes or no ("${d.prompt}")`;
    case "choose": {
      if (action.type === "pick") {
        if (!Object.hasOwn(action, "value")) return "a pick needs a value";
        const v = action.value;
        if (!d.candidates.some((c) => valueEquals(c, v)))
          return `${describeCandidate(rt, v)} is not among the candidates`;
        // Before the first pick every candidate remains: no need to work out which.
        if (d.picked.length !== 0 && !remaining(d).some((c) => valueEquals(c, v)))
          return `${describeCandidate(rt, v)} was already picked`;
        return null;
      }
      if (action.type === "done") {
        if (d.picked.length >= d.min) return null;
        return `'done' needs at least ${d.min} pick${d.min === 1 ? "" : "s"} (${d.picked.length} so far)`;
      }
      return `'${formatAction(action)}' is not a legal action now: ${rt.name(d.player)} must choose ("${d.prompt}"): pick a candidate${d.picked.length >= d.min ? " or 'done'" : ""}`;
    }
  }
}

/** Applies a checked answer to the pending decision (the waiting frame is the top one). */
export function answer(rt: Kernel, d: Decision, action: Action): void {
  const st = rt.state;
  const f = st.frames[st.frames.length - 1];
  if (f === undefined) throw new Error("a decision is pending but no effect is waiting for it");
  const into = d.into ?? null;
  switch (d.type) {
    case "act": {
      const opt = (
        d.options.includes(action as ActOption) ? action : d.options.find((o) => actionEquals(o, action))
      ) as ActOption;
      st.decision = null;
      takeAct(rt, f, into, d.player, d.ev, opt, false);
      return;
    }
    case "may": {
      const yes = action.type === "yes";
      if (rt.logging) pushLog(st, "decision", describeAnswer(rt, d, action), { player: d.player, value: yes });
      st.decision = null;
      if (into !== null) f.L[into] = yes;
      return;
    }
    case "choose": {
      if (rt.logging)
        pushLog(
          st,
          "decision",
          describeAnswer(rt, d, action),
          action.type === "pick"
            ? withBlind(rt, { player: d.player, value: action.value }, action.value)
            : { player: d.player },
        );
      let finished = action.type === "done";
      if (action.type === "pick") {
        d.picked.push(action.value);
        finished = d.picked.length >= d.max || d.picked.length >= d.candidates.length;
      }
      if (finished) {
        st.decision = null;
        if (into !== null) f.L[into] = d.single ? (d.picked[0] ?? null) : d.picked.slice();
      }
      return;
    }
  }
}

/** A readable label of an answer to a decision (the line the log gets). */
export function describeAnswer(rt: Kernel, d: Decision | null, action: Action): string {
  const player = d?.player ?? null;
  const who = player === null ? "" : `${rt.name(player)} `;
  switch (action.type) {
    case "act":
      return player === null ? formatAction(action) : actLabel(rt, player, d?.type === "act" ? d.ev : null, action);
    case "pick":
      return `${who}picks ${rt.name(action.value)}${d?.type === "choose" && d.prompt ? ` — ${d.prompt}` : ""}`;
    case "done":
      return `${who}is done choosing`;
    case "yes":
    case "no":
      return d?.type === "may" ? `${rt.name(d.player)}: ${d.prompt} ${action.type}` : `${who}answers ${action.type}`;
  }
}

/** Log data naming cards, with the seats that could not see them now (`blind`; views mask by it). */
function withBlind(rt: Kernel, data: Record<string, Value>, named: Value): Record<string, Value> {
  const blind = blindTo(rt.ix.rules.zones, rt.state, rt.seats, named);
  if (blind.length > 0) data.blind = blind;
  return data;
}
