/**
 * A module loaded from memory (`check`'s scenarios, `coverage`) names its source map as a data:
 * URL on its last line, printed there by emit. Before, the host put it in with a search and
 * replace of the first `//# sourceMappingURL=` in the module's text — which a card's name could
 * hold: the replace cut the card's string literal and the module did not parse.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import { instrumentGame } from "../../compiler/node/coverage.ts";
import { emitGame } from "../../compiler/core/emit/emit.ts";
import { inlineMapUrl, moduleInMemory, readGame } from "../../compiler/node/project.ts";
import { gameFiles } from "../kit/corpus.ts";
import { writeGame } from "../kit/toy-game.ts";

const NAME = "Imp //# sourceMappingURL=x.map";
const root = writeGame(
  gameFiles(
    new Map([
      [
        "cards/imp.yaml",
        (gameFiles().get("cards/imp.yaml") ?? "").replace("name: { en: Imp }", `name: { en: "${NAME}" }`),
      ],
    ]),
  ),
);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a source map inlined by emit, not by a text replace", () => {
  it("check's in-memory module keeps a card name that holds //# sourceMappingURL=", async () => {
    const inp = readGame("corpus", root);
    if ("code" in inp) throw new Error(inp.message);
    const model = checkGame(inp);
    expect(model.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const module = await moduleInMemory("corpus", inp, model, root);
    expect(module?.cards["imp"]?.name).toBe(NAME);
    // The map is the module's last line, once.
    const emitted = emitGame(model, [inp.rules, ...inp.cards], { mapUrl: inlineMapUrl });
    const lines = emitted.js.trimEnd().split("\n");
    const last = lines[lines.length - 1] ?? "";
    expect(last.startsWith("//# sourceMappingURL=data:application/json;base64,")).toBe(true);
    expect(Buffer.from(last.slice(last.indexOf(",") + 1), "base64").toString("utf8")).toBe(emitted.map);
    expect(lines.filter((l) => l.startsWith("//# sourceMappingURL="))).toHaveLength(1);
  });

  it("coverage's instrumented module too", async () => {
    const g = await instrumentGame("corpus", root);
    if (!g.ok) throw new Error(g.diagnostics.map((d) => d.message).join("; "));
    expect(g.game.module.cards["imp"]?.name).toBe(NAME);
  });
});
