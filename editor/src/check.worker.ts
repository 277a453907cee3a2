/** The check worker: the real compiler core, off the page's thread. */
import { GameChecker, checkInput } from "./check-core.ts";
import type { CheckReply, CheckRequest } from "./check-protocol.ts";

const checker = new GameChecker();
let game = "";
let timer: ReturnType<typeof setTimeout> | null = null;
const post = (m: CheckReply) => (self as unknown as Worker).postMessage(m);

/** After edits stop for a moment, the whole game is re-checked (what the CLI would say). */
function scheduleFull(): void {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    const t0 = performance.now();
    const r = checker.full();
    post({ type: "full", game, diagnostics: r.diagnostics, symbols: r.symbols, ms: performance.now() - t0 });
  }, 300);
}

self.onmessage = (e: MessageEvent<CheckRequest>) => {
  const m = e.data;
  const t0 = performance.now();
  if (m.type === "load") {
    game = m.input.rules.path.split("/")[1] ?? "";
    const r = checker.load(m.input);
    post({ type: "reply", id: m.id, diagnostics: r.diagnostics, symbols: r.symbols, ms: performance.now() - t0 });
  } else if (m.type === "edit") {
    checker.setFile(m.path, m.text);
    const quick = checker.quick(m.path, m.text);
    post({ type: "reply", id: m.id, diagnostics: quick ?? [], symbols: null, ms: performance.now() - t0 });
    // A rules edit (or a file the fast path cannot check) has no quick answer: check it all now.
    if (quick === null) {
      const r = checker.full();
      post({ type: "full", game, diagnostics: r.diagnostics, symbols: r.symbols, ms: performance.now() - t0 });
    } else scheduleFull();
  } else {
    post({ type: "reply", id: m.id, diagnostics: checkInput(m.input), symbols: null, ms: performance.now() - t0 });
  }
};
