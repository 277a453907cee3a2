/** The typed AST of the effect language. Every node carries its source span (offsets into the effect text). */

/** A half-open span of character offsets [start, end) in the parsed text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Node {
  readonly span: Span;
}

export interface Ident extends Node {
  readonly kind: "ident";
  readonly name: string;
}

// ── expressions ───────────────────────────────────────────────────────────────

export type BinaryOp = "+" | "-" | "*" | "/" | "%" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "and" | "or";

export interface NumberLit extends Node {
  readonly kind: "number";
  readonly value: number;
}
export interface BoolLit extends Node {
  readonly kind: "bool";
  readonly value: boolean;
}
export interface NoneLit extends Node {
  readonly kind: "none";
}
/** A string; `parts` alternate literal text and interpolated expressions. */
export interface TextLit extends Node {
  readonly kind: "text";
  readonly parts: readonly (string | Expr)[];
}
export interface ListLit extends Node {
  readonly kind: "list";
  readonly items: readonly Expr[];
}
export interface NameRef extends Node {
  readonly kind: "name";
  readonly name: string;
}
export interface Member extends Node {
  readonly kind: "member";
  readonly object: Expr;
  readonly property: Ident;
}
export interface Call extends Node {
  readonly kind: "call";
  readonly callee: Ident;
  readonly args: readonly Expr[];
}
export interface Unary extends Node {
  readonly kind: "unary";
  readonly op: "-" | "not";
  readonly operand: Expr;
}
export interface Binary extends Node {
  readonly kind: "binary";
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
  readonly opSpan: Span;
}
/** `list where cond`: `it` is bound to each element inside `cond`. */
export interface Where extends Node {
  readonly kind: "where";
  readonly list: Expr;
  readonly cond: Expr;
}

export type Expr = NumberLit | BoolLit | NoneLit | TextLit | ListLit | NameRef | Member | Call | Unary | Binary | Where;

// ── decisions and suspending expressions (only as a statement or the whole right side of `let`) ──

/** `choose one of xs`, `choose 2 of xs`, `choose up to 2 of xs`. */
export interface Choose extends Node {
  readonly kind: "choose";
  readonly count: { readonly mode: "one" } | { readonly mode: "exactly" | "upTo"; readonly n: Expr };
  readonly from: Expr;
  readonly by?: Expr;
  readonly prompt?: TextLit;
}
export interface May extends Node {
  readonly kind: "may";
  readonly prompt: TextLit;
  readonly by?: Expr;
}
export interface Act extends Node {
  readonly kind: "act";
  readonly window: Ident;
  readonly by: Expr;
  readonly on?: Expr;
}
export interface Emit extends Node {
  readonly kind: "emit";
  readonly event: Ident;
  readonly fields: readonly FieldInit[];
}
export interface FieldInit extends Node {
  readonly name: Ident;
  readonly value: Expr;
}

export type Suspending = Choose | May | Act | Emit;

// ── statements ────────────────────────────────────────────────────────────────

export type AssignOp = "=" | "+=" | "-=";

/** `let x = …`: an expression, a decision (or other suspension), or a new card (`create`). */
export interface Let extends Node {
  readonly kind: "let";
  readonly name: Ident;
  readonly init: Expr | Suspending | Create;
}
/** `target op value`; target is a name (a local) or a member (a property or event field). */
export interface Assign extends Node {
  readonly kind: "assign";
  readonly target: NameRef | Member;
  readonly op: AssignOp;
  readonly value: Expr;
}
export interface If extends Node {
  readonly kind: "if";
  readonly cond: Expr;
  readonly then: Block;
  readonly else?: Block | If;
}
export interface ForEach extends Node {
  readonly kind: "for";
  readonly variable: Ident;
  readonly list: Expr;
  readonly body: Block;
}
export interface While extends Node {
  readonly kind: "while";
  readonly cond: Expr;
  readonly body: Block;
}
export interface Break extends Node {
  readonly kind: "break";
}
export interface Return extends Node {
  readonly kind: "return";
  readonly value?: Expr;
}
/** `move x to p.zone [top|bottom]`: `to` is a member expression whose property is a zone. */
export interface Move extends Node {
  readonly kind: "move";
  readonly what: Expr;
  readonly to: Member;
  readonly position: "top" | "bottom";
}
export interface Shuffle extends Node {
  readonly kind: "shuffle";
  readonly zone: Member;
}
/** `remove x`: a card or list of cards leaves the game for good (a spent status, a used die…). */
export interface Remove extends Node {
  readonly kind: "remove";
  readonly what: Expr;
}
/** `reveal x [to p]`: everyone (or p) knows the card(s) though the zone hides them, until they move. */
export interface Reveal extends Node {
  readonly kind: "reveal";
  readonly what: Expr;
  readonly to?: Expr;
}
/** `hide x`: forget what `reveal` told; the zone decides who sees the card again. */
export interface Hide extends Node {
  readonly kind: "hide";
  readonly what: Expr;
}
export interface Create extends Node {
  readonly kind: "create";
  readonly card: Expr;
  readonly in: Member;
}
/** `modify c.power += 2 until turn-end`. */
export interface Modify extends Node {
  readonly kind: "modify";
  readonly target: Member;
  readonly op: AssignOp;
  readonly value: Expr;
  readonly until: Ident;
}
/** `run c.effect [on ev]`: runs an effect field of a card. */
export interface Run extends Node {
  readonly kind: "run";
  readonly target: Member;
  readonly on?: Expr;
}
export interface Win extends Node {
  readonly kind: "win";
  readonly player: Expr;
}
export interface Draw extends Node {
  readonly kind: "draw";
}
export interface Log extends Node {
  readonly kind: "log";
  readonly text: TextLit;
}
export interface Use extends Node {
  readonly kind: "use";
}
/** A procedure call or a suspending expression used as a statement. */
export interface ExprStmt extends Node {
  readonly kind: "exprStmt";
  readonly expr: Call | Suspending;
}

export type Stmt =
  | Let
  | Assign
  | If
  | ForEach
  | While
  | Break
  | Return
  | Move
  | Shuffle
  | Create
  | Remove
  | Reveal
  | Hide
  | Modify
  | Run
  | Win
  | Draw
  | Log
  | Use
  | ExprStmt;

export interface Block extends Node {
  readonly kind: "block";
  readonly body: readonly Stmt[];
}

/** A whole effect (a block without braces). */
export interface Program extends Node {
  readonly kind: "program";
  readonly body: readonly Stmt[];
}

/** A syntax error, as data: the message speaks the card author's language. */
export interface SyntaxIssue {
  readonly span: Span;
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
}

export interface ParseResult<T> {
  readonly ast: T;
  readonly errors: readonly SyntaxIssue[];
}

/** An action parameter `c in me.hand where c.kind == creature` (see `parseBinding`). */
export interface Binding extends Node {
  readonly variable: Ident;
  readonly list: Expr;
}
