/**
 * The lab's HTML report (compiler/sim/lab/report.ts): the same inputs give the same bytes,
 * user text is escaped, and in Chromium every figure shown equals the result's JSON, the per-card
 * table sorts, and both charts render (screenshot: dist/test-artifacts/report/report.png).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deckRules } from "../../compiler/node/decks.ts";
import { loadChecked } from "../../compiler/node/project.ts";
import type { PlanDeck, SimPlan } from "../../compiler/sim/plan.ts";
import { diffText, interval, pct, pText, renderReport } from "../../compiler/sim/lab/report.ts";
import { runLab, type LabResult } from "../../compiler/sim/lab/run.ts";
import { parseAgents } from "../../compiler/node/cli/play-command.ts";
import type { GameModule } from "../../runtime/index.ts";
import { REPO } from "../kit/corpus.ts";
import { sharedBrowser } from "../shared.ts";

const HOSTILE = `fire<script>window.PWNED=1</script>&"'`;
const ARTIFACTS = join(REPO, "dist", "test-artifacts", "report");
let module: GameModule;
let decks: PlanDeck[];
let result: LabResult;
let html: string;
let context: BrowserContext;
let page: Page;

const run = () => {
  const base: SimPlan = {
    game: module.id,
    inputs: "test",
    agents: ["random", "random"],
    games: 6,
    seed: 3,
    decks: [null, null],
    options: {},
    version: null,
    maxDecisions: 100000,
  };
  return runLab({ module, base, decks, agents: parseAgents("random,random") }).result;
};

beforeAll(async () => {
  const loaded = await loadChecked("elementis");
  if (!loaded.module || !loaded.model) throw new Error("elementis did not load");
  module = loaded.module;
  // A deck id is user text: the first deck gets a hostile one.
  decks = deckRules(loaded.model.decks ?? [], module).decks.map((d, i) => ({
    id: i === 0 ? HOSTILE : d.id,
    zones: d.zones,
  }));
  result = run();
  html = await renderReport(result, { game: "elementis" });
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  context = await (await sharedBrowser()).newContext({ viewport: { width: 1300, height: 900 } });
  page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (!r.url().startsWith("data:") && r.url() !== "about:blank") errors.push(`request ${r.url()}`);
  });
  await page.setContent(html);
  await page.screenshot({ path: join(ARTIFACTS, "report.png"), fullPage: true });
  expect(errors).toEqual([]);
}, 240_000);

afterAll(async () => {
  await context?.close();
});

describe("the HTML report", () => {
  it("is the same bytes for the same inputs, and loads nothing from the network", async () => {
    expect(await renderReport(run(), { game: "elementis" })).toBe(html);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:|\/\/)/i);
    expect(html).toContain("default-src 'none'");
  });

  it("shows a hostile deck id as text: no script of it runs", async () => {
    expect(html).not.toContain("<script>window.PWNED");
    expect(await page.evaluate(() => (window as unknown as { PWNED?: number }).PWNED)).toBeUndefined();
    expect(await page.locator("#matrix thead th").nth(1).textContent()).toBe(HOSTILE);
  });

  it("shows the matrix as in the JSON: rate, Wilson interval, coloured only where it excludes 50%", async () => {
    const m = result.matchups;
    for (let r = 0; r < m.decks.length; r++)
      for (let c = 0; c < m.decks.length; c++) {
        const td = page.locator("#matrix tbody tr").nth(r).locator("td").nth(c);
        const cell = m.cells[r]?.[c];
        if (cell === null || cell === undefined) {
          expect(await td.textContent()).toBe("—");
          continue;
        }
        expect(await td.innerText()).toBe(`${pct(cell.rate)}\n${interval(cell.interval)}`);
        expect(await td.getAttribute("class")).toBe(cell.verdict);
        const bg = await td.evaluate((e) => getComputedStyle(e).backgroundColor);
        expect(bg === "rgba(0, 0, 0, 0)").toBe(cell.verdict === "even");
      }
  });

  it("shows the summary as in the JSON", async () => {
    const s = result.summary;
    expect(await page.locator("#s-games").textContent()).toBe(String(s.games));
    const f = s.firstPlayer;
    expect(await page.locator("#s-first").textContent()).toBe(
      `${pct(f.rate)} (${interval(f.interval)}), ${f.count % 1 === 0 ? f.count : f.count.toFixed(1)} of ${f.of}`,
    );
    expect(await page.locator("#s-timeouts").textContent()).toBe(
      `${pct(s.timeouts.rate)} (${interval(s.timeouts.interval)}), ${s.timeouts.count} of ${s.timeouts.of}`,
    );
    expect(await page.locator("#s-length").textContent()).toBe(
      `${s.length?.min}, ${s.length?.median}, ${s.length?.mean.toFixed(1)}, ${s.length?.max}`,
    );
  });

  it("shows every card row as in the JSON", async () => {
    const rows = await page
      .locator("#cards tbody tr")
      .evaluateAll((trs) => trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => c.textContent)));
    expect(rows.length).toBe(result.cards.rows.length);
    expect(rows.length).toBeGreaterThan(20);
    rows.forEach((cells, i) => {
      const x = result.cards.rows[i];
      if (x === undefined) throw new Error("a row too many");
      const fig = (f: typeof x.drawn) => [String(f.games), pct(f.rate), diffText(f.diff), pText(f.adjusted)];
      expect(cells).toEqual([x.deck, x.card, ...fig(x.drawn), ...fig(x.played)]);
    });
  });

  it("sorts the card table by a clicked header, both ways", async () => {
    const header = page.locator("#cards thead th").nth(9); // played: − average
    const values = () =>
      page
        .locator("#cards tbody tr")
        .evaluateAll((trs) => trs.map((tr) => (tr as HTMLTableRowElement).cells[9]?.getAttribute("data-v") ?? ""));
    const numbers = (vs: string[]) => vs.filter((v) => v !== "").map(Number);
    await header.click();
    const up = await values();
    expect(numbers(up)).toEqual([...numbers(up)].sort((a, b) => a - b));
    expect(up.slice(numbers(up).length).every((v) => v === "")).toBe(true); // no figure: last
    await header.click();
    const down = numbers(await values());
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(new Set(down).size).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: join(ARTIFACTS, "report-sorted.png"), fullPage: true });
  });

  it("renders both charts as SVG with marks", async () => {
    for (const id of ["#length-chart", "#played-chart"]) {
      const box = await page.locator(`${id} svg`).boundingBox();
      expect(box?.width).toBeGreaterThan(200);
      expect(box?.height).toBeGreaterThan(40);
    }
    const bars = await page
      .locator("#length-chart svg path[role=graphics-symbol], #length-chart svg .mark-rect path")
      .count();
    expect(bars).toBe(result.summary.lengthBins.length);
    const dots = await page.locator("#played-chart svg .mark-symbol path").count();
    expect(dots).toBe(Math.min(25, result.cards.rows.filter((r) => r.played.diff !== null).length));
  });
});
