/**
 * Trigger-graph analysis (`cardwright analyze`): possible endless trigger loops, triggers that can
 * never fire, events nothing listens to, cards no deck can bring into a game. Loops and dead
 * triggers are also warnings of the checked model (`analysisDiagnostics`, added by workspace.ts):
 * `check`, `compile`, the language server and the editor show them.
 *
 * A loop is a cycle of triggers where each one's code may emit the event the next one listens
 * to. Triggers with `usage` or `limit` fire a bounded number of times and break any such cycle,
 * as does a trigger whose `when:` never holds; the analysis leaves them out.
 */
import type { Diagnostic } from "../../text/diagnostics.ts";
import type { Range } from "../../text/positions.ts";
import type { ModelParts } from "../../workspace/model.ts";
import { unitExpression } from "../../semantic/ir.ts";
import { triggerGraph, type TriggerGraph, type TriggerNode } from "./graph.ts";
import { components } from "./scc.ts";
import { canHold } from "./when.ts";

export interface Place {
  readonly file: string;
  readonly range: Range;
}

export type Finding =
  | {
      readonly kind: "loop";
      readonly at: Place;
      readonly cycle: readonly { readonly trigger: TriggerNode; readonly at: Place }[];
    }
  | {
      readonly kind: "dead-trigger";
      readonly at: Place;
      readonly trigger: TriggerNode;
      readonly why: "never-emitted" | "when-never-holds";
    }
  | { readonly kind: "unheard-event"; readonly at: Place; readonly event: string; readonly emitters: readonly string[] }
  | { readonly kind: "card-in-no-deck"; readonly at: Place; readonly card: string };

export interface Analysis {
  readonly graph: TriggerGraph;
  /** In a stable order: loops, dead triggers, unheard events, cards in no deck; each by file and position. */
  readonly findings: readonly Finding[];
}

const point = (line: number, col: number): Range => ({ start: { line, col }, end: { line, col } });

/**
 * Where a trigger is written: its `event:` value (the last reference to that event in the card
 * file before its code), else the start of its code.
 */
function triggerPlace(model: ModelParts, graph: TriggerGraph, t: TriggerNode): Place {
  const u = graph.units.get(t.unit);
  const line = u?.line ?? 1;
  const col = u?.col ?? 1;
  const refs = (model.files.get(t.file)?.references ?? []).filter(
    (r) =>
      r.symbol === `event:${t.event}` &&
      (r.span.range.start.line < line || (r.span.range.start.line === line && r.span.range.start.col < col)),
  );
  const prev = graph.units.get(t.unit.replace(/\.on\.\d+$/, `.on.${t.index - 1}`));
  const after = prev ? prev.line : 0;
  const best = refs
    .filter((r) => r.span.range.start.line > after)
    .sort((a, b) => a.span.start - b.span.start)
    .pop();
  return best ? { file: t.file, range: best.span.range } : { file: t.file, range: point(line, col) };
}

