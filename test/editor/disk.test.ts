/**
 * The workspace follows the disk (issue 21, item 4), in Chromium on the built app: files made,
 * changed, deleted and renamed outside the page show in the tree, the editor and the problems;
 * an open file with unsaved edits asks before it takes the disk's text; rename of a card id (F2)
 * renames its file and saves every dependent, and renaming back restores them.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { harnessForFile, openFile, type Harness } from "./browser.ts";

let h: Harness;
const disk = (rel: string) => join(h.root, "cards", rel);
harnessForFile({ artifacts: "editor-disk", openTimeout: 300_000 }, (opened) => {
  h = opened;
});

const open = (path: string, line = 1, col = 1) => openFile(h, path, line, col);
const value = () => h.page.evaluate(() => (window as any).cardwright.editor.getModel()?.getValue() ?? null);
const treeFiles = () =>
  h.page.$$eval(".tree-file", (els) => els.map((e) => (e as HTMLElement).dataset["path"] ?? "")) as Promise<string[]>;
const notice = () => h.page.textContent("[data-testid=notice]");
async function until(what: string, pred: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await pred()) return;
    await h.page.waitForTimeout(50);
  }
  throw new Error(`never: ${what}`);
}

// A loaded two-core machine: a GI-sized step can take a minute.
describe("the workspace follows the disk", { timeout: 240_000 }, () => {
  it("a file made on disk appears in the tree; a changed file's text reaches its open editor", async () => {
    await open("cards/elementis/cards/fireball.yaml");
    const gnome = readFileSync(disk("elementis/cards/gnome.yaml"), "utf8");
    writeFileSync(disk("elementis/cards/mud-gnome.yaml"), gnome.replace("id: gnome", "id: mud-gnome"));
    await until("the tree lists mud-gnome.yaml", async () =>
      (await treeFiles()).includes("cards/elementis/cards/mud-gnome.yaml"),
    );
    // The open, unmodified editor takes the disk's text.
    const fire = readFileSync(disk("elementis/cards/fireball.yaml"), "utf8");
    writeFileSync(disk("elementis/cards/fireball.yaml"), `${fire}# changed in a shell\n`);
    await until(
      "the editor shows the disk's text",
      async () => (await value())?.endsWith("# changed in a shell\n") === true,
    );
    expect(await h.page.textContent("[data-testid=save]")).toBe("Saved");
    await h.shot("01-new-file-in-tree");
  });

  it("unsaved edits are kept when the file changes on disk, until the designer chooses", async () => {
    await open("cards/elementis/cards/fireball.yaml", 1, 1);
    await h.page.keyboard.type("# mine\n");
    const before = readFileSync(disk("elementis/cards/fireball.yaml"), "utf8");
    writeFileSync(disk("elementis/cards/fireball.yaml"), `${before}# theirs\n`);
    await until("the notice", async () => (await notice())?.includes("changed on disk") === true);
    expect(await notice()).toContain(
      "cards/elementis/cards/fireball.yaml changed on disk while it has unsaved edits here",
    );
    expect(await value()).toBe(`# mine\n${before}`);
    await h.shot("02-changed-under-unsaved-edits");
    await h.page.getByRole("button", { name: "Load the disk's version" }).click();
    await until("the disk's text", async () => (await value()) === `${before}# theirs\n`);
    expect(await h.page.isHidden("[data-testid=notice]")).toBe(true);
  });

  it("an error in a file changed on disk is listed with its file under the open file's problems", async () => {
    await open("cards/elementis/cards/fireball.yaml");
    const deck = readFileSync(disk("elementis/decks/water.yaml"), "utf8");
    const lines = deck.split("\n");
    const line = lines.findIndex((l) => /\bgolem\b/.test(l)) + 1;
    const col = (lines[line - 1] as string).indexOf("golem") + 1;
    writeFileSync(disk("elementis/decks/water.yaml"), deck.replace(/\bgolem\b/, "golemm"));
    await h.page.waitForSelector("[data-testid=problem-other-file]", { timeout: 10_000 });
    const text = await h.page.$$eval("[data-testid=problems] .problem", (els) => els.map((e) => e.textContent));
    expect(text).toEqual([
      "1 error(s) in other files of elementis:",
      `cards/elementis/decks/water.yaml:${line}:${col}: deck/unknown-card: unknown card 'golemm'`,
    ]);
    await h.shot("03-other-file-error-named");
    await h.page.click("[data-testid=problem-other-file]");
    await until("the deck opens", async () => (await h.page.textContent(".tree-file.open")) === "water.yaml");
    writeFileSync(disk("elementis/decks/water.yaml"), deck);
    await h.page.waitForSelector("[data-testid=problems] .problem.ok", { timeout: 10_000 });
  });

  it("an open file deleted on disk closes with a message; renamed on disk, the new name opens", async () => {
    await open("cards/elementis/cards/mud-gnome.yaml");
    rmSync(disk("elementis/cards/mud-gnome.yaml"));
    await until("the notice", async () => (await notice())?.includes("deleted") === true);
    expect(await notice()).toContain("cards/elementis/cards/mud-gnome.yaml was deleted on disk");
    expect(await value()).toBe(null);
    expect(await treeFiles()).not.toContain("cards/elementis/cards/mud-gnome.yaml");
    expect(await h.page.textContent("[data-testid=status]")).not.toContain("loading");
    await h.shot("04-open-file-deleted");
    await open("cards/elementis/cards/kelpie.yaml");
    renameSync(disk("elementis/cards/kelpie.yaml"), disk("elementis/cards/kelpie-old.yaml"));
    await until(
      "the renamed file opens",
      async () => (await h.page.textContent(".tree-file.open")) === "kelpie-old.yaml",
    );
    expect(await notice()).toContain(
      "cards/elementis/cards/kelpie.yaml was renamed to cards/elementis/cards/kelpie-old.yaml on disk",
    );
    renameSync(disk("elementis/cards/kelpie-old.yaml"), disk("elementis/cards/kelpie.yaml"));
    await until("kelpie is back", async () => (await treeFiles()).includes("cards/elementis/cards/kelpie.yaml"));
  });

  it("F2 on a card id renames its file and saves every changed dependent; renaming back restores them", async () => {
    const dependents = [
      "elementis/decks/fire.yaml",
      "elementis/scenarios/agents.yaml",
      "elementis/scenarios/rules-match.yaml",
      "elementis/scenarios/salamander.yaml",
    ];
    const originals = dependents.map((d) => readFileSync(disk(d), "utf8"));
    const rename = async (from: string, to: string) => {
      await open(`cards/elementis/cards/${from}.yaml`, 1, 6);
      await h.page.keyboard.press("F2");
      const box = h.page.locator(".rename-box input");
      await box.waitFor({ timeout: 10_000 });
      await box.fill(to);
      await h.page.keyboard.press("Enter");
      await until(`the notice of ${to}`, async () => (await notice())?.startsWith(`renamed ${from} → ${to}`) === true);
    };
    await rename("salamander", "fire-lizard");
    expect(await notice()).toBe(
      `renamed salamander → fire-lizard; file cards/elementis/cards/salamander.yaml → cards/elementis/cards/fire-lizard.yaml; saved 5 file(s): cards/elementis/cards/fire-lizard.yaml, ${dependents.map((d) => `cards/${d}`).join(", ")}×`,
    );
    expect(existsSync(disk("elementis/cards/salamander.yaml"))).toBe(false);
    expect(readFileSync(disk("elementis/cards/fire-lizard.yaml"), "utf8")).toMatch(/^id: fire-lizard\n/);
    for (const d of dependents)
      expect({ d, renamed: readFileSync(disk(d), "utf8").includes("fire-lizard") }).toEqual({ d, renamed: true });
    expect(await h.page.textContent(".tree-file.open")).toBe("fire-lizard.yaml");
    await h.page.waitForSelector("[data-testid=problems] .problem.ok", { timeout: 10_000 });
    await h.shot("05-renamed-card-id");
    await rename("fire-lizard", "salamander");
    expect(existsSync(disk("elementis/cards/fire-lizard.yaml"))).toBe(false);
    expect(dependents.map((d) => readFileSync(disk(d), "utf8"))).toEqual(originals);
  });
});
