/**
 * Scenario tests: `given` (a board built by name), `do` (answers to decisions, each by the side
 * named or implied; steps expected to be refused; `expect:` checkpoints), `expect` (see
 * scenario-expect.ts). Failures are diagnostics pointing at the YAML; each run keeps its trace.
 */
import type { Action, Board, GameModule, State, Value } from "../../runtime/index.ts";
import { Engine, isCompact, renderLog } from "../../runtime/index.ts";
import type { Diagnostic } from "../core/text/diagnostics.ts";
import type { DiagnosticCode } from "../core/text/diagnostic-codes.ts";
import type { ScenarioFileModel } from "../core/workspace/model.ts";
import { SCENARIO_SCHEMA } from "../core/scenario/check.ts";
import { checkExpectations } from "../core/scenario/expect.ts";
import { cardRef, playerRef, ScenarioNames, sideName, sideRef } from "../core/scenario/names.ts";
import { stepText, type ScenarioTrace, type TraceDiff, type TraceStep } from "../core/scenario/trace.ts";
import { brokenInvariant } from "./invariants.ts";
import { validateWithSchema } from "../core/files/schema-validate.ts";
import type { SourceFile, YamlPath } from "../core/text/source.ts";
import { GivenError, givenToBoard, readScenarioFile, scenarioPlay } from "../core/scenario/codec.ts";
import { didYouMean } from "../core/text/suggest.ts";
import { scenarioVersion, scenarioVersionSpan, type VersionUse } from "../core/files/versions.ts";

export interface ScenarioResult {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly failures: readonly Diagnostic[];
  /** The readable log of the run (for reports). */
  readonly log: readonly string[];
  /** The run step by step, for `cardwright test --trace` (absent when the scenario did not start). */
  readonly trace?: ScenarioTrace;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

class Failure extends Error {}

/** Runs every scenario of a checked scenario file (model.scenarios); a file with errors gives one failed result. */
/** `version`: the game version of the scenarios that name none (`cardwright test --version`). */
export function runScenarios(
  module: GameModule,
  checked: ScenarioFileModel,
  staticErrors: readonly Diagnostic[] = [],
  version?: string,
): ScenarioResult[] {
  const src = checked.source;
  if (!src.ok) return [{ file: src.file, name: "(file)", line: 1, failures: src.diagnostics, log: [] }];
  const schema = validateWithSchema(src, checked.value, SCENARIO_SCHEMA, "scenario");
  const failures = [...schema, ...staticErrors];
  if (failures.length) return [{ file: src.file, name: "(file)", line: 1, failures, log: [] }];
  // Scenarios with the same play options (`stop:`, `auto:`; scenarioPlay) share one Engine.
  const engines = new Map<string, Engine>();
  const engineFor = (sc: Obj) => {
    const play = scenarioPlay(sc);
    const key = JSON.stringify(play);
    let e = engines.get(key);
    if (e === undefined) engines.set(key, (e = new Engine(module, play)));
    return e;
  };
  const scenarios = (checked.value as { scenarios: Obj[] }).scenarios;
  return scenarios.map((sc, i) => new ScenarioRun(module, engineFor(sc), src, ["scenarios", i], sc, version).run());
}

/** Runs a scenario file that is not part of a checked game (a file given by path). */
export function runScenarioFile(module: GameModule, file: string, text: string, version?: string): ScenarioResult[] {
  return runScenarios(module, readScenarioFile(file, text), [], version);
}

/**
 * The starting board of one scenario (its `given`) and its seed, for playing on from it
 * (`cardwright play --from file#name`); or what is wrong, as diagnostics or a message.
 */
export function scenarioBoard(
  module: GameModule,
  file: string,
  text: string,
  name: string,
):
  | { readonly board: Board; readonly seed: number; readonly version: VersionUse | null }
  | { readonly diagnostics: readonly Diagnostic[] }
  | { readonly missing: readonly string[] } {
  const src = readScenarioFile(file, text).source;
  if (!src.ok) return { diagnostics: src.diagnostics };
  const value = src.value();
  const schema = validateWithSchema(src, value, SCENARIO_SCHEMA, "scenario");
  if (schema.length) return { diagnostics: schema };
  const scenarios = (value as { scenarios: Obj[] }).scenarios;
  const i = scenarios.findIndex((sc) => sc["name"] === name);
  if (i < 0) return { missing: scenarios.map((sc) => String(sc["name"])) };
  const given = new ScenarioRun(module, new Engine(module), src, ["scenarios", i], scenarios[i] as Obj).given();
  if ("diagnostics" in given) return given;
  // The version it asks for, with its place, so that a conflict with `--version` points at it.
  const version = scenarioVersion(src, ["scenarios", i]);
  const use: VersionUse | null =
    version === null
      ? null
      : {
          version,
          file: src.file,
          span: scenarioVersionSpan(src, ["scenarios", i]),
          what: `the scenario '${name}' (${src.file})`,
        };
  return { ...given, version: use };
}

class ScenarioRun {
  private readonly failures: Diagnostic[] = [];
  private state: State | null = null;
  private readonly names = new ScenarioNames(
    () => this.st,
    () => this.module.rules.zones,
  );
  private readonly traceSteps: TraceStep[] = [];
  private readonly diff: TraceDiff[] = [];
  private setupEnd = 0;
  /** Where the log stood before the latest answer (the automatic moves since are listed when a step fails). */
  private stepStart = 0;

