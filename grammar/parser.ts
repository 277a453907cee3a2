/**
 * The chevrotain parser of the effect language (a CstParser; `to-ast.ts` turns its CST into the AST).
 *
 * Statement lists read `Sep stmt Sep stmt …` (see layout.ts). Expressions are parsed flat —
 * `operand (operator operand)*` with prefix `not`/`-` on operands — and `to-ast.ts` applies the
 * precedence: this keeps the CST small (one node per expression, not one per precedence level).
 */

import { CstParser, EOF, type IOrAlt, type IParserErrorMessageProvider, type IToken, type TokenType } from "chevrotain";
import * as T from "./tokens.ts";

// ── error messages ───────────────────────────────────────────────────────────

/** How a token reads in a message: `'+'`, `the end of the line`, `"hello"`. */
export function describeToken(tok: IToken | undefined): string {
  if (tok === undefined || tok.tokenType === EOF) return "the end";
  const type = tok.tokenType;
  if (type === T.Newline || type === T.VirtualSep) return "the end of the line";
  if (type === T.StringLiteral || type === T.UnterminatedString) {
    return tok.image.length > 24 ? `${tok.image.slice(0, 20)}…"` : tok.image;
  }
  return `'${tok.image}'`;
}

const DECISIONS: ReadonlySet<TokenType> = new Set([T.Choose, T.May, T.Act, T.Emit]);

/** What the statement around the error is, for messages: "if", "for each", … */
const STATEMENT_WORDS: Readonly<Record<string, string>> = {
  ifStmt: "if",
  forStmt: "for each",
  whileStmt: "while",
  moveStmt: "move",
  createStmt: "create",
  removeStmt: "remove",
  revealStmt: "reveal",
  hideStmt: "hide",
  shuffleStmt: "shuffle",
  modifyStmt: "modify",
  runStmt: "run",
  winStmt: "win",
  returnStmt: "return",
  letStmt: "let",
  choose: "choose",
  may: "may",
  act: "act",
  emit: "emit",
  logStmt: "log",
};

/** What is expected after a keyword that introduces an expression. */
function expectedAfter(prev: IToken, stack: readonly string[]): string | undefined {
  const inside = (rule: string) => stack.includes(rule);
  switch (prev.tokenType) {
    case T.To:
      return inside("moveStmt") ? "a zone after 'to' (like me.hand)" : undefined;
    case T.In:
      if (inside("createStmt")) return "a zone after 'in' (like me.deck)";
      if (inside("forStmt") || inside("binding")) return "a list after 'in' (like me.hand)";
      return "a list after 'in'";
    case T.Shuffle:
      return "a zone after 'shuffle' (like me.deck)";
    case T.Modify:
      return "a property after 'modify' (like c.power)";
    case T.Run:
      return "an effect after 'run' (like c.effect)";
    case T.Create:
      return "a card after 'create'";
    case T.Remove:
      return "a card or a list of cards after 'remove'";
    case T.Reveal:
      return "a card or a list of cards after 'reveal'";
    case T.Hide:
      return "a card or a list of cards after 'hide'";
    case T.Move:
      return "a card or a list of cards after 'move'";
    case T.Win:
      return "a player after 'win'";
    case T.By:
      return "a player after 'by'";
    case T.On:
      return "an event after 'on'";
    case T.Of:
      return "a list after 'of'";
    case T.Up:
    case T.Choose:
      return `a number after '${prev.image}'`;
    case T.If:
    case T.While:
      return `a condition after '${prev.image}'`;
    case T.Where:
      return "a condition after 'where' (like it.power > 2)";
    case T.Return:
      return "a value after 'return'";
    case T.Assign:
    case T.PlusAssign:
    case T.MinusAssign:
      return `a value after '${prev.image}'`;
    case T.Colon:
      return "a value after ':'";
    case T.Comma:
      return "an expression after ','";
    case T.LParen:
      return "an expression after '('";
    case T.LBracket:
      return "a list item after '['";
    case T.Not:
      return "an expression after 'not'";
    default:
      if (prev.tokenType.CATEGORIES?.includes(T.BinaryOperator) === true) return `an expression after '${prev.image}'`;
      return undefined;
  }
}

/**
 * Builds the card author's messages. `ruleStack` reads the parser's current rule stack;
 * `previousOf` finds the token before a token of the input (chevrotain's `previous` is the last
 * token consumed, which after a resynchronisation is not the one before the culprit).
 */
