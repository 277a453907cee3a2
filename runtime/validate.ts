/**
 * A validator for the subset of JSON Schema that schema.ts uses: type (one or a list), enum,
 * properties, required, additionalProperties, propertyNames.pattern, items, minItems, maxItems,
 * minLength, maxLength, minimum, maximum and local `$ref`s. It answers the first problem found,
 * with the path to it, or null. Own properties only: a key named `__proto__` or `toString` is a
 * key like any other, never a lookup into Object.prototype.
 */

type Schema = { readonly [k: string]: unknown };

export function schemaProblem(schema: Schema, value: unknown, what: string): string | null {
  return check(schema, schema, value, what, 0);
}

/** Deeper than this, a document is refused (the walk is recursive; no saved value nests this deep). */
const MAX_DEPTH = 100;

const key = (k: string): string => (/^[A-Za-z_$][\w$-]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`);

const has = (o: object, k: string): boolean => Object.hasOwn(o, k);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : Number.isFinite(v) ? "number" : "non-finite";
  return typeof v;
}

function typeMatches(wanted: string, actual: string): boolean {
  return wanted === actual || (wanted === "number" && actual === "integer");
}

const shown = (v: unknown): string => {
  const s =
    typeof v === "string"
      ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
      : typeof v === "number"
        ? String(v)
        : typeOf(v);
  return s;
};

function check(root: Schema, s: Schema, v: unknown, at: string, depth: number): string | null {
  if (depth > MAX_DEPTH) return `${at}: nested more than ${MAX_DEPTH} levels deep`;
  if (has(s, "$ref")) {
    const ref = String(s.$ref);
    const name = ref.replace(/^#\/definitions\//, "");
    const defs = root.definitions as Record<string, Schema>;
    return check(root, defs[name] as Schema, v, at, depth);
  }
  const t = typeOf(v);
  if (has(s, "type")) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((w) => typeMatches(w, t)))
      return `${at}: expected ${types.join(" or ")}, found ${t === "non-finite" ? "a number out of range" : shown(v)}`;
  }
  if (has(s, "enum") && !(s.enum as unknown[]).includes(v))
    return `${at}: ${shown(v)} is not one of ${(s.enum as unknown[]).map((x) => JSON.stringify(x)).join(", ")}`;
  if (typeof v === "string") {
    if (has(s, "maxLength") && v.length > (s.maxLength as number))
      return `${at}: a text of ${v.length} characters is longer than ${s.maxLength}`;
    if (has(s, "minLength") && v.length < (s.minLength as number)) return `${at}: must not be empty`;
  }
  if (typeof v === "number") {
    if (has(s, "minimum") && v < (s.minimum as number)) return `${at}: ${v} is below ${s.minimum}`;
    if (has(s, "maximum") && v > (s.maximum as number)) return `${at}: ${v} is above ${s.maximum}`;
  }
  if (Array.isArray(v)) {
    if (has(s, "maxItems") && v.length > (s.maxItems as number))
      return `${at}: ${v.length} items, more than ${s.maxItems}`;
    if (has(s, "minItems") && v.length < (s.minItems as number))
      return `${at}: ${v.length} items, fewer than ${s.minItems}`;
    if (has(s, "items")) {
      for (let i = 0; i < v.length; i++) {
        const p = check(root, s.items as Schema, v[i], `${at}[${i}]`, depth + 1);
        if (p !== null) return p;
      }
    }
  } else if (t === "object") {
    const o = v as Record<string, unknown>;
    const props = (has(s, "properties") ? s.properties : {}) as Record<string, Schema>;
    if (has(s, "required"))
      for (const k of s.required as string[]) if (!has(o, k) || o[k] === undefined) return `${at}: '${k}' is missing`;
    const pattern = has(s, "propertyNames") ? new RegExp((s.propertyNames as { pattern: string }).pattern, "u") : null;
    for (const k of Object.keys(o)) {
      // A key holding undefined is absent in the JSON the schema describes (JSON.stringify drops it).
      if (o[k] === undefined) continue;
      if (pattern !== null && !pattern.test(k)) return `${at}: the key ${shown(k)} is not allowed here`;
      const sub = has(props, k) ? props[k] : s.additionalProperties;
      if (sub === false) return `${at}: unknown key ${shown(k)}`;
      if (sub !== undefined && sub !== true) {
        const p = check(root, sub as Schema, o[k], `${at}${key(k)}`, depth + 1);
        if (p !== null) return p;
      }
    }
  }
  return null;
}
