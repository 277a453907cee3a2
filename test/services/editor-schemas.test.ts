/** The deck and scenario schemas written for YAML editors accept every file of both games and reject unknown names. */
import { Ajv } from "ajv";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { deckFileSchema, scenarioFileSchema } from "../../compiler/core/services/editor-schemas.ts";
import { Workspace } from "../../compiler/core/workspace/workspace.ts";
import { gameInput } from "../kit/services.ts";

describe.each(["elementis", "gitcg"])("editor schemas (%s)", (game) => {
  const input = gameInput(game);
  const model = new Workspace(input).model();
  const voc = model.vocabulary!;
  const ids = model.cards.map((c) => c.id);
  const ajv = new Ajv({ allErrors: true, strict: false });
  const deck = ajv.compile(deckFileSchema(voc, ids));
  const scenario = ajv.compile(scenarioFileSchema(voc, ids));

  test("every deck and scenario file of the game is valid", () => {
    const bad = [
      ...(input.decks ?? []).filter((f) => !deck(parse(f.text))).map((f) => f.path),
      ...(input.scenarios ?? []).filter((f) => !scenario(parse(f.text))).map((f) => f.path),
    ];
    expect(bad).toEqual([]);
    expect((input.decks ?? []).length).toBeGreaterThan(2);
    expect((input.scenarios ?? []).length).toBeGreaterThan(20);
  });

  test("an unknown card id or zone in a deck, an unknown card in a scenario's zone, are flagged", () => {
    const zone = [...voc.zones.keys()][0]!;
    expect(deck({ id: "d", name: "D", zones: { [zone]: ["no-such-card"] } })).toBe(false);
    expect(deck({ id: "d", name: "D", zones: { "no-such-zone": [ids[0]] } })).toBe(false);
    expect(deck({ id: "d", name: "D", zones: { [zone]: [ids[0]] } })).toBe(true);
    expect(scenario({ scenarios: [{ name: "s", given: { me: { [zone]: ["no-such-card"] } } }] })).toBe(false);
    expect(scenario({ scenarios: [{ name: "s", given: { me: { [zone]: [ids[0], { card: ids[1] }] } } }] })).toBe(true);
  });
});
