/**
 * The editor against a hostile card set and hostile web pages, in real Chromium (the built app):
 * folder, file, card id, card name, text, scenario and log strings that are markup show as text
 * and run nothing; a page of another origin cannot make the server compile, and a page reached
 * through a rebound name (attacker.example → 127.0.0.1) gets nothing but 403s.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileToDisk } from "../../compiler/node/project.ts";
import { REBOUND_HOST } from "../shared.ts";
import { harnessForFile, type Harness } from "./browser.ts";

/** Each payload sets window.__pwned or opens a dialog if it ever runs. */
const NAME = `<img src=x onerror="window.__pwned='name'">Fireball`;
const TEXT = `<script>window.__pwned='text'</script><b>bold</b> & <i>`;
const FOLDER = `<img src=x onerror=alert(1)>`;
const FILE = `<svg onload=alert(2)>.yaml`;
const ID = `<img src=x onerror=window.__pwned=3>`;
const FILE_NAME = `<iframe srcdoc="<script>parent.__pwned=4</script>">`;
const SCENARIO = `<img src=x onerror="window.__pwned='scenario'">`;

let h: Harness;
const dialogs: string[] = [];

harnessForFile(
  {
    artifacts: "editor-hostile",
    async prepare(root) {
      const cards = join(root, "cards", "elementis");
      const fireball = join(cards, "cards", "fireball.yaml");
      writeFileSync(
        fireball,
        readFileSync(fireball, "utf8")
          .replace("name: { en: Fireball, ja: ファイアボール }", `name: { en: ${JSON.stringify(NAME)} }`)
          .replace(/^text: .*$/m, `text: { en: ${JSON.stringify(TEXT)} }`),
      );
      // The game compiles with the hostile name, so the sandbox's board and log carry it.
      const built = await compileToDisk("elementis", { root });
      if (!built.jsPath) throw new Error(`elementis does not compile: ${JSON.stringify(built.diagnostics)}`);
      // Then files the tree and the preview show (they need not compile).
      mkdirSync(join(cards, "cards", FOLDER));
      copyFileSync(
        join(root, "cards", "elementis", "cards", "gnome.yaml"),
        join(cards, "cards", FOLDER, "gnome-copy.yaml"),
      );
      writeFileSync(
        join(cards, "cards", FILE),
        `id: ${JSON.stringify(ID)}\nkind: magia\nname: { en: ${JSON.stringify(FILE_NAME)} }\ntext: { en: ${JSON.stringify(ID)} }\ncost: 1\n`,
      );
      const scenarios = readFileSync(join(cards, "scenarios", "fireball.yaml"), "utf8");
      const first = scenarios.slice(0, scenarios.indexOf("\n\n  - name:"));
      writeFileSync(
        join(cards, "scenarios", "hostile.yaml"),
        first
          .replace(/name: ".*"/, `name: ${JSON.stringify(SCENARIO)}`)
          .replace("opponent.life: 5", "opponent.life: 99"),
      );
    },
    openTimeout: 240_000,
  },
  (opened) => {
    h = opened;
    h.page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  },
);

