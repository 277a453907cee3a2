/**
 * Card text rendered from the effect tree: a card's checked code (the structured IR of its
 * effects, triggers and modifiers) and its fields, read as sentences with the game's phrases
 * (`card-text:` in rules.yaml, see phrases.ts). The renderer is generic: every word comes from
 * the phrases; without a phrase, a statement reads as its code (`status-on(c, id)`).
 *
 * Numbers: a constant reads as its digits; a local set to a constant reads as that constant; a
 * local a condition sets to another constant renders the statement once per value ("deal 3 …. If
 * …: deal 5 …"); any other number reads `X` (unknown, see facts.ts).
 */
import type { CardDef } from "../../../../runtime/types.ts";
import { unitExpression, unitStatements, type CompiledUnit, type IrExpr, type IrStmt } from "../../semantic/ir.ts";
import { walkExpr, walkStmt } from "../../semantic/ir-walk.ts";
import { required } from "../../semantic/types.ts";
import { UNKNOWN } from "./facts.ts";
import { say, type CardTextRules, type Phrase } from "./phrases.ts";

/** What the renderer needs to know of a card. */
export interface RenderCard {
  readonly id: string;
  readonly kind: string;
  readonly def: CardDef;
  /** The card's code units (`card.<id>.…`). */
  readonly units: readonly CompiledUnit[];
}

export interface Rendered {
  readonly text: string;
  /** Sentences that had no phrase for a call, a change or a trigger (code shown as code). */
  readonly unphrased: readonly string[];
  /** Card ids the code or the fields name (created statuses, summons, prepared skills…). */
  readonly names: readonly string[];
}

type Const = number | string | boolean | null;
type Val =
  | { readonly k: "const"; readonly v: Const }
  /** A constant with other values under conditions (the rendered conditions). */
  | { readonly k: "alts"; readonly v: Const; readonly alts: readonly { readonly v: Const; readonly cond: string }[] }
  | { readonly k: "expr"; readonly e: IrExpr }
  /** Set in a loop, a branch or by a decision: no one value. */
  | { readonly k: "unknown" }
  /** A choice's result: read as the phrase `chosen` ("it"). */
  | { readonly k: "chosen" };

interface Ctx {
  readonly lang: string;
  readonly rules: CardTextRules;
  readonly cardName: (id: string) => string | undefined;
  readonly env: Map<string, Val>;
  /** The trigger's event name (`event.amount` of a `damage` trigger is `damage.amount`). */
  readonly event: string | null;
  /** Modifier code: the property `value` stands for. */
  readonly computes: string | null;
  readonly unphrased: string[];
  /** Locals being read as their expressions (`x = x + 1` must not loop). */
  readonly expanding: Set<string>;
}

const OPS: Record<string, string> = {
  "==": "==",
  "!=": "!=",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
  and: "and",
  or: "or",
  "+": "+",
  "-": "-",
  "*": "*",
  "/": "/",
  "%": "%",
  in: "in",
};

// ── expressions ─────────────────────────────────────────────────────────────

