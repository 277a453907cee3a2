/**
 * Soak: random games of every game, checking invariants after each answer.
 *   npm run soak                 # 100,000 games per game (hours)
 *   npx tsx bench/soak.ts 500    # a short run
 *   npx tsx bench/soak.ts 100000 gitcg   # one game only
 * Invariants: no exception, a pending decision always has legal actions and the chosen one is
 * accepted, every entity in a zone says it is in that zone, the state survives JSON. Prints the
 * rate as it goes; exits non-zero on the first violation (with seed, game and decision number).
 */
import { readDecks } from "../compiler/node/decks.ts";
import { gameDir, listGames, loadGame } from "../compiler/node/project.ts";
import { Engine, randomAgent, type State } from "../runtime/index.ts";

const perGame = Number(process.argv[2] ?? 100_000);

function invariant(engine: Engine, st: State): string | null {
  if (!st.match.over && engine.legalActions(st).length === 0) return "a decision is pending with no legal action";
  for (const key in st.zones) {
    const owner = Number(key.slice(0, key.indexOf(":")));
    const zone = key.slice(key.indexOf(":") + 1);
    for (const id of st.zones[key] ?? []) {
      const e = st.entities[id];
      if (e === undefined) return `zone ${key} lists a missing entity ${id}`;
      if (e.zone !== zone || (e.holder ?? e.owner) !== owner)
        return `entity ${id} is listed in ${key} but says ${e.holder ?? e.owner}:${e.zone}`;
    }
  }
  return null;
}

const only = process.argv[3];
for (const game of listGames().filter((g) => only === undefined || g === only)) {
  const { module } = await loadGame(game);
  if (!module) throw new Error(`${game} does not compile`);
  const { decks } = readDecks(gameDir(game), module);
  const engine = new Engine(module, { log: false });
  const t0 = performance.now();
  let decisions = 0;
  for (let seed = 1; seed <= perGame; seed++) {
    const a = decks[seed % decks.length];
    const b = decks[(seed * 7 + 1) % decks.length];
    const st = engine.newMatch({
      seed,
      players: [
        { name: "P1", zones: { ...a?.zones } },
        { name: "P2", zones: { ...b?.zones } },
      ],
    });
    const agent = randomAgent(seed ^ 0x5bd1e995);
    let n = 0;
    while (!st.match.over) {
      const legal = engine.legalActions(st);
      const r = engine.apply(st, agent.choose(st, legal, engine));
      n++;
      const bad = r.ok
        ? n % 50 === 0
          ? invariant(engine, st)
          : null
        : `an agent's legal action was rejected: ${r.reason}`;
      if (bad !== null) {
        console.error(`${game} seed ${seed}, decision ${n}: ${bad}`);
        process.exit(1);
      }
      if (n > 100_000) {
        console.error(`${game} seed ${seed}: no end after 100,000 decisions`);
        process.exit(1);
      }
    }
    const bad =
      invariant(engine, st) ??
      (JSON.stringify(JSON.parse(JSON.stringify(st))) === JSON.stringify(st)
        ? null
        : "the state does not survive JSON");
    if (bad !== null) {
      console.error(`${game} seed ${seed}: ${bad}`);
      process.exit(1);
    }
    decisions += n;
    if (seed % 1000 === 0 || seed === perGame) {
      const s = (performance.now() - t0) / 1000;
      console.log(
        `${game}: ${seed} games, ${decisions} decisions, ${(seed / s).toFixed(1)} games/s, ${s.toFixed(0)} s`,
      );
    }
  }
}
