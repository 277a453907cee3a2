import { describe, expect, test } from "vitest";
import { KEYWORDS } from "../../grammar/index.ts";
import { lexer } from "../../grammar/tokens.ts";

/** `Type:image@offset` for every token of `text`. */
function lex(text: string): string[] {
  const r = lexer.tokenize(text);
  expect(r.errors).toEqual([]);
  return r.tokens.map((t) => `${t.tokenType.name}:${t.image}@${t.startOffset}`);
}

describe("identifiers and keywords", () => {
  test("inner hyphens belong to the identifier", () => {
    expect(lex("rock-spike turn-end coolZone _x9 a-1-b")).toEqual([
      "Identifier:rock-spike@0",
      "Identifier:turn-end@11",
      "Identifier:coolZone@20",
      "Identifier:_x9@29",
      "Identifier:a-1-b@33",
    ]);
  });

  test("hp-1 is one identifier; hp - 1 is a subtraction", () => {
    expect(lex("hp-1")).toEqual(["Identifier:hp-1@0"]);
    expect(lex("hp - 1")).toEqual(["Identifier:hp@0", "Minus:-@3", "NumberLiteral:1@5"]);
  });

  test("a trailing or doubled hyphen is a minus", () => {
    expect(lex("a- b")).toEqual(["Identifier:a@0", "Minus:-@1", "Identifier:b@3"]);
    expect(lex("a--b")).toEqual(["Identifier:a@0", "Minus:-@1", "Minus:-@2", "Identifier:b@3"]);
  });

  test("words that start with a keyword are identifiers", () => {
    expect(lex("tokens lettuce iffy let-x order")).toEqual([
      "Identifier:tokens@0",
      "Identifier:lettuce@7",
      "Identifier:iffy@15",
      "Identifier:let-x@20",
      "Identifier:order@26",
    ]);
  });

  test("keywords that are prefixes of other keywords", () => {
    expect(lex("on one to top in")).toEqual(["On:on@0", "One:one@3", "To:to@7", "Top:top@10", "In:in@14"]);
  });

  test("KEYWORDS lists every reserved word once", () => {
    expect([...KEYWORDS].sort()).toEqual(
      [
        "let",
        "if",
        "else",
        "for",
        "each",
        "in",
        "while",
        "break",
        "return",
        "move",
        "to",
        "top",
        "bottom",
        "modify",
        "until",
        "emit",
        "run",
        "on",
        "act",
        "by",
        "choose",
        "one",
        "up",
        "of",
        "may",
        "win",
        "draw",
        "shuffle",
        "create",
        "remove",
        "log",
        "and",
        "or",
        "not",
        "true",
        "false",
        "none",
        "where",
        "use",
        "as",
        "reveal",
        "hide",
      ].sort(),
    );
  });

  test("every keyword lexes as itself", () => {
    for (const k of KEYWORDS) {
      const tokens = lexer.tokenize(k).tokens;
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.tokenType.name.toLowerCase()).toBe(k);
    }
  });
});

describe("operators, numbers, layout", () => {
  test("two-character operators win over one-character ones", () => {
    expect(lex("== != <= >= += -= = < > + - * / %").map((t) => t.split(":")[0])).toEqual([
      "EqEq",
      "NotEq",
      "LtEq",
      "GtEq",
      "PlusAssign",
      "MinusAssign",
      "Assign",
      "Lt",
      "Gt",
      "Plus",
      "Minus",
      "Star",
      "Slash",
      "Percent",
    ]);
  });

  test("numbers are integers", () => {
    expect(lex("0 42 3.5")).toEqual([
      "NumberLiteral:0@0",
      "NumberLiteral:42@2",
      "NumberLiteral:3@5",
      "Dot:.@6",
      "NumberLiteral:5@7",
    ]);
  });

  test("comments are skipped, newlines and ';' are kept", () => {
    expect(lex("a # one\n; b")).toEqual(["Identifier:a@0", "Newline:\n@7", "Semicolon:;@8", "Identifier:b@10"]);
  });
});

describe("strings", () => {
  test("a string is one token, interpolations and nested strings included", () => {
    expect(lex('"a {f("b}")} c" x')).toEqual(['StringLiteral:"a {f("b}")} c"@0', "Identifier:x@16"]);
  });

  test("escaped quotes and literal braces", () => {
    expect(lex('"say \\"hi\\" {{x}}"')).toEqual(['StringLiteral:"say \\"hi\\" {{x}}"@0']);
  });

  test("a string without its closing quote runs to the end of the line", () => {
    expect(lex('log "abc\ndraw')).toEqual(["Log:log@0", 'UnterminatedString:"abc@4', "Newline:\n@8", "Draw:draw@9"]);
  });

  test("an unclosed interpolation makes the string unterminated", () => {
    expect(lex('"a {x"')).toEqual(['UnterminatedString:"a {x"@0']);
  });

  test("single quotes are read as one (rejected) text", () => {
    expect(lex("'hi'")).toEqual(["SingleQuotedString:'hi'@0"]);
  });
});