/** The expression's constant value, when it has one. */
function fold(e: IrExpr, ctx: Ctx): Const | undefined {
  switch (e.k) {
    case "lit":
      return e.v;
    case "local": {
      const v = ctx.env.get(e.name);
      return v && v.k === "const" ? v.v : undefined;
    }
    case "neg": {
      const x = fold(e.e, ctx);
      return typeof x === "number" ? -x : undefined;
    }
    case "bin": {
      const l = fold(e.l, ctx);
      const r = fold(e.r, ctx);
      if (typeof l !== "number" || typeof r !== "number") return undefined;
      if (e.op === "+") return l + r;
      if (e.op === "-") return l - r;
      if (e.op === "*") return l * r;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The code form of an expression (`opponent.active`), the key of `words`. */
export function codeOf(e: IrExpr): string {
  switch (e.k) {
    case "lit":
      return e.v === null ? "none" : String(e.v);
    case "list":
      return `[${e.items.map(codeOf).join(", ")}]`;
    case "text":
      return e.parts.map((p) => (typeof p === "string" ? p : `{${codeOf(p)}}`)).join("");
    case "local":
      return e.name;
    case "it":
      return "it";
    case "me":
    case "self":
    case "event":
    case "game":
      return e.k;
    case "opponent":
      return e.of.k === "me" ? "opponent" : `opponent(${codeOf(e.of)})`;
    case "prop":
      return `${codeOf(e.obj)}.${e.name}`;
    case "zone":
      return `${codeOf(e.owner)}.${e.zone}`;
    case "field":
      return `${codeOf(e.ev)}.${e.name}`;
    case "match":
      return `match.${e.name}`;
    case "builtin":
      return `${e.fn}(${e.args.map(codeOf).join(", ")})`;
    case "fn":
      return `${e.name}(${e.args.map(([, v]) => codeOf(v)).join(", ")})`;
    case "bin":
      return `${codeOf(e.l)} ${e.op} ${codeOf(e.r)}`;
    case "not":
      return `not ${codeOf(e.e)}`;
    case "neg":
      return `-${codeOf(e.e)}`;
    case "where":
      return `${codeOf(e.list)} where ${codeOf(e.cond)}`;
    case "map":
      return `map(${codeOf(e.list)}, ${codeOf(e.body)})`;
    case "index":
      return `${codeOf(e.list)}[${codeOf(e.index)}]`;
  }
}

/**
 * Japanese for the language's own words and built-ins, where a game's `words:` gives none: a
 * Japanese text never falls back to an English word of the language (a game's own words — its
 * properties, enum values — come from its rules, see test/compiler/card-text-ja.test.ts).
 */
const JA: Readonly<Record<string, string>> = {
  if: "もし",
  otherwise: "そうでなければ",
  unless: "そうでない場合",
  while: "次の間",
  not: "ではない",
  none: "なし",
  opponent: "相手",
  choose: "選ぶ",
  chosen: "それ",
  "up to": "最大",
  on: "次の時",
  and: "かつ",
  or: "または",
  in: "に含まれる",
  where: "のうち",
  subject: "対象",
  it: "それ",
  game: "ゲーム",
};

/**
 * Japanese for the built-in functions, their arguments by position (`words:` of a game wins). Kept
 * apart from JA on purpose: these are templates with argument places, read only for a call, and
 * must never stand in for a local, a property or a constant that shares a built-in's name (a local
 * called `count`, a card named "first").
 */
const JA_BUILTINS: Readonly<Record<string, string>> = {
  count: "{0}の数",
  sum: "{0}の合計",
  min: "{0}と{1}の小さい方",
  max: "{0}と{1}の大きい方",
  abs: "{0}の絶対値",
  first: "{0}の最初",
  last: "{0}の最後",
  random: "ランダムな{0}",
  pick: "{0}から1つ",
  name: "{0}の名前",
  has: "{0}が{1}を持つ",
  responds: "{0}が応答する",
  seen: "{0}が起きた",
  take: "{0}から{1}",
  at: "{0}の{1}番目",
  "remove-at": "{1}番目を除いた{0}",
  card: "{0}のカード",
  catalog: "カード一覧",
  players: "プレイヤー",
  other: "{0}以外",
  links: "{0}のリンク",
  holder: "{0}の持ち主",
  misplaced: "{0}の置き場所の誤り",
};

function word(name: string, ctx: Ctx): string | undefined {
  const p = ctx.rules.words.get(name);
  if (p) return say(p, ctx.lang);
  return ctx.lang === "ja" ? JA[name] : undefined;
}

/** A local with no value known here (a loop's card, the modified `subject`): in Japanese, "それ". */
function localName(name: string, ctx: Ctx): string {
  return word(name, ctx) ?? (ctx.lang === "ja" ? "それ" : name);
}

function constText(v: Const, e: IrExpr | null, ctx: Ctx): string {
  if (v === null) return word("none", ctx) ?? "none";
  if (typeof v === "string" && e !== null && required(e.ty).t === "cardid") return ctx.cardName(v) ?? v;
  return word(String(v), ctx) ?? String(v);
}

/** An expression in words (conditions, targets, cards). */
function describe(e: IrExpr, ctx: Ctx): string {
  const c = fold(e, ctx);
  if (c !== undefined) return constText(c, e, ctx);
  const w = word(codeOf(e), ctx);
  if (w !== undefined) return w;
  switch (e.k) {
    case "local": {
      const v = ctx.env.get(e.name);
      if (v?.k === "chosen") return word("chosen", ctx) ?? e.name;
      if (v?.k !== "expr" || ctx.expanding.has(e.name)) return localName(e.name, ctx);
      ctx.expanding.add(e.name);
      const out = describe(v.e, ctx);
      ctx.expanding.delete(e.name);
      return out;
    }
    case "list":
      return e.items.map((x) => describe(x, ctx)).join(", ");
    case "text":
      return e.parts.map((p) => (typeof p === "string" ? p : describe(p, ctx))).join("");
    case "opponent":
      return `${word("opponent", ctx) ?? "opponent"}(${describe(e.of, ctx)})`;
    // `words: { prop: "{name} of {obj}" }` says how a property of something reads (default: code).
    case "prop":
      return fill(word("prop", ctx) ?? "{obj}.{name}", {
        obj: describe(e.obj, ctx),
        name: word(e.name, ctx) ?? e.name,
      });
    case "zone":
      return fill(word("prop", ctx) ?? "{obj}.{name}", {
        obj: describe(e.owner, ctx),
        name: word(e.zone, ctx) ?? e.zone,
      });
    case "field":
      return fill(word("prop", ctx) ?? "{obj}.{name}", { obj: describe(e.ev, ctx), name: word(e.name, ctx) ?? e.name });
    case "fn": {
      const p = ctx.rules.calls.get(e.name);
      if (p) return fill(say(p, ctx.lang), Object.fromEntries(e.args.map(([k, v]) => [k, value(v, ctx)])));
      const w = ctx.rules.words.get(e.name);
      // `words: { can-act: "{0} can act" }`: a function of the rules by its arguments' positions.
      if (w) return fill(say(w, ctx.lang), Object.fromEntries(e.args.map(([, v], i) => [String(i), describe(v, ctx)])));
      return `${e.name}(${e.args.map(([, v]) => describe(v, ctx)).join(", ")})`;
    }
    case "builtin": {
      // `words: { count: "the number of {0}" }`: a built-in's arguments by position.
      const args = e.args.map((x) => describe(x, ctx));
      const t = word(e.fn, ctx) ?? (ctx.lang === "ja" ? JA_BUILTINS[e.fn] : undefined);
      if (!t) return `${e.fn}(${args.join(", ")})`;
      const out = fill(t, Object.fromEntries(args.map((a, i) => [String(i), a])));
      // A built-in called with fewer arguments (`links()`) drops the places it was not given.
      return ctx.lang === "ja" ? out.replace(/\{\d+\}の?/g, "") : out;
    }
    case "bin":
      if (e.op === "in" && ctx.lang === "ja" && !ctx.rules.words.has("in"))
        return `${describe(e.l, ctx)}が${describe(e.r, ctx)}に含まれる`;
      return `${describe(e.l, ctx)} ${word(e.op, ctx) ?? OPS[e.op] ?? e.op} ${describe(e.r, ctx)}`;
    case "not":
      // Japanese puts the negation after what it negates.
      if (ctx.lang === "ja" && !ctx.rules.words.has("not")) return `${describe(e.e, ctx)}${JA["not"]}`;
      return `${word("not", ctx) ?? "not"} ${describe(e.e, ctx)}`;
    case "neg":
      return `-${describe(e.e, ctx)}`;
    case "where":
      if (ctx.lang === "ja" && !ctx.rules.words.has("where"))
        return `${describe(e.list, ctx)}のうち${describe(e.cond, ctx)}もの`;
      return `${describe(e.list, ctx)} ${word("where", ctx) ?? "where"} ${describe(e.cond, ctx)}`;
    case "map":
      if (ctx.lang === "ja" && !ctx.rules.words.has("map"))
        return `${describe(e.list, ctx)}それぞれの${describe(e.body, ctx)}`;
      return fill(word("map", ctx) ?? "{body} of each of {list}", {
        body: describe(e.body, ctx),
        list: describe(e.list, ctx),
      });
    default:
      return codeOf(e);
  }
}

/** An argument: a number reads as its digits or `X`; anything else in words. */
function value(e: IrExpr, ctx: Ctx): string {
  const c = fold(e, ctx);
  if (c !== undefined) return constText(c, e, ctx);
  // A value that may be none reads as its type would (`pick(faces)` is an unknown face).
  const t = required(e.ty).t;
  if (t === "number" || t === "enum") return UNKNOWN;
  return describe(e, ctx);
}

/** Fills `{name}` (or `{0}`) placeholders; an unknown name stays as written. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z0-9_-]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

// ── statements ──────────────────────────────────────────────────────────────

/** The locals a statement list reads that have other values under conditions. */
function altLocals(
  args: readonly IrExpr[],
  ctx: Ctx,
): { name: string; v: Const; alts: readonly { v: Const; cond: string }[] }[] {
  const out: { name: string; v: Const; alts: readonly { v: Const; cond: string }[] }[] = [];
  for (const a of args) {
    walkExpr(a, (x) => {
      if (x.k !== "local") return;
      const v = ctx.env.get(x.name);
      if (v?.k === "alts" && !out.some((o) => o.name === x.name)) out.push({ name: x.name, v: v.v, alts: v.alts });
    });
  }
  return out;
}

/** Renders once with each local at its first value, then once per other value with its condition. */
function withAlts(args: readonly IrExpr[], ctx: Ctx, render: () => string | null): string[] {
  const alts = altLocals(args, ctx);
  const set = (name: string, v: Const) => ctx.env.set(name, { k: "const", v });
  const saved = alts.map((a) => [a.name, ctx.env.get(a.name)] as const);
  alts.forEach((a) => set(a.name, a.v));
  const base = render();
  const out = base ? [base] : [];
  for (const a of alts) {
    for (const alt of a.alts) {
      set(a.name, alt.v);
      const s = render();
      if (s) out.push(`${word("if", ctx) ?? "if"} ${alt.cond}: ${s}`);
      set(a.name, a.v);
    }
  }
  for (const [n, v] of saved) if (v) ctx.env.set(n, v);
  return out;
}

function call(proc: string, args: readonly (readonly [string, IrExpr])[], ctx: Ctx): string[] {
  return withAlts(
    args.map(([, v]) => v),
    ctx,
    () => {
      // A phrase for one argument's value (`strengthen.def=0`) wins over the procedure's phrase.
      let p: Phrase | undefined;
      for (const [k, v] of args) p ??= ctx.rules.calls.get(`${proc}.${k}=${value(v, ctx)}`);
      p ??= ctx.rules.calls.get(proc);
      if (!p) {
        const s = `${proc}(${args.map(([, v]) => value(v, ctx)).join(", ")})`;
        ctx.unphrased.push(s);
        return s;
      }
      const t = say(p, ctx.lang);
      return t === "" ? null : fill(t, Object.fromEntries(args.map(([k, v]) => [k, value(v, ctx)])));
    },
  );
}

/** A change (`event.amount += 1`, `self.usage -= 1`, a modifier's `value -= 1`): the `sets` phrase. */
function change(
  keys: readonly string[],
  target: IrExpr,
  op: string,
  v: IrExpr,
  ctx: Ctx,
  suffix = "",
  place?: IrExpr,
): string[] {
  // `a = a - k` and `a = max(0, a - k)` read as `a -= k` (`a = a + k` as `a += k`).
  if (op === "=" && place) {
    const same = (x: IrExpr) => codeOf(x) === codeOf(place);
    let inner = v;
    if (v.k === "builtin" && v.fn === "max" && v.args.length === 2 && fold(v.args[0] as IrExpr, ctx) === 0)
      inner = v.args[1] as IrExpr;
    if (
      inner.k === "bin" &&
      (inner.op === "-" || inner.op === "+") &&
      same(inner.l) &&
      (inner === v || inner.op === "-")
    ) {
      const k = keys.map((x) => x.replace(/ =$/, ` ${inner.op}=`));
      return change(k, target, `${inner.op}=`, inner.r, ctx, suffix);
    }
  }
  return withAlts([v], ctx, () => {
    for (const k of keys) {
      // A phrase for one value (`tapped = false`) wins over the change's phrase.
      const p = ctx.rules.sets.get(`${k} ${value(v, ctx)}`) ?? ctx.rules.sets.get(k);
      if (p) {
        const t = say(p, ctx.lang);
        return t === "" ? null : fill(t, { value: value(v, ctx), target: describe(target, ctx) }) + suffix;
      }
    }
    const s = `${describe(place ?? target, ctx)} ${op} ${value(v, ctx)}${suffix}`;
    ctx.unphrased.push(s);
    return s;
  });
}

/** How clauses of one sentence join (`words: { join: … }`, default "; "). */
function joiner(ctx: Ctx): string {
  return word("join", ctx) ?? "; ";
}

function isLocalOnly(body: readonly IrStmt[]): boolean {
  return body.length > 0 && body.every((s) => s.k === "setLocal" && s.op === "=");
}

function stmts(list: readonly IrStmt[], ctx: Ctx): string[] {
  const out: string[] = [];
  for (const s of list) for (const line of stmt(s, ctx)) out.push(line);
  return out;
}

function stmt(s: IrStmt, ctx: Ctx): string[] {
  switch (s.k) {
    case "setLocal": {
      const prev = ctx.env.get(s.name);
      if (s.op === "=") {
        const c = fold(s.value, ctx);
        ctx.env.set(s.name, c !== undefined ? { k: "const", v: c } : { k: "expr", e: s.value });
      } else {
        const c = prev?.k === "const" && typeof prev.v === "number" ? fold(s.value, ctx) : undefined;
        if (prev?.k === "const" && typeof prev.v === "number" && typeof c === "number")
          ctx.env.set(s.name, { k: "const", v: s.op === "+=" ? prev.v + c : prev.v - c });
        else ctx.env.set(s.name, { k: "unknown" });
      }
      return [];
    }
    case "setField": {
      const ev = s.ev.k === "event" && ctx.event ? ctx.event : codeOf(s.ev);
      return change([`${ev}.${s.name} ${s.op}`, `${s.name} ${s.op}`], s.ev, s.op, s.value, ctx, "", {
        k: "field",
        ev: s.ev,
        name: s.name,
        ty: s.value.ty,
      });
    }
    case "setProp":
      return change([`${s.name} ${s.op}`], s.obj, s.op, s.value, ctx, "", {
        k: "prop",
        obj: s.obj,
        name: s.name,
        ty: s.value.ty,
      });
    case "modify": {
      const until = word(`until ${s.until}`, ctx);
      return change([`${s.name} ${s.op}`], s.obj, s.op, s.value, ctx, until ? ` ${until}` : ` (${s.until})`, {
        k: "prop",
        obj: s.obj,
        name: s.name,
        ty: s.value.ty,
      });
    }
    case "if": {
      // `if c { n = 5 }` on a local that holds a constant: the local's other value (see withAlts).
      if (s.else.length === 0 && isLocalOnly(s.then)) {
        const cond = describe(s.cond, ctx);
        let all = true;
        for (const t of s.then) {
          if (t.k !== "setLocal") continue;
          const prev = ctx.env.get(t.name);
          const c = fold(t.value, ctx);
          if (!prev || prev.k === "expr" || c === undefined) {
            all = false;
            ctx.env.set(t.name, { k: "unknown" });
            continue;
          }
          if (prev.k === "unknown" || prev.k === "chosen") continue;
          ctx.env.set(t.name, {
            k: "alts",
            v: prev.v,
            alts: [...(prev.k === "alts" ? prev.alts : []), { v: c, cond }],
          });
        }
        if (all) return [];
      }
      // `if t != none { … }` after `let t = choose …`: the choice was made, read just the body.
      const c0 = s.cond;
      if (
        s.else.length === 0 &&
        c0.k === "bin" &&
        c0.op === "!=" &&
        c0.l.k === "local" &&
        ctx.env.get(c0.l.name)?.k === "chosen" &&
        c0.r.k === "lit" &&
        c0.r.v === null
      )
        return stmts(s.then, ctx);
      const cond = describe(s.cond, ctx);
      const env = new Map(ctx.env);
      const then = stmts(s.then, ctx);
      for (const [k, v] of env) ctx.env.set(k, v);
      const els = stmts(s.else, ctx);
      for (const [k, v] of env) ctx.env.set(k, v);
      forgetAssigned([...s.then, ...s.else], ctx);
      const out: string[] = [];
      if (then.length) out.push(`${word("if", ctx) ?? "if"} ${cond}: ${then.join(joiner(ctx))}`);
      if (els.length)
        out.push(
          `${then.length ? (word("otherwise", ctx) ?? "otherwise") : `${word("unless", ctx) ?? "unless"} ${cond}`}: ${els.join(joiner(ctx))}`,
        );
      return out;
    }
    case "for": {
      const list = describe(s.list, ctx);
      ctx.env.set(s.name, { k: "unknown" });
      forgetAssigned(s.body, ctx);
      const body = stmts(s.body, ctx);
      forgetAssigned(s.body, ctx);
      if (!body.length) return [];
      // Japanese: "<list>のそれぞれについて: …" (the loop's card reads "それ", see localName).
      if (ctx.lang === "ja" && !ctx.rules.words.has("for each"))
        return [`${list}のそれぞれについて: ${body.join(joiner(ctx))}`];
      return [
        `${word("for each", ctx) ?? "for each"} ${s.name} ${word("in", ctx) ?? "in"} ${list}: ${body.join(joiner(ctx))}`,
      ];
    }
    case "while": {
      forgetAssigned(s.body, ctx);
      const body = stmts(s.body, ctx);
      forgetAssigned(s.body, ctx);
      return body.length
        ? [`${word("while", ctx) ?? "while"} ${describe(s.cond, ctx)}: ${body.join(joiner(ctx))}`]
        : [];
    }
    // The language's own statements read with the templates `create`, `move`, `remove`, `win` of `words`.
    case "create":
      if (s.into) ctx.env.set(s.into, { k: "expr", e: s.card });
      return [
        fill(word("create", ctx) ?? "create {card} in {zone}", {
          card: describe(s.card, ctx),
          zone: zoneText(s.owner, s.zone, ctx),
        }),
      ];
    case "move":
      return [
        fill(word("move", ctx) ?? "move {card} to {zone}", {
          card: describe(s.what, ctx),
          zone: zoneText(s.owner, s.zone, ctx),
        }),
      ];
    case "remove":
      return [fill(word("remove", ctx) ?? "remove {card}", { card: describe(s.what, ctx) })];
    case "reveal":
      return [
        s.to === null
          ? fill(word("reveal", ctx) ?? "reveal {card}", { card: describe(s.what, ctx) })
          : fill(word("reveal-to", ctx) ?? "reveal {card} to {player}", {
              card: describe(s.what, ctx),
              player: describe(s.to, ctx),
            }),
      ];
    case "hide":
      return [fill(word("hide", ctx) ?? "hide {card}", { card: describe(s.what, ctx) })];
    case "win":
      return [fill(word("win", ctx) ?? "{player} wins", { player: describe(s.player, ctx) })];
    case "suspend": {
      const op = s.op;
      let out: string[] = [];
      if (op.op === "call") out = call(op.proc, op.args, ctx);
      else if (op.op === "choose") {
        // "choose <from>" ("<player>: choose …" when another player chooses); the result reads `chosen`.
        const who = op.player.k === "me" ? "" : `${describe(op.player, ctx)}: `;
        const upTo = op.mode === "upTo" ? `${word("up to", ctx) ?? "up to"} ` : "";
        out =
          ctx.lang === "ja" && !ctx.rules.words.has("choose")
            ? [`${who}${describe(op.from, ctx)}から${op.n ? `${upTo}${value(op.n, ctx)}つ` : ""}選ぶ`]
            : [
                `${who}${word("choose", ctx) ?? "choose"} ${op.n ? `${upTo}${value(op.n, ctx)} ` : ""}${describe(op.from, ctx)}`,
              ];
        if (s.into) ctx.env.set(s.into, { k: "chosen" });
        return out;
      } else if (op.op === "may") out = [];
      if (s.into) ctx.env.set(s.into, { k: "unknown" });
      return out;
    }
    default:
      return [];
  }
}

function zoneText(owner: IrExpr, zone: string, ctx: Ctx): string {
  return describe({ k: "zone", owner, zone, ty: { t: "unknown" } }, ctx);
}

/** Locals assigned inside a branch or loop have no single value after it. */
function forgetAssigned(body: readonly IrStmt[], ctx: Ctx): void {
  const visit = (s: IrStmt) => {
    if (s.k === "setLocal") ctx.env.set(s.name, { k: "unknown" });
    if (s.k === "if") [...s.then, ...s.else].forEach(visit);
    if (s.k === "for" || s.k === "while") s.body.forEach(visit);
  };
  body.forEach(visit);
}

// ── a card ──────────────────────────────────────────────────────────────────

/** A sentence: capitalised, ended with the language's full stop (`words: { stop: … }`). */
function sentence(s: string, stop: string): string {
  const t = s.trim();
  if (!t) return "";
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?:。]$/.test(first) ? first : `${first}${stop.trim()}`;
}

function fieldSet(v: unknown): boolean {
  return !(v === undefined || v === null || v === 0 || v === false || v === "" || (Array.isArray(v) && v.length === 0));
}

function fieldValues(def: CardDef, ctx: Ctx): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(def.fields)) {
    if (typeof v === "number") out[k] = String(v);
    else if (typeof v === "string") out[k] = ctx.cardName(v) ?? word(v, ctx) ?? v;
    else if (typeof v === "boolean") out[k] = String(v);
  }
  return out;
}

