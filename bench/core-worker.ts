/**
 * A web worker that checks and compiles a game in the browser: the entry of the core bundle that
 * bench/core-bundle.ts measures. Post `{ rules, cards }` (GameInput: paths and texts); the worker
 * answers with the diagnostics and, when there are no errors, game.js and its source map.
 */
import { type GameInput } from "../compiler/core/files/check-files.ts";
import { checkGame } from "../compiler/core/workspace/workspace.ts";
import { hasErrors } from "../compiler/core/text/diagnostics.ts";
import { emitGame } from "../compiler/core/emit/emit.ts";
import { parseEffect } from "../grammar/index.ts";

interface WorkerScope {
  onmessage: ((e: { data: GameInput }) => void) | null;
  postMessage(message: unknown): void;
}

export function compileInWorker(input: GameInput) {
  const checked = checkGame(input);
  if (hasErrors(checked.diagnostics)) return { diagnostics: checked.diagnostics, js: null, map: null };
  const out = emitGame(checked, [input.rules, ...input.cards]);
  return { diagnostics: checked.diagnostics, js: out.js, map: out.map };
}

export { parseEffect };

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (e) => scope.postMessage(compileInWorker(e.data));