/** The shortest cycle through `start` inside a component (breadth-first). */
function cycleThrough(start: number, inComp: ReadonlySet<number>, next: readonly (readonly number[])[]): number[] {
  const prev = new Map<number, number>();
  const queue = [start];
  for (let k = 0; k < queue.length; k++) {
    const v = queue[k] as number;
    for (const w of next[v] ?? []) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let x = v; x !== start; ) {
          x = prev.get(x) as number;
          path.push(x);
        }
        return path.reverse();
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

const byPlace = (a: Place, b: Place): number =>
  a.file < b.file
    ? -1
    : a.file > b.file
      ? 1
      : a.range.start.line - b.range.start.line || a.range.start.col - b.range.start.col;

export function analyzeGame(model: ModelParts): Analysis {
  const graph = triggerGraph(model);
  const { loops, dead } = triggerFindings(model, graph);

  // Events some code emits that nothing hears.
  const unheard: Finding[] = [];
  for (const e of [...graph.emitted].sort()) {
    if (graph.heard.has(e)) continue;
    const span = model.symbols.get(`event:${e}`)?.span;
    if (span)
      unheard.push({
        kind: "unheard-event",
        at: { file: span.file, range: span.range },
        event: e,
        emitters: graph.emitters.get(e) ?? [],
      });
  }

  return {
    graph,
    findings: [...loops, ...dead, ...unheard.sort((a, b) => byPlace(a.at, b.at)), ...cardsInNoDeck(model)],
  };
}

/** Loops and dead triggers (the findings `check` warns about), each list by file and position. */
function triggerFindings(model: ModelParts, graph: TriggerGraph): { loops: Finding[]; dead: Finding[] } {
  const units = graph.units;
  // Dead triggers: their event is never emitted, or their condition never holds.
  const live: TriggerNode[] = [];
  const dead: Finding[] = [];
  for (const t of graph.triggers) {
    const cond = t.when ? unitExpression(units.get(t.when)) : undefined;
    if (!graph.emitted.has(t.event))
      dead.push({ kind: "dead-trigger", at: triggerPlace(model, graph, t), trigger: t, why: "never-emitted" });
    else if (cond && !canHold(cond, t.def)) {
      const u = units.get(t.when ?? "");
      dead.push({
        kind: "dead-trigger",
        at: { file: t.file, range: point(u?.line ?? 1, u?.col ?? 1) },
        trigger: t,
        why: "when-never-holds",
      });
    } else if (!t.bounded) live.push(t);
  }

  // Loops among the triggers that may fire without bound. An edge t → u when t may emit u's
  // event; each trigger's successors in the order of `live` (the cycle found depends on it).
  const hearing = new Map<string, number[]>();
  live.forEach((t, j) => {
    const list = hearing.get(t.event) ?? [];
    list.push(j);
    hearing.set(t.event, list);
  });
  const next = live.map((t) => [...t.emits].flatMap((e) => hearing.get(e) ?? []).sort((a, b) => a - b));
  const loops: Finding[] = [];
  for (const comp of components(live.length, next)) {
    const only = comp[0] as number;
    if (comp.length === 1 && !(next[only] ?? []).includes(only)) continue;
    const places = new Map(comp.map((i) => [i, triggerPlace(model, graph, live[i] as TriggerNode)]));
    const start = [...comp].sort((a, b) => byPlace(places.get(a) as Place, places.get(b) as Place))[0] as number;
    const cycle = cycleThrough(start, new Set(comp), next).map((i) => ({
      trigger: live[i] as TriggerNode,
      at: places.get(i) as Place,
    }));
    loops.push({ kind: "loop", at: places.get(start) as Place, cycle });
  }
  return { loops: loops.sort((a, b) => byPlace(a.at, b.at)), dead: dead.sort((a, b) => byPlace(a.at, b.at)) };
}

/**
 * Cards no deck can bring into a game: not in any deck, and not named by the rules or by a card
 * that can be in a game (a character's skills, a card that creates another…). Nothing is reported
 * for a game without decks.
 */
function cardsInNoDeck(model: ModelParts): Finding[] {
  if (model.decks.length === 0) return [];
  const fileOf = new Map(model.cards.map((c) => [c.id, c.file]));
  const named = (file: string): string[] =>
    (model.files.get(file)?.references ?? []).filter((r) => r.symbol.startsWith("card:")).map((r) => r.symbol.slice(5));
  const reached = new Set<string>();
  const todo: string[] = [
    ...model.decks.flatMap((d) => Object.values(d.zones).flat()),
    ...(model.rules ? named(model.rules.file) : []),
  ];
  while (todo.length) {
    const id = todo.pop() as string;
    if (reached.has(id) || !fileOf.has(id)) continue;
    reached.add(id);
    for (const n of named(fileOf.get(id) as string)) todo.push(n);
  }
  return model.cards
    .filter((c) => !reached.has(c.id))
    .map((c) => ({ kind: "card-in-no-deck", at: { file: c.file, range: c.span.range }, card: c.id }));
}

const trig = (t: TriggerNode): string => `${t.card} (on ${t.event})`;

/** One line per finding, as `cardwright analyze` prints them. */
export function findingMessage(f: Finding): string {
  switch (f.kind) {
    case "loop":
      return `possible endless trigger loop: ${f.cycle.map((c) => `${trig(c.trigger)} emits ${[...c.trigger.emits].filter((e) => f.cycle.some((d) => d.trigger.event === e)).join("/")}`).join(" → ")} → ${trig((f.cycle[0] as { trigger: TriggerNode }).trigger)}`;
    case "dead-trigger":
      return f.why === "never-emitted"
        ? `trigger ${f.trigger.index + 1} of '${f.trigger.card}' never fires: no code emits '${f.trigger.event}'`
        : `trigger ${f.trigger.index + 1} of '${f.trigger.card}' never fires: its 'when' can never hold`;
    case "unheard-event":
      return `event '${f.event}' is emitted but nothing listens to it`;
    case "card-in-no-deck":
      return `card '${f.card}' is in no deck, and no card or rule of a deck's cards names it`;
  }
}

/** The warnings of the checked model (workspace.ts): loops and dead triggers, positioned. */
export function analysisDiagnostics(model: ModelParts, analysis?: Analysis): Diagnostic[] {
  const out: Diagnostic[] = [];
  const t = analysis ? null : triggerFindings(model, triggerGraph(model));
  for (const f of analysis ? analysis.findings : [...(t?.loops ?? []), ...(t?.dead ?? [])]) {
    if (f.kind === "loop") {
      out.push({
        file: f.at.file,
        range: f.at.range,
        severity: "warning",
        code: "check/trigger-loop",
        message: findingMessage(f),
        hint: `the cycle: ${f.cycle.map((c) => `${c.at.file}:${c.at.range.start.line}:${c.at.range.start.col}`).join(", ")}; give one trigger a 'usage', a 'limit' or a 'when' that stops it, or, if it ends for a reason the analysis cannot see, say so with 'bounded: <reason>'`,
      });
    } else if (f.kind === "dead-trigger") {
      out.push({
        file: f.at.file,
        range: f.at.range,
        severity: "warning",
        code: "check/dead-trigger",
        message: findingMessage(f),
        hint:
          f.why === "never-emitted"
            ? `emit '${f.trigger.event}' somewhere (rules or a card), or listen to another event`
            : "the condition compares fixed values of the card that never match",
      });
    }
  }
  return out;
}
