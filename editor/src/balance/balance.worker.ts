/**
 * The Balance tab's worker: loads the compiled game (dist/<game>/game.js at the version asked) and
 * plays a lab run (compiler/sim/lab/run.ts, browser-safe) off the page's thread, posting its
 * progress every few games and then the result with its records (for A/B against the next run).
 */
import type { GameModule } from "../../../runtime/index.ts";
import { runLab } from "../../../compiler/sim/lab/run.ts";
import type { BalanceReply, BalanceRequest } from "./protocol.ts";

const post = (m: BalanceReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = async (e: MessageEvent<BalanceRequest>) => {
  const q = e.data;
  try {
    const url = `${self.location.origin}/dist/${encodeURIComponent(q.game)}/game.js?v=${encodeURIComponent(q.version)}`;
    const module = ((await import(/* @vite-ignore */ url)) as { game: GameModule }).game;
    const agents = [{ kind: q.agent }, { kind: q.agent }] as const;
    let last = 0;
    const { result, records } = runLab({
      module,
      base: {
        game: module.id,
        inputs: q.version,
        agents: [q.agent, q.agent],
        games: q.games,
        seed: q.seed,
        decks: [null, null],
        options: {},
        version: null,
        maxDecisions: 100000,
      },
      decks: q.decks,
      agents,
      progress: (done, total) => {
        if (done === total || done - last >= Math.max(1, Math.floor(total / 50))) {
          last = done;
          post({ type: "progress", id: q.id, done, total });
        }
      },
    });
    post({ type: "done", id: q.id, result, records });
  } catch (err) {
    post({ type: "error", id: q.id, message: err instanceof Error ? err.message : String(err) });
  }
};