export function createMessageProvider(
  ruleStack: () => readonly string[],
  previousOf: (tok: IToken) => IToken | null | undefined,
): IParserErrorMessageProvider {
  /** The token before `actual` (undefined at the start of the input). */
  const before = (actual: IToken, reported: IToken | undefined): IToken | undefined => {
    if (actual.tokenType === EOF) return reported;
    const prev = previousOf(actual);
    return prev === null ? reported : prev;
  };
  const enclosing = (stack: readonly string[]): string | undefined => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const word = STATEMENT_WORDS[stack[i]!];
      if (word !== undefined) return word;
    }
    return undefined;
  };
  const unexpected = (actual: IToken, previous: IToken | undefined): string => {
    const type = actual.tokenType;
    if (type === EOF) return "the text ends too early";
    if (type === T.Else) return "unexpected 'else': it must follow the '}' of an 'if'";
    if (type === T.Assign && previous !== undefined && previous.tokenType !== EOF) {
      return `unexpected '=' after ${describeToken(previous)} (to compare, write '==')`;
    }
    if (type === T.RParen || type === T.RBracket || type === T.RCurly) return `unexpected ${describeToken(actual)}`;
    if (previous !== undefined && previous.tokenType !== EOF && !Number.isNaN(previous.startOffset)) {
      return `unexpected ${describeToken(actual)} after ${describeToken(previous)}`;
    }
    return `unexpected ${describeToken(actual)}`;
  };
  const expression = (actual: IToken, previous: IToken | undefined, stack: readonly string[]): string => {
    if (DECISIONS.has(actual.tokenType)) {
      return `'${actual.image}' is a decision: it can only be a statement of its own or the whole value of 'let'`;
    }
    const what = previous === undefined ? undefined : expectedAfter(previous, stack);
    if (what !== undefined) return `expected ${what}`;
    if (previous === undefined || previous.tokenType === EOF || Number.isNaN(previous.startOffset)) {
      return actual.tokenType === EOF
        ? "expected an expression"
        : `expected an expression, found ${describeToken(actual)}`;
    }
    return `expected an expression after ${describeToken(previous)}`;
  };
  return {
    buildMismatchTokenMessage({ expected, actual, previous: reported, ruleName }) {
      const previous = before(actual, reported);
      const stack = ruleStack();
      const word = enclosing(stack);
      const after = previous === undefined ? "the start" : describeToken(previous);
      const prevType = previous?.tokenType;
      if (
        DECISIONS.has(actual.tokenType) &&
        (prevType === T.LParen || prevType === T.LBracket || prevType === T.Comma)
      ) {
        return expression(actual, previous, stack);
      }
      switch (expected) {
        case EOF:
          return unexpected(actual, previous);
        case T.LCurly:
          if (prevType === T.Else) return "expected '{' or 'if' after 'else'";
          return `expected '{' to start the body of '${word ?? "the block"}'`;
        case T.RCurly:
          if (ruleName === "emit")
            return actual.tokenType === EOF
              ? "expected '}' to close the fields of 'emit'"
              : `expected ',' or '}' after ${after} in the fields of 'emit'`;
          if (actual.tokenType === EOF) return `expected '}' to close the body of '${word ?? "the block"}'`;
          return unexpected(actual, previous);
        case T.RParen:
          if (prevType === T.LParen) return "expected an argument or ')' after '('";
          return ruleName === "callArgs" ? `expected ',' or ')' after ${after}` : `expected ')' after ${after}`;
        case T.RBracket:
          if (prevType === T.LBracket) return "expected a list item or ']' after '['";
          return `expected ',' or ']' after ${after}`;
        case T.Colon:
          return `expected ':' after the field name ${after}`;
        case T.Of:
          return `expected 'of' after ${after} (like choose one of me.hand)`;
        case T.To:
          if (ruleName === "choose") return "expected 'to' after 'up' (choose up to 2 of …)";
          return `expected 'to' after ${after} (move … to me.hand)`;
        case T.In:
          return ruleName === "createStmt"
            ? `expected 'in' after ${after} (create … in me.deck)`
            : `expected 'in' after ${after} (for each c in me.hand)`;
        case T.Each:
          return "expected 'each' after 'for' (for each c in me.hand)";
        case T.Until:
          return `expected 'until' after ${after} (modify c.power += 2 until turn-end)`;
        case T.By:
          return `expected 'by' after ${after} (act … by me)`;
        case T.Assign:
          return `expected '=' after ${after}`;
        case T.AssignOperator:
          return `expected '=', '+=' or '-=' after ${after}`;
        case T.Identifier:
        case T.Name:
          switch (prevType) {
            case T.Let:
              return "expected a name after 'let'";
            case T.Each:
              return "expected a variable name after 'each' (for each c in me.hand)";
            case T.Act:
              return "expected the name of a window after 'act'";
            case T.Emit:
              return "expected the name of an event after 'emit'";
            case T.Until:
              return "expected the name of an event after 'until' (like turn-end)";
            case T.Dot:
              return "expected a property name after '.'";
            default:
              if (ruleName === "binding") return "expected a variable name (like: c in me.hand)";
              if (ruleName === "emit") return `expected a field name after ${after}`;
              return `expected a name after ${after}`;
          }
        case T.Text:
          if (prevType === T.Log) return "expected a text in double quotes after 'log'";
          if (prevType === T.May) return "expected a question in double quotes after 'may'";
          if (prevType === T.As) return "expected a prompt in double quotes after 'as'";
          return `expected a text in double quotes after ${after}`;
        default:
          return `expected ${expected.LABEL ?? expected.name} after ${after}`;
      }
    },
    buildNotAllInputParsedMessage({ firstRedundant }) {
      return unexpected(firstRedundant, before(firstRedundant, undefined));
    },
    buildNoViableAltMessage({ actual, previous: reported, ruleName }) {
      const tok = actual[0]!;
      const previous = before(tok, reported);
      const stack = ruleStack();
      switch (ruleName) {
        case "atomic":
        case "operand":
          return expression(tok, previous, stack);
        case "statement":
          if (tok.tokenType === T.RCurly) return "unexpected '}'";
          if (tok.tokenType.CATEGORIES?.includes(T.BinaryOperator) === true) {
            return `a line cannot start with ${describeToken(tok)}: to continue an expression on the next line, end the line with the operator`;
          }
          return `expected a statement, found ${describeToken(tok)}`;
        case "choose":
          return "expected 'one', 'up to' or a number after 'choose' (like choose one of me.hand)";
        case "letStmt":
          return expression(tok, previous, stack);
        case "decision":
          return `expected a decision, found ${describeToken(tok)}`;
        case "ifStmt":
          return "expected '{' or 'if' after 'else'";
        default:
          return `unexpected ${describeToken(tok)}`;
      }
    },
    buildEarlyExitMessage({ actual, previous }) {
      return unexpected(actual[0]!, before(actual[0]!, previous));
    },
  };
}