/** The card's behaviour as text, in `lang` (phrases without that language read in English). */
export function renderCard(
  card: RenderCard,
  rules: CardTextRules,
  lang: string,
  cardName: (id: string) => string | undefined,
): Rendered {
  const unphrased: string[] = [];
  const base = (event: string | null, computes: string | null): Ctx => ({
    lang,
    rules,
    cardName,
    env: new Map(),
    event,
    computes,
    unphrased,
    expanding: new Set(),
  });
  const out: string[] = [];
  const units = new Map(card.units.map((u) => [u.id, u]));
  const prefix = `card.${card.id}.`;
  const fields = fieldValues(card.def, base(null, null));

  const stop = word("stop", base(null, null)) ?? ". ";
  const head = rules.kinds.get(card.kind);
  let lead = head ? fill(say(head, lang), fields).trim() : "";

  // Effect fields (`effect`, a response…): the card's own code.
  for (const u of card.units) {
    const rest = u.id.slice(prefix.length);
    if (u.kind !== "step" || rest.startsWith("on.") || rest.startsWith("modifiers.") || rest.includes(".")) continue;
    // A response (`respond: { to, when, do }`) reads like a trigger of its event.
    const to = card.def.effects[rest]?.to ?? null;
    const ctx = base(to, null);
    const body = stmts(u.tree, ctx);
    if (!to) {
      // An effect field's phrase in `fields` is its label (`respond: "On a hit:"`).
      const label = rules.fields.get(rest);
      if (body.length) out.push(`${label ? `${fill(say(label, lang), fields)} ` : ""}${body.join(joiner(ctx))}`);
      continue;
    }
    const tp = rules.triggers.get(to);
    if (!tp) unphrased.push(`on ${to}`);
    let s = tp ? say(tp, lang) : `${word("on", ctx) ?? "on"} ${to}`;
    const when = unitExpression(units.get(`${prefix}${rest}.when`));
    if (when) s += `, ${word("if", ctx) ?? "if"} ${describe(when, ctx)}`;
    out.push(`${s}: ${body.join(joiner(ctx)) || "…"}`);
  }
  // Triggers: "<when>[, if <condition>]: <what>[ (<limit>)]".
  card.def.triggers.forEach((t, i) => {
    const ctx = base(t.event, null);
    const u = units.get(`${prefix}on.${i}`);
    const body = stmts(unitStatements(u), ctx);
    const when = unitExpression(units.get(`${prefix}on.${i}.when`));
    const key = t.stage ? `${t.event}.${t.stage}` : t.event;
    const tp = rules.triggers.get(key) ?? rules.triggers.get(t.event);
    if (!tp) unphrased.push(`on ${key}`);
    let s = tp ? say(tp, lang) : `${word("on", ctx) ?? "on"} ${key}`;
    if (when) s += `, ${word("if", ctx) ?? "if"} ${describe(when, ctx)}`;
    s += `: ${body.join(joiner(ctx)) || "…"}`;
    if (t.limit) {
      const lp = rules.limits.get(`${t.limit.per}.${t.limit.count}`) ?? rules.limits.get(t.limit.per);
      s += ` (${lp ? fill(say(lp, lang), { count: String(t.limit.count) }) : `${t.limit.count} / ${t.limit.per}`})`;
    }
    out.push(s);
  });
  // Modifiers: "[<condition>: ]<change>".
  card.def.computes.forEach((m, i) => {
    const ctx = base(null, m.prop);
    // The modified card or player is the parameter `subject`; `value` is its property.
    const subject: IrExpr = { k: "local", name: "subject", ty: { t: "unknown" } };
    const u = units.get(`${prefix}modifiers.${i}`);
    const body = unitStatements(u).flatMap((s) => {
      if (s.k === "setLocal" && s.name === "value") {
        // `value = value - 1` reads as `-= 1`; `value = 0` as `= 0`.
        const v = s.value;
        if (
          s.op === "=" &&
          v.k === "bin" &&
          (v.op === "+" || v.op === "-") &&
          v.l.k === "local" &&
          v.l.name === "value"
        )
          return change([`${m.prop} ${v.op}=`], subject, `${v.op}=`, v.r, ctx);
        return change([`${m.prop} ${s.op}`], subject, s.op, v, ctx);
      }
      return stmt(s, ctx);
    });
    const when = unitExpression(units.get(`${prefix}modifiers.${i}.when`));
    const cond = when ? `${word("if", ctx) ?? "if"} ${describe(when, ctx)}: ` : "";
    if (body.length) out.push(cond + body.join(joiner(ctx)));
  });
  // Keywords with a phrase.
  for (const k of card.def.keywords) {
    const p = rules.keywords.get(k);
    if (p) out.push(say(p, lang));
  }
  // Fields with a phrase (usage, duration…), when the card sets them.
  // A phrase for one value (`duration.1`) wins over the field's phrase.
  for (const [f, p] of rules.fields) {
    const v = card.def.fields[f];
    if (f.includes(".") || !fieldSet(v) || units.has(`${prefix}${f}`)) continue;
    out.push(fill(say(rules.fields.get(`${f}.${String(v)}`) ?? p, lang), fields));
  }
  if (lead && out.length) lead = /[:：]$/.test(lead) ? `${lead} ` : `${lead}${stop}`;
  const text = (
    lead +
    out
      .map((x) => sentence(x, stop))
      .filter(Boolean)
      .join(stop.endsWith(" ") ? " " : "")
  ).trim();
  return { text, unphrased, names: namedCards(card) };
}

/** Card ids named by the card's code and its card-id fields. */
function namedCards(card: RenderCard): string[] {
  const ids = new Set<string>();
  const visit = (e: IrExpr) => {
    if (e.k === "lit" && e.ty.t === "cardid" && typeof e.v === "string") ids.add(e.v);
  };
  for (const u of card.units) {
    const e = unitExpression(u);
    if (e) walkExpr(e, visit);
    for (const s of unitStatements(u)) walkStmt(s, visit);
  }
  for (const v of Object.values(card.def.fields)) {
    if (typeof v === "string") ids.add(v);
    if (Array.isArray(v)) for (const x of v) if (typeof x === "string") ids.add(x);
  }
  ids.delete(card.id);
  return [...ids];
}
