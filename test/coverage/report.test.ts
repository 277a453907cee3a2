/**
 * `cardwright coverage` on the loop fixture (test/analyze/fixture/cards/loopy): its one scenario
 * pokes the opponent, Medic (usage 1) answers once; nothing else fires. The exact table, the
 * clauses not run (file:line:col), the summary line, and the HTML report as Chromium shows it.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../compiler/node/cli/main.ts";
import { REPO } from "../kit/corpus.ts";
import { sharedBrowser } from "../shared.ts";

const ROOT = join(REPO, "test", "analyze", "fixture");
const DIR = relative(process.cwd(), join(ROOT, "cards", "loopy"))
  .split("\\")
  .join("/");
const OUT = join(REPO, "dist", "test-artifacts", "coverage");

describe("cardwright coverage on the loop fixture", () => {
  it("prints the per-card table, each clause not run with file:line:col, and the summary line; writes the HTML report", async () => {
    rmSync(OUT, { recursive: true, force: true });
    const r = await runCli(["coverage", "loopy", "--root", ROOT, "--out", OUT]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const page = join(OUT, "loopy", "index.html");
    expect(r.stdout.split("\n")).toEqual([
      "· ember      0/2",
      "· flare      0/4",
      "· medic      3/5",
      "· spark      0/2",
      "",
      "not run:",
      `  ${DIR}/cards/ember.yaml:8:7  trigger fired (Ember: trigger 1 (on burn))`,
      `  ${DIR}/cards/ember.yaml:8:7  statement (Ember: trigger 1 (on burn))`,
      `  ${DIR}/cards/flare.yaml:7:11  when: held (Flare: trigger 1 condition)`,
      `  ${DIR}/cards/flare.yaml:7:11  when: failed (Flare: trigger 1 condition)`,
      `  ${DIR}/cards/flare.yaml:8:9  trigger fired (Flare: trigger 1 (on glow))`,
      `  ${DIR}/cards/flare.yaml:8:9  statement (Flare: trigger 1 (on glow))`,
      `  ${DIR}/cards/medic.yaml:12:9  trigger fired (Medic: trigger 2 (on heal))`,
      `  ${DIR}/cards/medic.yaml:12:9  statement (Medic: trigger 2 (on heal))`,
      `  ${DIR}/cards/spark.yaml:7:9  trigger fired (Spark: trigger 1 (on hit))`,
      `  ${DIR}/cards/spark.yaml:7:9  statement (Spark: trigger 1 (on hit))`,
      "",
      "1 scenarios run",
      "rules file (not counted): 8/11 (72.7%)",
      `report: ${relative(process.cwd(), page)}`,
      "clauses covered: 3/13 (23.0%)",
      "",
    ]);
    expect(existsSync(page)).toBe(true);
    // Below a --min, the exit code says so.
    const low = await runCli(["coverage", "loopy", "--root", ROOT, "--out", OUT, "--min", "50"]);
    expect(low.code).toBe(1);
    expect(low.stderr).toBe("error: clauses covered are below --min 50%\n");
  });

  it("the HTML report opens in Chromium: summary, card table and coloured source lines are visible", async () => {
    const page = join(OUT, "loopy", "index.html");
    if (!existsSync(page)) await runCli(["coverage", "loopy", "--root", ROOT, "--out", OUT]);
    mkdirSync(OUT, { recursive: true });
    const context = await (await sharedBrowser()).newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      tab.on("pageerror", (e) => errors.push(e.message));
      await tab.goto(pathToFileURL(page).href);
      await expect.poll(() => tab.locator("h1").innerText()).toBe("Clause coverage: loopy");
      expect(await tab.locator("#summary").innerText()).toBe(
        "clauses covered: 3/13 (23.0%) in 4 cards · rules file (not counted): 8/11 (72.7%)",
      );
      const rows = await tab
        .locator("table.summary tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.innerText.trim())));
      expect(rows).toEqual([
        ["ember", "", "0/2", "2"],
        ["flare", "", "0/4", "4"],
        ["medic", "", "3/5", "2"],
        ["spark", "", "0/2", "2"],
      ]);
      // Medic: line 9 (`use`) and 10 ran, line 12 (the heal trigger) did not.
      const medic = tab.locator(`section#f-${`${DIR}/cards/medic.yaml`.replace(/[^A-Za-z0-9]+/g, "-")}`);
      await expect.poll(() => medic.isVisible()).toBe(true);
      const line = (n: number) => medic.locator("pre.src span.l").nth(n - 1);
      expect(await line(9).getAttribute("class")).toBe("l full");
      expect(await line(9).innerText()).toBe("92/2      use"); // the trigger fired and its first statement ran
      expect(await line(12).getAttribute("class")).toBe("l none");
      expect(await line(12).getAttribute("title")).toBe(
        "not run: 12:9 trigger fired (Medic: trigger 2 (on heal)); 12:9 statement (Medic: trigger 2 (on heal))",
      );
      expect(await line(1).getAttribute("class")).toBe("l");
      // Green and red backgrounds are what the reader sees.
      expect(await line(9).evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(215, 245, 215)");
      expect(await line(12).evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(249, 208, 208)");
      await medic.scrollIntoViewIfNeeded();
      await tab.screenshot({ path: join(OUT, "loopy-report.png") });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