// ── grammar ──────────────────────────────────────────────────────────────────

/** Token types the parser may invent while recovering: punctuation and keywords, never content. */
const NOT_INSERTABLE: ReadonlySet<TokenType> = new Set([
  T.Identifier,
  T.Name,
  T.NumberLiteral,
  T.Text,
  T.StringLiteral,
  T.UnterminatedString,
  T.Sep,
  T.Newline,
  T.Semicolon,
  T.VirtualSep,
  T.RCurly,
  T.AssignOperator,
  T.BinaryOperator,
]);

/**
 * The effect-language parser. Create it once (`parser` below) and reuse it through `parser.input`.
 * The alternatives of each `OR` are built once, as fields: a `{ ALT: () => … }` literal per call
 * costs allocations (and, under esbuild's keepNames as used by tsx, a defineProperty per closure).
 */
export class EffectParser extends CstParser {
  /** The rule stack at the time of the call (used by the message provider while an error is built). */
  currentRuleStack(): readonly string[] {
    const self = this as unknown as { getHumanReadableRuleStack?: () => string[] };
    return typeof self.getHumanReadableRuleStack === "function" ? self.getHumanReadableRuleStack() : [];
  }

  /** The token before `tok` in the current input: undefined if `tok` is the first, null if it is not in the input. */
  previousOf(tok: IToken): IToken | null | undefined {
    const input = this.input;
    const i = input.indexOf(tok);
    return i < 0 ? null : i === 0 ? undefined : input[i - 1];
  }

  constructor() {
    super(T.allTokens as TokenType[], {
      recoveryEnabled: true,
      maxLookahead: 3,
      errorMessageProvider: createMessageProvider(
        () => this?.currentRuleStack() ?? [],
        (tok) => (this === undefined ? null : this.previousOf(tok)),
      ),
    });
    this.performSelfAnalysis();
  }

