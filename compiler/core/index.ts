/**
 * The compiler core's public API (`cardwright/compiler`): check a game's files into one checked
 * model, read its diagnostics, and emit its game module. Everything else under compiler/core/ is
 * internal and may move; what is exported here is what CHANGELOG.md speaks for.
 */
export { checkGame } from "./workspace/workspace.ts";
export type { GameInput, InputFile } from "./files/check-files.ts";
export type {
  CardModel,
  CheckedModel,
  DeckModel,
  FileModel,
  FileRole,
  RulesModel,
  ScenarioFileModel,
} from "./workspace/model.ts";
export type { Vocabulary } from "./semantic/vocabulary.ts";
export {
  type Diagnostic,
  type DiagnosticCode,
  type Position,
  type Range,
  type Severity,
  hasErrors,
  renderDiagnostic,
  sortDiagnostics,
} from "./text/diagnostics.ts";
export type { Span } from "./text/positions.ts";
export { emitGame, type Emitted, type EmitOptions } from "./emit/emit.ts";
export type { SourceText } from "./emit/generate.ts";
