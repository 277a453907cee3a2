/**
 * The symbol table's shapes: what a declared name is (Declaration), where a name refers to one
 * (Reference), and what a position resolves to (SymbolAt). The checker and the file checkers make
 * them; the model indexes them; the language services read them.
 */
import type { Span } from "../text/positions.ts";
import type { Type } from "./types.ts";

/** What a symbol is. `local` and `param` are names inside effect code. */
export type SymbolKind =
  | "kind"
  | "field"
  | "zone"
  | "property"
  | "option"
  | "event"
  | "event-field"
  | "stage"
  | "enum"
  | "enum-value"
  | "keyword"
  | "procedure"
  | "function"
  | "param"
  | "builtin"
  | "action"
  | "window"
  | "card"
  | "deck"
  | "scenario"
  | "version"
  | "local";

/**
 * A declared thing. `id` is unique in the model and stable across re-checks:
 * `card:<id>`, `kind:<k>`, `field:<kind or *>:<f>`, `zone:<z>`, `property:<card|player|game>:<p>`,
 * `option:<o>`, `event:<e>`, `event-field:<e>:<f>`, `stage:<e>:<s>`, `enum:<n>`, `enum-value:<v>`,
 * `keyword:<k>`, `procedure:<p>`, `function:<f>`, `param:<procedure|function>:<name>:<p>`,
 * `builtin:<b>`, `action:<a>`, `window:<w>`, `deck:<file>`, `scenario:<file>#<i>`,
 * `version:<v>` (a version the rules declare), `local:<file>:<offset>` (a `let`, `for` variable or binding).
 */
export interface Declaration {
  readonly id: string;
  readonly kind: SymbolKind;
  readonly name: string;
  /** The value's type (properties, fields, locals, params, event fields, enum values…), or the result of a callable. */
  readonly type?: Type;
  /** One line for hover/completion: a signature (`deal(target: player, n: number)`), a card's kind and stats… */
  readonly detail?: string;
  /** The author's `doc:` text from the rules file (procedures, events, properties…), or a built-in's doc. */
  readonly doc?: string;
  /** Where it is declared; null for built-ins. */
  readonly span: Span | null;
  /** The declaration this one belongs to (an event field → `event:<e>`, a param → its procedure). */
  readonly container?: string;
}

/** A name in a file that means a declaration. */
export interface Reference {
  readonly symbol: string;
  readonly span: Span;
  /** The type of the expression the name stands for, where there is one. */
  readonly type?: Type;
}

/** The answer of {@link CheckedModel.at}. */
export interface SymbolAt {
  readonly span: Span;
  readonly declaration: Declaration;
  readonly type?: Type;
  /** True when the span is the declaration itself (e.g. a card's `id:` value). */
  readonly isDeclaration: boolean;
}
