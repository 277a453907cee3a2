/**
 * The rules file's `invariants:`: conditions that hold after every action. Each has an id, an
 * optional rule id it enforces, a `check` (a bool expression, evaluated with `me` bound to each
 * player in turn) and a `message` (a text with {interpolation}, shown when the check fails).
 * They compile to pure functions of the game module (`rules.invariants`); the runtime evaluates
 * them only when asked (runtime/host/invariants.ts), from `cardwright fuzz` and scenario runs.
 */
import type { InvariantDef } from "../../../runtime/types.ts";
import type { UnitContext } from "../semantic/checker.ts";
import type { UnitBuilder } from "./unit-builder.ts";
import type { Diagnostic } from "../text/diagnostics.ts";
import type { CompiledUnit } from "../semantic/ir.ts";
import { walkExpr } from "../semantic/ir-walk.ts";
import type { SourceFile } from "../text/source.ts";
import { T } from "../semantic/types.ts";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

const CTX: UnitContext = { self: false, event: null, params: [], pure: true, trigger: false, returns: null };

/** Builtins that change the state (the RNG, the repetition table): an invariant must only look. */
const CHANGING = new Set(["random", "pick", "seen"]);

/** The invariants of the rules value, in order, each with its index in the YAML list. */
function entries(r: Obj): { readonly i: number; readonly id: string; readonly v: Obj }[] {
  const list = Array.isArray(r["invariants"]) ? (r["invariants"] as unknown[]) : [];
  return list.map((x, i) => ({ i, id: String(obj(x)["id"]), v: obj(x) }));
}

/** Checks each invariant's code into units `invariant.<id>` (the check) and `invariant.<id>.message`. */
export function buildInvariantUnits(src: SourceFile, r: Obj, b: UnitBuilder, diags: Diagnostic[]): void {
  const seen = new Map<string, number>();
  for (const { i, id, v } of entries(r)) {
    const first = seen.get(id);
    if (first !== undefined) {
      diags.push({
        file: src.file,
        range: src.rangeAt(["invariants", i, "id"]),
        severity: "error",
        code: "check/duplicate-invariant",
        message: `invariant '${id}' is declared twice (first as item ${first + 1})`,
        hint: "give each invariant its own id",
      });
      continue;
    }
    seen.set(id, i);
    b.expr(`invariant.${id}`, src, ["invariants", i, "check"], `invariant ${id}`, CTX, T.bool);
    if (typeof v["message"] === "string")
      b.label(`invariant.${id}.message`, src, ["invariants", i, "message"], `invariant ${id}: message`, CTX);
  }
}

/** An invariant that draws from the RNG or records a position would change the game it checks: an error at the call. */
export function invariantPurity(src: SourceFile, r: Obj, units: readonly CompiledUnit[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const byId = new Map(units.map((u) => [u.id, u]));
  for (const { i, id } of entries(r)) {
    for (const [suffix, key] of [
      ["", "check"],
      [".message", "message"],
    ] as const) {
      const u = byId.get(`invariant.${id}${suffix}`);
      if (u?.expr === undefined || u.file !== src.file) continue;
      const called = new Set<string>();
      walkExpr(u.expr, (e) => {
        if (e.k === "builtin" && CHANGING.has(e.fn)) called.add(e.fn);
      });
      const text = src.textAt(["invariants", i, key]);
      for (const fn of called) {
        const at = text ? new RegExp(`\\b${fn}\\s*\\(`).exec(text.text)?.index : undefined;
        const range = text && at !== undefined ? text.range(at, at + fn.length) : src.rangeAt(["invariants", i, key]);
        out.push({
          file: src.file,
          range,
          severity: "error",
          code: "check/invariant-changes",
          message: `invariant '${id}' calls '${fn}', which changes the game it checks`,
          hint: "an invariant only reads the state: drop the call",
        });
      }
    }
  }
  return out;
}

/** The module's table of invariants (only those whose check compiled). */
export function invariantsData(r: Obj, unitIds: ReadonlySet<string>): InvariantDef[] {
  const out: InvariantDef[] = [];
  for (const { id, v } of entries(r)) {
    if (!unitIds.has(`invariant.${id}`) || out.some((x) => x.id === id)) continue;
    out.push({
      id,
      rule: typeof v["rule"] === "string" ? v["rule"] : null,
      check: `invariant.${id}`,
      message: unitIds.has(`invariant.${id}.message`) ? `invariant.${id}.message` : null,
    });
  }
  return out;
}
