/**
 * The JSON Schema of a rules file's optional `card-text:` section: the game's own words for
 * rendering a card's behaviour as text, and the patterns that find the numbers a card's written
 * text states (compiler/core/analysis/card-text/). docs/files.md describes the section.
 */

/**
 * A text in English, optionally with other languages (`{ en, ja }`): a card's name and text, a
 * phrase of this section, a localized field. The one schema of it (the rules and card schemas use it).
 */
export const LOCALIZED_TEXT = {
  oneOf: [
    { type: "string" },
    {
      type: "object",
      properties: { en: { type: "string" }, ja: { type: "string" } },
      required: ["en"],
      additionalProperties: { type: "string" },
    },
  ],
} as const;
const phrases = { type: "object", additionalProperties: LOCALIZED_TEXT } as const;

export const CARD_TEXT_SCHEMA = {
  type: "object",
  properties: {
    words: phrases,
    roles: {
      type: "object",
      additionalProperties: {
        type: "object",
        properties: {
          words: { type: "string" },
          adds: { type: "string" },
          optional: { type: "boolean" },
          doc: { type: "string" },
        },
        additionalProperties: false,
      },
    },
    find: { type: "array", items: { type: "string" } },
    kinds: phrases,
    fields: phrases,
    calls: phrases,
    sets: phrases,
    triggers: phrases,
    limits: phrases,
    keywords: phrases,
    official: {
      type: "object",
      description: "cards record their official text per version (a card's officialText:), and are compared with it",
      properties: {
        required: { type: "boolean", description: "a card without an official text at a version is a warning" },
        except: { type: "array", items: { type: "string" }, description: "kinds that have no official text" },
        find: {
          type: "array",
          items: { type: "string" },
          description: "patterns for the official wording, tried before `find` on official texts",
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
