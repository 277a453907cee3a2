/**
 * Zone matchers of `expect:` — what a zone must hold, checked against the cards in it:
 *
 *   me.hand: [a, b]                                  exactly these, top first
 *   me.hand: { ordered: [a, b] }                     the same, spelled out
 *   me.hand: { unordered: [b, a] }                   exactly these, in any order
 *   me.hand: { count: 2 }                            this many cards
 *   me.hand: { contains: [a] }                       at least these (each as often as listed)
 *   me.hand: { excludes: [c] }                       none of these
 *   me.field: [{ card: goblin, tapped: true }]       an item may be a card with properties (as in `given`)
 *
 * Each failure is a message and the expected/got texts (the trace's state diff); `at` is the
 * place inside the matcher it concerns (for the diagnostic's position).
 */
import type { EntityId, Value } from "../../../runtime/index.ts";

/** What the matchers need to know of the cards of a zone. */
export interface ZoneView {
  /** The card id of an entity. */
  card(id: EntityId): string | null;
  /** A property of an entity (may throw when the card has no such property). */
  read(id: EntityId, prop: string): Value;
  /** How a scenario writes an entity value (`me`, `opponent`, a card id, `none`). */
  refOf(v: number | null): string;
}

export interface Mismatch {
  readonly message: string;
  readonly expected: string;
  readonly got: string;
  /** Path inside the expectation's value (e.g. ["contains", 1]); empty: the whole value. */
  readonly at: readonly (string | number)[];
}

/** The keys of a zone matcher object. */
export const ZONE_MATCHERS = ["count", "contains", "excludes", "ordered", "unordered"] as const;

type Item = string | { readonly card: string; readonly [prop: string]: unknown };
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** `goblin`, or `goblin(tapped: true)` for a card with properties. */
export function showItem(item: unknown): string {
  if (typeof item === "string") return item;
  if (!isObj(item)) return JSON.stringify(item);
  const props = Object.entries(item).filter(([k]) => k !== "card");
  return props.length === 0
    ? String(item["card"])
    : `${String(item["card"])}(${props.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ")})`;
}

/** Whether a property value read from the game is the value a scenario wrote. */
export function sameValue(want: unknown, got: Value, view: Pick<ZoneView, "refOf">): boolean {
  // A card-valued property (`holder`, `active`…) compares by card id (or me/opponent/none).
  if (typeof want === "string" && (typeof got === "number" || got === null)) return view.refOf(got) === want;
  if (
    Array.isArray(want) &&
    Array.isArray(got) &&
    want.every((w) => typeof w === "string") &&
    got.every((g) => typeof g === "number")
  ) {
    return JSON.stringify(got.map((g) => view.refOf(g as number))) === JSON.stringify(want);
  }
  return JSON.stringify(got) === JSON.stringify(want);
}

function itemMatches(item: Item, id: EntityId, view: ZoneView): boolean {
  if (typeof item === "string") return view.card(id) === item;
  if (view.card(id) !== item.card) return false;
  for (const [k, v] of Object.entries(item)) {
    if (k === "card") continue;
    let got: Value;
    try {
      got = view.read(id, k);
    } catch {
      return false;
    }
    if (!sameValue(v, got, view)) return false;
  }
  return true;
}

/** The zone's cards as a text: ids, with the properties the expected items name for that card. */
function showZone(ids: readonly EntityId[], items: readonly Item[], view: ZoneView): string {
  const propsOf = new Map<string, Set<string>>();
  for (const it of items) {
    if (typeof it === "string") continue;
    const set = propsOf.get(it.card) ?? new Set<string>();
    for (const k of Object.keys(it)) if (k !== "card") set.add(k);
    propsOf.set(it.card, set);
  }
  const parts = ids.map((id) => {
    const card = view.card(id) ?? String(id);
    const props = [...(propsOf.get(card) ?? [])];
    if (props.length === 0) return card;
    return `${card}(${props
      .map((k) => {
        let v: string;
        try {
          const got = view.read(id, k);
          v =
            typeof got === "number" && items.some((it) => typeof it !== "string" && typeof it[k] === "string")
              ? view.refOf(got)
              : JSON.stringify(got);
        } catch {
          v = "(no such property)";
        }
        return `${k}: ${v}`;
      })
      .join(", ")})`;
  });
  return `[${parts.join(", ")}]`;
}

