/**
 * The sandbox's seats in real Chromium (the built app): (1) issue 21 item 3 — two matches against
 * a random agent, seen from the human seat (the default view of a match against an agent), and at
 * every decision the text of the board, the pending choice, the agent's report, the history and
 * the log (collapsed groups and tooltips included) names no card hidden from that seat; (2) issue
 * 18 — an MCTS opponent seated from the menu thinks in a worker ("thinking…" while the page keeps
 * drawing frames) and plays its turn, with its report.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EntityId } from "../../runtime/index.ts";
import { gameModule } from "../kit/games.ts";
import { openHarness, type Harness } from "./browser.ts";
import { Knowledge, namePattern } from "./knowledge.ts";

let h: Harness;

beforeAll(async () => {
  h = await openHarness({ artifacts: "sandbox-seats" });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

afterEach(async () => {
  const errors = h.errors.splice(0);
  expect(errors).toEqual([]);
});

/** Seats P1 as a person and P2 as `agent`, then starts the given decks with `seed`. */
async function startAgainst(agent: string, game: string, decks: string, seed: number): Promise<void> {
  await h.page.click("[data-testid=tab-sandbox]");
  await h.page.selectOption("[data-testid=sb-game]", game);
  await h.page.selectOption("[data-testid=sb-start]", { value: `decks:${decks}` });
  await h.page.fill("[data-testid=sb-seed]", String(seed));
  await h.page.selectOption("[data-testid=sb-agent-1]", "human");
  await h.page.selectOption("[data-testid=sb-agent-2]", agent);
  await h.page.click("[data-testid=sb-go]");
  await h.page.waitForFunction(
    () => document.querySelector("[data-testid=sb-message]")?.textContent?.startsWith("started: "),
    null,
    { timeout: 60_000 },
  );
}

interface Seen {
  /** The real state's entities as [id, card]. */
  real: [EntityId, string | null][];
  /** The cards P1's view shows, and those P1's own pending choice offers (a search of its deck). */
  shown: [EntityId, string][];
  /** Every text node and tooltip of the panels a person reads, one per line. */
  text: string;
  over: boolean;
}

/** What the page shows seat 1 now, and the real board behind it (read through the test hook). */
function look(): Promise<Seen> {
  return h.page.evaluate(() => {
    type E = { id: number; card: string | null };
    const sb = (window as any).cardwright.sandbox;
    const s = sb.session;
    const real = Object.values(s.state.entities as Record<string, E>).map((e) => [e.id, e.card]);
    const view = s.engine.view(s.state, 1);
    const shown = Object.values(view.entities as Record<string, E>)
      .filter((e) => e.card !== null)
      .map((e) => [e.id, e.card]);
    if (s.engine.toMove(s.state) === 1)
      for (const a of s.engine.legalActions(s.state)) {
        const ids = a.type === "pick" ? [a.value] : a.type === "act" ? Object.values(a.args) : [];
        for (const id of ids.flat())
          if (typeof id === "number" && s.state.entities[id]?.card) shown.push([id, s.state.entities[id].card]);
      }
    const parts: string[] = [];
    for (const sel of ["sb-board", "sb-decision", "sb-agent-report", "sb-message", "sb-history", "sb-log"]) {
      const el = document.querySelector(`[data-testid=${sel}]`) as HTMLElement;
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) parts.push(n.textContent ?? "");
      for (const t of el.querySelectorAll("[title]")) parts.push(t.getAttribute("title") ?? "");
    }
    return { real, shown, text: parts.join("\n"), over: s.engine.toMove(s.state) === null } as never;
  });
}

