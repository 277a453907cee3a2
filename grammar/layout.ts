/**
 * The layout pass between the lexer and the parser: decides which newlines end a statement.
 *
 * The parser sees a statement list as `Sep stmt Sep stmt …` — every statement is *preceded* by
 * exactly one separator (a newline, a `;`, or a zero-width VirtualSep). Keeping the separator in
 * front makes it the only token that may follow a statement, so error recovery resynchronises
 * at the next line instead of at the next word that could start a statement.
 *
 * Rules:
 * - a newline inside `( )` or `[ ]` is ignored — unless the next line starts with a statement
 *   keyword or `}`, which means a bracket was left open: the brackets are closed (the parser
 *   then reports the missing `)`) and the newline ends the statement;
 * - a newline after a binary operator, `,`, `=`, `+=`, `-=`, `where`, `and`, `or`, `not`, `in`,
 *   `:`, `(`, `[`, `{` or `else` continues the statement;
 * - a newline before `else`, `{` or `}` is dropped (`} \n else {` and a `{` on its own line are fine);
 * - consecutive separators collapse into one;
 * - inside the braces of `emit e { … }` a newline separates fields, like `,`;
 * - in expression mode (`when:` conditions, interpolations) every newline is ignored.
 */

import type { IToken, TokenType } from "chevrotain";
import * as T from "./tokens.ts";

/** Tokens after which a newline does not end the statement. */
const CONTINUES: ReadonlySet<TokenType> = new Set([
  T.Plus,
  T.Minus,
  T.Star,
  T.Slash,
  T.Percent,
  T.EqEq,
  T.NotEq,
  T.Lt,
  T.LtEq,
  T.Gt,
  T.GtEq,
  T.And,
  T.Or,
  T.Not,
  T.In,
  T.Where,
  T.Comma,
  T.Assign,
  T.PlusAssign,
  T.MinusAssign,
  T.LCurly,
  T.LParen,
  T.LBracket,
  T.Colon,
  T.Else,
]);

/** Keywords that can only start a statement: seeing one after a newline inside brackets means a bracket was left open. */
const STATEMENT_ONLY: ReadonlySet<TokenType> = new Set([
  T.Let,
  T.If,
  T.Else,
  T.For,
  T.While,
  T.Break,
  T.Return,
  T.Move,
  T.Shuffle,
  T.Create,
  T.Remove,
  T.Reveal,
  T.Hide,
  T.Modify,
  T.Run,
  T.Win,
  T.Draw,
  T.Log,
  T.Use,
  T.Choose,
  T.May,
  T.Act,
  T.Emit,
  T.RCurly,
]);

const PAREN = 1;
const BRACKET = 2;
const BLOCK = 3;
const FIELDS = 4;

/** Builds a zero-width separator at `offset`. */
function virtualSep(offset: number): IToken {
  return {
    image: "",
    startOffset: offset,
    endOffset: offset - 1,
    tokenType: T.VirtualSep,
    tokenTypeIdx: T.VirtualSep.tokenTypeIdx!,
  };
}

/** Returns the token vector the parser reads (see the module comment). `mode` "block" is an effect, "expression" a single expression. */
export function layoutTokens(raw: readonly IToken[], mode: "block" | "expression"): IToken[] {
  const out: IToken[] = [];
  if (mode === "expression") {
    for (const tok of raw) if (tok.tokenType !== T.Newline) out.push(tok);
    return out;
  }
  const stack: number[] = [];
  let pending: IToken | undefined;
  let needSep = true;
  for (const tok of raw) {
    const type = tok.tokenType;
    let top = stack.length > 0 ? stack[stack.length - 1]! : BLOCK;
    if (type === T.Newline) {
      // inside brackets the next token decides (see below); elsewhere an operator continues the line
      const prev = out[out.length - 1];
      if (top !== PAREN && top !== BRACKET && prev !== undefined && CONTINUES.has(prev.tokenType)) continue;
      pending ??= tok;
      continue;
    }
    if (type === T.Semicolon) {
      if (top === PAREN || top === BRACKET) out.push(tok);
      else pending = tok;
      continue;
    }
    if (pending !== undefined && (top === PAREN || top === BRACKET)) {
      if (pending.tokenType === T.Newline && STATEMENT_ONLY.has(type)) {
        while (stack.length > 0 && (top === PAREN || top === BRACKET)) {
          stack.pop();
          top = stack.length > 0 ? stack[stack.length - 1]! : BLOCK;
        }
      } else pending = undefined;
    }
    if (type === T.RCurly) {
      pending = undefined;
      needSep = false;
    } else if (top === FIELDS) {
      if (pending !== undefined) out.push(pending);
      pending = undefined;
    } else if (top === BLOCK) {
      if (type === T.Else || type === T.LCurly) pending = undefined;
      else if (pending !== undefined || needSep) out.push(pending ?? virtualSep(tok.startOffset));
      pending = undefined;
      needSep = false;
    }
    out.push(tok);
    if (type === T.LParen) stack.push(PAREN);
    else if (type === T.LBracket) stack.push(BRACKET);
    else if (type === T.LCurly) {
      const n = out.length;
      const isFields = n >= 3 && out[n - 3]!.tokenType === T.Emit && out[n - 2]!.tokenType === T.Identifier;
      stack.push(isFields ? FIELDS : BLOCK);
      needSep = !isFields;
    } else if (type === T.RParen) {
      if (top === PAREN) stack.pop();
    } else if (type === T.RBracket) {
      if (top === BRACKET) stack.pop();
    } else if (type === T.RCurly) {
      const open = Math.max(stack.lastIndexOf(BLOCK), stack.lastIndexOf(FIELDS));
      if (open >= 0) stack.length = open;
    }
  }
  return out;
}
