// The embedder's program of test/cli/pack-install.ts: run by plain Node (no TypeScript loader) in
// a project that installed the packed tarball. It checks a shipped game with `cardwright/compiler`,
// emits its module, plays a random match to its end with `cardwright/runtime`, runs the game's
// scenarios with `cardwright/scenarios` and writes its typed API with `cardwright/game-types`.
// Usage: node pack-embed.mjs <game> <seed> <folder for game.js and game.d.ts>
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { checkGame, emitGame, hasErrors, renderDiagnostic } from "cardwright/compiler";
import { gameTypes } from "cardwright/game-types";
import { Engine, playMatch, randomAgent } from "cardwright/runtime";
import { runScenarios } from "cardwright/scenarios";

const [game = "", seedText = "1", out = "."] = process.argv.slice(2);
const seed = Number(seedText);
const folder = join(dirname(fileURLToPath(import.meta.resolve("cardwright/package.json"))), "cards", game);

/** The YAML files under a folder, as `{ path, text }` (paths relative to the game folder). */
function yamlFiles(dir) {
  let names;
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [{ path: relative(folder, path), text: readFileSync(path, "utf8") }] : [];
  });
}

const rules = { path: "rules.yaml", text: readFileSync(join(folder, "rules.yaml"), "utf8") };
const cards = yamlFiles(join(folder, "cards"));
const model = checkGame({
  rules,
  cards,
  decks: yamlFiles(join(folder, "decks")),
  scenarios: yamlFiles(join(folder, "scenarios")),
});
if (hasErrors(model.diagnostics)) {
  console.error(model.diagnostics.map(renderDiagnostic).join("\n"));
  process.exit(1);
}

const emitted = emitGame(model, [rules, ...cards]);
const jsFile = join(out, "game.js");
writeFileSync(jsFile, emitted.js);
writeFileSync(join(out, "game.d.ts"), gameTypes(model, "cardwright/runtime"));
const { game: module } = await import(pathToFileURL(jsFile).href);

const engine = new Engine(module);
const decks = model.decks.filter((d) => d.ok);
const players = [0, 1].map((i) => ({ name: `P${i + 1}`, zones: decks[(seed + i) % decks.length].zones }));
const { state, actions } = playMatch(engine, { seed, players }, [randomAgent(seed), randomAgent(seed + 1)]);
const winner = state.match.winner === null ? "draw" : state.entities[state.match.winner].props.name;

const results = model.scenarios.flatMap((s) => runScenarios(module, s));
const failed = results.filter((r) => r.failures.length > 0).map((r) => r.name);

console.log(
  JSON.stringify({
    game: model.game,
    cards: model.cards.length,
    over: state.match.over,
    winner,
    decisions: actions.length,
    scenarios: results.length,
    failed,
  }),
);
