/** JSON Schema validation (ajv) with errors mapped to file positions and written for card authors. */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { Diagnostic, DiagnosticCode } from "../text/diagnostics.ts";
import type { SchemaPrefix } from "../text/diagnostic-codes.ts";
import type { SourceFile, YamlPath } from "../text/source.ts";
import { closest, didYouMean } from "../text/suggest.ts";

// `verbose`: errors carry their parent schema, whose keys feed the "did you mean" of unknown keys.
const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true });
const byObject = new WeakMap<object, ValidateFunction>();
const byText = new Map<string, ValidateFunction>();

/** Compiles a schema once: by identity, and by content (a rebuilt but equal schema reuses the validator). */
export function compileSchema(schema: object): ValidateFunction {
  let v = byObject.get(schema);
  if (v) return v;
  const text = JSON.stringify(schema);
  v = byText.get(text);
  if (!v) {
    v = ajv.compile(schema);
    byText.set(text, v);
  }
  byObject.set(schema, v);
  return v;
}

function pathOf(instancePath: string): YamlPath {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function describe(path: YamlPath): string {
  return path.length ? `'${path.join(".")}'` : "the file";
}

/** Validates `value` (the JS value of `src`) and returns one diagnostic per real problem. */
export function validateWithSchema(
  src: SourceFile,
  value: unknown,
  schema: object,
  codePrefix: SchemaPrefix = "schema",
): Diagnostic[] {
  const validate = compileSchema(schema);
  if (validate(value)) return [];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const errors = (validate.errors ?? []).filter(
    (e) => !(e.keyword === "oneOf" || e.keyword === "if" || e.keyword === "anyOf"),
  );
  // `powr: 2` gives an unknown key and a missing `power`: one typo, one diagnostic (the unknown key's, with its hint).
  const misspelt = new Set<string>();
  for (const e of errors) {
    if (e.keyword !== "additionalProperties") continue;
    const near = closest(String((e.params as Record<string, unknown>)["additionalProperty"]), allowedKeys(e));
    if (near !== undefined) misspelt.add(`${e.instancePath}/${near}`);
  }
  // Report the most specific errors: skip an error whose path is a prefix of another one's.
  for (const e of errors) {
    if (
      e.keyword === "required" &&
      misspelt.has(`${e.instancePath}/${String((e.params as Record<string, unknown>)["missingProperty"])}`)
    )
      continue;
    const d = toDiagnostic(src, e, codePrefix);
    const key = `${d.range.start.line}:${d.range.start.col}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

function toDiagnostic(src: SourceFile, e: ErrorObject, codePrefix: SchemaPrefix): Diagnostic {
  const path = pathOf(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "additionalProperties": {
      const key = String(p["additionalProperty"]);
      const allowed = allowedKeys(e);
      const hint =
        didYouMean(key, allowed) ?? (allowed.length ? `allowed keys here: ${allowed.join(", ")}` : undefined);
      return mk(
        src,
        [...path, key],
        "key",
        `${codePrefix}/unknown-key`,
        `unknown key '${key}' in ${describe(path)}`,
        hint,
      );
    }
    case "required":
      return mk(
        src,
        path,
        "value",
        `${codePrefix}/missing-key`,
        `missing required key '${String(p["missingProperty"])}' in ${describe(path)}`,
      );
    case "type":
      return mk(src, path, "value", `${codePrefix}/type`, `${describe(path)} must be ${article(String(p["type"]))}`);
    case "enum": {
      const values = (p["allowedValues"] as unknown[]).map(String);
      const actual = valueAt(src, path);
      const hint = typeof actual === "string" ? didYouMean(actual, values) : undefined;
      return mk(
        src,
        path,
        "value",
        `${codePrefix}/value`,
        `${describe(path)} must be one of: ${values.join(", ")}`,
        hint,
      );
    }
    case "const":
      return mk(
        src,
        path,
        "value",
        `${codePrefix}/value`,
        `${describe(path)} must be ${JSON.stringify(p["allowedValue"])}`,
      );
    case "pattern":
      return mk(
        src,
        path,
        "value",
        `${codePrefix}/name`,
        `${describe(path)} is not a valid name`,
        patternHint(String(p["pattern"])),
      );
    case "propertyNames":
      return mk(
        src,
        path,
        "value",
        `${codePrefix}/name`,
        `a key in ${describe(path)} is not a valid name`,
        "use letters, digits, '_' and inner hyphens, like 'fire-imp'",
      );
    case "minimum":
    case "maximum":
      return mk(
        src,
        path,
        "value",
        `${codePrefix}/range`,
        `${describe(path)} must be ${e.keyword === "minimum" ? "at least" : "at most"} ${String(p["limit"])}`,
      );
    case "minItems":
      return mk(
        src,
        path,
        "value",
        `${codePrefix}/range`,
        `${describe(path)} must have at least ${String(p["limit"])} item(s)`,
      );
    case "uniqueItems":
      return mk(src, path, "value", `${codePrefix}/duplicate`, `${describe(path)} lists the same item twice`);
    default:
      return mk(src, path, "value", `${codePrefix}/invalid`, `${describe(path)} ${e.message ?? "is invalid"}`);
  }
}

function allowedKeys(e: ErrorObject): string[] {
  return Object.keys(((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}) as object);
}

function article(t: string): string {
  const word =
    t === "integer"
      ? "a whole number"
      : t === "object"
        ? "a mapping"
        : t === "array"
          ? "a list"
          : t === "string"
            ? "a text"
            : t === "boolean"
              ? "true or false"
              : `a ${t}`;
  return word;
}

function valueAt(src: SourceFile, path: YamlPath): unknown {
  const n = src.node(path) as { toJSON?: () => unknown } | undefined;
  return n?.toJSON?.();
}

function mk(
  src: SourceFile,
  path: YamlPath,
  part: "key" | "value",
  code: DiagnosticCode,
  message: string,
  hint?: string,
): Diagnostic {
  const range = src.rangeAt(path, part);
  return hint === undefined
    ? { file: src.file, range, severity: "error", code, message }
    : { file: src.file, range, severity: "error", code, message, hint };
}

/** What a name pattern allows, in words: card ids are lowercase kebab-case (no '_'), other names are looser. */
function patternHint(pattern: string): string {
  if (!pattern.includes("_") && !pattern.includes("A-Z"))
    return "use lowercase letters, digits and inner hyphens (no '_'), like 'fire-imp'";
  return "use letters, digits, '_' and inner hyphens, like 'fire-imp'";
}
