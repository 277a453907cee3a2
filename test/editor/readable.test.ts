/**
 * Readable, and in both languages (issue 21, items 5 and 6), in Chromium on the built app: the
 * columns resize by dragging, the preview is drawn as a card with its name in both languages, the
 * sandbox's start list is searchable, each problem is listed once, hovers carry no schema source
 * line, "+ card" opens a form that checks the id as it is typed, and the ja/en switch changes the
 * preview, the board and the log — drawn with the bundled Noto Sans JP.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { harnessForFile, openFile, type Harness } from "./browser.ts";

let h: Harness;
harnessForFile({ artifacts: "editor-readable", openTimeout: 300_000 }, (opened) => {
  h = opened;
});

const open = (path: string, line = 1, col = 1) => openFile(h, path, line, col);
const text = (sel: string) => h.page.textContent(sel) as Promise<string>;
const box = async (sel: string) => (await h.page.locator(sel).boundingBox()) as { x: number; width: number };

// A loaded two-core machine: loading GI's 300 files can take a minute.
describe("readable and in both languages", { timeout: 300_000 }, () => {
  it("dragging the splitter widens the side column by the distance dragged", async () => {
    await open("cards/elementis/cards/fireball.yaml");
    const before = await box("#side");
    const bar = await box("[data-testid=split-side]");
    await h.page.mouse.move(bar.x + 2, 400);
    await h.page.mouse.down();
    await h.page.mouse.move(bar.x + 2 - 150, 400, { steps: 5 });
    await h.page.mouse.up();
    const after = await box("#side");
    expect(Math.round(after.width - before.width)).toBe(150);
    expect(Math.round(after.x)).toBe(Math.round(before.x) - 150);
    await h.shot("01-resized");
  });

  it("the preview is a card: both names, cost badge, kind, key fields, text; ja switches it", async () => {
    await open("cards/elementis/cards/salamander.yaml");
    await h.page.waitForSelector("[data-testid=cp-rendered] b");
    expect(await text("[data-testid=cp-name]")).toBe("Salamander");
    expect(await text("[data-testid=cp-name-other]")).toBe("サラマンダー");
    expect(await text("[data-testid=cp-cost]")).toBe("2");
    expect(await text("[data-testid=cp-kind]")).toBe("summon · salamander");
    expect(await text("[data-testid=cp-stats]")).toBe("number 2 element fire power 1");
    expect(await text("[data-testid=cp-text]")).toBe("Your fire cards cost 1 less to play.");
    await h.shot("02-preview-card-en");
    await h.page.selectOption("[data-testid=lang]", "ja");
    await h.page.waitForFunction(() =>
      document.querySelector("[data-testid=cp-rendered]")?.textContent?.startsWith("コードから"),
    );
    expect(await text("[data-testid=cp-name]")).toBe("サラマンダー");
    expect(await text("[data-testid=cp-name-other]")).toBe("Salamander");
    const rendered = await text("[data-testid=cp-rendered]");
    expect(rendered).not.toMatch(/[A-Za-z]{2,}/);
    // The Japanese name is drawn with the bundled font (its glyphs, not boxes).
    const fonts = await h.page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check("16px 'Noto Sans JP'", "サラマンダー");
    });
    expect(fonts).toBe(true);
    await h.shot("03-preview-card-ja");
    await h.page.selectOption("[data-testid=lang]", "en");
    // A card with recorded official texts: the latest shown as text, never as a key field.
    await open("cards/gitcg/cards/diluc-searing-onslaught.yaml");
    await h.page.waitForSelector("[data-testid=cp-official]");
    expect(await text("[data-testid=cp-stats]")).toBe("skillType elemental");
    expect(await text("[data-testid=cp-official]")).toBe(
      "Official text (3.3): Deals 3 Pyro DMG. For the third use of this Skill each Round, deals +2 DMG.",
    );
  });

  it("each problem is listed once, and a hover has no 'Source: …schema.json' line", async () => {
    await open("cards/elementis/cards/salamander.yaml", 8, 8); // power: |1
    await h.page.keyboard.press("Delete");
    await h.page.keyboard.type("x");
    await h.page.waitForSelector("[data-testid=problems] .problem.error");
    const all = await h.page.evaluate(() => {
      const cw = (window as any).cardwright;
      return cw.monaco.editor.getModelMarkers({ resource: cw.editor.getModel().uri }).map((m: any) => m.owner);
    });
    // Only the compiler's markers (monaco-yaml validates nothing), and no problem line twice.
    expect([...new Set(all)]).toEqual(["cardwright"]);
    const lines = (
      await h.page.$$eval("[data-testid=problems] .problem", (els) => els.map((e) => e.textContent ?? ""))
    ).filter((l) => l.startsWith("cards/elementis/cards/salamander.yaml:"));
    expect(lines.length).toBe(all.length);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.filter((l) => l?.startsWith("cards/elementis/cards/salamander.yaml:8:8: schema/"))).toHaveLength(1);
    await h.page.keyboard.press("Backspace");
    await h.page.keyboard.type("1");
    await h.page.waitForSelector("[data-testid=problems] .problem.ok");
    // Hover on the `element` key: the schema's description, without the source line.
    const at = await h.page.evaluate(() => {
      const cw = (window as any).cardwright;
      const p = cw.editor.getScrolledVisiblePosition({ lineNumber: 6, column: 3 });
      const r = cw.editor.getDomNode().getBoundingClientRect();
      return { x: r.left + p.left + 2, y: r.top + p.top + p.height / 2 };
    });
    await h.page.mouse.move(at.x, at.y);
    const hover = h.page.locator(".monaco-hover", { hasText: "Allowed Values" });
    await hover.first().waitFor({ timeout: 60_000 });
    const hoverText = (await h.page.locator(".monaco-hover").allTextContents()).join("\n");
    expect(hoverText).toContain("(field) summon.element: element");
    expect(hoverText.length).toBeGreaterThan(0);
    expect(hoverText).not.toContain("Source:");
    expect(hoverText).not.toContain("schema.json");
    await h.shot("04-hover-no-source");
    await h.page.mouse.move(5, 5);
  });

  it("'+ card' opens a form that checks the id as it is typed and writes the guide's template", async () => {
    await open("cards/gitcg/cards/diluc.yaml");
    // The tree keeps the game folded that it was rendered with; unfold GI to reach its button.
    await h.page.click("#tree > details > summary >> text=gitcg");
    await h.page.click("[data-testid=new-card-gitcg]");
    await h.page.waitForSelector("[data-testid=new-card-form]");
    const why = () => text("[data-testid=nc-why]");
    await h.page.fill("[data-testid=nc-id]", "Bad Id");
    expect(await why()).toBe("an id is kebab-case: lower-case letters and digits, words joined by '-'");
    expect(await h.page.isDisabled("[data-testid=nc-create]")).toBe(true);
    await h.page.fill("[data-testid=nc-id]", "diluc");
    expect(await why()).toBe("'diluc' is already a card of gitcg");
    await h.page.fill("[data-testid=nc-id]", "ember-fox");
    expect(await why()).toBe("✓ cards/gitcg/cards/ember-fox.yaml");
    await h.shot("05-new-card-form");
    const kinds = await h.page.$$eval("[data-testid=nc-kind] option", (os) => os.map((o) => o.textContent));
    expect(kinds).toContain("event-card");
    await h.page.selectOption("[data-testid=nc-kind]", "event-card");
    await h.page.click("[data-testid=nc-create]");
    await h.page.waitForFunction(() => document.querySelector(".tree-file.open")?.textContent === "ember-fox.yaml");
    const file = readFileSync(join(h.root, "cards", "gitcg", "cards", "ember-fox.yaml"), "utf8");
    expect(file).toMatch(
      /^id: ember-fox\nkind: event-card\nofficialId: 0 # the official card number \(the game's authoring guide\)\nname: \{ en: "ember fox", ja: "ember fox" \}\n/,
    );
  });

  it("the sandbox's start list is searchable; the ja switch renames cards on the board and in the log", async () => {
    // Japanese names come from the game open in the editor (its card files).
    await open("cards/elementis/cards/salamander.yaml");
    await h.page.click("[data-testid=tab-sandbox]");
    await h.page.selectOption("[data-testid=sb-game]", "elementis");
    await h.page.waitForFunction(
      () => (document.querySelector("[data-testid=sb-start]") as HTMLSelectElement)?.options.length > 0,
    );
    const total = await h.page.$eval("[data-testid=sb-start]", (s) => (s as HTMLSelectElement).options.length);
    await h.page.fill("[data-testid=sb-start-search]", "board salamander");
    const visible = await h.page.$$eval("[data-testid=sb-start] option", (os) =>
      os.filter((o) => !(o as HTMLOptionElement).hidden).map((o) => o.textContent),
    );
    expect(visible).toEqual(["board of salamander…"]);
    expect(await text("[data-testid=sb-start-count]")).toBe(`1 of ${total}`);
    await h.page.click("[data-testid=sb-go]");
    await h.page.waitForFunction(() =>
      document.querySelector("[data-testid=sb-message]")?.textContent?.startsWith("started: "),
    );
    expect(await text("[data-testid=sb-board]")).toContain("Salamander");
    await h.page.selectOption("[data-testid=lang]", "ja");
    await h.page.waitForFunction(() =>
      document.querySelector("[data-testid=sb-board]")?.textContent?.includes("サラマンダー"),
    );
    expect(await text("[data-testid=sb-board]")).not.toContain("Salamander");
    await h.shot("06-board-ja");
    await h.page.selectOption("[data-testid=lang]", "en");
  });
});
