/**
 * Generated code points back to the YAML: game.js.map maps every statement to its file:line:col
 * (inside block scalars too), and a fault planted in a card names that card's line and column in
 * the fault message and in the stack trace under `node --enable-source-maps`.
 */
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMappings, decodeVlq, vlq } from "../../compiler/core/emit/source-map.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { compileToDisk, gameDir, loadGame, ROOT } from "../../compiler/node/project.ts";
import { Engine, randomAgent, RuntimeFault, type GameModule } from "../../runtime/index.ts";
import { tempDir } from "../kit/temp.ts";

let root = "";
let module: GameModule;
const FIREBALL = "cards/elementis/cards/fireball.yaml";
/** Line 11 of fireball.yaml, planted after its two lines of effect: a division by zero at run time. */
const PLANTED = "  let boom = 10 / (count(me.hand) - count(me.hand))";

function config(seed: number, decks: ReturnType<typeof readDecks>["decks"]) {
  return {
    seed,
    players: [0, 1].map((i) => ({ name: `P${i + 1}`, zones: { ...decks[(seed + i) % decks.length]?.zones } })),
  };
}

beforeAll(async () => {
  root = tempDir("cardwright-map-");
  cpSync(join(ROOT, "cards", "elementis"), join(root, "cards", "elementis"), { recursive: true });
  const file = join(root, FIREBALL);
  const text = readFileSync(file, "utf8");
  expect(text.split("\n")[9]).toBe("  deal-damage(t, 1, self)");
  writeFileSync(file, `${text.trimEnd()}\n${PLANTED}\n`);
  const r = await compileToDisk("elementis", { root, force: true });
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const loaded = await loadGame("elementis", root);
  if (!loaded.module) throw new Error("no module");
  module = loaded.module;
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("source maps", () => {
  it("VLQ round trip", () => {
    for (const n of [0, 1, -1, 15, 16, -16, 1000, -123456]) expect(decodeVlq(vlq(n))).toEqual([n]);
    expect(vlq(16)).toBe("gB");
  });

  it("game.js.map names the YAML files with their text, and maps the planted statement to fireball.yaml:11:3", () => {
    const map = JSON.parse(readFileSync(join(root, "dist", "elementis", "game.js.map"), "utf8")) as {
      sources: string[];
      sourcesContent: string[];
      sourceRoot: string;
      mappings: string;
    };
    const rel = relative(process.cwd(), join(root, FIREBALL)).split("\\").join("/");
    const src = map.sources.indexOf(rel);
    expect(src).toBeGreaterThanOrEqual(0);
    expect(map.sources[0]).toBe(
      relative(process.cwd(), join(root, "cards/elementis/rules.yaml")).split("\\").join("/"),
    );
    expect(map.sourcesContent[src]?.split("\n")[10]).toBe(PLANTED);
    const js = readFileSync(join(root, "dist", "elementis", "game.js"), "utf8").split("\n");
    // `boom` is a variable of its step (no later step reads it): its assignment is the one `$div(10, …)`.
    const genLine = js.findIndex((l) => / = \$div\(10, /.test(l));
    expect(js.filter((l) => / = \$div\(10, /.test(l))).toHaveLength(1);
    expect(genLine).toBeGreaterThan(0);
    const m = decodeMappings(map.mappings).filter((x) => x.genLine === genLine);
    expect(m).toEqual([{ genLine, genCol: js[genLine]?.indexOf("ctx.at") ?? -1, source: src, line: 10, col: 2 }]);
  });

  it("the fault message names fireball.yaml:11:3, not the effect's first line", () => {
    const { decks } = readDecks(gameDir("elementis", root), module);
    const engine = new Engine(module);
    let fault: RuntimeFault | null = null;
    for (let seed = 1; seed <= 40 && !fault; seed++) {
      try {
        const st = engine.newMatch(config(seed, decks));
        const agent = randomAgent(seed);
        while (!st.match.over) engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
      } catch (e) {
        if (!(e instanceof RuntimeFault)) throw e;
        fault = e;
      }
    }
    expect(fault?.message).toMatch(/fireball\.yaml:11:3 \(Fireball: effect\): division by zero$/);
    expect(fault?.statement).toMatchObject({ h: "card.fireball.effect", line: 11, col: 3 });
    expect(fault?.handler).toBe("card.fireball.effect");
  });

  it("every log entry a handler makes records the handler and the file:line:col of its statement", () => {
    const { decks } = readDecks(gameDir("elementis", root), module);
    const st = new Engine(module).newMatch(config(1, decks));
    const rules = readFileSync(join(root, "cards/elementis/rules.yaml"), "utf8").split("\n");
    const line = rules.indexOf("      p.life = life-points") + 1;
    expect(line).toBeGreaterThan(0);
    const entry = st.log.find((e) => e.text === "P1.life = 3");
    expect(entry?.by).toEqual({
      h: expect.stringMatching(/^proc\./),
      file: relative(process.cwd(), join(root, "cards/elementis/rules.yaml")).split("\\").join("/"),
      line,
      col: 7,
    });
    // The runtime's own lines (the game begins, actions, decisions) name no handler.
    expect(st.log[0]?.text).toMatch(/^Game 1 begins/);
    expect(st.log[0]?.by).toBeUndefined();
  });

  it("under node --enable-source-maps the stack trace of the fault runs through fireball.yaml:11:3", () => {
    // The first seed whose match casts Fireball (found in-process above the same way).
    const { decks } = readDecks(gameDir("elementis", root), module);
    const engine = new Engine(module, { log: false });
    let seed = 1;
    for (; seed <= 40; seed++) {
      try {
        const st = engine.newMatch(config(seed, decks));
        const agent = randomAgent(seed);
        while (!st.match.over) engine.apply(st, agent.choose(st, engine.legalActions(st), engine));
      } catch {
        break;
      }
    }
    const r = spawnSync(
      process.execPath,
      [
        "--enable-source-maps",
        "--import",
        "tsx",
        join(ROOT, "test/compiler/fixtures/run-fault.ts"),
        root,
        "elementis",
        String(seed),
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(r.stderr).toBe("");
    const [message, ...stack] = r.stdout.trim().split("\n");
    expect(message).toMatch(/fireball\.yaml:11:3 \(Fireball: effect\): division by zero$/);
    const frame = stack.find((l) => l.includes("card_fireball_effect"));
    expect(frame).toMatch(/cards\/elementis\/cards\/fireball\.yaml:11:\d+\)$/);
    expect(frame).not.toContain("game.js");
  });
});
