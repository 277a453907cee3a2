/**
 * The sandbox's history names who answered once: the runtime's labels ("P2 picks …", "P1: end-turn")
 * and the rules' that start with `{me}` already say it, so only a label that does not ("Diluc:
 * Strike (pays …)", GI's skills name the active character, GI-SKILL-1) gets the player's name in
 * front; each seat reads another's hidden pick as its masked log does (VIEW-1).
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import type { Action } from "../../runtime/index.ts";
import { Session } from "../../editor/src/sandbox/session.ts";
import { decisionHtml, historyHtml } from "../../editor/src/sandbox/render.ts";
import { setCardNames, setLang } from "../../editor/src/i18n.ts";
import { strip } from "./knowledge.ts";
import { gameModule } from "../kit/games.ts";

const GI_DECKS = ["diluc-bennett-xingqiu", "barbara-diona-charlotte"];

async function giSession(): Promise<Session> {
  const module = await gameModule("gitcg");
  const decks = GI_DECKS.map(
    (d) =>
      parse(readFileSync(`cards/gitcg/decks/${d}.yaml`, "utf8")) as { id: string; zones: Record<string, string[]> },
  );
  return new Session(module, { type: "decks", decks, seed: 1 });
}

/** Answers with the first legal action `pick` accepts (failing when there is none). */
function act(s: Session, pick: (a: Action) => boolean): void {
  const a = s.engine.legalActions(s.state).find(pick);
  if (a === undefined) throw new Error("no such legal action");
  expect(s.act(a)).toBeNull();
}

describe("the sandbox's history (GI)", () => {
  it("names the player once, and a hidden pick reads as the masked log reads it", async () => {
    const s = await giSession();
    // GI-SETUP-1: with seed 1, P2 swaps first: a card of its hand (hidden from P1), then is done; then P1.
    act(s, (a) => a.type === "pick");
    act(s, (a) => a.type === "done");
    act(s, (a) => a.type === "pick");
    const labels = s.steps.map((step) => [0, 1, 2].map((seat) => s.label(step, seat, seat === 0)));
    expect(labels).toEqual([
      [
        "P2 picks Joyous Celebration — Cards to swap (once)",
        "P2 picks a hidden card",
        "P2 picks Joyous Celebration — Cards to swap (once)",
      ],
      ["P2 is done choosing", "P2 is done choosing", "P2 is done choosing"],
      [
        "P1 picks Covenant of Rock — Cards to swap (once)",
        "P1 picks Covenant of Rock — Cards to swap (once)",
        "P1 picks a hidden card",
      ],
    ]);
  });

  it("a rules label that does not start with the player gets the player's name in front", async () => {
    const s = await giSession();
    for (let i = 0; i < 40 && !s.engine.isOver(s.state); i++) {
      const legal = s.engine.legalActions(s.state);
      const skill = legal.find((a) => a.type === "act" && a.action === "use-skill");
      if (skill !== undefined) {
        const who = s.engine.nameOf(s.state, s.engine.toMove(s.state) as number);
        const label = s.engine.describe(s.state, skill);
        expect(label.startsWith(who)).toBe(false);
        expect(s.act(skill)).toBeNull();
        expect(s.label(s.steps.at(-1) as never, 0, true)).toBe(`${who}: ${label}`);
        expect(`${who}: ${label}`).toBe("P2: Charlotte: Cool-Color Capture (pays cryo, dendro, dendro)");
        for (const step of s.steps) expect(s.label(step, 0, true)).not.toMatch(/^(P\d): \1\b/);
        return;
      }
      expect(s.act(legal.at(-1) as Action)).toBeNull();
    }
    throw new Error("no skill was offered in 40 answers");
  });
});

describe("the sandbox in Japanese (the page's ja switch)", () => {
  it("names cards in the pending choice's buttons and in the history by their ja names", async () => {
    const s = await giSession();
    act(s, (a) => a.type === "pick");
    // Every card of P2's hand (the cards the pending swap offers), named as the card files name them.
    const hand = (s.state.zones["2:hand"] ?? []).map((id) => s.state.entities[id]?.card as string);
    const named = [...new Set(hand)].map((id) => {
      const name = (parse(readFileSync(`cards/gitcg/cards/${id}.yaml`, "utf8")) as { name: { en: string; ja: string } })
        .name;
      return { id, name: name.en, names: name };
    });
    setCardNames(named);
    setLang("ja");
    try {
      expect(strip(historyHtml(s, 0).markup)).toContain("P2 picks 雀躍のパレード — Cards to swap (once)");
      const buttons = strip(decisionHtml(s, s.state, 0).markup);
      // The card already picked is not offered again; every other card of the hand is, by its ja name.
      for (const c of named) {
        if (c.id !== "joyous-celebration") expect(buttons).toContain(`P2 picks ${c.names.ja} — Cards to swap (once)`);
        expect(buttons).not.toContain(c.name);
      }
      setLang("en");
      expect(strip(historyHtml(s, 0).markup)).toContain("P2 picks Joyous Celebration — Cards to swap (once)");
    } finally {
      setLang("en");
      setCardNames([]);
    }
  });
});
