/** The check worker: the compiler core's workspace and language services, off the page's thread. */
import { GameChecker, checkInput } from "./core.ts";
import type { CheckReply, CheckRequest } from "./protocol.ts";

const checker = new GameChecker();
const post = (m: CheckReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<CheckRequest>) => {
  const m = e.data;
  const t0 = performance.now();
  const ms = () => performance.now() - t0;
  if (m.type === "load") post({ id: m.id, ...checker.load(m.input), ms: ms() });
  else if (m.type === "edit") post({ id: m.id, ...checker.edit(m.path, m.text), ms: ms() });
  else if (m.type === "remove") post({ id: m.id, ...checker.remove(m.path), ms: ms() });
  else if (m.type === "check") post({ id: m.id, diagnostics: checkInput(m.input), ms: ms() });
  else post({ id: m.id, result: checker.call(m.method, m.args), ms: ms() });
};