  constructor(
    private readonly module: GameModule,
    private readonly engine: Engine,
    private readonly src: SourceFile,
    private readonly path: YamlPath,
    private readonly sc: Obj,
    /** The game version when the scenario names none. */
    private readonly version?: string,
  ) {}

  private fail(
    path: YamlPath,
    message: string,
    hint?: string,
    part: "key" | "value" = "value",
    code: DiagnosticCode = "scenario/failed",
  ): never {
    const range = this.src.rangeAt([...this.path, ...path], part);
    this.failures.push(
      hint === undefined
        ? { file: this.src.file, range, severity: "error", code, message }
        : { file: this.src.file, range, severity: "error", code, message, hint },
    );
    throw new Failure(message);
  }

  /** A step that cannot be played: the automatic moves since the previous step are the usual cause, so they are listed. */
  private stepFail(path: YamlPath, message: string, hint?: string, code: DiagnosticCode = "scenario/failed"): never {
    const autos = this.autoMoves();
    const moves = autos.length ? `automatic moves since the previous step: ${autos.join("; ")}` : undefined;
    this.fail(path, message, [hint, moves].filter((x) => x !== undefined).join("; ") || undefined, "value", code);
  }

  private autoMoves(): string[] {
    const out: string[] = [];
    for (let i = this.stepStart; i < this.st.log.length; i++) {
      const e = this.st.log[i];
      if (e !== undefined && e.data?.["auto"] === true) out.push(e.text.trim());
    }
    return out;
  }

  /** Records a failed expectation and goes on with the next one. */
  private soft(
    path: YamlPath,
    message: string,
    part: "key" | "value" = "value",
    code: DiagnosticCode = "scenario/expect",
  ): void {
    const range = this.src.rangeAt([...this.path, ...path], part);
    this.failures.push({ file: this.src.file, range, severity: "error", code, message });
  }

  run(): ScenarioResult {
    const name = String(this.sc["name"]);
    const line = this.src.rangeAt(this.path).start.line;
    try {
      const board = this.board();
      this.state = this.engine.fromBoard(board, typeof this.sc["seed"] === "number" ? this.sc["seed"] : 1);
      this.setupEnd = this.st.log.length;
      // The rules' invariants hold on the board and after every step (a fuzz scenario fails here).
      this.invariantsHold(["given"]);
      const steps = (this.sc["do"] as unknown[] | undefined) ?? [];
      steps.forEach((s, i) =>
        this.traced("step", s, ["do", i], () => {
          this.step(s, ["do", i]);
          this.invariantsHold(["do", i]);
        }),
      );
      if (isObj(this.sc["expect"])) {
        const ex = this.sc["expect"];
        this.traced("expect", null, ["expect"], () => this.expect(ex, ["expect"]));
      }
    } catch (e) {
      if (!(e instanceof Failure)) this.fault(e, []);
    }
    return {
      file: this.src.file,
      name,
      line,
      failures: this.failures,
      log: this.state ? renderLog(this.state) : [],
      ...(this.state ? { trace: this.trace(this.state) } : {}),
    };
  }

  /** Runs a step (or an `expect:` block) and records it for the trace, failed or not. */
  private traced(kind: TraceStep["kind"], step: unknown, at: YamlPath, run: () => void): void {
    const from = this.st.log.length;
    const before = this.failures.length;
    const checkpoint = kind === "step" && isObj(step) && Object.keys(step).length === 1 && "expect" in step;
    const line = this.src.rangeAt([...this.path, ...at], kind === "expect" ? "key" : "value").start.line;
    const record = () =>
      this.traceSteps.push({
        kind: checkpoint ? "checkpoint" : kind,
        text: stepText(step),
        line,
        from,
        to: this.st.log.length,
        failed: this.failures.length > before,
      });
    try {
      run();
    } catch (e) {
      if (e instanceof Failure) throw e;
      this.fault(e, at);
      throw new Failure("fault");
    } finally {
      record();
    }
  }

