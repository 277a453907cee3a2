/**
 * Highlighting of the effect language inside YAML, from the grammar's own lexer (grammar/tokens.ts):
 * the token types decide the colours, so there is no second keyword list to keep in step.
 */
import { parseDocument, isMap, isPair, isScalar, isSeq, type Node } from "yaml";
import { KEYWORDS, lexer } from "../../grammar/tokens.ts";

export const TOKEN_TYPES = ["keyword", "number", "string", "operator", "variable", "function", "enumMember"] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Keys whose values are prose, never code. */
const PROSE = new Set(["text", "doc", "description", "name", "en", "ja", "label", "display", "prompt"]);
/** Keys whose plain (one-line) values are code; block scalars under any other key are code too. */
const CODE_LINE = new Set(["when", "is", "for", "do", "effect", "first", "rank", "deck-errors"]);

export interface EffectToken {
  /** 0-based offset in the YAML text. */
  readonly offset: number;
  readonly length: number;
  readonly type: TokenType;
}

const keywords = new Set(KEYWORDS);

/** Classifies by the lexer's token type name (keywords are their own types). */
function classify(name: string, image: string, known: (word: string) => TokenType | null): TokenType | null {
  if (name === "NumberLiteral") return "number";
  if (name === "StringLiteral" || name === "UnterminatedString" || name === "SingleQuotedString") return "string";
  if (keywords.has(image)) return "keyword";
  if (name === "Identifier") return known(image) ?? "variable";
  if (/^[A-Z]/.test(name) && !/[A-Za-z0-9]/.test(image)) return "operator";
  return null;
}

/** Code regions of a YAML file: the text and where each of its lines starts. */
function codeRegions(text: string): { offset: number; text: string }[] {
  const doc = parseDocument(text, { keepSourceTokens: false });
  const out: { offset: number; text: string }[] = [];
  const visit = (node: unknown, key: string | null): void => {
    if (isMap(node)) for (const p of node.items) visit(p.value, isScalar(p.key) ? String(p.key.value) : null);
    else if (isSeq(node)) for (const it of node.items) visit(it, key);
    else if (isPair(node)) visit(node.value, null);
    else if (isScalar(node) && typeof node.value === "string" && node.range && key !== null && !PROSE.has(key)) {
      const block = node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED";
      if (!block && !CODE_LINE.has(key)) return;
      const [start, end] = node.range as [number, number, number];
      if (block) {
        // Lex line by line from the header's end: each line keeps its own offset.
        const nl = text.indexOf("\n", start);
        let at = nl < 0 ? end : nl + 1;
        while (at < end) {
          let lineEnd = text.indexOf("\n", at);
          if (lineEnd < 0 || lineEnd > end) lineEnd = end;
          out.push({ offset: at, text: text.slice(at, lineEnd) });
          at = lineEnd + 1;
        }
      } else {
        const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
        out.push({ offset: start + (quoted ? 1 : 0), text: text.slice(start + (quoted ? 1 : 0), end - (quoted ? 1 : 0)) });
      }
    }
  };
  visit((doc.contents as Node | null) ?? null, null);
  return out;
}

export function effectTokens(text: string, known: (word: string) => TokenType | null): EffectToken[] {
  const out: EffectToken[] = [];
  for (const r of codeRegions(text)) {
    const lexed = lexer.tokenize(r.text);
    for (const t of lexed.tokens) {
      const type = classify(t.tokenType.name, t.image, known);
      if (type) out.push({ offset: r.offset + t.startOffset, length: t.image.length, type });
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}
