/** Tokens of the effect language: one chevrotain token type per word and symbol, plus the lexer. */

import { createToken, Lexer, type CustomPatternMatcherReturn, type TokenType } from "chevrotain";

// ── categories (abstract token types the parser matches against) ──────────────

/** A statement separator: a significant newline, a `;`, or one inserted by `layoutTokens`. */
export const Sep = createToken({ name: "Sep", pattern: Lexer.NA, label: "the end of the line" });
/** Any word usable as a property or field name: identifiers and every keyword. */
export const Name = createToken({ name: "Name", pattern: Lexer.NA, label: "a name" });
/** A text literal, terminated or not (an unterminated one is reported by the lexer step). */
export const Text = createToken({ name: "Text", pattern: Lexer.NA, label: "a text in double quotes" });
/** A binary operator inside an expression (`where` included: it is the loosest one). */
export const BinaryOperator = createToken({ name: "BinaryOperator", pattern: Lexer.NA, label: "an operator" });
/** `=`, `+=`, `-=`. */
export const AssignOperator = createToken({ name: "AssignOperator", pattern: Lexer.NA, label: "'=', '+=' or '-='" });

// ── layout ───────────────────────────────────────────────────────────────────

export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r\f\v]+/, group: Lexer.SKIPPED });
export const Comment = createToken({ name: "Comment", pattern: /#[^\n]*/, group: Lexer.SKIPPED });
export const Newline = createToken({
  name: "Newline",
  pattern: /\n/,
  line_breaks: true,
  categories: [Sep],
  label: "the end of the line",
});
export const Semicolon = createToken({ name: "Semicolon", pattern: /;/, categories: [Sep], label: "';'" });
/** A separator that is not in the text (zero width); created by `layoutTokens`, never by the lexer. */
export const VirtualSep = createToken({
  name: "VirtualSep",
  pattern: Lexer.NA,
  categories: [Sep],
  label: "the end of the line",
});

// ── literals and names ───────────────────────────────────────────────────────

/**
 * Scans a string starting at `offset` (a `"`), including `{…}` interpolations that may hold
 * strings of their own. Returns the offset just past the closing quote, or -1 if the string
 * does not end on its line.
 */
export function scanString(text: string, offset: number): number {
  let i = offset + 1;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) return i + 1;
    if (c === 10 /* \n */) return -1;
    if (c === 92 /* \ */) {
      if (i + 1 < n && text.charCodeAt(i + 1) === 10) return -1;
      i += 2;
      continue;
    }
    if (c === 123 /* { */) {
      if (text.charCodeAt(i + 1) === 123) {
        i += 2;
        continue;
      }
      const close = scanInterpolation(text, i + 1);
      if (close < 0) return -1;
      i = close + 1;
      continue;
    }
    i++;
  }
  return -1;
}

/** Returns the offset of the `}` closing an interpolation whose expression starts at `offset`, or -1. */
export function scanInterpolation(text: string, offset: number): number {
  let i = offset;
  let depth = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) return -1;
    if (c === 34) {
      const end = scanString(text, i);
      if (end < 0) return -1;
      i = end;
      continue;
    }
    if (c === 123) depth++;
    else if (c === 125 /* } */) {
      if (depth === 0) return i;
      depth--;
    }
    i++;
  }
  return -1;
}

function matchString(text: string, offset: number): CustomPatternMatcherReturn | null {
  if (text.charCodeAt(offset) !== 34) return null;
  const end = scanString(text, offset);
  return end < 0 ? null : [text.slice(offset, end)];
}

function matchUnterminated(text: string, offset: number): CustomPatternMatcherReturn | null {
  if (text.charCodeAt(offset) !== 34) return null;
  let end = text.indexOf("\n", offset);
  if (end < 0) end = text.length;
  return [text.slice(offset, end)];
}

export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: { exec: matchString },
  start_chars_hint: ['"'],
  line_breaks: false,
  categories: [Text],
  label: "a text in double quotes",
});
/** A `"` whose text does not end on its line: runs to the end of the line (reported as a lexer error). */
export const UnterminatedString = createToken({
  name: "UnterminatedString",
  pattern: { exec: matchUnterminated },
  start_chars_hint: ['"'],
  line_breaks: false,
  categories: [Text],
  label: "a text in double quotes",
});

/** `'like this'`: not a text of the language; read as one so the lexer reports it once (use double quotes). */
export const SingleQuotedString = createToken({
  name: "SingleQuotedString",
  pattern: /'[^'\n]*'?/,
  categories: [Text],
  label: "a text in double quotes",
});

/** A character the lexer rejected; created by index.ts so that the parser sees something where it was. */
export const Unknown = createToken({ name: "Unknown", pattern: Lexer.NA, label: "an unknown character" });

export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /[0-9]+/, label: "a number" });