  /** The game stopped with an error (a runtime fault): reported at the step that ran into it. */
  private fault(e: unknown, at: YamlPath): void {
    const message = e instanceof Error ? e.message : String(e);
    this.failures.push({
      file: this.src.file,
      range: this.src.rangeAt([...this.path, ...at]),
      severity: "error",
      code: "scenario/fault",
      message: `the game stopped with an error: ${message}`,
    });
  }

  private trace(state: State): ScenarioTrace {
    // The steps after one that stopped the run are listed as not run.
    const steps: unknown[] = Array.isArray(this.sc["do"]) ? this.sc["do"] : [];
    const ran = this.traceSteps.filter((t) => t.kind !== "expect").length;
    const end = state.log.length;
    const skipped: TraceStep[] = steps.slice(ran).map((st, k) => {
      const checkpoint = isObj(st) && Object.keys(st).length === 1 && "expect" in st;
      return {
        kind: checkpoint ? "checkpoint" : "step",
        text: stepText(st),
        line: this.src.rangeAt([...this.path, "do", ran + k]).start.line,
        from: end,
        to: end,
        failed: false,
        skipped: true,
      };
    });
    const finalRan = this.traceSteps.some((t) => t.kind === "expect");
    if (!finalRan && isObj(this.sc["expect"]))
      skipped.push({
        kind: "expect",
        text: "",
        line: this.src.rangeAt([...this.path, "expect"], "key").start.line,
        from: end,
        to: end,
        failed: false,
        skipped: true,
      });
    return {
      entries: state.log.map((e) => ({ text: e.text, compact: isCompact(e), auto: e.data?.["auto"] === true })),
      setupEnd: this.setupEnd,
      steps: [...this.traceSteps, ...skipped],
      diff: this.diff,
    };
  }

  /** Checks an `expect:` block (the final one, or a checkpoint between steps). */
  private expect(block: Obj, at: YamlPath): void {
    checkExpectations(
      {
        module: this.module,
        engine: this.engine,
        state: this.st,
        names: this.names,
        pending: () => this.pending(),
        miss: (path, message, d, part) => {
          this.soft(path, message, part);
          this.diff.push({ ...d, line: this.src.rangeAt([...this.path, ...path], part ?? "value").start.line });
        },
      },
      block,
      at,
    );
  }

  /** The game's invariants (scenario-invariants.ts) and every seat's view, after the board and after each step. */
  private invariantsHold(at: YamlPath): void {
    const broken = brokenInvariant(this.module, this.st, this.src.file, this.src.rangeAt([...this.path, ...at]));
    if (broken !== null) {
      this.failures.push(broken);
      throw new Failure(broken.message);
    }
    // Every seat's view must be buildable too (what the terminal and the editor show): a view
    // that throws stops the run as a fault at this step.
    this.engine.everyView(this.st);
  }

  /** The scenario's board and seed, or its problems. */
  given(): { readonly board: Board; readonly seed: number } | { readonly diagnostics: readonly Diagnostic[] } {
    try {
      return { board: this.board(), seed: typeof this.sc["seed"] === "number" ? this.sc["seed"] : 1 };
    } catch (e) {
      if (e instanceof Failure) return { diagnostics: this.failures };
      throw e;
    }
  }

  // ── given ─────────────────────────────────────────────────────────────────
  /** The scenario's board, by the codec (its version: the scenario's `version:`, else `test --version`). */
  private board(): Board {
    const version = scenarioVersion(this.src, this.path) ?? this.version ?? null;
    try {
      return givenToBoard(this.module, this.sc["given"], version);
    } catch (e) {
      if (e instanceof GivenError) this.fail(e.problem.path, e.problem.message, e.problem.hint, e.problem.part);
      throw e;
    }
  }

  // ── do ────────────────────────────────────────────────────────────────────
  private get st(): State {
    if (!this.state) throw new Failure("no state");
    return this.state;
  }

  /** Strict mode (the default): a step without `by:` answers only a decision of `me`. */
  private get strict(): boolean {
    return this.sc["strict"] !== false;
  }

