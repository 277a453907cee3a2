/**
 * The editor's Balance tab in Chromium: a run in the tab's worker shows the matchup matrix the
 * lab computes in Node for the same inputs; an edit of a number on a card (Air Slash, wind only:
 * 1 damage → 2), saved, then Run again shows water vs wind moved down for water, and the card's
 * own figures. Screenshots: dist/test-artifacts/balance/.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deckRules } from "../../compiler/node/decks.ts";
import { loadChecked } from "../../compiler/node/project.ts";
import { interval, pct } from "../../compiler/sim/lab/format.ts";
import { runLab } from "../../compiler/sim/lab/run.ts";
import { harnessForFile, type Harness } from "./browser.ts";

let h: Harness;
harnessForFile({ artifacts: "balance", openTimeout: 240_000 }, (opened) => {
  h = opened;
});

const message = () => h.page.textContent("[data-testid=balance-message]");

/** Clicks Run and waits for that run (the n-th) to finish. */
async function runTab(n: number): Promise<void> {
  await h.page.click("[data-testid=balance-run]");
  await h.page.waitForFunction(
    (k) => document.querySelector("[data-testid=balance]")?.getAttribute("data-runs") === String(k),
    n,
    {
      timeout: 120_000,
    },
  );
}

describe("the Balance tab", () => {
  it("runs water against wind in its worker and shows the matrix the lab computes in Node", async () => {
    await h.page.click("[data-testid=tab-balance]");
    await h.page.selectOption("[data-testid=balance-game]", "elementis");
    await h.page.uncheck("[data-testid=balance-decks] input[value='elementis/decks/fire.yaml']");
    await h.page.fill("[data-testid=balance-games]", "100");
    await h.page.selectOption("[data-testid=balance-agent]", "random");
    await runTab(1);
    expect(await message()).toBe("200 games played");
    expect(await h.page.getAttribute("[data-testid=balance-progress]", "value")).toBe("1");
    // The same run in Node.
    const { module, model } = await loadChecked("elementis");
    if (!module || !model) throw new Error("elementis did not load");
    const decks = deckRules(model.decks ?? [], module)
      .decks.filter((d) => d.id === "water" || d.id === "wind")
      .map((d) => ({ id: d.id, zones: d.zones }));
    const { result } = runLab({
      module,
      base: {
        game: module.id,
        inputs: "x",
        agents: ["random", "random"],
        games: 100,
        seed: 1,
        decks: [null, null],
        options: {},
        version: null,
        maxDecisions: 100000,
      },
      decks,
      agents: [{ kind: "random" }, { kind: "random" }],
    });
    const cells = await h.page
      .locator("[data-testid=balance-matrix] tbody td")
      .evaluateAll((tds) => tds.map((td) => [(td as HTMLElement).innerText, td.className]));
    const want = result.matchups.cells
      .flat()
      .map((c) => (c === null ? ["—", ""] : [`${pct(c.rate)}\n${interval(c.interval)}`, c.verdict]));
    expect(cells).toEqual(want);
    await h.shot("01-balance-run");
  });

  it("after a card edit is saved, Run again shows the moved matchup and the card's figures", async () => {
    await h.page.evaluate(() => (window as any).cardwright.openFile("cards/elementis/cards/air-slash.yaml", 1, 1));
    await h.page.evaluate(() => {
      const cw = (window as any).cardwright;
      cw.editor
        .getModel()
        .setValue(cw.editor.getValue().replace("deal-damage(opponent, 1, self)", "deal-damage(opponent, 2, self)"));
    });
    await h.page.keyboard.press("Control+s");
    await h.page.waitForFunction(
      () => /elementis compiled/.test(document.querySelector("[data-testid=status]")?.textContent ?? ""),
      null,
      { timeout: 120_000 },
    );
    expect(readFileSync(join(h.root, "cards", "elementis", "cards", "air-slash.yaml"), "utf8")).toContain(
      "deal-damage(opponent, 2, self)",
    );
    await runTab(2);
    expect(await message()).toBe("200 games played; 1 of 1 matchups moved since the last run");
    const moved = await h.page
      .locator("[data-testid=balance-moved] tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.className, ...Array.from((tr as HTMLTableRowElement).cells, (c) => c.textContent)]),
      );
    expect(moved.length).toBe(1);
    expect(moved[0]?.slice(0, 3)).toEqual(["moved-down", "water", "wind"]);
    expect(moved[0]?.[7]).toBe("moved down");
    // The card open in the editor: its figures, in the deck that holds it.
    const card = await h.page
      .locator("[data-testid=balance-card] tbody tr")
      .evaluateAll((trs) => trs.map((tr) => (tr as HTMLTableRowElement).cells[0]?.textContent));
    expect(card).toEqual(["wind"]);
    expect(Number(await h.page.locator("[data-testid=balance-card] tbody tr td").nth(4).textContent())).toBeGreaterThan(
      50,
    );
    await h.shot("02-balance-moved");
  });
});
