/**
 * The IR: checked, resolved, typed code. The checker produces structured IR (IrStmt trees);
 * `lower` splits it at every suspension point into numbered steps, so a paused effect is data.
 */
import type { Type } from "./types.ts";

export type Builtin =
  | "count"
  | "sum"
  | "min"
  | "max"
  | "abs"
  | "first"
  | "last"
  | "random"
  | "pick"
  | "name"
  | "has"
  | "responds"
  | "seen"
  | "take"
  | "at"
  | "remove-at"
  | "map"
  | "card"
  | "catalog"
  | "players"
  | "other"
  | "next"
  | "previous"
  | "opponents"
  | "links"
  | "holder"
  | "misplaced";

export type IrExpr = { readonly ty: Type } & (
  | { readonly k: "lit"; readonly v: number | string | boolean | null }
  | { readonly k: "list"; readonly items: readonly IrExpr[] }
  | { readonly k: "text"; readonly parts: readonly (string | IrExpr)[] }
  | { readonly k: "local"; readonly name: string }
  | { readonly k: "it"; readonly depth: number }
  | { readonly k: "me" }
  | { readonly k: "self" }
  | { readonly k: "event" }
  | { readonly k: "game" }
  | { readonly k: "opponent"; readonly of: IrExpr }
  /** `fixed`: a card field no property overrides — read straight from the card definition. */
  | { readonly k: "prop"; readonly obj: IrExpr; readonly name: string; readonly fixed?: boolean }
  | { readonly k: "zone"; readonly owner: IrExpr; readonly zone: string }
  | { readonly k: "field"; readonly ev: IrExpr; readonly name: string }
  | { readonly k: "match"; readonly name: "number" | "lastWinner" | "lastLoser" }
  | { readonly k: "builtin"; readonly fn: Builtin; readonly args: readonly IrExpr[] }
  | { readonly k: "fn"; readonly name: string; readonly args: readonly (readonly [string, IrExpr])[] }
  | { readonly k: "bin"; readonly op: string; readonly l: IrExpr; readonly r: IrExpr }
  | { readonly k: "not"; readonly e: IrExpr }
  | { readonly k: "neg"; readonly e: IrExpr }
  | { readonly k: "where"; readonly list: IrExpr; readonly cond: IrExpr; readonly depth: number }
  /** `map(list, body)`: body for each item, the item bound to `it` (at `depth`, as `where` binds it). */
  | { readonly k: "map"; readonly list: IrExpr; readonly body: IrExpr; readonly depth: number }
  /** Only after lowering: item `index` of a list (the state of a loop split into steps). */
  | { readonly k: "index"; readonly list: IrExpr; readonly index: IrExpr }
);

export type SuspendOp =
  | {
      readonly op: "choose";
      readonly player: IrExpr;
      readonly from: IrExpr;
      readonly mode: "one" | "exactly" | "upTo";
      readonly n: IrExpr | null;
      readonly prompt: IrExpr | null;
    }
  | { readonly op: "may"; readonly player: IrExpr; readonly prompt: IrExpr }
  | { readonly op: "act"; readonly window: string; readonly player: IrExpr; readonly ev: IrExpr | null }
  | { readonly op: "emit"; readonly event: string; readonly fields: readonly (readonly [string, IrExpr])[] }
  | { readonly op: "call"; readonly proc: string; readonly args: readonly (readonly [string, IrExpr])[] }
  | { readonly op: "run"; readonly card: IrExpr; readonly effect: string; readonly ev: IrExpr | null }
  /** A chain operation (compiler/core/semantic/chain-ops.ts, runtime/flow/chain.ts). */
  | { readonly op: "chain"; readonly fn: string; readonly args: readonly IrExpr[] };

export type AssignOp = "=" | "+=" | "-=";

/**
 * Where a statement is: its YAML file (as the CLI names it) and the 1-based line and column of
 * its first character in that file — inside a block scalar, the real position, not the scalar's.
 * Generated code, its source map and runtime faults point here.
 */