  /** Finds the value among `candidates` a reference names: `me`, `opponent`, `card-id`, `opponent.card-id`. */
  private resolve(ref: unknown, candidates: readonly Value[], at: YamlPath): Value {
    if (ref === null || ref === "none") return null;
    const s = String(ref);
    const hit = candidates.find((c) => this.names.matches(c, s));
    if (hit !== undefined) return hit;
    const card = cardRef(s, this.module.rules.zones)?.card ?? s;
    const quote = playerRef(s) !== undefined ? s : `'${s}'`;
    this.stepFail(
      at,
      `${quote} is not among the choices: ${this.names.names(candidates)}`,
      playerRef(s) !== undefined || card in this.module.cards
        ? undefined
        : didYouMean(card, Object.keys(this.module.cards)),
    );
  }

  private apply(action: Action, at: YamlPath): void {
    // The automatic moves a later failure lists are those after this answer.
    this.stepStart = this.st.log.length;
    const r = this.engine.apply(this.st, action);
    if (!r.ok) this.stepFail(at, r.reason);
  }

  /** Why the game refuses an action with this argument (its own reason), or null when it cannot say. */
  private refusal(name: string, arg: unknown): string | null {
    const def = this.module.rules.actions.find((a) => a.name === name);
    if (!def) return null;
    const target =
      def.param !== null && arg !== null && arg !== undefined ? this.names.entitiesNamed(String(arg))[0] : undefined;
    if (def.param !== null && arg !== null && arg !== undefined && target === undefined) return null;
    // Not among the options, so the engine rejects it; a rejected apply leaves the state untouched.
    const r = this.engine.apply(this.st, {
      type: "act",
      action: name,
      args: def.param !== null && target !== undefined ? { [def.param]: target } : {},
    });
    return r.ok ? null : r.reason.replace(/^'[^']*' is not a legal action now: /, "").replace(/; legal: .*$/, "");
  }

  private step(step: unknown, at: YamlPath): void {
    const s: Obj = typeof step === "string" ? { [step]: null } : (step as Obj);
    if (Object.keys(s).length === 1 && isObj(s["expect"])) return this.expect(s["expect"], [...at, "expect"]);
    const d = this.engine.decision(this.st);
    if (!d)
      this.stepFail(
        at,
        this.st.match.between === true
          ? `no decision is pending: game ${this.st.match.number} is over, and the scenario stops there (stop: game-end)`
          : "no decision is pending: the game is over",
        this.st.match.results.length
          ? `results: ${this.st.match.results.map((w) => (w === null ? "draw" : this.names.label(w))).join(", ")}`
          : undefined,
      );
    const named = "by" in s;
    const by = named ? playerRef(String(s["by"])) : this.strict ? 1 : d.player;
    if (by === undefined) this.fail([...at, "by"], "'by' must be me or opponent");
    if (d.player !== by) {
      const why = named
        ? ""
        : " (a step without 'by:' answers for me; write 'by: opponent' to answer for the opponent)";
      this.stepFail(
        named ? [...at, "by"] : at,
        `the decision is ${this.names.label(d.player)}'s, not ${named ? String(s["by"]) : "me"}'s${why}: ${this.pending()}`,
        undefined,
        "scenario/wrong-side",
      );
    }
    const keys = Object.keys(s).filter((k) => k !== "by" && k !== "refused");
    if (keys.length !== 1) this.fail(at, "a step names one action or answer (plus an optional 'by' and 'refused')");
    const key = keys[0] as string;
    const arg = s[key];
    if ("refused" in s) return this.refusedStep(d.type, key, arg, s["refused"], at);
    if (key === "choose") {
      if (d.type !== "choose") this.stepFail(at, `expected a choice, but the game asks: ${this.pending()}`);
      const refs = Array.isArray(arg) ? arg : [arg];
      for (const [i, ref] of refs.entries()) {
        const cur = this.st.decision;
        if (!cur || cur.type !== "choose") this.stepFail(at, `the choice ended after ${i} pick(s)`);
        if (ref === null || ref === "none") break;
        const value = this.resolve(
          ref,
          cur.candidates.filter((c) => !cur.picked.includes(c)),
          Array.isArray(arg) ? [...at, "choose", i] : [...at, "choose"],
        );
        this.apply({ type: "pick", value }, at);
      }
      // Fewer picks than the maximum: the same decision is still open, so finish it.
      if (this.st.decision === d) this.apply({ type: "done" }, at);
      return;
    }
    if (key === "may") {
      if (d.type !== "may") this.stepFail(at, `expected a yes/no question, but the game asks: ${this.pending()}`);
      const yes = arg === true || arg === "yes";
      this.apply({ type: yes ? "yes" : "no" }, at);
      return;
    }
    if (d.type !== "act") this.stepFail(at, `expected an action, but the game asks: ${this.pending()}`);
    const action = this.findAction(key, arg, at, d.options);
    this.apply(action, at);
  }

