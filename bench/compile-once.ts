/** One cold compile of a game in a fresh process (run by bench/run.ts): prints JSON timings. */
const t0 = performance.now();
const { readGame } = await import("../compiler/node/project.ts");
const { checkGame } = await import("../compiler/core/workspace/workspace.ts");
const { emitGame } = await import("../compiler/core/emit/emit.ts");
const t1 = performance.now();
const game = process.argv[2] ?? "elementis";
const input = readGame(game);
if ("code" in input) throw new Error(input.message);
const checked = checkGame(input);
const t2 = performance.now();
emitGame(checked, [input.rules, ...input.cards]);
const t3 = performance.now();
process.stdout.write(JSON.stringify({ load: t1 - t0, check: t2 - t1, emit: t3 - t2, total: t3 - t0 }) + "\n");
