/**
 * Scenario tests: `given` (a board built by name), `do` (answers to decisions), `expect`
 * (properties, zones, log lines, legality). Failures are diagnostics pointing at the YAML.
 */
import type { Action, Board, BoardCard, EntityId, GameModule, State, Value } from "../../runtime/index.ts";
import { Engine, renderLog } from "../../runtime/index.ts";
import type { Diagnostic } from "./diagnostics.ts";
import type { ScenarioFileModel } from "./model.ts";
import { SCENARIO_SCHEMA } from "./scenario-check.ts";
import { brokenInvariant } from "./scenario-invariants.ts";
import { validateWithSchema } from "./schema-validate.ts";
import { SourceFile, type YamlPath } from "./source.ts";
import { didYouMean } from "./suggest.ts";

export interface ScenarioResult {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly failures: readonly Diagnostic[];
  /** The readable log of the run (for reports). */
  readonly log: readonly string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

class Failure extends Error {}

/** Runs every scenario of a checked scenario file (model.scenarios); a file with errors gives one failed result. */
export function runScenarios(module: GameModule, checked: ScenarioFileModel, staticErrors: readonly Diagnostic[] = []): ScenarioResult[] {
  const src = checked.source;
  if (!src.ok) return [{ file: src.file, name: "(file)", line: 1, failures: src.diagnostics, log: [] }];
  const schema = validateWithSchema(src, checked.value, SCENARIO_SCHEMA, "scenario");
  const failures = [...schema, ...staticErrors];
  if (failures.length) return [{ file: src.file, name: "(file)", line: 1, failures, log: [] }];
  const engine = new Engine(module);
  const scenarios = (checked.value as { scenarios: Obj[] }).scenarios;
  return scenarios.map((sc, i) => new ScenarioRun(module, engine, src, ["scenarios", i], sc).run());
}

/** Runs a scenario file that is not part of a checked game (a file given by path). */
export function runScenarioFile(module: GameModule, file: string, text: string): ScenarioResult[] {
  const source = new SourceFile(file, text);
  return runScenarios(module, { file, text, ok: source.ok, source, value: source.ok ? source.value() : null });
}

/**
 * The starting board of one scenario (its `given`) and its seed, for playing on from it
 * (`cardwright play --from file#name`); or what is wrong, as diagnostics or a message.
 */
export function scenarioBoard(module: GameModule, file: string, text: string, name: string): { readonly board: Board; readonly seed: number } | { readonly diagnostics: readonly Diagnostic[] } | { readonly missing: readonly string[] } {
  const src = new SourceFile(file, text);
  if (!src.ok) return { diagnostics: src.diagnostics };
  const value = src.value();
  const schema = validateWithSchema(src, value, SCENARIO_SCHEMA, "scenario");
  if (schema.length) return { diagnostics: schema };
  const scenarios = (value as { scenarios: Obj[] }).scenarios;
  const i = scenarios.findIndex((sc) => sc["name"] === name);
  if (i < 0) return { missing: scenarios.map((sc) => String(sc["name"])) };
  return new ScenarioRun(module, new Engine(module), src, ["scenarios", i], scenarios[i] as Obj).given();
}

class ScenarioRun {
  private readonly failures: Diagnostic[] = [];
  private state: State | null = null;

  constructor(
    private readonly module: GameModule,
    private readonly engine: Engine,
    private readonly src: SourceFile,
    private readonly path: YamlPath,
    private readonly sc: Obj,
  ) {}

  private fail(path: YamlPath, message: string, hint?: string, part: "key" | "value" = "value"): never {
    const range = this.src.rangeAt([...this.path, ...path], part);
    this.failures.push(hint === undefined ? { file: this.src.file, range, severity: "error", code: "scenario/failed", message } : { file: this.src.file, range, severity: "error", code: "scenario/failed", message, hint });
    throw new Failure(message);
  }

  /** Records a failed expectation and goes on with the next one. */
  private soft(path: YamlPath, message: string, part: "key" | "value" = "value"): void {
    const range = this.src.rangeAt([...this.path, ...path], part);
    this.failures.push({ file: this.src.file, range, severity: "error", code: "scenario/expect", message });
  }

