/**
 * The checked model and the workspace: what each span means, references across files, the
 * incremental re-check, and the static references checked at `check` time (card ids in data
 * fields, decks and scenarios; properties in `expect:`).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GameInput } from "../../compiler/core/files/check-files.ts";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { runCli } from "../../compiler/node/cli/main.ts";
import { compileToDisk, readGame } from "../../compiler/node/project.ts";
import { gameFiles, toInput } from "../kit/corpus.ts";
import { writeGame } from "../kit/toy-game.ts";
import { tempDir } from "../kit/temp.ts";

function game(name: string): GameInput {
  const g = readGame(name);
  if ("code" in g) throw new Error(g.message);
  return g;
}
const textOf = (inp: GameInput, path: string) =>
  [...inp.cards, ...(inp.decks ?? []), ...(inp.scenarios ?? [])].find((f) => f.path === path)?.text ?? "";

describe("the model: what each span means", () => {
  const ws = new Workspace(toInput(gameFiles()));
  const m = ws.model();

  it("a procedure call in effect code resolves to its declaration in the rules file", () => {
    // cards/imp.yaml line 12: `      deal(opponent, 1, self)`; rules.yaml line 56: `  deal:`.
    const at = m.at("cards/imp.yaml", { line: 12, col: 8 });
    expect(at?.declaration.id).toBe("procedure:deal");
    expect(at?.isDeclaration).toBe(false);
    expect(at?.span.range).toEqual({ start: { line: 12, col: 7 }, end: { line: 12, col: 11 } });
    expect(at?.declaration.span?.file).toBe("rules.yaml");
    expect(at?.declaration.span?.range.start).toEqual({ line: 56, col: 3 });
    expect(
      m.referencesTo("procedure:deal").map((s) => `${s.file}:${s.range.start.line}:${s.range.start.col}`),
    ).toContain("cards/imp.yaml:12:7");
  });

  it("a card id is a declaration; its kind, events, stages and zones are references with types", () => {
    const id = m.at("cards/golem.yaml", { line: 1, col: 5 });
    expect(id?.declaration.id).toBe("card:golem");
    expect(id?.isDeclaration).toBe(true);
    expect(m.at("cards/golem.yaml", { line: 2, col: 7 })?.declaration.id).toBe("kind:unit");
    expect(m.at("cards/golem.yaml", { line: 10, col: 14 })?.declaration.id).toBe("event:hit");
    expect(m.at("cards/golem.yaml", { line: 11, col: 12 })?.declaration.id).toBe("stage:hit:shield");
    // `when: event.target == me` (line 12): `target` is the field of event `hit`, typed.
    const field = m.at("cards/golem.yaml", { line: 12, col: 17 });
    expect(field?.declaration.id).toBe("event-field:hit:target");
    expect(field?.type).toBeDefined();
  });

  it("a local resolves to its `let`", () => {
    const w = new Workspace(
      toInput(
        gameFiles(
          new Map([
            [
              "cards/probe.yaml",
              "id: probe\nkind: spell\nname: { en: Probe }\ncost: 1\neffect: |\n  let n = 2\n  deal(opponent, n, self)\n",
            ],
          ]),
        ),
      ),
    );
    const at = w.model().at("cards/probe.yaml", { line: 7, col: 18 });
    expect(at?.declaration.kind).toBe("local");
    expect(at?.declaration.name).toBe("n");
    expect(at?.declaration.span?.range.start).toEqual({ line: 6, col: 7 });
    expect(at?.type).toEqual({ t: "number" });
  });
});

describe("the workspace re-checks only what a change touches", () => {
  it("an edit that keeps the card's id re-checks that file alone; renaming an id re-checks the files that named it", () => {
    const inp = toInput(gameFiles());
    const ws = new Workspace(inp);
    const golem = inp.cards.find((c) => c.path === "cards/golem.yaml")?.text ?? "";
    ws.setFile("cards/golem.yaml", golem.replace("power: 2", "power: 3"));
    expect(ws.lastChecked).toEqual(["cards/golem.yaml"]);
    expect(ws.model().cards.find((c) => c.id === "golem")?.def.fields["power"]).toBe(3);
    // A card naming `golem` in its code: renaming golem re-checks it (and it now has an unknown name).
    ws.setFile(
      "cards/probe.yaml",
      "id: probe\nkind: spell\nname: { en: Probe }\ncost: 1\neffect: |\n  create golem in me.hand\n",
    );
    expect(ws.model().diagnostics).toEqual([]);
    ws.setFile("cards/golem.yaml", golem.replace("id: golem", "id: golem-2"));
    expect(ws.lastChecked.sort()).toEqual(["cards/golem.yaml", "cards/probe.yaml"]);
    expect(ws.model().diagnostics.map(renderDiagnostic)).toEqual([
      "cards/golem.yaml:1:5: warning check/file-name: card 'golem-2' is in a file named 'golem'\n  hint: rename the file to golem-2.yaml",
      "cards/probe.yaml:6:10: error check/unknown-name: unknown name 'golem'\n  hint: did you mean 'golem-2'?",
    ]);
  });
});

describe("static references, checked at `check` time", () => {
  it("a misspelled skill id in a GI character's `skills:` is an error at its place, with a quick fix", () => {
    const inp = game("gitcg");
    const ws = new Workspace(inp);
    const path = "cards/gitcg/cards/diluc.yaml";
    ws.setFile(path, textOf(inp, path).replace("[diluc-tempered-sword,", "[diluc-tempered-swrd,"));
    expect(ws.lastChecked).toEqual([path]);
    const d = ws.diagnosticsOf(path);
    expect(d.map(renderDiagnostic)).toEqual([
      "cards/gitcg/cards/diluc.yaml:11:10: error check/unknown-card: unknown card 'diluc-tempered-swrd'\n  hint: did you mean 'diluc-tempered-sword'?",
    ]);
    expect(d[0]?.data).toEqual({ replacement: "diluc-tempered-sword" });
  });

  it("an unknown card in a deck is an error at the id", () => {
    const inp = game("elementis");
    const ws = new Workspace(inp);
    const path = "cards/elementis/decks/fire.yaml";
    ws.setFile(path, textOf(inp, path).replace("salamander,", "salamandr,"));
    expect(ws.diagnosticsOf(path).map(renderDiagnostic)).toEqual([
      "cards/elementis/decks/fire.yaml:5:23: error deck/unknown-card: unknown card 'salamandr'\n  hint: did you mean 'salamander'?",
    ]);
  });

  it("scenario `given` card ids and `expect:` properties are checked, each misspelling at its place with a did-you-mean", () => {
    const ws = new Workspace(game("elementis"));
    const path = "cards/elementis/scenarios/typo.yaml";
    ws.setFile(
      path,
      [
        "scenarios:",
        "  - name: typo",
        "    given:",
        "      me: { hand: [fireblal] }",
        "    expect:",
        "      opponent.lfie: 5",
        "      fairy.pwer: 1",
        "      me.life: 3",
        "",
      ].join("\n"),
    );
    expect(ws.diagnosticsOf(path).map(renderDiagnostic)).toEqual([
      "cards/elementis/scenarios/typo.yaml:4:20: error scenario/unknown-card: unknown card 'fireblal'\n  hint: did you mean 'fireball'?",
      "cards/elementis/scenarios/typo.yaml:6:16: error scenario/unknown-property: a player has no zone or property 'lfie'\n  hint: did you mean 'life'?",
      "cards/elementis/scenarios/typo.yaml:7:13: error scenario/unknown-property: a card has no property 'pwer'\n  hint: did you mean 'power'?",
    ]);
    expect(ws.model().at(path, { line: 8, col: 11 })?.declaration.id).toBe("property:player:life");
  });

  it("actions in `do:` and `can:` are checked; the cards they name are references", () => {
    const ws = new Workspace(game("elementis"));
    const path = "cards/elementis/scenarios/steps.yaml";
    ws.setFile(
      path,
      [
        "scenarios:",
        "  - name: steps",
        "    given:",
        "      me: { hand: [fireball] }",
        "    do:",
        "      - play-magic: fireball",
        "      - end-turn",
        "    expect:",
        "      can: [play-magia: fireball]",
        "",
      ].join("\n"),
    );
    expect(ws.diagnosticsOf(path).map(renderDiagnostic)).toEqual([
      "cards/elementis/scenarios/steps.yaml:6:9: error scenario/unknown-action: unknown action 'play-magic'\n  hint: did you mean 'play-magia'?",
    ]);
    const m = ws.model();
    expect(m.at(path, { line: 7, col: 9 })?.declaration.id).toBe("action:end-turn");
    expect(m.at(path, { line: 9, col: 25 })?.declaration.id).toBe("card:fireball");
    expect(
      m
        .referencesTo("card:fireball")
        .filter((s) => s.file === path)
        .map((s) => `${s.range.start.line}:${s.range.start.col}`),
    ).toEqual(["4:20", "6:21", "9:25"]);
  });
});

describe("the CLI and the build cache", () => {
  const warned = new Map([
    ["cards/probe.yaml", "id: probe\nkind: spell\nname: { en: Probe }\ncost: 1\neffect: |\n  let x = 1\n"],
  ]);

  it("`check` writes nothing (not even dist/)", async () => {
    const root = writeGame(gameFiles(warned));
    try {
      const r = await runCli(["check", "--root", root, "--quiet"]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain("cards/probe.yaml:6:7: warning check/unused: 'x' is never used");
      expect(existsSync(join(root, "dist"))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a cached compile reports the warnings the first compile reported", async () => {
    const root = writeGame(gameFiles(warned), "corpus", tempDir("cardwright-cache-"));
    try {
      const first = await compileToDisk("corpus", { root });
      const second = await compileToDisk("corpus", { root });
      expect(first.fromCache).toBe(false);
      expect(second.fromCache).toBe(true);
      expect(first.diagnostics.map(renderDiagnostic)).toHaveLength(1);
      expect(second.diagnostics.map(renderDiagnostic)).toEqual(first.diagnostics.map(renderDiagnostic));
      expect(readFileSync(join(root, "dist", "corpus", "game.js"), "utf8")).toContain("probe");
      // A new scenario file is checked (its unknown card reported) without rebuilding the code.
      mkdirSync(join(root, "cards", "corpus", "scenarios"));
      writeFileSync(
        join(root, "cards", "corpus", "scenarios", "s.yaml"),
        "scenarios:\n  - name: s\n    given:\n      me: { hand: [ipm] }\n",
      );
      const third = await compileToDisk("corpus", { root });
      expect(third.fromCache).toBe(true);
      expect(third.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.col} ${d.code} ${d.message}`)).toEqual(
        ["6:7 check/unused 'x' is never used", "4:20 scenario/unknown-card unknown card 'ipm'"],
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
