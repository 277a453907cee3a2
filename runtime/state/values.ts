/** Helpers over runtime values (plain JSON: numbers, texts, booleans, none, lists). */
import type { Action, Value } from "../types.ts";

/**
 * An empty plain object that V8 keeps as a hash table ("dictionary mode") from the start, for a
 * table of a state that gains new keys all the time (`State.seen`: one per position seen). An
 * object made with `{}` gets a new hidden class for each key added, built and linked into a tree
 * that every such table of every game shares, which costs several times the store itself.
 * Deleting a key other than the last one added is what makes V8 switch; otherwise the object is
 * an ordinary empty object (its prototype, its JSON, its keys in insertion order).
 */
export function hashTable<T>(): Record<string, T> {
  const o: Record<string, T | undefined> = { a: undefined, b: undefined };
  delete o.a;
  delete o.b;
  return o as Record<string, T>;
}

/** Structural equality of two values. */
export function valueEquals(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valueEquals(a[i] as Value, b[i] as Value)) return false;
    return true;
  }
  return false;
}

/** Structural equality of two argument records. */
export function argsEqual(a: Readonly<Record<string, Value>>, b: Readonly<Record<string, Value>> | undefined): boolean {
  if (b === null || typeof b !== "object") return false;
  let n = 0;
  for (const k in a) {
    n++;
    if (!Object.hasOwn(b, k) || !valueEquals(a[k] as Value, b[k])) return false;
  }
  for (const _ in b) n--;
  return n === 0;
}

/** A value as the language would write it (entity ids stay numbers). */
export function formatValue(v: Value | undefined): string {
  if (v === null || v === undefined) return "none";
  if (Array.isArray(v)) return `[${v.map((x) => formatValue(x as Value)).join(", ")}]`;
  if (typeof v === "string") return v;
  return String(v);
}

/** An action in the compact form used by rejection messages: `play card=12`, `pick 3`, `done`. */
export function formatAction(a: Action): string {
  switch (a.type) {
    case "act": {
      const parts = [a.action];
      for (const k in a.args) parts.push(`${k}=${formatValue(a.args[k] as Value)}`);
      return parts.join(" ");
    }
    case "pick":
      return `pick ${formatValue(a.value)}`;
    default:
      return a.type;
  }
}

/** Structural equality of two actions. */
export function actionEquals(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case "act":
      return b.type === "act" && a.action === b.action && argsEqual(a.args, b.args);
    case "pick":
      return b.type === "pick" && valueEquals(a.value, b.value);
    default:
      return true;
  }
}

/** Truthiness in the language: none, false, 0, "" and [] are false. */
export function truthy(v: Value | undefined): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return !!v;
}
