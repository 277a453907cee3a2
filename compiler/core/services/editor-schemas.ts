/**
 * JSON Schemas of a game's deck and scenario files for YAML editors (VS Code's YAML extension,
 * monaco-yaml): the generic shapes the checker validates, with the game's zones, player
 * properties and card ids filled in, so the editor completes and flags them too. The checker
 * stays the judge: these schemas allow what they cannot describe.
 */
import { valueSchema as cardValueSchema } from "../files/card-schema.ts";
import { DECK_SCHEMA } from "../files/deck-check.ts";
import { SCENARIO_SCHEMA } from "../scenario/check.ts";
import type { Type } from "../semantic/types.ts";
import type { Vocabulary } from "../semantic/vocabulary.ts";

const DRAFT = "http://json-schema.org/draft-07/schema#";

/** A value of a declared type, with card ids as one of the game's cards. */
function valueSchema(ty: Type, voc: Vocabulary, cards: readonly string[]): object {
  return cardValueSchema(ty, voc, cards.length ? { enum: [...cards] } : { type: "string" });
}

/** Deck files: zones by name, each a list of the game's card ids. */
export function deckFileSchema(voc: Vocabulary, cards: readonly string[]): object {
  const ids = cards.length ? { enum: [...cards] } : { type: "string" };
  return {
    $schema: DRAFT,
    title: `${voc.name} deck`,
    ...DECK_SCHEMA,
    properties: {
      ...DECK_SCHEMA.properties,
      zones: {
        type: "object",
        propertyNames: { enum: [...voc.zones.keys()] },
        additionalProperties: { type: "array", items: ids },
      },
    },
  };
}

/** Scenario files: `given.me` / `given.opponent` know the game's zones (lists of cards) and player properties. */
export function scenarioFileSchema(voc: Vocabulary, cards: readonly string[]): object {
  const card = cards.length ? { enum: [...cards] } : { type: "string" };
  // A card on the board: its id, or `{ card: id, …its properties }`.
  const boardCard = { oneOf: [card, { type: "object", properties: { card }, required: ["card"] }] };
  const player = {
    type: "object",
    properties: {
      name: { type: "string" },
      ...Object.fromEntries([...voc.zones.keys()].map((z) => [z, { type: "array", items: boardCard }])),
      ...Object.fromEntries([...voc.props.player.values()].map((p) => [p.name, valueSchema(p.type, voc, cards)])),
    },
  };
  const item = SCENARIO_SCHEMA.properties.scenarios.items;
  return {
    $schema: DRAFT,
    title: `${voc.name} scenarios`,
    ...SCENARIO_SCHEMA,
    properties: {
      scenarios: {
        ...SCENARIO_SCHEMA.properties.scenarios,
        items: {
          ...item,
          properties: {
            ...item.properties,
            given: {
              ...item.properties.given,
              properties: { ...item.properties.given.properties, me: player, opponent: player },
            },
          },
        },
      },
    },
  };
}
