// DO NOT EDIT — generated from grammar/parser.ts by `npx tsx grammar/cst-gen.ts`.
// The concrete syntax tree of the effect language; to-ast.ts reads it.

import type { CstNode, ICstVisitor, IToken } from "chevrotain";

export interface ProgramCstNode extends CstNode {
  name: "program";
  children: ProgramCstChildren;
}

export type ProgramCstChildren = {
  Sep?: IToken[];
  statement?: StatementCstNode[];
};

export interface BlockCstNode extends CstNode {
  name: "block";
  children: BlockCstChildren;
}

export type BlockCstChildren = {
  LCurly?: IToken[];
  Sep?: IToken[];
  statement?: StatementCstNode[];
  RCurly?: IToken[];
};

export interface StatementCstNode extends CstNode {
  name: "statement";
  children: StatementCstChildren;
}

export type StatementCstChildren = {
  letStmt?: LetStmtCstNode[];
  ifStmt?: IfStmtCstNode[];
  forStmt?: ForStmtCstNode[];
  whileStmt?: WhileStmtCstNode[];
  Break?: IToken[];
  returnStmt?: ReturnStmtCstNode[];
  moveStmt?: MoveStmtCstNode[];
  shuffleStmt?: ShuffleStmtCstNode[];
  createStmt?: CreateStmtCstNode[];
  removeStmt?: RemoveStmtCstNode[];
  revealStmt?: RevealStmtCstNode[];
  hideStmt?: HideStmtCstNode[];
  modifyStmt?: ModifyStmtCstNode[];
  runStmt?: RunStmtCstNode[];
  winStmt?: WinStmtCstNode[];
  Draw?: IToken[];
  logStmt?: LogStmtCstNode[];
  Use?: IToken[];
  decision?: DecisionCstNode[];
  simpleStmt?: SimpleStmtCstNode[];
};

export interface LetStmtCstNode extends CstNode {
  name: "letStmt";
  children: LetStmtCstChildren;
}

export type LetStmtCstChildren = {
  Let?: IToken[];
  Identifier?: IToken[];
  Assign?: IToken[];
  decision?: DecisionCstNode[];
  createStmt?: CreateStmtCstNode[];
  expression?: ExpressionCstNode[];
};

export interface IfStmtCstNode extends CstNode {
  name: "ifStmt";
  children: IfStmtCstChildren;
}

export type IfStmtCstChildren = {
  If?: IToken[];
  expression?: ExpressionCstNode[];
  block?: BlockCstNode[];
  Else?: IToken[];
  elseIf?: IfStmtCstNode[];
  elseBlock?: BlockCstNode[];
};

export interface ForStmtCstNode extends CstNode {
  name: "forStmt";
  children: ForStmtCstChildren;
}

export type ForStmtCstChildren = {
  For?: IToken[];
  Each?: IToken[];
  Identifier?: IToken[];
  In?: IToken[];
  expression?: ExpressionCstNode[];
  block?: BlockCstNode[];
};

export interface WhileStmtCstNode extends CstNode {
  name: "whileStmt";
  children: WhileStmtCstChildren;
}

export type WhileStmtCstChildren = {
  While?: IToken[];
  expression?: ExpressionCstNode[];
  block?: BlockCstNode[];
};

export interface ReturnStmtCstNode extends CstNode {
  name: "returnStmt";
  children: ReturnStmtCstChildren;
}

