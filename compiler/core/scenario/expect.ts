/**
 * `expect:` — at the end of a scenario or as a checkpoint between steps: properties, zones (with
 * matchers), log lines, winners, legality and the pending decision. A failed expectation is
 * reported and the others are still checked.
 */
import type { Action, Decision, Engine, EntityId, GameModule, State, Value } from "../../../runtime/index.ts";
import { renderLog } from "../../../runtime/index.ts";
import { matchZone, sameValue, type ZoneView } from "./match.ts";
import { playerRef, type ScenarioNames } from "./names.ts";
import type { YamlPath } from "../text/source.ts";
import { didYouMean } from "../text/suggest.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** `expect:` keys that are not property paths. */
export const EXPECT_KEYWORDS = [
  "log contains",
  "log lacks",
  "log in order",
  "winner",
  "winners",
  "match-winner",
  "decision",
  "can",
  "cannot",
] as const;
/** Keys of `decision:`. */
export const DECISION_KEYS = [
  "by",
  "type",
  "window",
  "prompt",
  "offered",
  "not-offered",
  "can-choose",
  "cannot-choose",
] as const;

export interface ExpectContext {
  readonly module: GameModule;
  readonly engine: Engine;
  readonly state: State;
  readonly names: ScenarioNames;
  /** Records an expectation that does not hold, at `at` (a path from the scenario). */
  miss(
    at: YamlPath,
    message: string,
    diff: { readonly path: string; readonly expected: string; readonly got: string },
    part?: "key" | "value",
  ): void;
  /** The pending decision in words. */
  pending(): string;
}

/** Checks every expectation of a block (`at`: its path in the scenario). */
export function checkExpectations(ctx: ExpectContext, block: Obj, at: YamlPath): void {
  for (const [key, want] of Object.entries(block)) new Expectation(ctx, [...at, key], key).check(want);
}

/** Why a path cannot be read: reported as a failed expectation, never a stop. */
class Unreadable extends Error {}

class Expectation {
  constructor(
    private readonly ctx: ExpectContext,
    private readonly at: YamlPath,
    private readonly key: string,
  ) {}

  private get st(): State {
    return this.ctx.state;
  }

  private miss(
    message: string,
    expected: unknown,
    got: unknown,
    at: YamlPath = this.at,
    part: "key" | "value" = "value",
  ): void {
    const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
    this.ctx.miss(at, message, { path: this.key, expected: text(expected), got: text(got) }, part);
  }

  check(want: unknown): void {
    try {
      this.dispatch(want);
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      this.miss(e.message, want, "(cannot be read)", this.at, "key");
    }
  }

  private dispatch(want: unknown): void {
    switch (this.key) {
      case "log contains":
      case "log lacks":
        return this.logLines(want, this.key === "log contains");
      case "log in order":
        return this.logOrder(want);
      case "winner":
        return this.winner(want, this.result(this.st.match.results[0]), "winner");
      case "winners":
        return this.winners(want);
      case "match-winner": {
        const m = this.st.match;
        return this.winner(
          want,
          !m.over ? "none" : m.winner === null ? "draw" : this.ctx.names.label(m.winner),
          "match winner",
        );
      }
      case "decision":
        return this.decision(want);
      case "can":
      case "cannot":
        return this.legality(want, this.key === "can");
      default:
        return this.property(want);
    }
  }

  // ── log ───────────────────────────────────────────────────────────────────
  private logLines(want: unknown, contains: boolean): void {
    const log = renderLog(this.st);
    for (const line of Array.isArray(want) ? want.map(String) : [String(want)]) {
      const found = log.find((l) => l.includes(line));
      if (contains && found === undefined)
        this.miss(`the log has no line containing "${line}"`, line, "(no such line)");
      if (!contains && found !== undefined)
        this.miss(`the log has a line containing "${line}": ${found}`, `no line containing "${line}"`, found);
    }
  }

  private logOrder(want: unknown): void {
    // Each line is found after the line the previous one matched (the order things happened in).
    const log = renderLog(this.st);
    let from = 0;
    for (const line of Array.isArray(want) ? want.map(String) : [String(want)]) {
      const i = log.findIndex((l, j) => j >= from && l.includes(line));
      if (i < 0) {
        const elsewhere = log.some((l) => l.includes(line));
        this.miss(
          elsewhere
            ? `"${line}" is in the log, but not after the lines before it`
            : `the log has no line containing "${line}"`,
          line,
          elsewhere ? "(earlier in the log)" : "(no such line)",
        );
        return;
      }
      from = i + 1;
    }
  }

  // ── winners ───────────────────────────────────────────────────────────────
  private result(r: EntityId | null | undefined): string {
    return r === undefined ? "none" : r === null ? "draw" : this.ctx.names.label(r);
  }

  private winner(want: unknown, got: string, what: string): void {
    if (got !== String(want)) this.miss(`expected ${what} ${String(want)}, got ${got}`, want, got);
  }

