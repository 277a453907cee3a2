/**
 * Scenario files checked statically, before any game runs: the schema, and every name in `given`
 * and in `expect` paths (players, zones, card ids, properties) resolved against the game, each
 * unknown one an error at its place in the file with a did-you-mean hint.
 */
import type { Diagnostic, DiagnosticCode } from "../text/diagnostics.ts";
import type { ScenarioFileModel } from "../workspace/model.ts";
import type { Declaration, Reference } from "../semantic/symbols.ts";
import type { Span } from "../text/positions.ts";
import { DECISION_KEYS, EXPECT_KEYWORDS } from "./expect.ts";
import { cardRef, playerRef } from "./names.ts";
import { ZONE_MATCHERS } from "./match.ts";
import { validateWithSchema } from "../files/schema-validate.ts";
import { SourceFile, type YamlPath } from "../text/source.ts";
import { closest } from "../text/suggest.ts";
import { T } from "../semantic/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";
import { checkScenarioVersions } from "../files/versions.ts";

const scalar = { type: ["string", "number", "boolean", "null"] };
/** `{ ref: me.main.imp }`: a card or player by name, for a property that holds one (scenario.ts resolveRefs). */
const refSchema = {
  type: "object",
  properties: { ref: { type: "string" } },
  required: ["ref"],
  additionalProperties: false,
};
const stepSchema = {
  oneOf: [{ type: "string" }, { type: "object", minProperties: 1 }],
};
export const SCENARIO_SCHEMA = {
  type: "object",
  properties: {
    version: {
      type: ["string", "number"],
      description: "the game version every scenario of this file is played at (versions.ts)",
    },
    scenarios: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        properties: {
          name: { type: "string" },
          seed: { type: "integer" },
          strict: { type: "boolean" },
          // game-end: the run stops when a game ends, on the board it ended with (no next game).
          stop: { enum: ["game-end"] },
          // false: the game takes no decision by itself; one with a single answer is a step too.
          auto: { type: "boolean" },
          given: {
            type: "object",
            properties: {
              options: { type: "object", additionalProperties: scalar },
              // Game properties, and the cards of the game's shared zones (lists).
              game: { type: "object", additionalProperties: { oneOf: [scalar, refSchema, { type: "array" }] } },
              // The games of the match already played, by winner: this board is the next game.
              match: {
                type: "object",
                properties: {
                  results: {
                    type: "array",
                    items: { enum: ["me", "opponent", "seat3", "seat4", "seat5", "seat6", "seat7", "seat8", "draw"] },
                  },
                },
                required: ["results"],
                additionalProperties: false,
              },
              me: { type: "object" },
              opponent: { type: "object" },
              seat3: { type: "object" },
              seat4: { type: "object" },
              seat5: { type: "object" },
              seat6: { type: "object" },
              seat7: { type: "object" },
              seat8: { type: "object" },
            },
            additionalProperties: false,
          },
          do: { type: "array", items: stepSchema },
          expect: { type: "object" },
          version: { type: ["string", "number"] },
        },
        required: ["name", "given"],
        additionalProperties: false,
      },
    },
  },
  required: ["scenarios"],
  additionalProperties: false,
};

export { EXPECT_KEYWORDS } from "./expect.ts";
const SIDES = ["me", "opponent", "seat3", "seat4", "seat5", "seat6", "seat7", "seat8"];
const WINNERS = [...SIDES, "draw", "none"];
/** A card named in a step or a choice, its side and zone left out (`opponent.hand.guard` → guard). */
const cardOfRef = (ref: string, zones: ReadonlyMap<string, unknown>): string =>
  cardRef(ref, Object.fromEntries(zones))?.card ?? ref;
/** What every card answers besides its properties and fields. */
const CARD_BUILTIN_PROPS = ["zone", "owner", "kind", "card", "name"];

