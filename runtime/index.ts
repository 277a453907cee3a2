/** Cardwright runtime: the generic rules host. Public API. */
export type * from "./types.ts";
export { Engine, type ApplyResult, type EngineOptions } from "./host/engine.ts";
export type { TraceOptions, TracePoint, TraceResult } from "./host/trace.ts";
export type { MatchConfig, Board, BoardCard } from "./flow/setup.ts";
export { RuntimeFault, InputError, ViewFault, describeSource } from "./state/errors.ts";
export { logNote, renderLog, renderTracedLog, statementPlace } from "./kernel/log.ts";
export { hashState, hashValue } from "./state/hash.ts";
export { cloneState } from "./state/clone.ts";
export { matchEnd, type MatchEnd, type MatchTerms } from "./state/match-end.ts";
export { randomAgent, firstLegalAgent, scriptedAgent, type Agent, type AsyncAgent } from "./host/agents.ts";
export * from "./agents/index.ts";
export {
  terminalAgent,
  terminalSession,
  reportLines,
  decisionHeading,
  boardSummary,
  logLines,
  isCompact,
  sanitize,
  InputEnded,
  type TerminalIO,
  type SessionOptions,
  type SessionResult,
} from "./play/agents-terminal.ts";
export {
  choiceLabel,
  groupCards,
  keyFields,
  placeOf,
  propShow,
  propTable,
  shownProps,
  zoneShow,
} from "./host/display.ts";
export { playMatch, playMatchAsync, playFrom, type PlayOptions, type PlayedMatch } from "./play/match.ts";
export {
  replay,
  replayStart,
  recordingRun,
  Recorder,
  replayToJSON,
  parseReplay,
  replayGame,
  type Replay,
} from "./play/replay.ts";
export { actionEquals, formatAction, formatValue, valueEquals } from "./state/values.ts";
export { MAX_STEPS } from "./flow/resolve.ts";
export { MAX_TICKS, LIMITS } from "./host/ctx.ts";
export { BUDGETS } from "./state/budget.ts";
export { FORMAT, MAX_NAME, REPLAY_SCHEMA, STATE_SCHEMA, SAVED_STATE_SCHEMA } from "./state/schema.ts";
export { MAX_DEPTH } from "./flow/frames.ts";
export { compareVersions, versionProblem, nearestVersion, cardAtVersion, inVersionRange } from "./kernel/versions.ts";
export { invariantViolation, type InvariantViolation } from "./host/invariants.ts";