  /** `winners: [me, draw]`: the result of each game of the match so far, in order. */
  private winners(want: unknown): void {
    const got = this.st.match.results.map((r) => this.result(r));
    const list = Array.isArray(want) ? want.map(String) : [String(want)];
    if (JSON.stringify(got) !== JSON.stringify(list))
      this.miss(
        `expected the games' winners [${list.join(", ")}], got [${got.join(", ")}]`,
        `[${list.join(", ")}]`,
        `[${got.join(", ")}]`,
      );
  }

  // ── legality and the pending decision ─────────────────────────────────────
  private decision(want: unknown): void {
    const d = this.ctx.engine.decision(this.st);
    if (want === "none" || want === null) {
      if (d)
        this.miss(`expected no pending decision, but the game asks: ${this.ctx.pending()}`, "none", this.ctx.pending());
      return;
    }
    if (!d) return this.miss("no decision is pending: the game is over", want, "none");
    const w = isObj(want) ? want : {};
    const sub = (k: string): YamlPath => [...this.at, k];
    if (w["by"] !== undefined && playerRef(String(w["by"])) !== d.player) {
      this.miss(
        `decision: expected ${String(w["by"])} to decide, but ${this.ctx.names.label(d.player)} decides (${this.ctx.pending()})`,
        `by ${String(w["by"])}`,
        `by ${this.ctx.names.label(d.player)}`,
        sub("by"),
      );
    }
    if (w["type"] !== undefined && d.type !== w["type"])
      this.miss(
        `decision: expected a '${String(w["type"])}' decision, got ${this.ctx.pending()}`,
        w["type"],
        d.type,
        sub("type"),
      );
    if (w["window"] !== undefined && (d.type !== "act" || d.window !== w["window"])) {
      this.miss(
        `decision: expected the '${String(w["window"])}' window, got ${this.ctx.pending()}`,
        `window ${String(w["window"])}`,
        d.type === "act" ? `window ${d.window}` : d.type,
        sub("window"),
      );
    }
    if (w["prompt"] !== undefined) {
      const prompt = d.type === "act" ? "" : d.prompt;
      if (!prompt.includes(String(w["prompt"])))
        this.miss(
          `decision: expected a prompt containing "${String(w["prompt"])}", got ${this.ctx.pending()}`,
          w["prompt"],
          prompt,
          sub("prompt"),
        );
    }
    for (const k of ["offered", "not-offered", "can-choose", "cannot-choose"] as const) {
      if (w[k] === undefined) continue;
      const items = Array.isArray(w[k]) ? (w[k] as unknown[]) : [w[k]];
      const itemAt = (i: number): YamlPath => (Array.isArray(w[k]) ? [...sub(k), i] : sub(k));
      const yes = k === "offered" || k === "can-choose";
      if (k.endsWith("choose") || d.type === "choose") {
        if (d.type !== "choose") {
          this.miss(
            `decision: '${k}' checks a choice, but the game asks: ${this.ctx.pending()}`,
            `a choice`,
            this.ctx.pending(),
            sub(k),
          );
          continue;
        }
        const open = d.candidates.filter((c) => !d.picked.includes(c));
        items.forEach((item, i) => {
          const ref = item === null ? "none" : String(item);
          const offered = open.some((c) => this.ctx.names.matches(c, ref));
          if (yes && !offered)
            this.miss(
              `decision: ${ref} cannot be chosen; the choices: ${this.ctx.names.names(open)}`,
              `${ref} offered`,
              this.ctx.names.names(open),
              itemAt(i),
            );
          if (!yes && offered)
            this.miss(
              `decision: ${ref} can be chosen; the choices: ${this.ctx.names.names(open)}`,
              `${ref} not offered`,
              this.ctx.names.names(open),
              itemAt(i),
            );
        });
        continue;
      }
      if (d.type !== "act") {
        this.miss(
          `decision: '${k}' checks the options of an action or a choice, but the game asks: ${this.ctx.pending()}`,
          "an action or a choice",
          this.ctx.pending(),
          sub(k),
        );
        continue;
      }
      items.forEach((item, i) => this.offeredAction(d, item, yes, itemAt(i), "decision: "));
    }
  }

  /** `can:` / `cannot:` (also `decision.offered` for actions): whether an action, with its argument, is among the options. */
  private legality(want: unknown, can: boolean): void {
    const d = this.ctx.engine.decision(this.st);
    if (!d || d.type !== "act") {
      this.miss(
        `'${this.key}:' checks the actions of an action decision, but the game asks: ${this.ctx.pending()} (use 'decision: { can-choose: … }' for a choice)`,
        "an action decision",
        this.ctx.pending(),
      );
      return;
    }
    const list = Array.isArray(want) ? want : [want];
    list.forEach((item, i) => this.offeredAction(d, item, can, Array.isArray(want) ? [...this.at, i] : this.at, ""));
  }