  /**
   * A step expected to be refused (`refused: <part of the reason>`, or `true` for any reason):
   * the answer is sent to the game, which must reject it; the state stays as it was.
   */
  private refusedStep(type: string, key: string, arg: unknown, want: unknown, at: YamlPath): void {
    let action: Action;
    if (key === "choose") {
      if (type !== "choose") this.stepFail(at, `expected a choice, but the game asks: ${this.pending()}`);
      const ref = String(Array.isArray(arg) ? arg[0] : arg);
      const cur = this.st.decision as Extract<State["decision"], { type: "choose" }>;
      const open = cur.candidates.filter((c) => !cur.picked.includes(c));
      if (open.some((c) => this.names.matches(c, ref)))
        this.stepFail(
          [...at, "refused"],
          `${ref} was expected to be refused, but it is among the choices: ${this.names.names(open)}`,
          undefined,
          "scenario/not-refused",
        );
      const value = this.names.entitiesNamed(ref)[0];
      if (value === undefined) this.stepFail([...at, key], `no '${ref}' in the game to try`);
      action = { type: "pick", value };
    } else {
      if (type !== "act") this.stepFail(at, `expected an action, but the game asks: ${this.pending()}`);
      const def = this.module.rules.actions.find((a) => a.name === key);
      if (!def)
        this.stepFail(
          at,
          `unknown action '${key}'`,
          didYouMean(
            key,
            this.module.rules.actions.map((a) => a.name),
          ),
        );
      const args: Record<string, Value> = {};
      if (def.param !== null && arg !== null && arg !== undefined) {
        const value = this.names.entitiesNamed(String(arg))[0];
        if (value === undefined) this.stepFail([...at, key], `no '${String(arg)}' in the game to try`);
        args[def.param] = value;
      }
      action = { type: "act", action: key, args };
    }
    const r = this.engine.apply(this.st, action);
    const what = `'${key}${arg !== null && arg !== undefined ? ` ${String(arg)}` : ""}'`;
    if (r.ok)
      this.stepFail(
        [...at, "refused"],
        `${what} was expected to be refused${typeof want === "string" ? ` ("${want}")` : ""}, but the game took it`,
        undefined,
        "scenario/not-refused",
      );
    if (typeof want === "string" && !r.reason.includes(want)) {
      this.soft(
        [...at, "refused"],
        `${what} was refused, but not for "${want}": ${r.reason}`,
        "value",
        "scenario/not-refused",
      );
      this.diff.push({
        path: `${what} refused`,
        line: this.src.rangeAt([...this.path, ...at, "refused"]).start.line,
        expected: want,
        got: r.reason,
      });
    }
  }

  private findAction(name: string, arg: unknown, at: YamlPath, options: readonly Action[]): Action {
    const named = options.filter((o): o is Extract<Action, { type: "act" }> => o.type === "act" && o.action === name);
    if (named.length === 0) {
      const legal = [...new Set(options.map((o) => (o.type === "act" ? o.action : o.type)))];
      const reason = this.refusal(name, arg);
      this.stepFail(
        at,
        `'${name}' is not legal now${reason ? ` (${reason})` : ""}; legal: ${legal.join(", ")}`,
        didYouMean(
          name,
          this.module.rules.actions.map((a) => a.name),
        ),
      );
    }
    if (arg === null || arg === undefined) return named[0] as Action;
    const values = named.map((o) => Object.values(o.args)[0] ?? null);
    if (!values.some((v) => this.names.matches(v, String(arg)))) {
      // The game's own reason (the condition that fails for this card), then the choices there are.
      const reason = this.refusal(name, arg);
      if (reason !== null)
        this.stepFail(
          [...at, name],
          `'${name} ${String(arg)}' is not legal now (${reason}); ${name} can take: ${this.names.names(values)}`,
        );
    }
    const v = this.resolve(arg, values, [...at, name]);
    const i = values.indexOf(v);
    return named[i] as Action;
  }

  private pending(): string {
    const d = this.st.decision;
    if (!d) return "nothing (the game is over)";
    if (d.type === "act")
      return `${this.names.label(d.player)} to act in '${d.window}' (${[...new Set(d.options.map((o) => o.action))].join(", ")})`;
    if (d.type === "may") return `${this.names.label(d.player)}: ${d.prompt}`;
    return `${this.names.label(d.player)} to choose${d.prompt ? ` (${d.prompt})` : ""} from ${this.names.names(d.candidates)}`;
  }
}
