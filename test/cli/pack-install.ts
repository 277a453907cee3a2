/**
 * Packaging check: `npm pack` (its prepack builds build/ with tsconfig.build.json), the tarball
 * installed into a temporary project (offline from the npm cache when it can), then, from plain
 * Node with no TypeScript loader, an embedder's program (pack-embed.mjs) imports
 * `cardwright/compiler`, `cardwright/runtime`, `cardwright/scenarios` and `cardwright/game-types`,
 * checks and emits a shipped game, plays a random match to its end and runs the game's scenarios;
 * a TypeScript program using the typed API (game.d.ts over `cardwright/runtime`) type-checks; and
 * the installed `cardwright` command still works. Not part of `npm test`: packing runs the library
 * build (tsc, about 15 s of CPU) and the install unpacks every dependency, well over the budget
 * of a unit test. Run with `npm run test:pack`; exits non-zero on failure and removes its folder.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { tempDir } from "../kit/temp.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const GAME = "elementis";
const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);
const work = tempDir("cw-pack-");

function fail(message: string): never {
  throw new Error(message);
}

/** Runs a command, its output returned; a failure shows what it printed. */
function run(cmd: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    const x = e as { status: number | null; stdout?: string; stderr?: string };
    fail(`${cmd} ${args.join(" ")} exited ${x.status}:\n${x.stdout ?? ""}${x.stderr ?? ""}`);
  }
}

try {
  run("npm", ["pack", "--pack-destination", work, "--silent"], ROOT);
  const tgz = readdirSync(work).find((f) => f.endsWith(".tgz")) ?? fail("npm pack made no tarball");
  const packed = seconds();

  const project = join(work, "embedder");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), '{ "name": "embedder", "private": true, "type": "module" }\n');
  const install = ["install", "--no-audit", "--no-fund", join(work, tgz)];
  let offline = true;
  try {
    run("npm", [...install, "--offline"], project);
  } catch (e) {
    // A cold npm cache (no `npm ci` on this machine yet): fetch what is missing, and say why.
    offline = false;
    console.error(
      `offline install failed, retrying online: ${(e as Error).message.split("\n").slice(0, 6).join("\n")}`,
    );
    run("npm", [...install, "--prefer-offline"], project);
  }
  const installed = seconds();

  // Plain Node: no tsx, no loader; the program imports the package by its exports.
  copyFileSync(join(HERE, "pack-embed.mjs"), join(project, "pack-embed.mjs"));
  const line = run(process.execPath, ["pack-embed.mjs", GAME, "3", "."], project).trim();
  const got = JSON.parse(line) as {
    game: string;
    cards: number;
    over: boolean;
    winner: string;
    decisions: number;
    scenarios: number;
    failed: string[];
  };
  if (got.game !== GAME) fail(`checked game ${got.game}, expected ${GAME}`);
  if (got.cards < 1) fail(`the checked model has no cards: ${line}`);
  if (!got.over || !["P1", "P2", "draw"].includes(got.winner)) fail(`the match did not end: ${line}`);
  if (got.scenarios < 1 || got.failed.length > 0) fail(`scenarios: ${line}`);

  // The typed API: game.d.ts (written above over `cardwright/runtime`) and the packages' own .d.ts.
  writeFileSync(
    join(project, "main.ts"),
    [
      'import { Engine, type State } from "cardwright/runtime";',
      'import { checkGame, type CheckedModel } from "cardwright/compiler";',
      'import { runScenarioFile } from "cardwright/scenarios";',
      'import game, { type CardId, type Events } from "./game.js";',
      "const engine = new Engine(game);",
      'const state: State = engine.newMatch({ seed: 1, players: [{ name: "P1", zones: {} }] });',
      "export const over: boolean = state.match.over;",
      'export const model: CheckedModel = checkGame({ rules: { path: "rules.yaml", text: "" }, cards: [] });',
      "export const run: unknown[] = runScenarioFile(game, 'x.yaml', '');",
      'export const card: CardId = "fireball";',
      "// Each line below must be a type error: were the types lost (any), it would not be.",
      "// @ts-expect-error not a card of the game",
      'export const bad: CardId = "no-such-card";',
      "// @ts-expect-error an event field of the wrong type",
      'export const amount: Events["damage"]["amount"] = "three";',
      "// @ts-expect-error newMatch takes a MatchConfig",
      "engine.newMatch(42);",
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2023", "dom"],
        types: [],
        skipLibCheck: true,
      },
      files: ["main.ts"],
    }),
  );
  run(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "."], project);

  // The installed command: its bin still runs the TypeScript CLI through tsx.
  const bin = join(project, "node_modules", ".bin", "cardwright");
  const help = run(bin, ["--help"], project);
  if (!help.includes("Usage: cardwright")) fail(`unexpected --help output:\n${help}`);
  const played = run(bin, ["play", GAME, "--seed", "3", "--quiet"], project);
  if (!/^(Winner: P[12]|The match is a draw\.)\n$/.test(played)) fail(`unexpected play output:\n${played}`);
  let code = 0;
  try {
    execFileSync(bin, ["play", "nosuch"], { cwd: project, stdio: "pipe" });
  } catch (e) {
    code = (e as { status: number }).status;
  }
  if (code !== 2) fail(`a user mistake should exit 2 from the installed command, got ${code}`);
  console.log(
    `pack ${packed} s, install${offline ? " (offline)" : ""} ${installed} s, plain-Node embed + tsc + CLI: ok in ${seconds()} s (${GAME}: ${got.cards} cards, winner ${got.winner} after ${got.decisions} decisions, ${got.scenarios} scenarios)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