export type ReturnStmtCstChildren = {
  Return?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface MoveStmtCstNode extends CstNode {
  name: "moveStmt";
  children: MoveStmtCstChildren;
}

export type MoveStmtCstChildren = {
  Move?: IToken[];
  expression?: ExpressionCstNode[];
  To?: IToken[];
  postfix?: PostfixCstNode[];
  Top?: IToken[];
  Bottom?: IToken[];
};

export interface ShuffleStmtCstNode extends CstNode {
  name: "shuffleStmt";
  children: ShuffleStmtCstChildren;
}

export type ShuffleStmtCstChildren = {
  Shuffle?: IToken[];
  postfix?: PostfixCstNode[];
};

export interface CreateStmtCstNode extends CstNode {
  name: "createStmt";
  children: CreateStmtCstChildren;
}

export type CreateStmtCstChildren = {
  Create?: IToken[];
  expressionBeforeIn?: ExpressionBeforeInCstNode[];
  In?: IToken[];
  postfix?: PostfixCstNode[];
};

export interface RemoveStmtCstNode extends CstNode {
  name: "removeStmt";
  children: RemoveStmtCstChildren;
}

export type RemoveStmtCstChildren = {
  Remove?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface RevealStmtCstNode extends CstNode {
  name: "revealStmt";
  children: RevealStmtCstChildren;
}

export type RevealStmtCstChildren = {
  Reveal?: IToken[];
  expression?: (ExpressionCstNode)[];
  To?: IToken[];
};

export interface HideStmtCstNode extends CstNode {
  name: "hideStmt";
  children: HideStmtCstChildren;
}

export type HideStmtCstChildren = {
  Hide?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface ModifyStmtCstNode extends CstNode {
  name: "modifyStmt";
  children: ModifyStmtCstChildren;
}

export type ModifyStmtCstChildren = {
  Modify?: IToken[];
  postfix?: PostfixCstNode[];
  AssignOperator?: IToken[];
  expression?: ExpressionCstNode[];
  Until?: IToken[];
  Identifier?: IToken[];
};

export interface RunStmtCstNode extends CstNode {
  name: "runStmt";
  children: RunStmtCstChildren;
}

export type RunStmtCstChildren = {
  Run?: IToken[];
  postfix?: PostfixCstNode[];
  On?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface WinStmtCstNode extends CstNode {
  name: "winStmt";
  children: WinStmtCstChildren;
}

export type WinStmtCstChildren = {
  Win?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface LogStmtCstNode extends CstNode {
  name: "logStmt";
  children: LogStmtCstChildren;
}

export type LogStmtCstChildren = {
  Log?: IToken[];
  Text?: IToken[];
};

export interface SimpleStmtCstNode extends CstNode {
  name: "simpleStmt";
  children: SimpleStmtCstChildren;
}

export type SimpleStmtCstChildren = {
  Identifier?: IToken[];
  callArgs?: CallArgsCstNode[];
  Dot?: IToken[];
  Name?: IToken[];
  AssignOperator?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface DecisionCstNode extends CstNode {
  name: "decision";
  children: DecisionCstChildren;
}

export type DecisionCstChildren = {
  choose?: ChooseCstNode[];
  may?: MayCstNode[];
  act?: ActCstNode[];
  emit?: EmitCstNode[];
};

export interface ChooseCstNode extends CstNode {
  name: "choose";
  children: ChooseCstChildren;
}

export type ChooseCstChildren = {
  Choose?: IToken[];
  One?: IToken[];
  Up?: IToken[];
  To?: IToken[];
  upTo?: ExpressionCstNode[];
  exactly?: ExpressionCstNode[];
  Of?: IToken[];
  from?: ExpressionCstNode[];
  By?: IToken[];
  by?: ExpressionCstNode[];
  As?: IToken[];
  Text?: IToken[];
};

export interface MayCstNode extends CstNode {
  name: "may";
  children: MayCstChildren;
}

export type MayCstChildren = {
  May?: IToken[];
  Text?: IToken[];
  By?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface ActCstNode extends CstNode {
  name: "act";
  children: ActCstChildren;
}

export type ActCstChildren = {
  Act?: IToken[];
  Identifier?: IToken[];
  By?: IToken[];
  by?: ExpressionCstNode[];
  On?: IToken[];
  on?: ExpressionCstNode[];
};

export interface EmitCstNode extends CstNode {
  name: "emit";
  children: EmitCstChildren;
}

export type EmitCstChildren = {
  Emit?: IToken[];
  Identifier?: IToken[];
  LCurly?: IToken[];
  field?: (FieldCstNode)[];
  Comma?: (IToken)[];
  Sep?: IToken[];
  RCurly?: IToken[];
};

export interface FieldCstNode extends CstNode {
  name: "field";
  children: FieldCstChildren;
}

export type FieldCstChildren = {
  Name?: IToken[];
  Colon?: IToken[];
  expression?: ExpressionCstNode[];
};

export interface ExpressionCstNode extends CstNode {
  name: "expression";
  children: ExpressionCstChildren;
}

export type ExpressionCstChildren = {
  operand?: (OperandCstNode)[];
  BinaryOperator?: IToken[];
};

export interface ExpressionBeforeInCstNode extends CstNode {
  name: "expressionBeforeIn";
  children: ExpressionBeforeInCstChildren;
}

export type ExpressionBeforeInCstChildren = {
  operand?: (OperandCstNode)[];
  BinaryOperator?: IToken[];
};

export interface OperandCstNode extends CstNode {
  name: "operand";
  children: OperandCstChildren;
}

export type OperandCstChildren = {
  Not?: IToken[];
  Minus?: IToken[];
  postfix?: PostfixCstNode[];
};

export interface PostfixCstNode extends CstNode {
  name: "postfix";
  children: PostfixCstChildren;
}

export type PostfixCstChildren = {
  atomic?: AtomicCstNode[];
  Dot?: IToken[];
  Name?: IToken[];
};

export interface AtomicCstNode extends CstNode {
  name: "atomic";
  children: AtomicCstChildren;
}

export type AtomicCstChildren = {
  NumberLiteral?: IToken[];
  Text?: IToken[];
  True?: IToken[];
  False?: IToken[];
  None?: IToken[];
  listLit?: ListLitCstNode[];
  parenExpr?: ParenExprCstNode[];
  Identifier?: IToken[];
  callArgs?: CallArgsCstNode[];
};

export interface CallArgsCstNode extends CstNode {
  name: "callArgs";
  children: CallArgsCstChildren;
}

export type CallArgsCstChildren = {
  LParen?: IToken[];
  expression?: (ExpressionCstNode)[];
  Comma?: IToken[];
  RParen?: IToken[];
};

export interface ListLitCstNode extends CstNode {
  name: "listLit";
  children: ListLitCstChildren;
}

export type ListLitCstChildren = {
  LBracket?: IToken[];
  expression?: (ExpressionCstNode)[];
  Comma?: IToken[];
  RBracket?: IToken[];
};

export interface ParenExprCstNode extends CstNode {
  name: "parenExpr";
  children: ParenExprCstChildren;
}

export type ParenExprCstChildren = {
  LParen?: IToken[];
  expression?: ExpressionCstNode[];
  RParen?: IToken[];
};

export interface ExpressionOnlyCstNode extends CstNode {
  name: "expressionOnly";
  children: ExpressionOnlyCstChildren;
}

export type ExpressionOnlyCstChildren = {
  expression?: ExpressionCstNode[];
};

export interface BindingCstNode extends CstNode {
  name: "binding";
  children: BindingCstChildren;
}

export type BindingCstChildren = {
  Identifier?: IToken[];
  In?: IToken[];
  expression?: ExpressionCstNode[];
};
