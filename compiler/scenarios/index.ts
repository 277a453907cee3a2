/**
 * The scenario runner's public API (`cardwright/scenarios`): run a game's scenario files (the
 * checked ones of a model, or any file's text) against its compiled module, or take the starting
 * board of one scenario to play on from it.
 */
export { runScenarios, runScenarioFile, scenarioBoard, type ScenarioResult } from "./runner.ts";