/** Nothing ran, and no element anywhere carries an event handler attribute or is a frame. */
async function nothingRan(): Promise<void> {
  const got = await h.page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    handlers: [...document.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${el.tagName}[${a.name}]`),
    ),
    frames: document.querySelectorAll("iframe, object, embed").length,
    images: [...document.querySelectorAll("img")].map((i) => i.getAttribute("src")),
  }));
  expect(got).toEqual({ pwned: null, handlers: [], frames: 0, images: [] });
  expect(dialogs).toEqual([]);
}

describe("hostile card set", () => {
  it("the tree shows a folder and a file named as markup as text", async () => {
    await h.page.evaluate(() => {
      for (const d of document.querySelectorAll("#tree details")) (d as HTMLDetailsElement).open = true;
    });
    const summaries = await h.page.$$eval("#tree summary", (s) => s.map((x) => x.textContent));
    expect(summaries).toContain(`cards/${FOLDER}`);
    const files = await h.page.$$eval(".tree-file", (s) => s.map((x) => x.textContent));
    expect(files).toContain(FILE);
    expect(files).toContain("gnome-copy.yaml");
    await h.shot("01-tree");
    await nothingRan();
  });

  it("the preview shows a card's name, text and the scenarios naming it as text", async () => {
    await h.page.evaluate(() => (window as any).cardwright.openFile("cards/elementis/cards/fireball.yaml"));
    await h.page.waitForSelector("[data-testid=cp-name]");
    expect(await h.page.textContent("[data-testid=cp-name]")).toBe(NAME);
    expect(await h.page.textContent(".cp-text")).toBe(TEXT);
    expect(await h.page.$$eval(".cp-text *", (e) => e.length)).toBe(0);
    const items = await h.page.$$eval("[data-testid=scenario-list] li", (li) =>
      li.map((x) => ({ name: x.getAttribute("data-name"), text: x.textContent })),
    );
    expect(items).toContainEqual({ name: SCENARIO, text: `${SCENARIO} hostile.yaml` });
    // Run them: the hostile one fails, and its failure and log (with the card's name) are text.
    await h.page.click("[data-testid=run-scenarios]");
    await h.page.waitForSelector("[data-testid=scenario-result].fail");
    const fail = h.page.locator("[data-testid=scenario-result].fail");
    expect(await fail.count()).toBe(1);
    expect(((await fail.textContent()) ?? "").startsWith(`✗ ${SCENARIO}`)).toBe(true);
    expect(await fail.locator("pre").textContent()).toContain(NAME);
    await h.shot("02-preview");
    await nothingRan();
  });

  it("a card file with a markup id and name previews as text", async () => {
    await h.page.evaluate((p) => (window as any).cardwright.openFile(p), `cards/elementis/cards/${FILE}`);
    await h.page.waitForFunction((n) => document.querySelector("[data-testid=cp-name]")?.textContent === n, FILE_NAME);
    expect(await h.page.textContent(".cp-kind code")).toBe(ID);
    expect(await h.page.textContent(".cp-text")).toBe(ID);
    await h.page.waitForSelector("[data-testid=problems] .problem");
    await nothingRan();
  });

  it("the sandbox's board, actions, history and log show the card's name as text", async () => {
    await h.page.click("[data-testid=tab-sandbox]");
    await h.page.selectOption("[data-testid=sb-game]", "elementis");
    await h.page.selectOption("[data-testid=sb-start]", { value: "scenario:elementis/scenarios/fireball.yaml" });
    await h.page.click("[data-testid=sb-go]");
    await h.page.waitForFunction(
      () => document.querySelector("[data-testid=sb-message]")?.textContent?.startsWith("started: "),
      null,
      { timeout: 30_000 },
    );
    expect(await h.page.$$eval("[data-testid=sb-board] .card b", (b) => b.map((x) => x.textContent))).toContain(NAME);
    const play = h.page.locator("[data-testid=sb-act]", { hasText: `plays ${NAME}` });
    expect(await play.count()).toBe(1);
    await play.click();
    await h.page.waitForFunction(
      (n) => (document.querySelector("[data-testid=sb-history]")?.textContent ?? "").includes(n),
      NAME,
    );
    expect(await h.page.textContent("[data-testid=sb-log]")).toContain(NAME);
    await h.shot("03-sandbox");
    await nothingRan();
  });
});

describe("hostile web pages", () => {
  let evil: Server;
  let evilUrl = "";
  beforeAll(async () => {
    // Another origin (another port of this machine): the page a designer might have open.
    evil = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>evil</title><p>hello</p>");
    });
    await new Promise<void>((done) => evil.listen(0, "127.0.0.1", done));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    evil.closeAllConnections();
    await new Promise<void>((done) => evil.close(() => done()));
  });

  it("a cross-site POST /api/compile (fetch no-cors, a form) compiles nothing; a cross-site PUT writes nothing", async () => {
    // A change on disk that a compile would pick up (dist/elementis/inputs.hash would change).
    const card = join(h.root, "cards", "elementis", "cards", "gnome.yaml");
    const original = readFileSync(card, "utf8");
    writeFileSync(card, `${original}\n# changed\n`);
    const hashFile = join(h.root, "dist", "elementis", "inputs.hash");
    const before = readFileSync(hashFile, "utf8");
    const page = await h.context.newPage();
    try {
      await page.goto(evilUrl);
      const target = new URL("/api/compile?game=elementis", h.server.url).href;
      // The fetch settles when the server has answered (after a compile, if it ran one); it
      // rejects, as the answer's Cross-Origin-Resource-Policy keeps it from another origin.
      const fetched = await page.evaluate(async (t) => {
        await fetch(t, { method: "POST", mode: "no-cors" }).catch(() => undefined);
        const put = await fetch(t.replace("/api/compile?game=elementis", "/api/file?path=elementis/cards/gnome.yaml"), {
          method: "PUT",
          body: "id: pwned\n",
        }).then(
          (r) => `answered ${r.status}`,
          () => "blocked",
        );
        return put;
      }, target);
      expect(fetched).toBe("blocked");
      // A form post navigates to the server's answer: the refusal.
      await page.evaluate((t) => {
        const f = Object.assign(document.createElement("form"), { method: "POST", action: t });
        document.body.append(f);
        f.submit();
      }, target);
      await page.waitForURL(target);
      expect(JSON.parse((await page.textContent("body")) ?? "")).toEqual({
        error: `refused: a request from '${evilUrl.slice(0, -1)}' may not change files (only this server's own page may)`,
      });
    } finally {
      await page.close();
      writeFileSync(card, original);
    }
    expect(readFileSync(hashFile, "utf8")).toBe(before);
    expect(readFileSync(card, "utf8")).toBe(original);
  });

  it(`a page on a rebound name (${REBOUND_HOST} → 127.0.0.1) gets 403 for the app, the API and dist/`, async () => {
    const port = new URL(h.server.url).port;
    const page = await h.context.newPage();
    try {
      const res = await page.goto(`http://${REBOUND_HOST}:${port}/`);
      expect(res?.status()).toBe(403);
      const got = await page.evaluate(async () => {
        const out: Record<string, number> = {};
        for (const p of ["/api/tree", "/api/file?path=elementis/cards/fireball.yaml", "/dist/elementis/game.js"])
          out[p] = (await fetch(p)).status;
        out["POST /api/compile"] = (await fetch("/api/compile?game=elementis", { method: "POST" })).status;
        return out;
      });
      expect(got).toEqual({
        "/api/tree": 403,
        "/api/file?path=elementis/cards/fireball.yaml": 403,
        "/dist/elementis/game.js": 403,
        "POST /api/compile": 403,
      });
    } finally {
      await page.close();
    }
    // The 403s logged "Failed to load resource" on that page only; the editor's page had none.
  });
});