export interface ScenarioCheck {
  readonly scenario: ScenarioFileModel;
  readonly diagnostics: readonly Diagnostic[];
  readonly declarations: readonly Declaration[];
  readonly references: readonly Reference[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export function checkScenarioFile(
  voc: Vocabulary,
  file: { path: string; text: string },
  src: SourceFile = new SourceFile(file.path, file.text),
): ScenarioCheck {
  const c = new ScenarioChecker(voc, src);
  return c.run();
}

class ScenarioChecker {
  private readonly diags: Diagnostic[] = [];
  private readonly refs: Reference[] = [];
  private readonly decls: Declaration[] = [];

  constructor(
    private readonly voc: Vocabulary,
    private readonly src: SourceFile,
  ) {}

  run(): ScenarioCheck {
    const src = this.src;
    for (const d of src.diagnostics) this.diags.push(d);
    let value: unknown = null;
    const done = (ok: boolean): ScenarioCheck => ({
      scenario: { file: src.file, text: src.text, ok, source: src, value },
      diagnostics: this.diags,
      declarations: this.decls,
      references: this.refs,
    });
    if (!src.ok) return done(false);
    value = src.value();
    const schema = validateWithSchema(src, value, SCENARIO_SCHEMA, "scenario");
    for (const d of schema) this.diags.push(d);
    if (schema.length) return done(false);
    checkScenarioVersions(this.voc.versions, src, value as Obj, this.diags, this.refs);
    (value as { scenarios: Obj[] }).scenarios.forEach((sc, i) => {
      const at: YamlPath = ["scenarios", i];
      const name = src.spanAt([...at, "name"]);
      this.decls.push({
        id: `scenario:${src.file}#${i}`,
        kind: "scenario",
        name: String(sc["name"]),
        detail: `scenario: ${String(sc["name"])}`,
        span: name ?? null,
      });
      this.given(at, isObj(sc["given"]) ? sc["given"] : {});
      if (Array.isArray(sc["do"])) sc["do"].forEach((step, k) => this.doStep([...at, "do", k], step));
      if (isObj(sc["expect"])) this.expectBlock([...at, "expect"], sc["expect"]);
    });
    return done(!this.diags.some((d) => d.severity === "error"));
  }

  // ── helpers ───────────────────────────────────────────────────────────────
  private error(range: Span["range"], code: DiagnosticCode, message: string, near?: string): void {
    this.diags.push({
      file: this.src.file,
      range,
      severity: "error",
      code,
      message,
      ...(near !== undefined ? { hint: `did you mean '${near}'?`, data: { replacement: near } } : {}),
    });
  }
  private ref(span: Span | undefined, symbol: string): void {
    if (span) this.refs.push({ symbol, span });
  }
  /** A span inside a key's text (the part `[from, to)` of the key at `path`). */
  private keyPart(path: YamlPath, from: number, to: number): Span | undefined {
    const k = this.src.spanAt(path, "key");
    if (!k) return undefined;
    return this.src.spanOf(k.start + from, k.start + to);
  }
  private cardRef(span: Span | undefined, path: YamlPath, part: "key" | "value", id: string): boolean {
    if (this.voc.cards.has(id)) {
      if (span) this.refs.push({ symbol: `card:${id}`, span, type: T.cardid });
      return true;
    }
    this.error(
      span?.range ?? this.src.rangeAt(path, part),
      "scenario/unknown-card",
      `unknown card '${id}'`,
      closest(id, this.voc.cards),
    );
    return false;
  }
  private cardProps(): string[] {
    return [
      ...this.voc.props.card.keys(),
      ...this.voc.cardFields.keys(),
      ...[...this.voc.kinds.values()].flatMap((k) => [...k.fields.keys()]),
      ...CARD_BUILTIN_PROPS,
    ];
  }
  private cardPropSymbol(name: string): string | undefined {
    if (this.voc.props.card.has(name)) return `property:card:${name}`;
    if (this.voc.cardFields.has(name)) return `field:*:${name}`;
    const k = [...this.voc.kinds.values()].find((x) => x.fields.has(name));
    return k ? `field:${k.name}:${name}` : undefined;
  }

  /** Whether a `by:` names a seat of this game (me, opponent, seat3 … up to its most players). */
  private isSeat(v: unknown): boolean {
    const seat = playerRef(String(v));
    return seat !== undefined && seat <= Math.max(2, this.voc.players);
  }
  /** The seats a `by:` may name, for messages. */
  private seatNames(): string {
    const n = this.voc.players;
    return n <= 2 ? "me or opponent" : n === 3 ? "me, opponent or seat3" : `me, opponent or seat3 … seat${n}`;
  }

  // ── given ─────────────────────────────────────────────────────────────────
  private given(at: YamlPath, given: Obj): void {
    const gameProps = [...this.voc.props.game.keys(), ...this.voc.options.keys()];
    for (const section of ["game", "options"] as const) {
      for (const key of Object.keys(isObj(given[section]) ? given[section] : {})) {
        const path = [...at, "given", section, key];
        const span = this.src.spanAt(path, "key");
        const value = (given[section] as Obj)[key];
        if (section === "game" && this.voc.zones.get(key)?.of === "game") {
          this.ref(span, `zone:${key}`);
          if (Array.isArray(value)) value.forEach((c, i) => this.boardCard([...path, i], c));
          else this.bad(path, "scenario/zone-not-list", `zone '${key}' must be a list of card ids`);
        } else if (this.voc.props.game.has(key)) {
          this.ref(span, `property:game:${key}`);
          this.boardRef(path, (given[section] as Obj)[key]);
        } else if (this.voc.options.has(key)) this.ref(span, `option:${key}`);
        else
          this.error(
            span?.range ?? this.src.rangeAt(path, "key"),
            "scenario/unknown-property",
            section === "game" ? `the game has no property '${key}'` : `no option '${key}'`,
            closest(key, gameProps),
          );
      }
    }
    for (const who of SIDES) {
      const spec = given[who];
      if (!isObj(spec)) continue;
      const seat = playerRef(who) ?? 0;
      if (seat > this.voc.players)
        this.error(
          this.src.spanAt([...at, "given", who], "key")?.range ?? this.src.rangeAt([...at, "given", who], "key"),
          "scenario/unknown-property",
          `this game has at most ${this.voc.players} players: there is no ${who}`,
        );
      for (const [key, v] of Object.entries(spec)) {
        const path = [...at, "given", who, key];
        const span = this.src.spanAt(path, "key");
        if (this.voc.zones.get(key)?.of === "game")
          this.error(
            span?.range ?? this.src.rangeAt(path, "key"),
            "scenario/unknown-property",
            `'${key}' is a zone of the game, not of a player: give its cards under 'game:'`,
          );
        else if (this.voc.zones.has(key)) {
          this.ref(span, `zone:${key}`);
          if (!Array.isArray(v)) {
            this.bad(path, "scenario/zone-not-list", `zone '${key}' must be a list of card ids`);
            continue;
          }
          v.forEach((c, i) => this.boardCard([...path, i], c));
        } else if (this.voc.props.player.has(key)) {
          this.ref(span, `property:player:${key}`);
          this.boardRef(path, v);
        } else if (key !== "name")
          this.error(
            span?.range ?? this.src.rangeAt(path, "key"),
            "scenario/unknown-property",
            `a player has no zone or property '${key}'`,
            closest(key, [...this.voc.zones.keys(), ...this.voc.props.player.keys(), "name"]),
          );
      }
    }
  }

  /** A `{ ref: … }` value (or a list of them): the card it names must exist (the runner resolves it on the board). */
  private boardRef(path: YamlPath, v: unknown): void {
    if (Array.isArray(v)) return v.forEach((x, i) => this.boardRef([...path, i], x));
    if (!isObj(v) || typeof v["ref"] !== "string") return;
    const card = v["ref"].split(".").pop() ?? "";
    if (playerRef(card) === undefined) this.cardRef(this.src.spanAt([...path, "ref"]), [...path, "ref"], "value", card);
  }

  private boardCard(path: YamlPath, c: unknown): void {
    if (typeof c === "string") {
      this.cardRef(this.src.spanAt(path), path, "value", c);
      return;
    }
    if (!isObj(c)) {
      this.diags.push({
        file: this.src.file,
        range: this.src.rangeAt(path),
        severity: "error",
        code: "scenario/unknown-card",
        message: `unknown card '${String(c)}'`,
      });
      return;
    }
    const id = c["card"];
    if (typeof id !== "string")
      this.diags.push({
        file: this.src.file,
        range: this.src.rangeAt(path),
        severity: "error",
        code: "scenario/unknown-card",
        message: "a card on the board needs 'card: <id>'",
      });
    else this.cardRef(this.src.spanAt([...path, "card"]), [...path, "card"], "value", id);
    for (const k of Object.keys(c)) {
      if (k === "card") continue;
      const span = this.src.spanAt([...path, k], "key");
      if (this.voc.props.card.has(k)) {
        this.ref(span, `property:card:${k}`);
        this.boardRef([...path, k], c[k]);
      } else
        this.error(
          span?.range ?? this.src.rangeAt([...path, k], "key"),
          "scenario/unknown-property",
          `a card has no property '${k}'`,
          closest(k, [...this.voc.props.card.keys()]),
        );
    }
  }

  // ── do ──────────────────────────────────────────────────────────────────
  private bad(
    path: YamlPath,
    code: DiagnosticCode,
    message: string,
    part: "key" | "value" = "value",
    hint?: string,
  ): void {
    this.diags.push({
      file: this.src.file,
      range: this.src.rangeAt(path, part),
      severity: "error",
      code,
      message,
      ...(hint !== undefined ? { hint } : {}),
    });
  }

  /** Whether `k` is none of `keys`: then an error on the key, with the nearest one as a hint. */
  private unknownKey(at: YamlPath, k: string, keys: readonly string[], code: DiagnosticCode, message: string): boolean {
    if (keys.includes(k)) return false;
    const near = closest(k, keys);
    this.bad(at, code, message, "key", near ? `did you mean '${near}'?` : undefined);
    return true;
  }

  /** A step of `do:`: an answer (with `by:` and `refused:`), or a checkpoint `{ expect: {…} }`. */
  private doStep(path: YamlPath, step: unknown): void {
    if (!isObj(step)) return this.step(path, step);
    if ("expect" in step) {
      if (Object.keys(step).length !== 1)
        this.bad(
          [...path, "expect"],
          "scenario/bad-step",
          "a checkpoint step has only 'expect:' (put the answer in a step of its own)",
          "key",
        );
      if (!isObj(step["expect"]))
        return this.bad(
          [...path, "expect"],
          "scenario/bad-step",
          "a checkpoint's 'expect:' is a map of expectations, as the scenario's own 'expect:'",
        );
      return this.expectBlock([...path, "expect"], step["expect"]);
    }
    if ("by" in step && !this.isSeat(step["by"]))
      this.bad(
        [...path, "by"],
        "scenario/bad-step",
        `'by' must be ${this.seatNames()}, not ${JSON.stringify(step["by"])}`,
      );
    const answers = Object.keys(step).filter((k) => k !== "by" && k !== "refused");
    if (answers.length !== 1)
      this.bad(
        path,
        "scenario/bad-step",
        answers.length === 0
          ? "a step names an action or answer (choose, may), not only 'by'/'refused'"
          : `a step names one action or answer, not ${answers.length} (${answers.join(", ")})`,
      );
    if ("refused" in step) {
      const r = step["refused"];
      if (typeof r !== "string" && r !== true)
        this.bad(
          [...path, "refused"],
          "scenario/bad-step",
          "'refused' is the expected reason (a part of the refusal's text), or true for any reason",
        );
      if (answers.includes("may"))
        this.bad(
          [...path, "refused"],
          "scenario/bad-step",
          "a yes/no answer cannot be refused: 'refused' goes with an action or a 'choose'",
          "key",
        );
      if (Array.isArray(step["choose"]) && step["choose"].length !== 1)
        this.bad([...path, "choose"], "scenario/bad-step", "a refused 'choose' tries one pick: give one card");
    }
    this.step(path, step);
  }

  /** A step (`declare-end`, `{ play-card: imp }`, `{ by: opponent, choose: [a, b] }`): its action and the cards it names. */
  private step(path: YamlPath, step: unknown): void {
    if (typeof step === "string") {
      this.action(this.src.spanAt(path), path, "value", step);
      return;
    }
    if (!isObj(step)) return;
    for (const [key, arg] of Object.entries(step)) {
      if (key === "by" || key === "refused") continue;
      if (key !== "choose" && key !== "may")
        this.action(this.src.spanAt([...path, key], "key"), [...path, key], "key", key);
      const args = Array.isArray(arg)
        ? arg.map((a, i) => [a, [...path, key, i]] as const)
        : [[arg, [...path, key]] as const];
      for (const [a, p] of args) {
        if (typeof a !== "string") continue;
        // `card`, `me.card`, `opponent.card`: a card id names its card (other values are left to the run).
        const card = cardOfRef(a, this.voc.zones);
        const span = this.src.spanAt(p);
        if (this.voc.cards.has(card) && span)
          this.refs.push({
            symbol: `card:${card}`,
            span: this.src.spanOf(span.end - card.length, span.end),
            type: T.cardid,
          });
      }
    }
  }

  private action(span: Span | undefined, path: YamlPath, part: "key" | "value", name: string): void {
    if (this.voc.actions.has(name)) this.ref(span, `action:${name}`);
    else
      this.error(
        span?.range ?? this.src.rangeAt(path, part),
        "scenario/unknown-action",
        `unknown action '${name}'`,
        closest(name, this.voc.actions.keys()),
      );
  }

  // ── expect ────────────────────────────────────────────────────────────────
  /** An `expect:` block (the scenario's, or a checkpoint's): each key and its value. */
  private expectBlock(path: YamlPath, block: Obj): void {
    for (const [key, v] of Object.entries(block)) {
      const at = [...path, key];
      this.expectKey(at, key);
      switch (key) {
        case "can":
        case "cannot":
          if (Array.isArray(v)) v.forEach((item, k) => this.step([...at, k], item));
          else this.step(at, v);
          break;
        case "winner":
        case "match-winner":
          if (typeof v !== "string" || !WINNERS.includes(v))
            this.bad(at, "scenario/bad-winner", `'${key}' is me, opponent, draw or none, not ${JSON.stringify(v)}`);
          break;
        case "winners":
          if (!Array.isArray(v))
            this.bad(at, "scenario/bad-winner", "'winners' is a list, one result per game: [me, draw, opponent]");
          else
            v.forEach(
              (w, i) =>
                (typeof w === "string" && WINNERS.includes(w)) ||
                this.bad(
                  [...at, i],
                  "scenario/bad-winner",
                  `a game's winner is me, opponent, draw or none, not ${JSON.stringify(w)}`,
                ),
            );
          break;
        case "decision":
          this.decision(at, v);
          break;
        case "log contains":
        case "log lacks":
        case "log in order":
          break;
        default:
          this.expectValue(at, key, v);
      }
    }
  }

  /** `decision: { by, type, window, prompt, offered, not-offered, can-choose, cannot-choose }` or `decision: none`. */
  private decision(path: YamlPath, v: unknown): void {
    if (v === "none" || v === null) return;
    if (!isObj(v))
      return this.bad(
        path,
        "scenario/bad-decision",
        "'decision' is a map (by, type, window, prompt, offered, not-offered, can-choose, cannot-choose) or 'none'",
      );
    for (const [k, w] of Object.entries(v)) {
      const at = [...path, k];
      const message = `'decision' has no check '${k}' (by, type, window, prompt, offered, not-offered, can-choose, cannot-choose)`;
      if (this.unknownKey(at, k, DECISION_KEYS, "scenario/bad-decision", message)) continue;
      if (k === "by" && !this.isSeat(w))
        this.bad(at, "scenario/bad-decision", `'by' is ${this.seatNames()}, not ${JSON.stringify(w)}`);
      if (k === "type" && !["act", "choose", "may"].includes(String(w)))
        this.bad(at, "scenario/bad-decision", `'type' is act, choose or may, not ${JSON.stringify(w)}`);
      if (k === "window") {
        if (this.voc.windows.has(String(w))) this.ref(this.src.spanAt(at), `window:${String(w)}`);
        else
          this.bad(
            at,
            "scenario/bad-decision",
            `unknown action window '${String(w)}'`,
            "value",
            closest(String(w), this.voc.windows)
              ? `did you mean '${closest(String(w), this.voc.windows) ?? ""}'?`
              : undefined,
          );
      }
      if (k === "offered" || k === "not-offered" || k === "can-choose" || k === "cannot-choose") {
        const items = Array.isArray(w) ? w.map((x, i) => [x, [...at, i]] as const) : [[w, at] as const];
        for (const [item, p] of items) {
          // An action (`end-turn`, `{ attack: goblin }`) or, for a choice, what can be picked (`goblin`, `opponent`, `me.goblin`).
          if (k.endsWith("offered") && (isObj(item) || (typeof item === "string" && this.voc.actions.has(item))))
            this.step(p, item);
          else this.choiceRef(p, item);
        }
      }
    }
  }

  /** What a choice offers: `me`, `opponent`, `none`, a card id, or `me.`/`opponent.` + card id. */
  private choiceRef(path: YamlPath, item: unknown): void {
    if (item === null || item === "none" || (typeof item === "string" && playerRef(item) !== undefined)) return;
    if (typeof item !== "string")
      return this.bad(
        path,
        "scenario/bad-decision",
        `a choice is named by a card id, me, opponent or none, not ${JSON.stringify(item)}`,
      );
    const card = cardOfRef(item, this.voc.zones);
    const span = this.src.spanAt(path);
    this.cardRef(span ? this.src.spanOf(span.end - card.length, span.end) : undefined, path, "value", card);
  }

  /** The value of a path: a zone's matcher, or a property's value (never a matcher). */
  private expectValue(path: YamlPath, key: string, v: unknown): void {
    const parts = key.split(".");
    const zone =
      parts.length === 2 &&
      (playerRef(parts[0] ?? "") !== undefined || parts[0] === "game") &&
      this.voc.zones.has(parts[1] ?? "");
    if (!zone) {
      if (isObj(v))
        this.bad(
          path,
          "scenario/bad-matcher",
          `'${key}' is a property: its expected value is a number, text, bool or list; matchers (count, contains, …) apply to zones`,
        );
      return;
    }
    if (Array.isArray(v)) return v.forEach((item, i) => this.zoneItem([...path, i], item));
    if (!isObj(v))
      return this.bad(
        path,
        "scenario/bad-matcher",
        `zone '${parts[1] ?? ""}' is checked with a list of cards or a matcher (count, contains, excludes, ordered, unordered), not ${JSON.stringify(v)}`,
      );
    if (Object.keys(v).length === 0)
      this.bad(
        path,
        "scenario/bad-matcher",
        "an empty matcher checks nothing: use count, contains, excludes, ordered or unordered",
      );
    for (const [k, w] of Object.entries(v)) {
      const at = [...path, k];
      const message = `unknown zone matcher '${k}' (count, contains, excludes, ordered, unordered)`;
      if (this.unknownKey(at, k, ZONE_MATCHERS, "scenario/bad-matcher", message)) continue;
      if (k === "count") {
        if (typeof w !== "number" || !Number.isInteger(w) || w < 0)
          this.bad(at, "scenario/bad-matcher", `'count' is a whole number of cards, not ${JSON.stringify(w)}`);
        continue;
      }
      if ((k === "ordered" || k === "unordered") && !Array.isArray(w)) {
        this.bad(at, "scenario/bad-matcher", `'${k}' is a list of cards`);
        continue;
      }
      if (Array.isArray(w)) w.forEach((item, i) => this.zoneItem([...at, i], item));
      else this.zoneItem(at, w);
    }
  }

  /** A card expected in a zone: its id, or `{ card: id, <property>: value }` as in `given`. */
  private zoneItem(path: YamlPath, item: unknown): void {
    if (typeof item === "string") {
      this.cardRef(this.src.spanAt(path), path, "value", item);
      return;
    }
    if (!isObj(item))
      return this.bad(
        path,
        "scenario/bad-matcher",
        `a card in a zone is its id or { card: <id>, <property>: value }, not ${JSON.stringify(item)}`,
      );
    const id = item["card"];
    if (typeof id !== "string")
      this.bad(path, "scenario/bad-matcher", "a card with properties needs 'card: <id>' (as in given)");
    else this.cardRef(this.src.spanAt([...path, "card"]), [...path, "card"], "value", id);
    for (const k of Object.keys(item)) {
      if (k === "card") continue;
      const span = this.src.spanAt([...path, k], "key");
      const sym = this.cardPropSymbol(k);
      if (sym) this.ref(span, sym);
      else if (!CARD_BUILTIN_PROPS.includes(k))
        this.error(
          span?.range ?? this.src.rangeAt([...path, k], "key"),
          "scenario/unknown-property",
          `a card has no property '${k}'`,
          closest(k, this.cardProps()),
        );
    }
  }

  /** `me.life`, `opponent.discard`, `me.field.goblin.tapped`, `goblin.power`, `game.turn`. */
  private expectKey(path: YamlPath, key: string): void {
    if ((EXPECT_KEYWORDS as readonly string[]).includes(key)) return;
    const parts = key.split(".");
    const offsets: number[] = [];
    let o = 0;
    for (const p of parts) {
      offsets.push(o);
      o += p.length + 1;
    }
    const part = (i: number) => this.keyPart(path, offsets[i] ?? 0, (offsets[i] ?? 0) + (parts[i] ?? "").length);
    const whole = () => this.src.rangeAt(path, "key");
    const bad = (i: number, message: string, candidates: readonly string[]) =>
      this.error(part(i)?.range ?? whole(), "scenario/unknown-property", message, closest(parts[i] ?? "", candidates));
    const [head, ...rest] = parts;
    if (head === "game" && this.voc.zones.get(rest[0] ?? "")?.of === "game") {
      this.ref(part(1), `zone:${rest[0]}`);
      if (rest.length > 1) this.cardPath(path, parts, 2, part, whole, rest[2]);
      return;
    }
    if (head === "game") {
      const prop = rest.join(".");
      if (this.voc.props.game.has(prop)) this.ref(part(1), `property:game:${prop}`);
      else if (this.voc.options.has(prop)) this.ref(part(1), `option:${prop}`);
      else bad(1, `the game has no property '${prop}'`, [...this.voc.props.game.keys(), ...this.voc.options.keys()]);
      return;
    }
    if (head !== undefined && playerRef(head) !== undefined) {
      const [second, third, fourth] = rest;
      if (second === undefined) {
        this.diags.push({
          file: this.src.file,
          range: whole(),
          severity: "error",
          code: "scenario/bad-path",
          message: `say what of ${head} to check`,
          hint: `e.g. ${head}.hand or ${head}.${[...this.voc.props.player.keys()][0] ?? "hand"}`,
        });
        return;
      }
      if (this.voc.zones.has(second)) {
        this.ref(part(1), `zone:${second}`);
        if (third === undefined) return;
        this.cardPath(path, parts, 2, part, whole, fourth);
        return;
      }
      if (rest.length === 1) {
        if (this.voc.props.player.has(second)) this.ref(part(1), `property:player:${second}`);
        else if (second === "name")
          return; // a player's name, as `given` sets it
        else
          bad(1, `a player has no zone or property '${second}'`, [
            ...this.voc.zones.keys(),
            ...this.voc.props.player.keys(),
            "name",
          ]);
        return;
      }
      this.cardPath(path, parts, 1, part, whole, third);
      return;
    }
    this.cardPath(path, parts, 0, part, whole, rest[0]);
  }

  /** `<card>.<prop>` at part `i` of the key. */
  private cardPath(
    path: YamlPath,
    parts: readonly string[],
    i: number,
    part: (i: number) => Span | undefined,
    whole: () => Span["range"],
    prop: string | undefined,
  ): void {
    const card = parts[i] ?? "";
    if (!this.cardRef(part(i), path, "key", card)) return;
    if (prop === undefined || parts.length > i + 2) {
      this.diags.push({
        file: this.src.file,
        range: whole(),
        severity: "error",
        code: "scenario/bad-path",
        message: "write card.property, e.g. goblin.tapped",
      });
      return;
    }
    const sym = this.cardPropSymbol(prop);
    if (sym) this.ref(part(i + 1), sym);
    else if (!CARD_BUILTIN_PROPS.includes(prop))
      this.error(
        part(i + 1)?.range ?? whole(),
        "scenario/unknown-property",
        `a card has no property '${prop}'`,
        closest(prop, this.cardProps()),
      );
  }
}
