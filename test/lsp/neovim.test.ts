/**
 * Debian's Neovim (0.7.2; `.ci/run` installs it) drives `cardwright lsp` through exactly the
 * config block of docs/editors.md (between its `neovim-config:begin`/`end` markers), started from
 * a game's folder: the recipe must find the repository as the root (not the game's `cards/`),
 * and the server must answer with diagnostics, hover and completion. The card file is a shipped
 * one, opened read-only: the mistake is made in the buffer and never written.
 * test/lsp/neovim-driver.lua does the editor's side and writes what it received as JSON.
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { ROOT } from "../../compiler/node/project.ts";
import { tempDir } from "../kit/temp.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** The Lua of docs/editors.md's Neovim recipe: the one fenced block between the markers. */
function documentedConfig(markdown: string): string {
  const m = /<!-- neovim-config:begin[^>]*-->\n```lua\n([\s\S]*?)```\n<!-- neovim-config:end -->/.exec(markdown);
  if (!m?.[1]) throw new Error("docs/editors.md has no ```lua block between the neovim-config markers");
  return m[1];
}

interface Received {
  error?: string;
  filetype?: string;
  name?: string;
  root?: string;
  pid?: number;
  stopped?: boolean;
  diagnostics?: { message: string; lnum: number; col: number; end_col: number; severity: number; source: string }[];
  hover?: { contents: { kind: string; value: string }; range: unknown };
  completion?: { items: { label: string; textEdit: unknown }[] };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("nvim --headless with the documented config gets diagnostics, hover and completion from a game folder", {
  timeout: 60_000,
}, async () => {
  const tmp = tempDir("cardwright-nvim-");
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const config = join(tmp, "init.lua");
  writeFileSync(config, documentedConfig(readFileSync(join(ROOT, "docs", "editors.md"), "utf8")));

  const file = join(ROOT, "cards", "elementis", "cards", "fireball.yaml");
  const before = readFileSync(file, "utf8");
  const lines = before.split("\n");
  // The lines the driver works on (fail here, not in Lua, if the card changes).
  expect(lines[5]).toBe("element: fire");
  expect(lines[8]).toBe('  let t = choose one of magia-targets(self) as "Target of Fireball (1 damage)"');
  expect(lines[9]).toBe("  deal-damage(t, 1, self)");
  const out = join(tmp, "received.json");
  const params = join(tmp, "params.json");
  writeFileSync(
    params,
    JSON.stringify({
      file,
      out,
      timeout: 20_000,
      edit: { line: 9, text: "  deal-damagx(t, 1, self)" },
      hover: { line: 8, character: lines[8]?.indexOf("magia-targets") },
      completion: { line: 5, character: "element: ".length },
    }),
  );

  // Neovim's own files (lsp.log, shada, swap) go to the temp folder, not the user's.
  const xdg = Object.fromEntries(
    ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"].map((k) => [k, join(tmp, k)]),
  );
  const driver = join(ROOT, "test", "lsp", "neovim-driver.lua");
  const nvim = spawn("nvim", ["--headless", "-n", "-i", "NONE", "-u", config, "-c", `luafile ${driver}`], {
    cwd: join(ROOT, "cards", "elementis"),
    env: { ...process.env, ...xdg, CARDWRIGHT_NVIM_PARAMS: params },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => {
    if (nvim.exitCode === null && nvim.signalCode === null) nvim.kill("SIGKILL");
  });
  let output = "";
  nvim.stdout.on("data", (d: Buffer) => (output += d.toString()));
  nvim.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((done, fail) => {
    nvim.on("error", (e) => fail(new Error(`nvim did not start (.ci/run installs Debian's neovim): ${e.message}`)));
    nvim.on("exit", (c) => done(c));
  });
  expect({ code, output }).toEqual({ code: 0, output: "" });

  const got = JSON.parse(readFileSync(out, "utf8")) as Received;
  const pid = got.pid;
  if (pid !== undefined)
    cleanups.push(() => {
      if (alive(pid)) process.kill(pid, "SIGKILL");
    });
  expect(got.error).toBeUndefined();
  expect([got.filetype, got.name, got.root]).toEqual(["yaml", "cardwright", ROOT]);

  expect(got.diagnostics).toEqual([
    {
      message: "unknown function 'deal-damagx'\nhint: did you mean 'deal-damage'?",
      lnum: 9,
      col: 2,
      end_col: 2 + "deal-damagx".length,
      severity: 1,
      source: "cardwright",
    },
  ]);

  const at = lines[8]?.indexOf("magia-targets") ?? -1;
  expect(got.hover).toEqual({
    contents: {
      kind: "markdown",
      value:
        "```\n(function) magia-targets(source: card): list<entity>\n```\n\nthe opponent or a summon (Fireball, Pyro Flame, Explosia)",
    },
    range: { start: { line: 8, character: at }, end: { line: 8, character: at + "magia-targets".length } },
  });

  const range = { start: { line: 5, character: 9 }, end: { line: 5, character: 13 } };
  expect(got.completion?.items.map((i) => [i.label, i.textEdit])).toEqual(
    ["fire", "wind", "water", "earth"].map((e) => [e, { range, newText: e }]),
  );

  // The server stopped with the editor, and the card file was never written.
  expect(got.stopped).toBe(true);
  expect(pid).toBeTypeOf("number");
  await expect.poll(() => alive(pid as number), { timeout: 10_000 }).toBe(false);
  expect(readFileSync(file, "utf8")).toBe(before);
});