  protected override canTokenTypeBeInsertedInRecovery(tokType: TokenType): boolean {
    return !NOT_INSERTABLE.has(tokType);
  }

  /** A missing name is not recovered by skipping a token: `act by me` would read `me` as the window. */
  protected override canTokenTypeBeDeletedInRecovery(tokType: TokenType): boolean {
    return tokType !== T.Identifier && tokType !== T.Name;
  }

  // ── statement lists ──

  /** An effect: `Sep stmt Sep stmt …` (layout.ts puts a separator before every statement). */
  program = this.RULE("program", () => {
    this.MANY(() => {
      this.CONSUME(T.Sep);
      this.SUBRULE(this.statement);
    });
  });

  /** `{ Sep stmt … }` */
  block = this.RULE("block", () => {
    this.CONSUME(T.LCurly);
    this.MANY(() => {
      this.CONSUME(T.Sep);
      this.SUBRULE(this.statement);
    });
    this.CONSUME(T.RCurly);
  });

  private readonly statementAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.letStmt) },
    { ALT: () => this.SUBRULE(this.ifStmt) },
    { ALT: () => this.SUBRULE(this.forStmt) },
    { ALT: () => this.SUBRULE(this.whileStmt) },
    { ALT: () => this.CONSUME(T.Break) },
    { ALT: () => this.SUBRULE(this.returnStmt) },
    { ALT: () => this.SUBRULE(this.moveStmt) },
    { ALT: () => this.SUBRULE(this.shuffleStmt) },
    { ALT: () => this.SUBRULE(this.createStmt) },
    { ALT: () => this.SUBRULE(this.removeStmt) },
    { ALT: () => this.SUBRULE(this.revealStmt) },
    { ALT: () => this.SUBRULE(this.hideStmt) },
    { ALT: () => this.SUBRULE(this.modifyStmt) },
    { ALT: () => this.SUBRULE(this.runStmt) },
    { ALT: () => this.SUBRULE(this.winStmt) },
    { ALT: () => this.CONSUME(T.Draw) },
    { ALT: () => this.SUBRULE(this.logStmt) },
    { ALT: () => this.CONSUME(T.Use) },
    { ALT: () => this.SUBRULE(this.decision) },
    { ALT: () => this.SUBRULE(this.simpleStmt) },
  ];

  statement = this.RULE("statement", () => {
    this.OR(this.statementAlts);
  });

  // ── statements ──

  /** `let x = expr`, `let x = <decision>` or `let x = create c in p.zone` */
  letStmt = this.RULE("letStmt", () => {
    this.CONSUME(T.Let);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Assign);
    this.OR(this.letAlts);
  });

  private readonly letAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.decision) },
    { ALT: () => this.SUBRULE(this.createStmt) },
    { ALT: () => this.SUBRULE(this.expression) },
  ];

  /** `if c { … } [else if … | else { … }]` */
  ifStmt = this.RULE("ifStmt", () => {
    this.CONSUME(T.If);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
    this.OPTION(() => {
      this.CONSUME(T.Else);
      this.OR(this.elseAlts);
    });
  });

  private readonly elseAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.ifStmt, { LABEL: "elseIf" }) },
    { ALT: () => this.SUBRULE2(this.block, { LABEL: "elseBlock" }) },
  ];

  /** `for each x in list { … }` */
  forStmt = this.RULE("forStmt", () => {
    this.CONSUME(T.For);
    this.CONSUME(T.Each);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.In);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  /** `while c { … }` */
  whileStmt = this.RULE("whileStmt", () => {
    this.CONSUME(T.While);
    this.SUBRULE(this.expression);
    this.SUBRULE(this.block);
  });

  /** `return [expr]` */
  returnStmt = this.RULE("returnStmt", () => {
    this.CONSUME(T.Return);
    this.OPTION(() => this.SUBRULE(this.expression));
  });

  /** `move x to p.zone [top|bottom]` */
  moveStmt = this.RULE("moveStmt", () => {
    this.CONSUME(T.Move);
    this.SUBRULE(this.expression);
    this.CONSUME(T.To);
    this.SUBRULE(this.postfix);
    this.OPTION(() => this.OR(this.positionAlts));
  });

  private readonly positionAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(T.Top) },
    { ALT: () => this.CONSUME(T.Bottom) },
  ];

  /** `shuffle p.zone` */
  shuffleStmt = this.RULE("shuffleStmt", () => {
    this.CONSUME(T.Shuffle);
    this.SUBRULE(this.postfix);
  });

  /** `create cardid in p.zone` (the card expression stops before `in`). */
  createStmt = this.RULE("createStmt", () => {
    this.CONSUME(T.Create);
    this.SUBRULE(this.expressionBeforeIn);
    this.CONSUME(T.In);
    this.SUBRULE(this.postfix);
  });

  /** `remove x`: the card (or list of cards) leaves the game for good. */
  removeStmt = this.RULE("removeStmt", () => {
    this.CONSUME(T.Remove);
    this.SUBRULE(this.expression);
  });

  /** `reveal x` (to everyone) or `reveal x to p`: the card's face is known though its zone hides it. */
  revealStmt = this.RULE("revealStmt", () => {
    this.CONSUME(T.Reveal);
    this.SUBRULE(this.expression);
    this.OPTION(() => {
      this.CONSUME(T.To);
      this.SUBRULE2(this.expression);
    });
  });

  /** `hide x`: what `reveal` told is forgotten (its zone decides again who sees it). */
  hideStmt = this.RULE("hideStmt", () => {
    this.CONSUME(T.Hide);
    this.SUBRULE(this.expression);
  });

  /** `modify c.power += 2 until turn-end` */
  modifyStmt = this.RULE("modifyStmt", () => {
    this.CONSUME(T.Modify);
    this.SUBRULE(this.postfix);
    this.CONSUME(T.AssignOperator);
    this.SUBRULE(this.expression);
    this.CONSUME(T.Until);
    this.CONSUME(T.Identifier);
  });

  /** `run c.effect [on ev]` */
  runStmt = this.RULE("runStmt", () => {
    this.CONSUME(T.Run);
    this.SUBRULE(this.postfix);
    this.OPTION(() => {
      this.CONSUME(T.On);
      this.SUBRULE(this.expression);
    });
  });

  /** `win p` */
  winStmt = this.RULE("winStmt", () => {
    this.CONSUME(T.Win);
    this.SUBRULE(this.expression);
  });

  /** `log "text"` */
  logStmt = this.RULE("logStmt", () => {
    this.CONSUME(T.Log);
    this.CONSUME(T.Text);
  });

  /** `name(args)`, `x = e`, `x.y += e`: a call or an assignment (to-ast.ts checks which). */
  simpleStmt = this.RULE("simpleStmt", () => {
    this.CONSUME(T.Identifier);
    this.OPTION(() => this.SUBRULE(this.callArgs));
    this.MANY(() => {
      this.CONSUME(T.Dot);
      this.CONSUME(T.Name);
    });
    this.OPTION2(() => {
      this.CONSUME(T.AssignOperator);
      this.SUBRULE(this.expression);
    });
  });

  // ── decisions ──

  private readonly decisionAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.SUBRULE(this.choose) },
    { ALT: () => this.SUBRULE(this.may) },
    { ALT: () => this.SUBRULE(this.act) },
    { ALT: () => this.SUBRULE(this.emit) },
  ];

  decision = this.RULE("decision", () => {
    this.OR(this.decisionAlts);
  });

  /** `choose (one | N | up to N) of list [by p] [as "prompt"]` */
  choose = this.RULE("choose", () => {
    this.CONSUME(T.Choose);
    this.OR(this.countAlts);
    this.CONSUME(T.Of);
    this.SUBRULE3(this.expression, { LABEL: "from" });
    this.OPTION(() => {
      this.CONSUME(T.By);
      this.SUBRULE4(this.expression, { LABEL: "by" });
    });
    this.OPTION2(() => {
      this.CONSUME(T.As);
      this.CONSUME(T.Text);
    });
  });

  private readonly countAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(T.One) },
    {
      ALT: () => {
        this.CONSUME(T.Up);
        this.CONSUME(T.To);
        this.SUBRULE(this.expression, { LABEL: "upTo" });
      },
    },
    { ALT: () => this.SUBRULE2(this.expression, { LABEL: "exactly" }) },
  ];

  /** `may "prompt" [by p]` */
  may = this.RULE("may", () => {
    this.CONSUME(T.May);
    this.CONSUME(T.Text);
    this.OPTION(() => {
      this.CONSUME(T.By);
      this.SUBRULE(this.expression);
    });
  });

  /** `act window by p [on ev]` */
  act = this.RULE("act", () => {
    this.CONSUME(T.Act);
    this.CONSUME(T.Identifier);
    this.CONSUME(T.By);
    this.SUBRULE(this.expression, { LABEL: "by" });
    this.OPTION(() => {
      this.CONSUME(T.On);
      this.SUBRULE2(this.expression, { LABEL: "on" });
    });
  });

  /** `emit event [{ name: e, name: e }]` (fields separated by `,` or newlines). */
  emit = this.RULE("emit", () => {
    this.CONSUME(T.Emit);
    this.CONSUME(T.Identifier);
    this.OPTION(() => {
      this.CONSUME(T.LCurly);
      this.OPTION2(() => {
        this.SUBRULE(this.field);
        this.MANY(() => {
          this.OR(this.fieldSepAlts);
          this.SUBRULE2(this.field);
        });
        this.OPTION3(() => this.CONSUME2(T.Comma));
      });
      this.CONSUME(T.RCurly);
    });
  });

  private readonly fieldSepAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(T.Comma) },
    { ALT: () => this.CONSUME(T.Sep) },
  ];

  field = this.RULE("field", () => {
    this.CONSUME(T.Name);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.expression);
  });

  // ── expressions ──

  /** `operand (op operand)*`, flat; precedence is applied by to-ast.ts. */
  expression = this.RULE("expression", () => {
    this.SUBRULE(this.operand);
    this.MANY(() => {
      this.CONSUME(T.BinaryOperator);
      this.SUBRULE2(this.operand);
    });
  });

  /** An expression that stops before `in` (the card of `create x in p.zone`); it reads as an `expression`. */
  expressionBeforeIn = this.RULE("expressionBeforeIn", () => {
    this.SUBRULE(this.operand);
    this.MANY(this.beforeIn);
  });

  private readonly beforeIn = {
    GATE: () => this.LA(1).tokenType !== T.In,
    DEF: () => {
      this.CONSUME(T.BinaryOperator);
      this.SUBRULE2(this.operand);
    },
  };

  /** `(not | -)* postfix` */
  operand = this.RULE("operand", () => {
    this.MANY(() => this.OR(this.prefixAlts));
    this.SUBRULE(this.postfix);
  });

  private readonly prefixAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(T.Not) },
    { ALT: () => this.CONSUME(T.Minus) },
  ];

  /** `atomic (.name)*` */
  postfix = this.RULE("postfix", () => {
    this.SUBRULE(this.atomic);
    this.MANY(() => {
      this.CONSUME(T.Dot);
      this.CONSUME(T.Name);
    });
  });

  private readonly atomicAlts: IOrAlt<unknown>[] = [
    { ALT: () => this.CONSUME(T.NumberLiteral) },
    { ALT: () => this.CONSUME(T.Text) },
    { ALT: () => this.CONSUME(T.True) },
    { ALT: () => this.CONSUME(T.False) },
    { ALT: () => this.CONSUME(T.None) },
    { ALT: () => this.SUBRULE(this.listLit) },
    { ALT: () => this.SUBRULE(this.parenExpr) },
    {
      ALT: () => {
        this.CONSUME(T.Identifier);
        this.OPTION(() => this.SUBRULE(this.callArgs));
      },
    },
  ];

  atomic = this.RULE("atomic", () => {
    this.OR(this.atomicAlts);
  });

  /** `( [e (, e)*] )` after a function name. */
  callArgs = this.RULE("callArgs", () => {
    this.CONSUME(T.LParen);
    this.OPTION(() => {
      this.SUBRULE(this.expression);
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.expression);
      });
    });
    this.CONSUME(T.RParen);
  });

  /** `[ [e (, e)*] ]` */
  listLit = this.RULE("listLit", () => {
    this.CONSUME(T.LBracket);
    this.OPTION(() => {
      this.SUBRULE(this.expression);
      this.MANY(() => {
        this.CONSUME(T.Comma);
        this.SUBRULE2(this.expression);
      });
    });
    this.CONSUME(T.RBracket);
  });

  parenExpr = this.RULE("parenExpr", () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(T.RParen);
  });

  // ── entry points other than `program` ──

  /** A whole text that is one expression (`when:` conditions, interpolations). */
  expressionOnly = this.RULE("expressionOnly", () => {
    this.SUBRULE(this.expression);
  });

  /** `x in list` (an action parameter; `list` may end in `where …`). */
  binding = this.RULE("binding", () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.In);
    this.SUBRULE(this.expression);
  });
}

/** The one parser instance (grammar analysis runs once, at module load). */
export const parser = new EffectParser();
