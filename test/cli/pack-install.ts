/**
 * Packaging check (slow: it installs the package's dependencies, so it is not part of `npm test`):
 * `npm pack`, `npm install -g <tarball>` into a temporary prefix, then the installed `cardwright`
 * command compiles and plays a bundled game. Run with `npm run test:pack`; exits non-zero on failure.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const t0 = performance.now();
const work = mkdtempSync(join(tmpdir(), "cw-pack-"));
const prefix = join(work, "prefix");
execFileSync("npm", ["pack", "--pack-destination", work, "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
const tgz = readdirSync(work).find((f) => f.endsWith(".tgz"));
if (tgz === undefined) throw new Error("npm pack made no tarball");
execFileSync("npm", ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", join(work, tgz)], {
  stdio: ["ignore", "ignore", "inherit"],
});
const bin = join(prefix, "bin", "cardwright");
const help = execFileSync(bin, ["--help"], { encoding: "utf8" });
if (!help.includes("Usage: cardwright")) throw new Error(`unexpected --help output:\n${help}`);
const played = execFileSync(bin, ["play", "elementis", "--seed", "3", "--quiet"], { encoding: "utf8", cwd: work });
if (!/^(Winner: P[12]|The match is a draw\.)\n$/.test(played)) throw new Error(`unexpected play output:\n${played}`);
let code = 0;
try {
  execFileSync(bin, ["play", "nosuch"], { encoding: "utf8", stdio: "pipe" });
} catch (e) {
  code = (e as { status: number }).status;
}
if (code !== 2) throw new Error(`a user mistake should exit 2 from the installed command, got ${code}`);
console.log(
  `pack + global install + play: ok in ${((performance.now() - t0) / 1000).toFixed(1)} s (${join(work, tgz)})`,
);
