/**
 * The sandbox's agents, off the page's thread: a search agent (greedy, MCTS) thinks here while the
 * page stays responsive. The worker loads the same compiled module the page plays and answers one
 * decision per request; the agent is handed only what its seat may know (`decideAt`: the seat's
 * view and a determinizer), as everywhere else.
 */
import { Engine, decideAt, isObserving, makeAgent, type GameModule } from "../../../runtime/index.ts";
import type { AgentReply, AgentRequest } from "./agent-protocol.ts";

const engines = new Map<string, Engine>();

async function engineOf(url: string): Promise<Engine> {
  const hit = engines.get(url);
  if (hit) return hit;
  const mod = (await import(/* @vite-ignore */ url)) as { game: GameModule };
  const engine = new Engine(mod.game);
  engines.set(url, engine);
  return engine;
}

const post = (m: AgentReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = async (e: MessageEvent<AgentRequest>) => {
  const m = e.data;
  try {
    const engine = await engineOf(m.module);
    const agent = makeAgent(m.spec, m.seed);
    if (agent === null || !isObserving(agent)) throw new Error(`'${m.spec.kind}' is not a searching agent`);
    post({ id: m.id, ok: true, report: decideAt(agent, engine, m.state, m.seat, m.decks) });
  } catch (err) {
    post({ id: m.id, ok: false, reason: err instanceof Error ? err.message : String(err) });
  }
};
