import type { MatchConfig, State } from "/work/main/runtime/index.ts";
import { Engine, randomAgent } from "/work/main/runtime/index.ts";
import { readDecks } from "/work/main/compiler/node/decks.ts";
import { gameDir } from "/work/main/compiler/node/project.ts";
import { gameModule } from "/work/main/test/kit.ts";
const module = await gameModule("gitcg");
const logged = new Engine(module);
const { decks } = readDecks(gameDir("gitcg"), module);
const seed=3; const a0=decks[seed%decks.length]!, b0=decks[(seed*7+3)%decks.length]!;
const cfg: MatchConfig = { seed, players: [{ name: "P1", zones: { ...a0.zones } }, { name: "P2", zones: { ...b0.zones } }] };
let t=performance.now(); const a = logged.newMatch(cfg); const ag=randomAgent(seed); let n=0;
while (!logged.isOver(a)) { logged.apply(a, ag.choose(a, logged.legalActions(a), logged)); n++; }
console.log("decisions", n, "ms", (performance.now()-t).toFixed(0), "json KB", (JSON.stringify(a).length/1024).toFixed(0), "log entries", (a as any).log?.length);
console.log(JSON.stringify((a as any).log?.slice(-2)));
