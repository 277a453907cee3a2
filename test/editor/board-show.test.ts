/**
 * Issue 21 item 2: the rules declare what a board shows (`show: main | detail | hidden` on
 * properties and zones, a kind's `key` fields, a zone's `group`), and the sandbox's board
 * (editor/src/sandbox/board.ts, rendered in Node) and the terminal's summary both follow it; a
 * choice of a card names the card's zone and that zone's player.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { boardSummary, choiceLabel, Engine, type Entity, type EntityId, type State } from "../../runtime/index.ts";
import { boardHtml } from "../../editor/src/sandbox/board.ts";
import { applyEdit } from "../../editor/src/sandbox/session.ts";
import { setCardNames, setLang } from "../../editor/src/i18n.ts";
import { gameModule } from "../kit/games.ts";
import { strip } from "./knowledge.ts";

const GI_DECKS = ["diluc-bennett-xingqiu", "barbara-diona-charlotte"];

async function giStart(): Promise<{ engine: Engine; st: State }> {
  const engine = new Engine(await gameModule("gitcg"));
  const decks = GI_DECKS.map(
    (d) => parse(readFileSync(`cards/gitcg/decks/${d}.yaml`, "utf8")) as { zones: Record<string, string[]> },
  );
  const st = engine.newMatch({ seed: 1, players: decks.map((d, i) => ({ name: `P${i + 1}`, zones: d.zones })) });
  return { engine, st };
}

const inZone = (st: State, p: EntityId, zone: string) =>
  (st.zones[`${p}:${zone}`] ?? []).map((id) => st.entities[id] as Entity);

describe("the board shows what the rules declare (GI)", () => {
  it("internal properties (show: hidden) never show, detail ones only on the selected card, key fields always", async () => {
    const { engine, st } = await giStart();
    const diluc = inZone(st, 1, "characters")[0] as Entity;
    expect(engine.module.cards[diluc.card as string]?.name).toBe("Diluc");
    // D10's bookkeeping during a damage, and a detail property, set as a board edit would.
    for (const [prop, value] of [
      ["hitAmount", 3],
      ["hitPending", true],
      ["slot", 2],
    ] as const)
      expect(applyEdit(engine.module, st, { type: "set", entity: diluc.id, prop, value })).toBeNull();
    expect(applyEdit(engine.module, st, { type: "set", entity: 0, prop: "swirling", value: 1 })).toBeNull();
    const card = (selected: EntityId | null) => {
      const m = new RegExp(`data-entity="${diluc.id}"[^>]*>(.*?)</span>`).exec(boardHtml(engine, st, selected).markup);
      return strip(m?.[1] ?? "")
        .replace(/\s+/g, " ")
        .trim();
    };
    // GI-CHAR-2: the character's element, HP and energy at a glance (its kind's key fields).
    expect(card(null)).toBe("Diluc element pyro hp 10 energy 0 maxEnergy 3");
    expect(card(diluc.id)).toBe("Diluc element pyro hp 10 energy 0 maxEnergy 3 slot: 2");
    const board = strip(boardHtml(engine, st, diluc.id).markup);
    for (const internal of ["hitAmount", "hitPending", "swirling", "hitDepth", "hitList", "limbo"])
      expect(board).not.toContain(internal);
    // The terminal: the same key fields, no internal or detail property.
    const lines = boardSummary(engine, engine.view(st, 1), 1);
    expect(lines.find((l) => l.startsWith("  characters (3): Diluc"))).toBe(
      "  characters (3): Diluc [element pyro, hp 10, energy 0, maxEnergy 3], Bennett [element pyro, hp 10, energy 0, maxEnergy 2], Xingqiu [element hydro, hp 10, energy 0, maxEnergy 2]",
    );
    expect(lines.join("\n")).not.toMatch(/hitAmount|hitPending|swirling|slot/);
  });

  it("a skill shows the parts of its cost it asks for (GI-SKILL-2; `costSame?` hides a 0, energy 0 above stays); dice (group: true) show one box per face with its count, omni included", async () => {
    const { engine, st } = await giStart();
    const skill = inZone(st, 2, "skills").find((e) => e.card === "barbara-whisper-of-water") as Entity;
    const box = new RegExp(`data-entity="${skill.id}"[^>]*>(.*?)</span>`).exec(boardHtml(engine, st, null).markup)?.[1];
    expect(
      strip(box ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    ).toBe("Whisper of Water costElement hydro costAligned 1 costVoid 2 holder → Barbara");
    // In Japanese the card it is attached to is named in Japanese too (the page's ja switch).
    setCardNames([{ id: "barbara", name: "Barbara", names: { en: "Barbara", ja: "バーバラ" } }]);
    setLang("ja");
    try {
      const ja = new RegExp(`data-entity="${skill.id}"[^>]*>(.*?)</span>`).exec(
        boardHtml(engine, st, null).markup,
      )?.[1];
      expect(strip(ja ?? "")).toContain("holder → バーバラ");
    } finally {
      setLang("en");
      setCardNames([]);
    }
    // Eight dice of known faces (GI-ROLL-1), set as a scenario would: three omni, two pyro, three hydro.
    const faces = ["omni", "pyro", "omni", "hydro", "pyro", "hydro", "omni", "hydro"];
    // The dice rolled so far go to limbo (scratch, `show: hidden`), then the eight are added.
    for (const d of inZone(st, 1, "dice"))
      expect(applyEdit(engine.module, st, { type: "move", entity: d.id, owner: 1, zone: "limbo" })).toBeNull();
    faces.forEach((face) => {
      expect(applyEdit(engine.module, st, { type: "add", card: "die", owner: 1, zone: "dice" })).toBeNull();
      const id = (st.zones["1:dice"] as EntityId[]).at(-1) as EntityId;
      expect(applyEdit(engine.module, st, { type: "set", entity: id, prop: "face", value: face })).toBeNull();
    });
    const html = boardHtml(engine, st, null).markup;
    // The seat's head names the seat once (players are named P1, P2 in the sandbox).
    expect(/data-testid="seat-1"><div class="seat-head">([^<]*)</.exec(html)?.[1]).toBe("P1 ");
    const zone = /data-zone="dice">(.*?)<\/div>/.exec(html.slice(html.indexOf('data-testid="seat-1"')))?.[1] ?? "";
    expect(strip(zone).replace(/\s+/g, " ").trim()).toBe("dice (8) omni die ×3 pyro die ×2 hydro die ×3");
    const summary = boardSummary(engine, engine.view(st, 1), 1);
    expect(summary).toContain("  dice (8): omni die ×3, pyro die ×2, hydro die ×3");
  });

  it("a key field at 0 is shown: a defeated character reads hp 0 (GI-CHAR-1), on the board and in the terminal", async () => {
    const { engine, st } = await giStart();
    const bennett = inZone(st, 1, "characters")[1] as Entity;
    expect(applyEdit(engine.module, st, { type: "set", entity: bennett.id, prop: "hp", value: 0 })).toBeNull();
    const box = new RegExp(`data-entity="${bennett.id}"[^>]*>(.*?)</span>`).exec(
      boardHtml(engine, st, null).markup,
    )?.[1];
    expect(
      strip(box ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    ).toBe("Bennett element pyro hp 0 energy 0 maxEnergy 2");
    expect(boardSummary(engine, engine.view(st, 2), 2)).toContain(
      "  characters (3): Diluc [element pyro, hp 10, energy 0, maxEnergy 3], Bennett [element pyro, hp 0, energy 0, maxEnergy 2], Xingqiu [element hydro, hp 10, energy 0, maxEnergy 2]",
    );
  });

  it("a choice of a card names its zone and that zone's player", async () => {
    const { engine, st } = await giStart();
    // The opening swap (GI-HAND-2): P1 picks cards of its own hand.
    const legal = engine.legalActions(st);
    const pick = legal.find((a) => a.type === "pick");
    expect(pick).toBeDefined();
    const label = choiceLabel(engine, st, pick as never);
    expect(label).toMatch(/^P\d picks .+ — Cards to swap \(once\) \(P\d's hand\)$/);
    expect(choiceLabel(engine, st, { type: "done" })).toMatch(/^P\d is done choosing$/);
  });
});
