/**
 * The scenario codec: the one translator between the scenario file format (`given`, `version`,
 * `seed`, `do`, `expect`; docs/files.md) and what hosts hold (runtime boards, answers, states).
 * The runner, the sandbox (start and save), the fuzzer's shrinker and its writer all use it:
 * - boards: `givenToBoard` (file → board, `version:` honoured), `boardOfState`/`refBoardOf` and
 *   `boardToGiven` (state or board → file, references by name), `materialize` (→ runtime board);
 * - steps: `answersToSteps` (answers → `do:` steps), `stepToForm`;
 * - play: `scenarioPlay` (`stop:`, `auto:` → the Engine's options);
 * - text: `readScenarioFile` (parsed once, with positions) and `scenarioFileText` (a stable writer).
 */
export * from "./codec-board.ts";
export * from "./codec-steps.ts";
export * from "./codec-text.ts";