/** Letters, digits, `_` and inner hyphens: `fire-imp`, `turn-end`, `discardPile`. */
export const Identifier = createToken({
  name: "Identifier",
  pattern: /[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*/,
  categories: [Name],
  label: "a name",
});

// ── keywords ─────────────────────────────────────────────────────────────────

function keyword(word: string, extra: TokenType[] = []): TokenType {
  return createToken({
    name: word[0]!.toUpperCase() + word.slice(1),
    pattern: word,
    longer_alt: Identifier,
    categories: [Name, ...extra],
    label: `'${word}'`,
  });
}

export const Let = keyword("let");
export const If = keyword("if");
export const Else = keyword("else");
export const For = keyword("for");
export const Each = keyword("each");
export const In = keyword("in", [BinaryOperator]);
export const While = keyword("while");
export const Break = keyword("break");
export const Return = keyword("return");
export const Move = keyword("move");
export const To = keyword("to");
export const Top = keyword("top");
export const Bottom = keyword("bottom");
export const Modify = keyword("modify");
export const Until = keyword("until");
export const Emit = keyword("emit");
export const Run = keyword("run");
export const On = keyword("on");
export const Act = keyword("act");
export const By = keyword("by");
export const Choose = keyword("choose");
export const One = keyword("one");
export const Up = keyword("up");
export const Of = keyword("of");
export const May = keyword("may");
export const Win = keyword("win");
export const Draw = keyword("draw");
export const Shuffle = keyword("shuffle");
export const Create = keyword("create");
export const Remove = keyword("remove");
export const Log = keyword("log");
export const And = keyword("and", [BinaryOperator]);
export const Or = keyword("or", [BinaryOperator]);
export const Not = keyword("not");
export const True = keyword("true");
export const False = keyword("false");
export const None = keyword("none");
export const Where = keyword("where", [BinaryOperator]);
export const Use = keyword("use");
export const As = keyword("as");
export const Reveal = keyword("reveal");
export const Hide = keyword("hide");

const keywordTokens: readonly TokenType[] = [
  Let,
  If,
  Else,
  For,
  Each,
  In,
  While,
  Break,
  Return,
  Move,
  To,
  Top,
  Bottom,
  Modify,
  Until,
  Emit,
  Run,
  On,
  Act,
  By,
  Choose,
  One,
  Up,
  Of,
  May,
  Win,
  Draw,
  Shuffle,
  Create,
  Log,
  And,
  Or,
  Not,
  True,
  False,
  None,
  Where,
  Use,
  As,
  Remove,
  Reveal,
  Hide,
];

/** Every reserved word of the language (for editor highlighting and completion). */
export const KEYWORDS: readonly string[] = Object.freeze(keywordTokens.map((t) => t.PATTERN as string));

// ── operators and punctuation ────────────────────────────────────────────────

export const EqEq = createToken({ name: "EqEq", pattern: "==", categories: [BinaryOperator], label: "'=='" });
export const NotEq = createToken({ name: "NotEq", pattern: "!=", categories: [BinaryOperator], label: "'!='" });
export const LtEq = createToken({ name: "LtEq", pattern: "<=", categories: [BinaryOperator], label: "'<='" });
export const GtEq = createToken({ name: "GtEq", pattern: ">=", categories: [BinaryOperator], label: "'>='" });
export const Lt = createToken({ name: "Lt", pattern: "<", categories: [BinaryOperator], label: "'<'" });
export const Gt = createToken({ name: "Gt", pattern: ">", categories: [BinaryOperator], label: "'>'" });
export const PlusAssign = createToken({
  name: "PlusAssign",
  pattern: "+=",
  categories: [AssignOperator],
  label: "'+='",
});
export const MinusAssign = createToken({
  name: "MinusAssign",
  pattern: "-=",
  categories: [AssignOperator],
  label: "'-='",
});
export const Assign = createToken({ name: "Assign", pattern: "=", categories: [AssignOperator], label: "'='" });
export const Plus = createToken({ name: "Plus", pattern: "+", categories: [BinaryOperator], label: "'+'" });
export const Minus = createToken({ name: "Minus", pattern: "-", categories: [BinaryOperator], label: "'-'" });
export const Star = createToken({ name: "Star", pattern: "*", categories: [BinaryOperator], label: "'*'" });
export const Slash = createToken({ name: "Slash", pattern: "/", categories: [BinaryOperator], label: "'/'" });
export const Percent = createToken({ name: "Percent", pattern: "%", categories: [BinaryOperator], label: "'%'" });
export const LParen = createToken({ name: "LParen", pattern: "(", label: "'('" });
export const RParen = createToken({ name: "RParen", pattern: ")", label: "')'" });
export const LBracket = createToken({ name: "LBracket", pattern: "[", label: "'['" });
export const RBracket = createToken({ name: "RBracket", pattern: "]", label: "']'" });
export const LCurly = createToken({ name: "LCurly", pattern: "{", label: "'{'" });
export const RCurly = createToken({ name: "RCurly", pattern: "}", label: "'}'" });
export const Comma = createToken({ name: "Comma", pattern: ",", label: "','" });
export const Dot = createToken({ name: "Dot", pattern: ".", label: "'.'" });
export const Colon = createToken({ name: "Colon", pattern: ":", label: "':'" });

/** All token types, in lexer priority order (the categories last: they match nothing themselves). */
export const allTokens: readonly TokenType[] = [
  WhiteSpace,
  Comment,
  Newline,
  Semicolon,
  StringLiteral,
  UnterminatedString,
  SingleQuotedString,
  NumberLiteral,
  // longest first, so that `one` and `top` are not read as `on` + … and `to` + …
  ...[...keywordTokens].sort((a, b) => (b.PATTERN as string).length - (a.PATTERN as string).length),
  Identifier,
  EqEq,
  NotEq,
  LtEq,
  GtEq,
  Lt,
  Gt,
  PlusAssign,
  MinusAssign,
  Assign,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LCurly,
  RCurly,
  Comma,
  Dot,
  Colon,
  VirtualSep,
  Unknown,
  Sep,
  Name,
  Text,
  BinaryOperator,
  AssignOperator,
];

/** The one lexer (offsets only: spans are offsets, lines are computed by whoever renders them). */
export const lexer = new Lexer(allTokens as TokenType[], {
  positionTracking: "onlyOffset",
  ensureOptimizations: true,
});
