/**
 * The game's vocabulary: one registry, built from the rules file (and the card ids), that feeds
 * the card schema, the checker, editor completion and the docs.
 */
import { rulesVersions, type VersionTable } from "../files/versions.ts";
import type { Diagnostic, DiagnosticCode } from "../text/diagnostics.ts";
import type { SourceFile, YamlPath } from "../text/source.ts";
import { KIND_ENUM, parseType, T, typeToString, type Type } from "./types.ts";
import { didYouMean } from "../text/suggest.ts";
import type { ZoneRole } from "../../../runtime/types.ts";

export interface FieldDecl {
  readonly name: string;
  /** `effect` and `response` are code fields; `localized` is { en, ja }. */
  readonly type: Type | "effect" | "response" | "localized";
  readonly optional: boolean;
  readonly default: unknown;
  /** The field may read as none: optional with no default (or `default: none`), and not a list. */
  readonly maybeNone: boolean;
}

export interface PropDecl {
  readonly name: string;
  readonly type: Type;
  readonly default: unknown;
  /**
   * Declared `default: none` (not a list): none is one of the property's ordinary values, so
   * code tests it before using it as a value. A property with no default is set before it is read.
   */
  readonly maybeNone: boolean;
  readonly computed: boolean;
  readonly show?: Show;
  readonly min?: number;
  readonly max?: number;
}

export interface KindDecl {
  readonly name: string;
  readonly activeIn: readonly string[];
  readonly fields: ReadonlyMap<string, FieldDecl>;
  /** The fields a board shows on its cards (card fields or card properties), in order. */
  readonly key: readonly string[];
  /**
   * Key fields written with a trailing `?` (`bonus?`): shown only while not 0. A cost in parts then
   * shows only the parts it asks for; a field without `?` (HP, a price) shows its 0.
   */
  readonly keyUnlessZero: ReadonlySet<string>;
}

/** How a board shows a property or zone (rules `show:`); `main` when not declared. */
export type Show = "main" | "detail" | "hidden";

export interface EventDecl {
  readonly name: string;
  readonly fields: ReadonlyMap<string, Type>;
  readonly stages: readonly string[];
  /** A field holding an earlier event: listeners that arrived after it do not hear this event. */
  readonly since: string | null;
}

export interface CallableDecl {
  readonly name: string;
  readonly params: readonly { readonly name: string; readonly type: Type }[];
  readonly returns: Type;
}

export interface ActionDecl {
  readonly name: string;
  readonly window: string;
}

/** A zone: who sees it, its limit, and whether each player has one or the game has one shared. */
export interface ZoneDecl {
  readonly visibility: "public" | "owner" | "hidden";
  readonly limit?: number;
  readonly of: "player" | "game";
  /** What the zone is for, to hosts that count cards (runtime ZoneDef.role). */
  readonly role?: ZoneRole;
  readonly show?: Show;
  /** A board shows its cards grouped by how they read, with counts. */
  readonly group?: boolean;
}

