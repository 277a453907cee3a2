/**
 * Issue 16, item 4 (in part): big inputs. A file past the size limit (512 KiB) is refused at the
 * first character past it, with `io/too-large`, before it is parsed — in memory through the core
 * API, and on disk, where only the first bytes of the file are read. A long effect within the limit
 * compiles: no array is spread into a call anywhere in compiler/, runtime/ or grammar/ (a spread
 * puts every item on the stack: 130,000 statements overflowed it in the printer and the checker).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { ts } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { MAX_FILE_BYTES, offsetPastLimit } from "../../compiler/core/text/input-limits.ts";
import { readGame, ROOT } from "../../compiler/node/project.ts";
import { gameFiles, toInput } from "../kit/corpus.ts";
import { writeGame } from "../kit/toy-game.ts";

const HEAD = 'id: huge\nkind: spell\nname: { en: Huge }\ncost: 1\neffect: log "x"\n';
/** tsx's loader by path: the CLI runs in a temp folder, where `--import tsx` would not resolve. */
const TSX = join(ROOT, "node_modules", "tsx", "dist", "loader.mjs");
const MESSAGE = "the file is larger than 524,288 bytes (512 KiB), the limit of an input file: it is not read past here";

/** A card whose `text` makes the file `bytes` long (ASCII), its last line (6) `text: …`. */
function cardOf(bytes: number): string {
  const open = `${HEAD}text: { en: "`;
  const close = '" }\n';
  return open + "a".repeat(bytes - open.length - close.length) + close;
}

function errorsOf(card: string): string[] {
  const r = checkGame(toInput(gameFiles(new Map([["cards/huge.yaml", card]]))));
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => renderDiagnostic(d).split("\n")[0] as string);
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe("the size limit of an input file", () => {
  it("a card of exactly 512 KiB is read and checked", () => {
    expect(cardOf(MAX_FILE_BYTES).length).toBe(MAX_FILE_BYTES);
    expect(errorsOf(cardOf(MAX_FILE_BYTES))).toEqual([]);
  });

  it("one byte more is io/too-large at the byte past the limit (line 6, its column)", () => {
    // Lines 1–5 are the head; line 6 holds the rest, so the byte past the limit is on it.
    const col = MAX_FILE_BYTES - HEAD.length + 1;
    expect(errorsOf(cardOf(MAX_FILE_BYTES + 1))).toEqual([`cards/huge.yaml:6:${col}: error io/too-large: ${MESSAGE}`]);
  });

  it("counts UTF-8 bytes: a 4-byte character that crosses the limit is the place", () => {
    const ascii = cardOf(MAX_FILE_BYTES).slice(0, MAX_FILE_BYTES - 2);
    const crossing = `${ascii}😀" }\n`; // the emoji's 4 bytes end 2 past the limit
    expect(offsetPastLimit(crossing)).toBe(ascii.length);
    expect(errorsOf(crossing)).toEqual([
      `cards/huge.yaml:6:${ascii.length - HEAD.length + 1}: error io/too-large: ${MESSAGE}`,
    ]);
    // 8 characters fewer: the emoji and the end make exactly 512 KiB, which fits.
    const fits = `${ascii.slice(0, -6)}😀" }\n`;
    expect(Buffer.byteLength(fits)).toBe(MAX_FILE_BYTES);
    expect(offsetPastLimit(fits)).toBe(-1);
    expect(errorsOf(fits)).toEqual([]);
  });

  it("a 5 MB card on disk: only its first bytes are read, and check reports it and exits 1", () => {
    const root = writeGame(gameFiles(new Map([["cards/huge.yaml", cardOf(5_000_000)]])));
    roots.push(root);
    const inp = readGame("corpus", root, root);
    if ("code" in inp) throw new Error(inp.message);
    expect(inp.cards.find((c) => c.path.endsWith("huge.yaml"))?.text.length).toBe(MAX_FILE_BYTES + 1);
    const r = spawnSync(
      process.execPath,
      ["--import", TSX, join(ROOT, "compiler/node/cli/main.ts"), "check", "--root", root, "corpus"],
      { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    const col = MAX_FILE_BYTES - HEAD.length + 1;
    expect(r.stderr.split("\n")[0]).toBe(`cards/corpus/cards/huge.yaml:6:${col}: error io/too-large: ${MESSAGE}`);
    expect(r.stdout).toContain("✗ corpus: 5 card file(s), 1 error(s)");
    expect(r.status).toBe(1);
  });

  it("every shipped game file is far below the limit", () => {
    const sizes = (readdirSync(join(ROOT, "cards"), { recursive: true }) as string[])
      .filter((p) => /\.ya?ml$/.test(p))
      .map((p) => readFileSync(join(ROOT, "cards", p)).length);
    expect(sizes.length).toBeGreaterThan(100);
    expect(sizes.reduce((a, b) => Math.max(a, b), 0)).toBeLessThan(MAX_FILE_BYTES / 4);
  });
});

describe("a long effect within the limit", () => {
  it("32,000 statements check and compile under a quarter of Node's stack (as 130,000 do under all of it)", () => {
    // A spread of n items into a call needs stack for n arguments: under --stack-size=200 (KB,
    // Node's default is 984) about 25,000 overflow, as about 125,000 do by default. The child
    // runs the real `check`, which also generates and imports the module.
    const card = `id: long\nkind: spell\nname: { en: Long }\ntext: { en: Long }\ncost: 1\neffect: let n = 0; ${"n=1;".repeat(32_000)}\n`;
    expect(card.length).toBeLessThan(MAX_FILE_BYTES);
    const root = writeGame(gameFiles(new Map([["cards/long.yaml", card]])));
    roots.push(root);
    const r = spawnSync(
      process.execPath,
      ["--stack-size=200", "--import", TSX, join(ROOT, "compiler/node/cli/main.ts"), "check", "--root", root, "corpus"],
      { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    // Its one warning: `n` is set and never read.
    expect(r.stderr).toBe(
      "cards/corpus/cards/long.yaml:6:13: warning check/unused: 'n' is never used\n  hint: remove it, or name it '_n' to keep it\n",
    );
    expect(r.stdout).toContain("✓ corpus: 5 card file(s), 0 error(s), 1 warning(s)");
    expect(r.status).toBe(0);
  });

  it("no call in compiler/, runtime/ or grammar/ spreads an array into its arguments", () => {
    const found: string[] = [];
    for (const dir of ["compiler", "runtime", "grammar"]) {
      for (const p of (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((f) =>
        f.endsWith(".ts"),
      )) {
        const file = join(ROOT, dir, p);
        const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
        const visit = (n: ts.Node): void => {
          if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && (n.arguments ?? []).some(ts.isSpreadElement))
            found.push(
              `${relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${n.getText(sf).slice(0, 60)}`,
            );
          n.forEachChild(visit);
        };
        visit(sf);
      }
    }
    expect(found).toEqual([]);
  });
});
