/**
 * The two sides of the differential test: an effect program's source text is parsed, checked and
 * lowered by the real compiler; then (1) its generated JavaScript runs with a stub ctx whose
 * `random` is the runtime's seeded RNG, and (2) the reference evaluator runs the checked IR with
 * the same RNG. Both report their locals, log lines, RNG draws and error.
 */
import { Checker, type UnitContext } from "../../compiler/core/semantic/checker.ts";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { printFunctions } from "../../compiler/core/emit/generate.ts";
import type { CompiledUnit, IrStmt } from "../../compiler/core/semantic/ir.ts";
import { lower } from "../../compiler/core/semantic/lower.ts";
import type { TextSource } from "../../compiler/core/text/source.ts";
import type { Vocabulary } from "../../compiler/core/semantic/vocabulary.ts";
import { parseEffect } from "../../grammar/index.ts";
import { RuntimeCtx } from "../../runtime/host/ctx.ts";
import { randomInt, seedState } from "../../runtime/state/rng.ts";
import type { Ctx, Frame, Value } from "../../runtime/types.ts";
import { IrEvaluator } from "../compiler/ir-eval.ts";
import { gameFiles, toInput } from "./corpus.ts";

const EFFECT: UnitContext = { self: true, event: null, params: [], pure: false, trigger: false, returns: null };

let vocabulary: Vocabulary | null = null;
/** The corpus base game's vocabulary (the programs use none of its words, but the checker needs one). */
function voc(): Vocabulary {
  if (vocabulary) return vocabulary;
  const v = checkGame(toInput(gameFiles())).vocabulary;
  if (!v) throw new Error("the corpus base game does not check");
  vocabulary = v;
  return v;
}

/** Offsets of `text` as 1-based line/col positions of a file that holds only the program. */
function textSource(text: string): TextSource {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const position = (i: number) => {
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] as number) <= i) line++;
    return { line: line + 1, col: i - (starts[line] as number) + 1 };
  };
  return { text, position, offset: (i) => i, range: (s, e) => ({ start: position(s), end: position(e) }) };
}

export interface Checked {
  readonly body: readonly IrStmt[];
  readonly unit: CompiledUnit;
}

/** Parses and checks a program; throws with the diagnostics when it is not well typed. */
export function checkProgram(text: string, id = "p"): Checked {
  const parsed = parseEffect(text);
  if (parsed.errors.length) throw new Error(`syntax: ${parsed.errors.map((e) => e.message).join("; ")}\n${text}`);
  const c = new Checker(voc(), "program.cw", textSource(text), EFFECT);
  const body = c.stmts(parsed.ast.body);
  const errors = c.diags.filter((d) => d.severity === "error");
  if (errors.length)
    throw new Error(
      `not well typed: ${errors.map((d) => `${d.range.start.line}:${d.range.start.col} ${d.message}`).join("; ")}\n${text}`,
    );
  const unit: CompiledUnit = {
    id,
    fnName: `unit_${id.replace(/[^A-Za-z0-9]/g, "_")}`,
    kind: "step",
    file: "program.cw",
    line: 1,
    col: 1,
    what: "program",
    blocks: lower(body),
    tree: body,
    trigger: false,
  };
  return { body, unit };
}

/** What a run did. */
export interface Outcome {
  readonly L: Record<string, Value>;
  readonly logs: readonly string[];
  readonly draws: readonly (readonly [number, number])[];
  readonly returned: Value;
  readonly error: string | null;
}

/** The runtime's reading of values in texts, for lists and none (numbers here are plain numbers). */
export function nameOf(v: Value): string {
  if (v === null) return "none";
  if (Array.isArray(v)) return v.length === 0 ? "none" : v.map((x) => nameOf(x as Value)).join(", ");
  return String(v);
}

function recorder(seed: number) {
  const words = seedState(seed);
  const draws: [number, number][] = [];
  const logs: string[] = [];
  return {
    draws,
    logs,
    random: (n: number) => {
      const r = randomInt(words, n);
      draws.push([n, r]);
      return r;
    },
    log: (t: string) => void logs.push(t),
    name: nameOf,
  };
}

/** Runs the checked IR with the reference evaluator. */
export function evaluate(c: Checked, seed: number): Outcome {
  const rec = recorder(seed);
  const L: Record<string, Value> = {};
  const ev = new IrEvaluator(L, rec);
  try {
    const returned = ev.run(c.body);
    return { L, logs: rec.logs, draws: rec.draws, returned, error: null };
  } catch (e) {
    return { L, logs: rec.logs, draws: rec.draws, returned: null, error: e instanceof Error ? e.message : String(e) };
  }
}

type StepFn = (ctx: Ctx, f: Frame) => void;

/**
 * Compiles the units' generated JavaScript into functions, in one `new Function` for speed. As
 * printed for a game, a step keeps the locals no later step reads in JavaScript variables, so the
 * frame holds only some of them; `stepVars: false` prints every local into the frame, to compare
 * them all.
 */
export function compileUnits(
  units: readonly CompiledUnit[],
  opts: { readonly stepVars?: boolean } = {},
): { fns: Map<string, StepFn>; js: string } {
  const { js } = printFunctions(units, opts);
  const table = `return { ${units.map((u) => `${JSON.stringify(u.id)}: ${u.fnName}`).join(", ")} };`;
  const made = new Function(`"use strict";\n${js}\n${table}`)() as Record<string, StepFn>;
  return { fns: new Map(Object.entries(made)), js };
}

/** Runs a generated step function with a stub ctx backed by the runtime's RNG. */
export function runGenerated(fn: StepFn, seed: number): Outcome {
  const rec = recorder(seed);
  let returned: Value = null;
  const ctx = {
    at: -1,
    pureAt: -1,
    random: rec.random,
    log: rec.log,
    name: rec.name,
    values: RuntimeCtx.prototype.values,
    tick: () => undefined,
    // The length limits of joins are the runtime's own checks (they use no state).
    list: RuntimeCtx.prototype.list,
    text: RuntimeCtx.prototype.text,
    // Walks and list equality count work against the runtime's budget; the stub counts from 0.
    work: 0,
    visit: RuntimeCtx.prototype.visit,
    equal: RuntimeCtx.prototype.equal,
    ret: (_f: Frame, v: Value) => void (returned = v),
  } as unknown as Ctx;
  const f: Frame = { h: "p", step: 0, L: {}, into: null, trigger: null, owned: [], me: 1, self: 2, ev: null };
  try {
    fn(ctx, f);
    return { L: f.L, logs: rec.logs, draws: rec.draws, returned, error: null };
  } catch (e) {
    return { L: f.L, logs: rec.logs, draws: rec.draws, returned, error: e instanceof Error ? e.message : String(e) };
  }
}
