/**
 * Issue 22 item 4 in real Chromium (the built app): the sandbox seats as many players as a game's
 * rules allow. Coup (cards/coup/, `players: { min: 2, max: 6 }`, no deck files: its rules deal
 * CP-SETUP-1 / CP-SETUP-2) started from the seats menu with 2, 3 and 6 seats: a seat menu and a
 * view per seat, a board with every seat and the game's shared deck, P1 a person and the others
 * random agents; and at every decision P1's board names no card hidden from P1 and shows the
 * other seats' hands as hidden cards. (Only the board is searched for names: Coup's action
 * labels, prompts and log name characters as claims, CP-CLAIM-1, whoever holds them.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EntityId } from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";
import { openHarness, type Harness } from "./browser.ts";
import { Knowledge, namePattern } from "./knowledge.ts";

let h: Harness;

beforeAll(async () => {
  h = await openHarness({ artifacts: "sandbox-any-seats" });
}, 180_000);

afterAll(async () => {
  await h?.close();
}, 60_000);

afterEach(async () => {
  const errors = h.errors.splice(0);
  expect(errors).toEqual([]);
});

/** Starts Coup dealt by its rules with `seats` seats: P1 a person, every other seat a random agent. */
async function startCoup(seats: number, seed: number): Promise<void> {
  await h.page.click("[data-testid=tab-sandbox]");
  await h.page.selectOption("[data-testid=sb-game]", "coup");
  await h.page.selectOption("[data-testid=sb-start]", { value: "deal:" });
  await h.page.selectOption("[data-testid=sb-seats]", String(seats));
  await h.page.fill("[data-testid=sb-seed]", String(seed));
  await h.page.selectOption("[data-testid=sb-agent-1]", "human");
  for (let p = 2; p <= seats; p++) await h.page.selectOption(`[data-testid=sb-agent-${p}]`, "random");
  await h.page.click("[data-testid=sb-go]");
  await h.page.waitForFunction(
    (want) => document.querySelector("[data-testid=sb-message]")?.textContent === want,
    `started: ${seats} seats, the rules deal, seed ${seed}`,
    { timeout: 60_000 },
  );
}

interface Seen {
  real: [EntityId, string | null][];
  shown: [EntityId, string][];
  text: string;
  over: boolean;
}

/** What the board shows seat 1 now, and the real board behind it (read through the test hook). */
function look(): Promise<Seen> {
  return h.page.evaluate(() => {
    type E = { id: number; card: string | null };
    const s = (window as any).cardwright.sandbox.session;
    const real = Object.values(s.state.entities as Record<string, E>).map((e) => [e.id, e.card]);
    const view = s.engine.view(s.state, 1);
    const shown = Object.values(view.entities as Record<string, E>)
      .filter((e) => e.card !== null)
      .map((e) => [e.id, e.card]);
    const parts: string[] = [];
    for (const sel of ["sb-board"]) {
      const el = document.querySelector(`[data-testid=${sel}]`) as HTMLElement;
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) parts.push(n.textContent ?? "");
      for (const t of el.querySelectorAll("[title]")) parts.push(t.getAttribute("title") ?? "");
    }
    return { real, shown, text: parts.join("\n"), over: s.engine.toMove(s.state) === null } as never;
  });
}

const texts = (sel: string) => h.page.$$eval(sel, (els) => els.map((e) => (e.textContent ?? "").trim()));