const showList = (items: readonly unknown[]) => `[${items.map(showItem).join(", ")}]`;

/** Each expected item matched to a distinct card (items with more properties first), or the items left unmatched. */
function unmatched(items: readonly Item[], ids: readonly EntityId[], view: ZoneView): number[] {
  const order = items.map((it, i) => ({ it, i })).sort((a, b) => weight(b.it) - weight(a.it));
  const used = new Set<number>();
  const missing: number[] = [];
  for (const { it, i } of order) {
    const k = ids.findIndex((id, j) => !used.has(j) && itemMatches(it, id, view));
    if (k < 0) missing.push(i);
    else used.add(k);
  }
  return missing.sort((a, b) => a - b);
}
const weight = (it: Item) => (typeof it === "string" ? 0 : Object.keys(it).length);

/** Checks a zone (its cards, top first) against what `expect:` says it holds. */
export function matchZone(path: string, want: unknown, ids: readonly EntityId[], view: ZoneView): Mismatch[] {
  if (Array.isArray(want)) return ordered(path, want as Item[], ids, view, []);
  if (!isObj(want))
    return [
      {
        message: `${path}: a zone is checked with a list or a matcher (count, contains, excludes, ordered, unordered), not ${JSON.stringify(want)}`,
        expected: JSON.stringify(want),
        got: showZone(ids, [], view),
        at: [],
      },
    ];
  const out: Mismatch[] = [];
  for (const [key, v] of Object.entries(want)) {
    const list = (Array.isArray(v) ? v : [v]) as Item[];
    switch (key) {
      case "count":
        if (ids.length !== v)
          out.push({
            message: `${path}: expected ${String(v)} card${v === 1 ? "" : "s"}, got ${ids.length}: ${showZone(ids, [], view)}`,
            expected: `${String(v)} cards`,
            got: `${ids.length} cards ${showZone(ids, [], view)}`,
            at: [key],
          });
        break;
      case "ordered":
        for (const m of ordered(path, list, ids, view, [key])) out.push(m);
        break;
      case "unordered":
        if (list.length !== ids.length || unmatched(list, ids, view).length > 0) {
          out.push({
            message: `${path}: expected ${showList(list)} in any order, got ${showZone(ids, list, view)}`,
            expected: `${showList(list)} in any order`,
            got: showZone(ids, list, view),
            at: [key],
          });
        }
        break;
      case "contains":
        for (const i of unmatched(list, ids, view)) {
          out.push({
            message: `${path}: expected to contain ${showItem(list[i])}, got ${showZone(ids, list, view)}`,
            expected: `contains ${showItem(list[i])}`,
            got: showZone(ids, list, view),
            at: Array.isArray(v) ? [key, i] : [key],
          });
        }
        break;
      case "excludes":
        list.forEach((it, i) => {
          if (ids.some((id) => itemMatches(it, id, view)))
            out.push({
              message: `${path}: expected not to contain ${showItem(it)}, got ${showZone(ids, list, view)}`,
              expected: `excludes ${showItem(it)}`,
              got: showZone(ids, list, view),
              at: Array.isArray(v) ? [key, i] : [key],
            });
        });
        break;
      default:
        out.push({
          message: `${path}: unknown zone matcher '${key}' (count, contains, excludes, ordered, unordered)`,
          expected: key,
          got: "",
          at: [key],
        });
    }
  }
  return out;
}

function ordered(
  path: string,
  items: readonly Item[],
  ids: readonly EntityId[],
  view: ZoneView,
  at: readonly (string | number)[],
): Mismatch[] {
  if (items.length === ids.length && items.every((it, i) => itemMatches(it, ids[i] as EntityId, view))) return [];
  // Plain card ids keep the format of the first scenario version (JSON lists).
  if (items.every((it) => typeof it === "string")) {
    const got = JSON.stringify(ids.map((id) => view.card(id)));
    return [
      { message: `${path}: expected ${JSON.stringify(items)}, got ${got}`, expected: JSON.stringify(items), got, at },
    ];
  }
  return [
    {
      message: `${path}: expected ${showList(items)}, got ${showZone(ids, items, view)}`,
      expected: showList(items),
      got: showZone(ids, items, view),
      at,
    },
  ];
}