describe("the sandbox seats people and agents", () => {
  for (const [game, decks, seed] of [
    ["elementis", "elementis/decks/fire.yaml|elementis/decks/water.yaml", 3],
    ["gitcg", "gitcg/decks/diluc-bennett-xingqiu.yaml|gitcg/decks/electro-hypostasis-fischl-keqing.yaml", 2],
  ] as const)
    it(`${game} against a random agent: P1's page names no card hidden from P1 at any decision`, async () => {
      const module = await gameModule(game);
      const pattern = namePattern(module);
      await startAgainst("random", game, decks, seed);
      // A match against an agent is seen as its human sees it.
      expect(await h.page.inputValue("[data-testid=sb-view]")).toBe("1");
      const know = new Knowledge(module);
      const leaks: string[] = [];
      let rng = seed;
      let decisions = 0;
      let hiddenChecked = 0;
      for (; decisions < 40; decisions++) {
        const seen = await look();
        for (const [id, card] of seen.shown) know.see(id, card);
        const hidden = know.hiddenAmong(seen.real);
        hiddenChecked += hidden.size;
        for (const m of seen.text.matchAll(pattern))
          if (hidden.has(m[0])) leaks.push(`decision ${decisions}: the page shows P1 hidden "${m[0]}"`);
        if (seen.over) break;
        const buttons = await h.page.$$("[data-testid=sb-act]");
        expect(buttons.length).toBeGreaterThan(0);
        rng = (rng * 1103515245 + 12345) % 2147483648;
        await (buttons[rng % buttons.length] as (typeof buttons)[number]).click();
      }
      console.log(
        `view-leak in Chromium, ${game}: ${decisions} decisions of P1, ${hiddenChecked} hidden cards checked`,
      );
      await h.shot(`${game}-p1-view`);
      // Issue 21 item 2 on the page: what the rules declare is what the board shows.
      const board = (await h.page.textContent("[data-testid=sb-board]")) ?? "";
      expect(board).not.toMatch(/hitAmount|hitSource|hitPending|swirling|hitDepth/);
      if (game === "gitcg") {
        // GI-CHAR-2: characters with their element and HP; dice grouped by face with counts.
        expect(await h.page.textContent("[data-testid=seat-1] [data-zone=characters]")).toMatch(
          /^characters \(3\)(\S[\s\S]*?element \w+hp \d+[\s\S]*?){3}$/,
        );
        const dice = await h.page.$$eval("[data-testid=seat-1] [data-zone=dice] .card", (cs) =>
          cs.map((c) => ({ text: c.textContent ?? "", n: Number((c as HTMLElement).dataset["count"]) })),
        );
        for (const d of dice) expect(d.text).toMatch(new RegExp(`^\\w+ die ×${d.n}$`));
        expect(new Set(dice.map((d) => d.text.split(" ")[0])).size).toBe(dice.length);
      } else expect(board).toMatch(/element \w+cost \d/);
      expect(leaks.slice(0, 10)).toEqual([]);
      expect(decisions).toBeGreaterThanOrEqual(20);
      expect(hiddenChecked).toBeGreaterThan(decisions);
    }, 600_000);

  it("an MCTS opponent from the seat menu thinks off the page's thread and plays its turn, with its report", async () => {
    await startAgainst("mcts:200", "elementis", "elementis/decks/fire.yaml|elementis/decks/water.yaml", 1);
    expect(await h.page.textContent("[data-testid=sb-prompt]")).toMatch(/^P1 /);
    // Record what the report line shows, and the frames the page draws while the agent thinks.
    await h.page.evaluate(() => {
      const w = window as any;
      w.seatLog = { texts: [] as string[], framesWhileThinking: 0 };
      const box = document.querySelector("[data-testid=sb-agent-report]") as HTMLElement;
      new MutationObserver(() => w.seatLog.texts.push(box.textContent ?? "")).observe(box, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      const tick = () => {
        if (document.querySelector("[data-testid=sb-thinking]")) w.seatLog.framesWhileThinking++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const acts = await h.page.$$eval("[data-testid=sb-act]", (bs) => bs.map((b) => b.textContent ?? ""));
    await h.page.click(`[data-testid=sb-act] >> nth=${acts.indexOf("P1: end-turn")}`);
    // P2's whole turn is the agent's; the page comes back to P1 when it is done.
    await h.page.waitForFunction(
      () =>
        document.querySelector("[data-testid=sb-prompt]")?.textContent?.startsWith("P1 ") &&
        !document.querySelector("[data-testid=sb-thinking]"),
      null,
      { timeout: 300_000, polling: 200 },
    );
    const log = await h.page.evaluate(
      () => (window as any).seatLog as { texts: string[]; framesWhileThinking: number },
    );
    expect(log.texts.some((t) => t === "P2 (mcts:200) is thinking…")).toBe(true);
    expect(log.framesWhileThinking).toBeGreaterThan(0);
    const report = (await h.page.textContent("[data-testid=sb-agent-report]")) ?? "";
    expect(report).toMatch(/^P2 \(mcts:200, 200 iterations, \d+ ms\): .+ {2}weighed: .+ — \d+ visits?, \d\.\d\d/);
    const history = await h.page.$$eval("[data-testid=sb-history] li", (l) => l.map((x) => x.textContent ?? ""));
    expect(history[1]).toMatch(/^P1: .*end-turn$/);
    expect(history.slice(2).length).toBeGreaterThan(0);
    // Each step names its player once ("P2: end-turn", "P2 summons …"), never "P2: P2 …".
    expect(history.slice(2).every((x) => /^P2[: ]/.test(x) && !x.startsWith("P2: P2 "))).toBe(true);
    await h.shot("mcts-opponent-played");
  }, 600_000);
});