export interface Vocabulary {
  readonly game: string;
  readonly name: string;
  /** The most seats the game plays with (`players: n` or `players: { min, max }`). */
  readonly players: number;
  /** The fewest seats (equal to `players` unless the rules give a range). */
  readonly minPlayers: number;
  readonly match: { readonly games: number; readonly wins: number };
  readonly options: ReadonlyMap<string, PropDecl & { readonly values: readonly (string | number)[] }>;
  readonly enums: ReadonlyMap<string, readonly string[]>;
  /** Enum value (and card kind) → its enum. */
  readonly enumOfValue: ReadonlyMap<string, string>;
  readonly keywords: ReadonlySet<string>;
  readonly zones: ReadonlyMap<string, ZoneDecl>;
  readonly kinds: ReadonlyMap<string, KindDecl>;
  readonly cardFields: ReadonlyMap<string, FieldDecl>;
  readonly props: {
    readonly card: ReadonlyMap<string, PropDecl>;
    readonly player: ReadonlyMap<string, PropDecl>;
    readonly game: ReadonlyMap<string, PropDecl>;
  };
  readonly events: ReadonlyMap<string, EventDecl>;
  readonly functions: ReadonlyMap<string, CallableDecl>;
  readonly procedures: ReadonlyMap<string, CallableDecl>;
  readonly windows: ReadonlySet<string>;
  readonly actions: ReadonlyMap<string, ActionDecl>;
  /** Card ids of the game (filled once card files are loaded). */
  readonly cards: Set<string>;
  /** The game's versions (rules `versions:`), or null when it declares none. */
  readonly versions: VersionTable | null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const entries = (v: unknown) => Object.entries(obj(v));

/** Builds the vocabulary of a schema-valid rules file; semantic problems become diagnostics. */
export function buildVocabulary(src: SourceFile, raw: unknown, diags: Diagnostic[]): Vocabulary {
  const r = obj(raw);
  const err = (path: YamlPath, code: DiagnosticCode, message: string, hint?: string, part: "key" | "value" = "value") =>
    diags.push(
      hint === undefined
        ? { file: src.file, range: src.rangeAt(path, part), severity: "error", code, message }
        : { file: src.file, range: src.rangeAt(path, part), severity: "error", code, message, hint },
    );

  const enums = new Map<string, string[]>();
  const enumOfValue = new Map<string, string>();
  for (const [name, values] of entries(r["enums"])) {
    enums.set(name, values as string[]);
    (values as string[]).forEach((v, i) => {
      const other = enumOfValue.get(v);
      if (other) err(["enums", name, i], "check/duplicate-name", `'${v}' is already a value of enum '${other}'`);
      else enumOfValue.set(v, name);
    });
  }
  const kindNames = Object.keys(obj(r["kinds"]));
  enums.set(KIND_ENUM, kindNames);
  for (const k of kindNames) {
    if (enumOfValue.has(k))
      err(
        ["kinds", k],
        "check/duplicate-name",
        `card kind '${k}' has the same name as a value of enum '${enumOfValue.get(k)}'`,
        undefined,
        "key",
      );
    else enumOfValue.set(k, KIND_ENUM);
  }
  const enumSet = new Set(enums.keys());
  const eventSet = new Set(Object.keys(obj(r["events"])));
  const typeAt = (path: YamlPath, s: unknown): Type => {
    const ty = parseType(String(s), enumSet, eventSet);
    if (!ty) {
      const simple = ["number", "bool", "text", "player", "card", "entity", "cardid", ...enumSet];
      const known = [...simple, ...simple.map((t) => `list<${t}>`), ...[...eventSet].map((e) => `event<${e}>`)];
      err(
        path,
        "check/unknown-type",
        `unknown type '${String(s)}'`,
        didYouMean(String(s), known) ??
          "types: number, bool, text, player, card, entity, cardid, list<T>, event<name>, or an enum",
      );
      return T.unknown;
    }
    return ty;
  };

  const zones = new Map<string, ZoneDecl>();
  for (const [name, z] of entries(r["zones"])) {
    const o = obj(z) as {
      visibility: "public" | "owner" | "hidden";
      limit?: number;
      of?: "player" | "game";
      role?: ZoneRole;
      show?: Show;
      group?: boolean;
    };
    zones.set(name, {
      visibility: o.visibility,
      ...(o.limit !== undefined ? { limit: o.limit } : {}),
      of: o.of ?? "player",
      ...(o.role !== undefined ? { role: o.role } : {}),
      ...(o.show !== undefined ? { show: o.show } : {}),
      ...(o.group !== undefined ? { group: o.group } : {}),
    });
  }
  const checkZone = (path: YamlPath, z: string) => {
    if (!zones.has(z)) err(path, "check/unknown-zone", `unknown zone '${z}'`, didYouMean(z, zones.keys()));
  };

  /**
   * A declared default as the value it stands for. `none` (the YAML word, or null) is the none
   * value, except for text and for an enum with a value named `none`, where it is that word. A list
   * is never none: no default, or `none`, is the empty list. A default of the wrong type is an error.
   */
  const declaredDefault = (path: YamlPath, type: Type, raw: unknown): { value: unknown; none: boolean } => {
    const isNoneWord = raw === null || raw === "none";
    if (type.t === "list") {
      if (raw === undefined || isNoneWord) return { value: [], none: false };
      // A list of plain values (numbers, texts, enum values, card ids) may have items by default.
      const of = type.of;
      const fits = (x: unknown) =>
        of.t === "number"
          ? typeof x === "number"
          : of.t === "bool"
            ? typeof x === "boolean"
            : of.t === "text" || of.t === "cardid"
              ? typeof x === "string"
              : of.t === "enum"
                ? typeof x === "string" && (enums.get(of.name) ?? []).includes(x)
                : of.t === "unknown";
      if (Array.isArray(raw) && raw.every(fits)) return { value: raw, none: false };
      const what = ["number", "bool", "text", "cardid", "enum"].includes(of.t)
        ? `a list of ${typeToString(of)} values`
        : "the empty list: players, cards and events are made at run time";
      err(
        path,
        "check/bad-default",
        `the default of a ${typeToString(type)} must be ${what} (found ${JSON.stringify(raw)})`,
        of.t === "enum" ? `values: ${(enums.get(of.name) ?? []).join(", ")}` : undefined,
      );
      return { value: [], none: false };
    }
    if (Array.isArray(raw)) {
      err(
        path,
        "check/bad-default",
        `the default of a ${typeToString(type)} cannot be a list (found ${JSON.stringify(raw)})`,
      );
      return { value: null, none: true };
    }
    if (raw === undefined) return { value: undefined, none: false };
    const word = type.t === "text" || (type.t === "enum" && (enums.get(type.name) ?? []).includes("none"));
    if (isNoneWord && !word) return { value: null, none: true };
    const bad = (what: string, hint?: string) => {
      err(
        path,
        "check/bad-default",
        `the default of a ${typeToString(type)} must be ${what} (found ${JSON.stringify(raw)})`,
        hint,
      );
      return { value: null, none: true };
    };
    switch (type.t) {
      case "number":
        return typeof raw === "number" ? { value: raw, none: false } : bad("a number");
      case "bool":
        return typeof raw === "boolean" ? { value: raw, none: false } : bad("true or false");
      case "text":
        return { value: typeof raw === "string" ? raw : String(raw), none: false };
      case "enum": {
        const values = enums.get(type.name) ?? [];
        if (typeof raw === "string" && values.includes(raw)) return { value: raw, none: false };
        return bad(`one of its values or none (${values.join(", ")})`, didYouMean(String(raw), values));
      }
      case "cardid":
        // Card ids are known once the card files are read: any name may be one.
        return typeof raw === "string" ? { value: raw, none: false } : bad("a card id or none");
      case "unknown":
        return { value: raw, none: false };
      default:
        return bad("none (an entity is made at run time, not in the rules file)", "default: none");
    }
  };

  const fieldDecl = (path: YamlPath, name: string, d: Obj): FieldDecl => {
    const ts = String(d["type"]);
    const type = ts === "effect" || ts === "response" || ts === "localized" ? ts : typeAt([...path, "type"], ts);
    const optional = d["optional"] === true || d["default"] !== undefined;
    if (typeof type !== "object") return { name, type, optional, default: d["default"], maybeNone: false };
    const def = optional
      ? declaredDefault([...path, "default"], type, d["default"])
      : { value: undefined, none: false };
    // An optional field the card leaves out, with no default, reads as none (a list: empty).
    const maybeNone = optional && type.t !== "list" && (def.value === undefined || def.none);
    return { name, type, optional, default: def.none ? undefined : def.value, maybeNone };
  };

  const kinds = new Map<string, KindDecl>();
  for (const [name, k] of entries(r["kinds"])) {
    const ko = obj(k);
    const activeIn = (ko["active-in"] as string[] | undefined) ?? [];
    activeIn.forEach((z, i) => checkZone(["kinds", name, "active-in", i], z));
    const fields = new Map<string, FieldDecl>();
    for (const [f, d] of entries(ko["fields"])) fields.set(f, fieldDecl(["kinds", name, "fields", f], f, obj(d)));
    const written = Array.isArray(ko["key"]) ? ko["key"].map(String) : [];
    const key = written.map((f) => f.replace(/\?$/, ""));
    const keyUnlessZero = new Set(written.filter((f) => f.endsWith("?")).map((f) => f.slice(0, -1)));
    kinds.set(name, { name, activeIn, fields, key, keyUnlessZero });
  }
  const cardFields = new Map<string, FieldDecl>();
  for (const [f, d] of entries(r["card-fields"])) cardFields.set(f, fieldDecl(["card-fields", f], f, obj(d)));

  const propMap = (owner: "card" | "player" | "game") => {
    const m = new Map<string, PropDecl>();
    for (const [name, d] of entries(obj(r["properties"])[owner])) {
      const o = obj(d);
      const type = typeAt(["properties", owner, name, "type"], o["type"]);
      const def = declaredDefault(["properties", owner, name, "default"], type, o["default"]);
      const p: PropDecl = {
        name,
        type,
        default: def.value ?? null,
        maybeNone: def.none,
        computed: o["computed"] === true,
        ...(o["show"] === "detail" || o["show"] === "hidden" ? { show: o["show"] } : {}),
        ...(typeof o["min"] === "number" ? { min: o["min"] } : {}),
        ...(typeof o["max"] === "number" ? { max: o["max"] } : {}),
      };
      if (owner === "player" && zones.has(name))
        err(
          ["properties", owner, name],
          "check/duplicate-name",
          `player property '${name}' has the same name as a zone`,
          undefined,
          "key",
        );
      m.set(name, p);
    }
    return m;
  };
  const props = { card: propMap("card"), player: propMap("player"), game: propMap("game") };
  // A kind's key fields are what a board shows on its cards: each must be something a card has.
  for (const k of kinds.values())
    k.key.forEach((f, i) => {
      if (k.fields.has(f) || cardFields.has(f) || props.card.has(f)) return;
      const known = [...k.fields.keys(), ...cardFields.keys(), ...props.card.keys()];
      err(
        ["kinds", k.name, "key", i],
        "check/unknown-key-field",
        `kind '${k.name}' has no field or card property '${f}' to show`,
        didYouMean(f, known) ?? "key fields name the kind's fields, the card fields or the card properties",
      );
    });

  const options = new Map<string, PropDecl & { values: (string | number)[] }>();
  for (const [name, d] of entries(r["options"])) {
    const o = obj(d);
    const type = typeAt(["options", name, "type"], o["type"]);
    const def = declaredDefault(["options", name, "default"], type, o["default"]);
    options.set(name, {
      name,
      type,
      default: def.value ?? null,
      maybeNone: def.none,
      computed: false,
      values: (o["values"] as (string | number)[] | undefined) ?? [],
    });
    if (props.game.has(name))
      err(
        ["options", name],
        "check/duplicate-name",
        `option '${name}' has the same name as a game property`,
        undefined,
        "key",
      );
  }

  const events = new Map<string, EventDecl>();
  for (const [name, d] of entries(r["events"])) {
    const o = obj(d);
    const fields = new Map<string, Type>();
    for (const [f, ts] of entries(o["fields"])) fields.set(f, typeAt(["events", name, "fields", f], ts));
    const since = typeof o["since"] === "string" ? o["since"] : null;
    if (since !== null && fields.get(since)?.t !== "event") {
      err(
        ["events", name, "since"],
        "check/bad-since",
        `'since' must name a field of '${name}' whose type is an event`,
        fields.has(since) ? `'${since}' is not an event` : `'${name}' has no field '${since}'`,
      );
    }
    events.set(name, { name, fields, stages: (o["stages"] as string[] | undefined) ?? [], since });
  }

  const callable = (section: "functions" | "procedures") => {
    const m = new Map<string, CallableDecl>();
    for (const [name, d] of entries(r[section])) {
      const o = obj(d);
      const params = entries(o["params"]).map(([p, ts]) => ({
        name: p,
        type: typeAt([section, name, "params", p], ts),
      }));
      const returns = o["returns"] === undefined ? T.void : typeAt([section, name, "returns"], o["returns"]);
      m.set(name, { name, params, returns });
    }
    return m;
  };
  const functions = callable("functions");
  const procedures = callable("procedures");
  for (const name of functions.keys())
    if (procedures.has(name))
      err(
        ["procedures", name],
        "check/duplicate-name",
        `'${name}' is both a function and a procedure`,
        undefined,
        "key",
      );

  const windows = new Set((r["windows"] as string[] | undefined) ?? []);
  const actions = new Map<string, ActionDecl>();
  for (const [name, d] of entries(r["actions"])) {
    const w = String(obj(d)["window"]);
    if (!windows.has(w))
      err(
        ["actions", name, "window"],
        "check/unknown-window",
        `unknown action window '${w}'`,
        didYouMean(w, windows) ?? "declare it under 'windows:'",
      );
    actions.set(name, { name, window: w });
  }
  ((obj(r["trigger-order"])["zones"] as string[] | undefined) ?? []).forEach((z, i) =>
    checkZone(["trigger-order", "zones", i], z),
  );
  for (const kw of (r["keywords"] as string[] | undefined) ?? []) {
    if (enumOfValue.has(kw))
      err(["keywords"], "check/duplicate-name", `keyword '${kw}' has the same name as an enum value`);
  }

  const nameField = r["name"];
  const match = obj(r["match"]);
  return {
    game: String(r["game"]),
    name: typeof nameField === "string" ? nameField : String(obj(nameField)["en"] ?? r["game"]),
    ...seatRange(r["players"]),
    match: { games: Number(match["games"] ?? 1), wins: Number(match["wins"] ?? 1) },
    options,
    enums,
    enumOfValue,
    keywords: new Set((r["keywords"] as string[] | undefined) ?? []),
    zones,
    kinds,
    cardFields,
    props,
    events,
    functions,
    procedures,
    windows,
    actions,
    cards: new Set(),
    versions: rulesVersions(src, r, diags),
  };
}

/** Fields every card file may have, whatever the game. */
export const GENERIC_CARD_KEYS = [
  "id",
  "kind",
  "name",
  "text",
  "keywords",
  "on",
  "modifiers",
  "officialId",
  "sameNameAs",
  "versions",
] as const;

/** `players: n` or `players: { min, max }` (a range where min > max is read as its bounds swapped). */
function seatRange(v: unknown): { players: number; minPlayers: number } {
  if (typeof v === "object" && v !== null) {
    const o = v as { min?: unknown; max?: unknown };
    const a = Number(o.min ?? 2);
    const b = Number(o.max ?? a);
    return { players: Math.max(a, b), minPlayers: Math.min(a, b) };
  }
  const n = Number(v ?? 2);
  return { players: n, minPlayers: n };
}