  run(): ScenarioResult {
    const name = String(this.sc["name"]);
    const line = this.src.rangeAt(this.path).start.line;
    try {
      const board = this.board();
      this.state = this.engine.fromBoard(board, typeof this.sc["seed"] === "number" ? this.sc["seed"] : 1);
      this.invariantsHold(["given"]);
      const steps = (this.sc["do"] as unknown[] | undefined) ?? [];
      steps.forEach((s, i) => {
        this.step(s, ["do", i]);
        this.invariantsHold(["do", i]);
      });
      this.expectations();
    } catch (e) {
      if (!(e instanceof Failure)) {
        const message = e instanceof Error ? e.message : String(e);
        this.failures.push({ file: this.src.file, range: this.src.rangeAt(this.path), severity: "error", code: "scenario/fault", message: `the game stopped with an error: ${message}` });
      }
    }
    return { file: this.src.file, name, line, failures: this.failures, log: this.state ? renderLog(this.state) : [] };
  }

  /** The game's invariants (scenario-invariants.ts), after the board and after each step. */
  private invariantsHold(at: YamlPath): void {
    const broken = brokenInvariant(this.module, this.st, this.src.file, this.src.rangeAt([...this.path, ...at]));
    if (broken === null) return;
    this.failures.push(broken);
    throw new Failure(broken.message);
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
  private board(): Board {
    const given = (this.sc["given"] ?? {}) as Obj;
    const players = ["me", "opponent"].map((who) => this.player(who, isObj(given[who]) ? given[who] : {}));
    const board: Board = {
      players,
      ...(isObj(given["options"]) ? { options: given["options"] as Record<string, Value> } : {}),
      ...(isObj(given["game"]) ? { game: given["game"] as Record<string, Value> } : {}),
    };
    for (const key of Object.keys((given["game"] ?? {}) as Obj)) {
      if (!(key in this.module.rules.props.game)) this.fail(["given", "game", key], `the game has no property '${key}'`, didYouMean(key, Object.keys(this.module.rules.props.game)), "key");
    }
    for (const key of Object.keys((given["options"] ?? {}) as Obj)) {
      if (!(key in this.module.rules.props.game)) this.fail(["given", "options", key], `no option '${key}'`, didYouMean(key, Object.keys(this.module.rules.props.game)), "key");
    }
    return board;
  }

  private player(who: string, spec: Obj): Board["players"][number] {
    const zones: Record<string, BoardCard[]> = {};
    const props: Record<string, Value> = {};
    for (const [key, v] of Object.entries(spec)) {
      const at: YamlPath = ["given", who, key];
      if (key in this.module.rules.zones) {
        if (!Array.isArray(v)) this.fail(at, `zone '${key}' must be a list of card ids`);
        zones[key] = v.map((c, i) => this.boardCard(c, [...at, i]));
      } else if (key in this.module.rules.props.player || key === "name") {
        props[key] = v as Value;
      } else {
        this.fail(at, `a player has no zone or property '${key}'`, didYouMean(key, [...Object.keys(this.module.rules.zones), ...Object.keys(this.module.rules.props.player)]), "key");
      }
    }
    return { name: who === "me" ? "Me" : "Opponent", props, zones };
  }

  private boardCard(c: unknown, at: YamlPath): BoardCard {
    const id = isObj(c) ? c["card"] : c;
    if (typeof id !== "string" || !(id in this.module.cards)) {
      this.fail(isObj(c) ? [...at, "card"] : at, `unknown card '${String(id)}'`, typeof id === "string" ? didYouMean(id, Object.keys(this.module.cards)) : undefined);
    }
    if (!isObj(c)) return id;
    const props: Record<string, Value> = {};
    for (const [k, v] of Object.entries(c)) {
      if (k === "card") continue;
      if (!(k in this.module.rules.props.card)) this.fail([...at, k], `a card has no property '${k}'`, didYouMean(k, Object.keys(this.module.rules.props.card)), "key");
      props[k] = v as Value;
    }
    return { card: id, props };
  }

  // ── do ────────────────────────────────────────────────────────────────────
  private get st(): State {
    if (!this.state) throw new Failure("no state");
    return this.state;
  }

  private playerRef(ref: string): EntityId | undefined {
    return ref === "me" ? 1 : ref === "opponent" ? 2 : undefined;
  }

  /** Finds the value among `candidates` a reference names: `me`, `opponent`, `card-id`, `opponent.card-id`. */
  private resolve(ref: unknown, candidates: readonly Value[], at: YamlPath): Value {
    if (ref === null || ref === "none") return null;
    const s = String(ref);
    const p = this.playerRef(s);
    if (p !== undefined) {
      if (candidates.includes(p)) return p;
      this.fail(at, `${s} is not among the choices: ${this.names(candidates)}`);
    }
    const dot = s.indexOf(".");
    const owner = dot > 0 ? this.playerRef(s.slice(0, dot)) : undefined;
    const card = owner !== undefined ? s.slice(dot + 1) : s;
    const hit = candidates.find((c) => {
      if (typeof c !== "number") return false;
      const e = this.st.entities[c];
      return e !== undefined && e.card === card && (owner === undefined || e.owner === owner);
    });
    if (hit === undefined) this.fail(at, `'${s}' is not among the choices: ${this.names(candidates)}`, card in this.module.cards ? undefined : didYouMean(card, Object.keys(this.module.cards)));
    return hit;
  }

  private names(values: readonly Value[]): string {
    if (values.length === 0) return "(none)";
    return values.map((v) => (typeof v === "number" && this.st.entities[v] ? this.label(v) : JSON.stringify(v))).join(", ");
  }

  private label(id: EntityId): string {
    const e = this.st.entities[id];
    if (!e) return String(id);
    if (e.card === null) return id === 1 ? "me" : id === 2 ? "opponent" : String(id);
    return `${e.owner === 1 ? "me" : "opponent"}.${e.card}`;
  }

  private apply(action: Action, at: YamlPath): void {
    const r = this.engine.apply(this.st, action);
    if (!r.ok) this.fail(at, r.reason);
  }

  private step(step: unknown, at: YamlPath): void {
    const d = this.engine.decision(this.st);
    if (!d) this.fail(at, "no decision is pending: the game is over", this.st.match.results.length ? `results: ${this.st.match.results.map((w) => (w === null ? "draw" : this.label(w))).join(", ")}` : undefined);
    const s: Obj = typeof step === "string" ? { [step]: null } : (step as Obj);
    if ("by" in s) {
      const by = this.playerRef(String(s["by"]));
      if (by === undefined) this.fail([...at, "by"], "'by' must be me or opponent");
      if (d.player !== by) this.fail([...at, "by"], `the decision is ${this.label(d.player)}'s, not ${String(s["by"])}'s (${this.pending()})`);
    }
    const keys = Object.keys(s).filter((k) => k !== "by");
    if (keys.length !== 1) this.fail(at, "a step names one action or answer (plus an optional 'by')");
    const key = keys[0] as string;
    const arg = s[key];
    if (key === "choose") {
      if (d.type !== "choose") this.fail(at, `expected a choice, but the game asks: ${this.pending()}`);
      const refs = Array.isArray(arg) ? arg : [arg];
      for (const [i, ref] of refs.entries()) {
        const cur = this.st.decision;
        if (!cur || cur.type !== "choose") this.fail(at, `the choice ended after ${i} pick(s)`);
        if (ref === null || ref === "none") break;
        const value = this.resolve(ref, cur.candidates.filter((c) => !cur.picked.includes(c)), Array.isArray(arg) ? [...at, "choose", i] : [...at, "choose"]);
        this.apply({ type: "pick", value }, at);
      }
      // Fewer picks than the maximum: the same decision is still open, so finish it.
      if (this.st.decision === d) this.apply({ type: "done" }, at);
      return;
    }
    if (key === "may") {
      if (d.type !== "may") this.fail(at, `expected a yes/no question, but the game asks: ${this.pending()}`);
      const yes = arg === true || arg === "yes";
      this.apply({ type: yes ? "yes" : "no" }, at);
      return;
    }
    if (d.type !== "act") this.fail(at, `expected an action, but the game asks: ${this.pending()}`);
    const action = this.findAction(key, arg, at, d.options);
    this.apply(action, at);
  }

  private findAction(name: string, arg: unknown, at: YamlPath, options: readonly Action[]): Action {
    const named = options.filter((o): o is Extract<Action, { type: "act" }> => o.type === "act" && o.action === name);
    if (named.length === 0) {
      const legal = [...new Set(options.map((o) => (o.type === "act" ? o.action : o.type)))];
      this.fail(at, `'${name}' is not legal now; legal: ${legal.join(", ")}`, didYouMean(name, this.module.rules.actions.map((a) => a.name)));
    }
    if (arg === null || arg === undefined) {
      const first = named[0];
      if (!first) this.fail(at, `'${name}' is not legal now`);
      return first;
    }
    const values = named.map((o) => Object.values(o.args)[0] ?? null);
    const v = this.resolve(arg, values, [...at, name]);
    const i = values.indexOf(v);
    return named[i] as Action;
  }

  private pending(): string {
    const d = this.st.decision;
    if (!d) return "nothing (the game is over)";
    if (d.type === "act") return `${this.label(d.player)} to act in '${d.window}' (${[...new Set(d.options.map((o) => o.action))].join(", ")})`;
    if (d.type === "may") return `${this.label(d.player)}: ${d.prompt}`;
    return `${this.label(d.player)} to choose${d.prompt ? ` (${d.prompt})` : ""} from ${this.names(d.candidates)}`;
  }

  // ── expect ────────────────────────────────────────────────────────────────
  private expectations(): void {
    const ex = (this.sc["expect"] ?? {}) as Obj;
    for (const [key, want] of Object.entries(ex)) {
      const at: YamlPath = ["expect", key];
      try {
        this.expectOne(key, want, at);
      } catch (e) {
        if (!(e instanceof Failure)) throw e;
      }
    }
  }

  private expectOne(key: string, want: unknown, at: YamlPath): void {
    const log = renderLog(this.st);
    if (key === "log contains" || key === "log lacks") {
      const lines = Array.isArray(want) ? want.map(String) : [String(want)];
      for (const line of lines) {
        const found = log.some((l) => l.includes(line));
        if (key === "log contains" && !found) this.soft(at, `the log has no line containing "${line}"`);
        if (key === "log lacks" && found) this.soft(at, `the log has a line containing "${line}": ${log.find((l) => l.includes(line)) ?? ""}`);
      }
      return;
    }
    if (key === "log in order") {
      // Each line is found after the line the previous one matched (the order things happened in).
      let from = 0;
      for (const line of Array.isArray(want) ? want.map(String) : [String(want)]) {
        const i = log.findIndex((l, j) => j >= from && l.includes(line));
        if (i < 0) {
          this.soft(at, log.some((l) => l.includes(line)) ? `"${line}" is in the log, but not after the lines before it` : `the log has no line containing "${line}"`);
          return;
        }
        from = i + 1;
      }
      return;
    }
    if (key === "winner") {
      const r = this.st.match.results[0];
      const got = r === undefined ? "none" : r === null ? "draw" : this.label(r);
      if (got !== String(want)) this.soft(at, `expected winner ${String(want)}, got ${got}`);
      return;
    }
    if (key === "decision") {
      const d = this.engine.decision(this.st);
      const w = (want ?? {}) as Obj;
      if (!d) return this.soft(at, "no decision is pending");
      if (w["by"] !== undefined && this.playerRef(String(w["by"])) !== d.player) this.soft(at, `the decision is ${this.label(d.player)}'s`);
      if (w["window"] !== undefined && (d.type !== "act" || d.window !== w["window"])) this.soft(at, `the pending decision is ${this.pending()}`);
      if (w["type"] !== undefined && d.type !== w["type"]) this.soft(at, `the pending decision is ${this.pending()}`);
      return;
    }
    if (key === "can" || key === "cannot") {
      const list = Array.isArray(want) ? want : [want];
      const d = this.engine.decision(this.st);
      const options = d && d.type === "act" ? d.options : [];
      list.forEach((item, i) => {
        const s: Obj = typeof item === "string" ? { [item]: null } : (item as Obj);
        const [name, arg] = Object.entries(s)[0] ?? ["", null];
        const named = options.filter((o) => o.action === name);
        let legal = named.length > 0;
        if (legal && arg !== null && arg !== undefined) {
          const values = named.map((o) => Object.values(o.args)[0] ?? null);
          legal = values.some((v) => this.matches(v, String(arg)));
        }
        if (key === "can" && !legal) this.soft([...at, i], `'${name}${arg ? ` ${String(arg)}` : ""}' is not legal now (${this.pending()})`);
        if (key === "cannot" && legal) this.soft([...at, i], `'${name}${arg ? ` ${String(arg)}` : ""}' is legal now`);
      });
      return;
    }
    let got = this.read(key.split("."), at);
    // A card-valued property (`holder`, `active`…) compares by card id (or me/opponent/none).
    if (typeof want === "string" && (typeof got === "number" || got === null)) got = this.refOf(got);
    if (Array.isArray(want) && Array.isArray(got) && want.every((w) => typeof w === "string") && got.every((g) => typeof g === "number")) got = got.map((g) => this.refOf(g as number));
    if (JSON.stringify(got) !== JSON.stringify(want)) this.soft(at, `${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }

  /** How a scenario names an entity value: `me`, `opponent`, a card id, or `none`. */
  private refOf(v: number | null): string {
    if (v === null) return "none";
    const e = this.st.entities[v];
    if (!e) return String(v);
    if (e.card === null) return v === 1 ? "me" : v === 2 ? "opponent" : String(v);
    return e.card;
  }

  private matches(v: Value, ref: string): boolean {
    const p = this.playerRef(ref);
    if (p !== undefined) return v === p;
    const dot = ref.indexOf(".");
    const owner = dot > 0 ? this.playerRef(ref.slice(0, dot)) : undefined;
    const card = owner !== undefined ? ref.slice(dot + 1) : ref;
    const e = typeof v === "number" ? this.st.entities[v] : undefined;
    return e !== undefined && e.card === card && (owner === undefined || e.owner === owner);
  }

  /** Reads `me.life`, `opponent.discard`, `me.field.goblin.tapped`, `goblin.power`, `game.turn`. */
  private read(path: readonly string[], at: YamlPath): unknown {
    const [head, ...rest] = path;
    const zones = this.module.rules.zones;
    const cardsOf = (owner: EntityId | undefined, zone: string | undefined) =>
      Object.values(this.st.entities).filter((e) => e.card !== null && (owner === undefined || e.owner === owner) && (zone === undefined || e.zone === zone));
    if (head === "game") {
      const prop = rest.join(".");
      return this.engine.read(this.st, 0, prop);
    }
    const player = head === undefined ? undefined : this.playerRef(head);
    if (player !== undefined) {
      const [second, third, fourth] = rest;
      if (second === undefined) this.fail(at, `say what of ${head} to check`, undefined, "key");
      if (second in zones) {
        if (third === undefined) return this.engine.zoneCards(this.st, player, second).map((id) => this.st.entities[id]?.card);
        return this.cardProp(cardsOf(player, second), third, fourth, at);
      }
      if (rest.length === 1) {
        if (!(second in this.module.rules.props.player)) this.fail(at, `a player has no zone or property '${second}'`, didYouMean(second, [...Object.keys(zones), ...Object.keys(this.module.rules.props.player)]), "key");
        return this.engine.read(this.st, player, second);
      }
      return this.cardProp(cardsOf(player, undefined), second, third, at);
    }
    return this.cardProp(cardsOf(undefined, undefined), head, rest[0], at);
  }

  private cardProp(pool: readonly { id: EntityId; card: string | null }[], card: string | undefined, prop: string | undefined, at: YamlPath): unknown {
    if (card === undefined || prop === undefined) this.fail(at, "write card.property, e.g. goblin.tapped", undefined, "key");
    const hits = pool.filter((e) => e.card === card);
    if (hits.length === 0) this.fail(at, `no card '${card}' there`, card in this.module.cards ? undefined : didYouMean(card, Object.keys(this.module.cards)), "key");
    if (hits.length > 1) this.fail(at, `${hits.length} cards '${card}' there: say whose (me./opponent.) and which zone`, undefined, "key");
    const hit = hits[0] as { id: EntityId };
    if (prop === "zone") return this.st.entities[hit.id]?.zone;
    return this.engine.read(this.st, hit.id, prop);
  }
}