export interface SourceAt {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** A statement as the checker builds it (`line`: the 1-based YAML line), before `at` is filled in. */
export type IrStmtDraft = { readonly line: number } & IrStmtBody;

/** Statements, placed: `at` is where the statement is written. */
export type IrStmt = { readonly line: number; readonly at: SourceAt } & IrStmtBody;

type IrStmtBody =
  | { readonly k: "setLocal"; readonly name: string; readonly op: AssignOp; readonly value: IrExpr }
  | {
      readonly k: "setProp";
      readonly obj: IrExpr;
      readonly name: string;
      readonly op: AssignOp;
      readonly value: IrExpr;
    }
  | {
      readonly k: "setField";
      readonly ev: IrExpr;
      readonly name: string;
      readonly op: AssignOp;
      readonly value: IrExpr;
    }
  | {
      readonly k: "move";
      readonly what: IrExpr;
      readonly owner: IrExpr;
      readonly zone: string;
      readonly position: "top" | "bottom";
    }
  | { readonly k: "shuffle"; readonly owner: IrExpr; readonly zone: string }
  /** `into`: the local that receives the new card (`let x = create …`), or null. */
  | {
      readonly k: "create";
      readonly card: IrExpr;
      readonly owner: IrExpr;
      readonly zone: string;
      readonly into: string | null;
    }
  | {
      readonly k: "modify";
      readonly obj: IrExpr;
      readonly name: string;
      readonly op: AssignOp;
      readonly value: IrExpr;
      readonly until: string;
    }
  | { readonly k: "remove"; readonly what: IrExpr }
  /** `reveal x [to p]` (`to` null: everyone) and `hide x`. */
  | { readonly k: "reveal"; readonly what: IrExpr; readonly to: IrExpr | null }
  | { readonly k: "hide"; readonly what: IrExpr }
  | { readonly k: "log"; readonly text: IrExpr }
  | { readonly k: "use" }
  | { readonly k: "if"; readonly cond: IrExpr; readonly then: readonly IrStmt[]; readonly else: readonly IrStmt[] }
  | {
      readonly k: "for";
      readonly name: string;
      readonly list: IrExpr;
      readonly body: readonly IrStmt[];
      readonly id: number;
    }
  | { readonly k: "while"; readonly cond: IrExpr; readonly body: readonly IrStmt[]; readonly id: number }
  | { readonly k: "break" }
  | { readonly k: "return"; readonly value: IrExpr | null }
  | { readonly k: "win"; readonly player: IrExpr }
  | { readonly k: "draw" }
  /** A suspension: the runtime takes over and resumes the effect at the next step; the result goes to local `into`. */
  | { readonly k: "suspend"; readonly op: SuspendOp; readonly into: string | null }
  /** Only after lowering: continue at step `to` (a break out of a split loop). */
  | { readonly k: "jump"; readonly to: number };

export type Terminator =
  | { readonly k: "goto"; readonly to: number }
  /** `at`: the statement (`if`, `for`, `while`) whose condition this is; `loop`: a loop's test (then = the body). */
  | {
      readonly k: "branch";
      readonly cond: IrExpr;
      readonly then: number;
      readonly else: number;
      readonly at: SourceAt;
      readonly loop?: true;
    }
  | {
      readonly k: "suspend";
      readonly op: SuspendOp;
      readonly into: string | null;
      readonly next: number;
      readonly line: number;
      readonly at: SourceAt;
    }
  | { readonly k: "end" };

export interface StepBlock {
  readonly id: number;
  readonly stmts: IrStmt[];
  term: Terminator;
}

/** What a unit of code is and where it came from. */
export type UnitKind = CompiledUnit["kind"];

/** What every unit has: its ids, where its code is, and what it is for a person. */
interface UnitBase {
  /** Id in the module tables (`steps` or `pure`). */
  readonly id: string;
  /** Function name in the generated module. */
  readonly fnName: string;
  readonly file: string;
  readonly line: number;
  /** 1-based column of the unit's code in `file` (0 when unknown). */
  readonly col: number;
  readonly what: string;
}

/**
 * A unit of checked code, by kind (the checker decides the kind; the printer, the analyses and
 * the card text switch on it, never on the spelling of `id`):
 * - `step`: effect code run as numbered steps (`blocks`), with the structured statements before
 *   lowering (`tree`, read by analyses such as card text); `trigger` when it is a card's `on:` body;
 * - `pure-expr`: one expression (conditions, labels, bindings, pure functions' `is`);
 * - `pure-code`: pure statements; `result` names the local returned at the end (null: `return`).
 */
export type CompiledUnit =
  | (UnitBase & {
      readonly kind: "step";
      readonly blocks: readonly StepBlock[];
      readonly tree: readonly IrStmt[];
      readonly trigger: boolean;
    })
  | (UnitBase & { readonly kind: "pure-expr"; readonly expr: IrExpr })
  | (UnitBase & { readonly kind: "pure-code"; readonly body: readonly IrStmt[]; readonly result: string | null });

/** A unit of one kind. */
export type UnitOf<K extends UnitKind> = Extract<CompiledUnit, { kind: K }>;

/** A unit's structured statements: a step's tree, pure code's body; none for an expression. */
export function unitStatements(u: CompiledUnit | undefined): readonly IrStmt[] {
  switch (u?.kind) {
    case "step":
      return u.tree;
    case "pure-code":
      return u.body;
    default:
      return [];
  }
}

/** A pure expression unit's expression; undefined for other units (and for no unit). */
export function unitExpression(u: CompiledUnit | undefined): IrExpr | undefined {
  return u?.kind === "pure-expr" ? u.expr : undefined;
}