describe("the sandbox seats a game's whole range of players (Coup)", () => {
  for (const [seats, seed] of [
    [2, 4],
    [3, 2],
    [6, 5],
  ] as const)
    it(`${seats} seats from the seats menu: a menu and a view per seat, every seat on the board, no card hidden from P1 shown`, async () => {
      const module = await gameModule("coup");
      await startCoup(seats, seed);
      // The seats menu offers what `players: { min: 2, max: 6 }` allows.
      expect(await texts("[data-testid=sb-seats] option")).toEqual(["2", "3", "4", "5", "6"]);
      expect(await h.page.$$eval(".sb-agent", (s) => s.map((x) => x.getAttribute("data-testid")))).toEqual(
        Array.from({ length: seats }, (_, i) => `sb-agent-${i + 1}`),
      );
      expect(await texts("[data-testid=sb-view] option")).toEqual([
        "omniscient",
        ...Array.from({ length: seats }, (_, i) => `P${i + 1}`),
      ]);
      // A match against agents is seen as its one person sees it.
      expect(await h.page.inputValue("[data-testid=sb-view]")).toBe("1");
      // CP-SETUP-1 / CP-SETUP-2: the court deck is the game's (15 cards less two per seat), each
      // seat holds two cards; P1 reads its own, the others' are hidden.
      const start = await h.page.evaluate(() => {
        const s = (window as any).cardwright.sandbox.session;
        return { deck: (s.state.zones["0:deck"] as number[]).length, turn: s.engine.toMove(s.state) as number };
      });
      expect(start.deck).toBe(15 - 2 * seats);
      expect((await texts("[data-testid=seat-game] [data-zone=deck] .zone-name"))[0]).toBe(`deck (${15 - 2 * seats})`);
      const boardSeats = await h.page.$$eval("[data-testid^=seat-]", (els) =>
        els.map((e) => e.getAttribute("data-testid")),
      );
      expect(boardSeats).toEqual(["seat-game", ...Array.from({ length: seats }, (_, i) => `seat-${i + 1}`)]);
      for (let p = 1; p <= seats; p++) {
        expect(await texts(`[data-testid=seat-${p}] [data-zone=hand] .zone-name`)).toEqual(["hand (2)"]);
        const cards = await texts(`[data-testid=seat-${p}] [data-zone=hand] .card`);
        if (p === 1) expect(cards.every((c) => /^(Duke|Assassin|Captain|Ambassador|Contessa)$/.test(c))).toBe(true);
        else expect(cards).toEqual(["hidden card", "hidden card"]);
      }
      await h.shot(`coup-${seats}-seats-start`);

      const pattern = namePattern(module);
      const know = new Knowledge(module);
      const leaks: string[] = [];
      let rng = seed;
      let decisions = 0;
      let hiddenChecked = 0;
      let seen = await look();
      for (; decisions < 60; decisions++) {
        for (const [id, card] of seen.shown) know.see(id, card);
        const hidden = know.hiddenAmong(seen.real);
        hiddenChecked += hidden.size;
        for (const m of seen.text.matchAll(pattern))
          if (hidden.has(m[0])) leaks.push(`decision ${decisions}: the board shows P1 hidden "${m[0]}"`);
        for (let p = 2; p <= seats; p++)
          for (const c of await texts(`[data-testid=seat-${p}] [data-zone=hand] .card`))
            if (c !== "hidden card") leaks.push(`decision ${decisions}: P${p}'s hand shows "${c}" to P1`);
        if (seen.over) break;
        // The agents answer at once: every pending decision the page waits on is P1's.
        expect(await h.page.textContent("[data-testid=sb-prompt]")).toMatch(/^P1[ :]/);
        const buttons = await h.page.$$("[data-testid=sb-act]");
        expect(buttons.length).toBeGreaterThan(0);
        rng = (rng * 1103515245 + 12345) % 2147483648;
        await (buttons[rng % buttons.length] as (typeof buttons)[number]).click();
        seen = await look();
      }
      console.log(
        `coup in Chromium, ${seats} seats: ${decisions} decisions of P1, ${hiddenChecked} hidden cards checked`,
      );
      await h.shot(`coup-${seats}-seats-played`);
      expect(leaks.slice(0, 10)).toEqual([]);
      expect(decisions).toBeGreaterThanOrEqual(3);
      // Every seat took turns: the history has answers of each agent seat.
      const history = await texts("[data-testid=sb-history] li");
      for (let p = 2; p <= seats; p++) expect(history.some((x) => x.startsWith(`P${p}: `))).toBe(true);
      expect(history.some((x) => x.startsWith(`P${seats + 1}: `))).toBe(false);
    }, 600_000);
});
