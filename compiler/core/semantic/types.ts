/** Static types of the effect language. */

export type Type =
  | { readonly t: "number" }
  | { readonly t: "bool" }
  | { readonly t: "text" }
  | { readonly t: "none" }
  | { readonly t: "player" }
  | { readonly t: "card" }
  | { readonly t: "entity" }
  | { readonly t: "cardid" }
  | { readonly t: "game" }
  | { readonly t: "match" }
  | { readonly t: "enum"; readonly name: string }
  | { readonly t: "list"; readonly of: Type }
  /** `name` null: an event whose kind is known only at run time (e.g. a response window's). */
  | { readonly t: "event"; readonly name: string | null }
  /**
   * A value that may be none (`first` of a list that may be empty, `choose one`, an optional
   * field, a property declared `default: none`): it is compared and stored freely, but used as a
   * value only once tested (`if x != none`), so checked code never reads a member of none.
   */
  | { readonly t: "opt"; readonly of: Type }
  | { readonly t: "void" }
  /** After an error: accepted everywhere so one mistake gives one diagnostic. */
  | { readonly t: "unknown" };

export const T = {
  number: { t: "number" },
  bool: { t: "bool" },
  text: { t: "text" },
  none: { t: "none" },
  player: { t: "player" },
  card: { t: "card" },
  entity: { t: "entity" },
  cardid: { t: "cardid" },
  game: { t: "game" },
  match: { t: "match" },
  void: { t: "void" },
  unknown: { t: "unknown" },
  list: (of: Type): Type => ({ t: "list", of }),
  enumOf: (name: string): Type => ({ t: "enum", name }),
  event: (name: string | null): Type => ({ t: "event", name }),
  /** `of`, or none (none and unknown stay as they are; an optional type is not wrapped twice). */
  opt: (of: Type): Type =>
    of.t === "opt" || of.t === "none" || of.t === "unknown" || of.t === "void" ? of : { t: "opt", of },
} as const satisfies Record<string, Type | ((...a: never[]) => Type)>;

/** The name of the pseudo-enum whose values are the card kinds. */
export const KIND_ENUM = "kind";

export function typeToString(ty: Type): string {
  switch (ty.t) {
    case "enum":
      return ty.name;
    case "list":
      return `list<${typeToString(ty.of)}>`;
    case "event":
      return ty.name ? `event<${ty.name}>` : "event";
    case "opt":
      return `${typeToString(ty.of)}?`;
    default:
      return ty.t;
  }
}

const isEntityLike = (ty: Type) => ty.t === "player" || ty.t === "card" || ty.t === "entity" || ty.t === "game";

/** Can a value of `from` be used where `to` is expected? */
export function assignable(from: Type, to: Type): boolean {
  if (from.t === "unknown" || to.t === "unknown") return true;
  if (to.t === "opt") return from.t === "none" || assignable(from.t === "opt" ? from.of : from, to.of);
  // A value that may be none is not a value until tested (see `opt`).
  if (from.t === "opt") return false;
  // A list is never none: an absent list is the empty list.
  if (from.t === "none") return to.t !== "number" && to.t !== "bool" && to.t !== "void" && to.t !== "list";
  if (to.t === "entity") return isEntityLike(from);
  if (from.t === "list" && to.t === "list") return from.of.t === "none" || assignable(from.of, to.of);
  if (from.t === "enum" && to.t === "enum") return from.name === to.name;
  if (from.t === "event" && to.t === "event") return to.name === null || from.name === null || from.name === to.name;
  return from.t === to.t;
}

/** The smallest type both fit in, or undefined. */
export function join(a: Type, b: Type): Type | undefined {
  // Either side may be none: so may the result.
  if (a.t === "opt" || b.t === "opt") {
    const j = join(a.t === "opt" ? a.of : a, b.t === "opt" ? b.of : b);
    return j && T.opt(j);
  }
  if (a.t === "none" && b.t !== "none" && b.t !== "unknown" && b.t !== "list")
    return assignable(a, b) ? T.opt(b) : undefined;
  if (b.t === "none" && a.t !== "none" && a.t !== "unknown" && a.t !== "list")
    return assignable(b, a) ? T.opt(a) : undefined;
  if (assignable(a, b)) return a.t === "none" ? b : b;
  if (assignable(b, a)) return a;
  if (isEntityLike(a) && isEntityLike(b)) return T.entity;
  if (a.t === "list" && b.t === "list") {
    const of = join(a.of, b.of);
    return of ? T.list(of) : undefined;
  }
  return undefined;
}

/** Can two values be compared with == / !=? */
export function comparable(a: Type, b: Type): boolean {
  // Anything but a number or condition compares with none; a list is compared with [] instead.
  if (a.t === "none" || b.t === "none") {
    const other = a.t === "none" ? b : a;
    return other.t !== "number" && other.t !== "bool" && other.t !== "void" && other.t !== "list";
  }
  return join(a, b) !== undefined;
}

/** The type without its "or none". */
export function required(ty: Type): Type {
  return ty.t === "opt" ? ty.of : ty;
}

/** Parses `number`, `list<card>`, `event<damage>`, an enum name…; undefined if unknown. */
export function parseType(src: string, enums: ReadonlySet<string>, events: ReadonlySet<string>): Type | undefined {
  const s = src.trim();
  // `card?`: a card, or none (a list is never none: `list<card>?` is refused).
  if (s.endsWith("?")) {
    const inner = parseType(s.slice(0, -1), enums, events);
    return inner && inner.t !== "list" && inner.t !== "opt" ? T.opt(inner) : undefined;
  }
  const m = /^(list|event)<(.+)>$/.exec(s);
  if (m) {
    if (m[1] === "list") {
      const inner = parseType(m[2] ?? "", enums, events);
      return inner ? T.list(inner) : undefined;
    }
    return events.has(m[2] ?? "") ? T.event(m[2] ?? null) : undefined;
  }
  switch (s) {
    case "number":
    case "bool":
    case "text":
    case "player":
    case "card":
    case "entity":
    case "cardid":
      return { t: s };
    case "event":
      return T.event(null);
  }
  return enums.has(s) ? T.enumOf(s) : undefined;
}
