/**
 * A check worker: the real compiler core, off the page's thread. The page runs two: one answers
 * keystrokes (a card file against the kept vocabulary, under a millisecond), the other re-checks
 * the whole game when typing pauses, so a slow whole check never delays a marker.
 */
import { GameChecker, checkInput } from "./check-core.ts";
import type { CheckReply, CheckRequest } from "./check-protocol.ts";

const checker = new GameChecker();
const post = (m: CheckReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<CheckRequest>) => {
  const m = e.data;
  const t0 = performance.now();
  if (m.type === "load") {
    const r = checker.load(m.input);
    post({ id: m.id, diagnostics: r.diagnostics, symbols: r.symbols, quick: false, ms: performance.now() - t0 });
  } else if (m.type === "edit") {
    checker.setFile(m.path, m.text);
    const quick = checker.quick(m.path, m.text);
    post({ id: m.id, diagnostics: quick ?? [], symbols: null, quick: quick !== null, ms: performance.now() - t0 });
  } else {
    post({ id: m.id, diagnostics: checkInput(m.input), symbols: null, quick: false, ms: performance.now() - t0 });
  }
};
