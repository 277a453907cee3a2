/** Cardwright runtime: the generic rules host. Public API. */
export type * from "./types.ts";
export { Engine, type ApplyResult, type EngineOptions } from "./engine.ts";
export type { MatchConfig, Board, BoardCard } from "./setup.ts";
export { RuntimeFault, InputError, ViewFault, describeSource } from "./errors.ts";
export { renderLog, renderTracedLog, statementPlace } from "./log.ts";
export { hashState, hashValue } from "./hash.ts";
export { cloneState } from "./clone.ts";
export { randomAgent, firstLegalAgent, scriptedAgent, type Agent, type AsyncAgent } from "./agents.ts";
export * from "./agents/index.ts";
export {
  terminalAgent,
  terminalSession,
  reportLines,
  describeFor,
  decisionHeading,
  boardSummary,
  logLines,
  isCompact,
  sanitize,
  InputEnded,
  type TerminalIO,
  type SessionOptions,
  type SessionResult,
} from "./agents-terminal.ts";
export {
  choiceLabel,
  groupCards,
  keyFields,
  placeOf,
  propShow,
  propTable,
  shownProps,
  zoneShow,
} from "./display.ts";
export { playMatch, playMatchAsync, playFrom, type PlayOptions, type PlayedMatch } from "./match.ts";
export {
  replay,
  replayStart,
  recordingRun,
  Recorder,
  replayToJSON,
  parseReplay,
  replayGame,
  type Replay,
} from "./replay.ts";
export { actionEquals, formatAction, formatValue, valueEquals } from "./values.ts";
export { MAX_STEPS } from "./resolve.ts";
export { MAX_TICKS, LIMITS } from "./ctx.ts";
export { BUDGETS } from "./budget.ts";
export { FORMAT, MAX_NAME, REPLAY_SCHEMA, STATE_SCHEMA, SAVED_STATE_SCHEMA } from "./schema.ts";
export { MAX_DEPTH } from "./frames.ts";
export { compareVersions, versionProblem, nearestVersion, cardAtVersion, inVersionRange } from "./versions.ts";
export { invariantViolation, type InvariantViolation } from "./invariants.ts";