  private offeredAction(
    d: Extract<Decision, { type: "act" }>,
    item: unknown,
    yes: boolean,
    at: YamlPath,
    prefix: string,
  ): void {
    const s: Obj = typeof item === "string" ? { [item]: null } : isObj(item) ? item : {};
    const [name, arg] = Object.entries(s)[0] ?? ["", null];
    const named = d.options.filter((o: Action) => o.type === "act" && o.action === name);
    let legal = named.length > 0;
    if (legal && arg !== null && arg !== undefined)
      legal = named.some((o) => this.ctx.names.matches((Object.values(o.args)[0] ?? null) as Value, String(arg)));
    const what = `'${name}${arg !== null && arg !== undefined ? ` ${String(arg)}` : ""}'`;
    if (yes && !legal)
      this.miss(`${prefix}${what} is not legal now (${this.ctx.pending()})`, `${what} legal`, this.ctx.pending(), at);
    if (!yes && legal) this.miss(`${prefix}${what} is legal now`, `${what} not legal`, `${what} legal`, at);
  }

  // ── properties and zones ──────────────────────────────────────────────────
  private property(want: unknown): void {
    const path = this.key.split(".");
    const [head, ...rest] = path;
    const zones = this.ctx.module.rules.zones;
    const player = head === undefined ? undefined : head === "game" ? 0 : playerRef(head);
    if (player !== undefined && rest.length === 1 && (rest[0] as string) in zones) {
      const ids = this.ctx.engine.zoneCards(this.st, player, rest[0] as string);
      for (const m of matchZone(this.key, want, ids, this.view()))
        this.miss(m.message, m.expected, m.got, [...this.at, ...m.at]);
      return;
    }
    const got = this.read(path);
    if (!sameValue(want, got, this.ctx.names)) {
      const shown =
        typeof want === "string" && (typeof got === "number" || got === null) ? this.ctx.names.refOf(got) : got;
      const shownGot =
        Array.isArray(want) && Array.isArray(got) && got.every((g) => typeof g === "number")
          ? got.map((g) => this.ctx.names.refOf(g as number))
          : shown;
      this.miss(
        `${this.key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(shownGot)}`,
        JSON.stringify(want),
        JSON.stringify(shownGot),
      );
    }
  }

  private view(): ZoneView {
    return {
      card: (id) => this.st.entities[id]?.card ?? null,
      read: (id, prop) =>
        prop === "zone" ? (this.st.entities[id]?.zone ?? null) : this.ctx.engine.read(this.st, id, prop),
      refOf: (v) => this.ctx.names.refOf(v),
    };
  }

  /** Reads `me.life`, `me.field.goblin.tapped`, `goblin.power`, `game.turn`. */
  private read(path: readonly string[]): Value {
    const [head, ...rest] = path;
    const { module, engine } = this.ctx;
    const zones = module.rules.zones;
    const cardsOf = (owner: EntityId | undefined, zone: string | undefined) =>
      Object.values(this.st.entities).filter(
        (e) =>
          e.card !== null &&
          (owner === undefined || (zone === undefined ? e.owner === owner : (e.holder ?? e.owner) === owner)) &&
          (zone === undefined || e.zone === zone),
      );
    if (head === "game" && rest[0] !== undefined && zones[rest[0]]?.of === "game")
      return this.cardProp(cardsOf(0, rest[0]), rest[1], rest[2], `game.${rest[0]}`);
    if (head === "game") return this.guard(() => engine.read(this.st, 0, rest.join(".")));
    const player = head === undefined ? undefined : playerRef(head);
    if (player !== undefined) {
      const [second, third, fourth] = rest;
      if (second === undefined) throw new Unreadable(`say what of ${head} to check`);
      if (second in zones) return this.cardProp(cardsOf(player, second), third, fourth, `${head}.${second}`);
      if (rest.length === 1) {
        if (!(second in module.rules.props.player) && second !== "name")
          throw new Unreadable(
            `a player has no zone or property '${second}'${hint(didYouMean(second, [...Object.keys(zones), ...Object.keys(module.rules.props.player), "name"]))}`,
          );
        return this.guard(() => engine.read(this.st, player, second));
      }
      return this.cardProp(cardsOf(player, undefined), second, third, head ?? "");
    }
    return this.cardProp(cardsOf(undefined, undefined), head ?? "", rest[0], "the board");
  }

  private cardProp(
    pool: readonly { id: EntityId; card: string | null }[],
    card: string | undefined,
    prop: string | undefined,
    where: string,
  ): Value {
    if (card === undefined || prop === undefined) throw new Unreadable("write card.property, e.g. goblin.tapped");
    const hits = pool.filter((e) => e.card === card);
    if (hits.length === 0)
      throw new Unreadable(
        `no card '${card}' in ${where}, so '${this.key}' cannot be read${card in this.ctx.module.cards ? "" : hint(didYouMean(card, Object.keys(this.ctx.module.cards)))}`,
      );
    if (hits.length > 1)
      throw new Unreadable(`${hits.length} cards '${card}' in ${where}: say whose (me./opponent.) and which zone`);
    const id = (hits[0] as { id: EntityId }).id;
    if (prop === "zone") return this.st.entities[id]?.zone ?? null;
    return this.guard(() => this.ctx.engine.read(this.st, id, prop));
  }

  /** A read the engine refuses (no such property on that card) is a failed expectation. */
  private guard(f: () => Value): Value {
    try {
      return f();
    } catch (e) {
      throw new Unreadable(`'${this.key}' cannot be read: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

const hint = (h: string | undefined) => (h === undefined ? "" : ` (${h})`);
