/**
 * The fixed JSON Schema of a game's rules file (`cards/<game>/rules.yaml`).
 * Card-file schemas are derived from a rules file by the compiler; this one never changes per game.
 */

import { CARD_TEXT_SCHEMA, LOCALIZED_TEXT } from "./card-text-schema.ts";

const name = { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*$" } as const;
const typeName = { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_<>-]*[?]?$" } as const;
const code = { type: "string" } as const;
const localized = LOCALIZED_TEXT;
const scalarDefault = { type: ["number", "string", "boolean", "null"] } as const;
/** A property's or field's default: a scalar, or (for a list) a list of scalars. */
const valueDefault = {
  type: ["number", "string", "boolean", "null", "array"],
  items: { type: ["number", "string", "boolean"] },
} as const;

/** How a board shows a property or zone: on the card (main), when asked (detail), or never (hidden). */
const show = {
  enum: ["main", "detail", "hidden"],
  description: "how a board shows it: main (always), detail (when the card is selected or asked for), hidden (never)",
} as const;

const propertyDecl = {
  type: "object",
  properties: {
    type: typeName,
    default: valueDefault,
    computed: { type: "boolean" },
    show,
    min: { type: "number" },
    max: { type: "number" },
    doc: { type: "string" },
  },
  required: ["type"],
  additionalProperties: false,
} as const;

const fieldDecl = {
  type: "object",
  properties: {
    type: typeName,
    optional: { type: "boolean" },
    default: valueDefault,
    doc: { type: "string" },
  },
  required: ["type"],
  additionalProperties: false,
} as const;

const params = { type: "object", propertyNames: name, additionalProperties: typeName } as const;

export const RULES_SCHEMA = {
  $id: "https://cardwright.dev/schema/rules.json",
  title: "Cardwright rules file",
  type: "object",
  properties: {
    game: name,
    name: localized,
    // A number of seats, or the range a game plays with (the match configuration picks one).
    players: {
      oneOf: [
        { type: "integer", minimum: 1, maximum: 8 },
        {
          type: "object",
          properties: {
            min: { type: "integer", minimum: 1, maximum: 8 },
            max: { type: "integer", minimum: 1, maximum: 8 },
          },
          required: ["min", "max"],
          additionalProperties: false,
        },
      ],
    },
    match: {
      type: "object",
      properties: { games: { type: "integer", minimum: 1 }, wins: { type: "integer", minimum: 1 } },
      required: ["games", "wins"],
      additionalProperties: false,
    },
    options: {
      type: "object",
      propertyNames: name,
      additionalProperties: {
        type: "object",
        properties: {
          type: typeName,
          default: scalarDefault,
          values: { type: "array", items: { type: ["string", "number"] } },
          doc: { type: "string" },
        },
        required: ["type", "default"],
        additionalProperties: false,
      },
    },
    enums: {
      type: "object",
      propertyNames: name,
      additionalProperties: { type: "array", items: name, minItems: 1, uniqueItems: true },
    },
    keywords: { type: "array", items: name, uniqueItems: true },
    zones: {
      type: "object",
      propertyNames: name,
      additionalProperties: {
        type: "object",
        properties: {
          visibility: { enum: ["public", "owner", "hidden"] },
          // Whose zone it is: each player has one (the default), or the game has one shared zone.
          of: { enum: ["player", "game"] },
          limit: { type: "integer", minimum: 0 },
          role: {
            enum: ["deck", "hand", "play"],
            description:
              "for tools that count cards (the balance lab): cards are drawn from a deck into a hand, and played from a hand into a play zone",
          },
          show,
          group: {
            type: "boolean",
            description: "a board shows its cards grouped by how they read, with counts (resources such as tokens)",
          },
          doc: { type: "string" },
        },
        required: ["visibility"],
        additionalProperties: false,
      },
    },
    kinds: {
      type: "object",
      propertyNames: name,
      additionalProperties: {
        type: "object",
        properties: {
          "active-in": { type: "array", items: name },
          display: { type: "string", description: 'how its cards read in logs and choices, e.g. "{it.face} die"' },
          key: {
            type: "array",
            // A trailing `?` shows the field only while it is not 0 (the parts of a cost).
            items: { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*\\??$" },
            uniqueItems: true,
            description:
              "the fields a board shows on its cards (cost, power, HP): card fields or card properties; `name?` shows one only while it is not 0",
          },
          fields: { type: "object", propertyNames: name, additionalProperties: fieldDecl },
          doc: { type: "string" },
        },
        additionalProperties: false,
      },
    },
    "card-fields": { type: "object", propertyNames: name, additionalProperties: fieldDecl },
    properties: {
      type: "object",
      properties: {
        card: { type: "object", propertyNames: name, additionalProperties: propertyDecl },
        player: { type: "object", propertyNames: name, additionalProperties: propertyDecl },
        game: { type: "object", propertyNames: name, additionalProperties: propertyDecl },
      },
      additionalProperties: false,
    },
    events: {
      type: "object",
      propertyNames: name,
      additionalProperties: {
        type: "object",
        // `since`: a field holding an earlier event; cards that arrived after that event do not hear this one.
        properties: {
          fields: params,
          stages: { type: "array", items: name, uniqueItems: true },
          since: name,
          doc: { type: "string" },
        },
        additionalProperties: false,
      },
    },
    "trigger-order": {
      type: "object",
      properties: { first: code, rank: code, zones: { type: "array", items: name } },
      additionalProperties: false,
    },
    functions: {
      type: "object",
      propertyNames: name,
      additionalProperties: {
        type: "object",
        // `is`: one expression; `do`: pure statements that `return` the result (to compute a value once).
        properties: { params, returns: typeName, is: code, do: code, doc: { type: "string" } },
        required: ["returns"],
        oneOf: [{ required: ["is"] }, { required: ["do"] }],
        additionalProperties: false,
      },
    },
    procedures: {
      type: "object",
      propertyNames: name,
      additionalProperties: {
        type: "object",
        properties: { params, returns: typeName, do: code, doc: { type: "string" } },
        required: ["do"],
        additionalProperties: false,
      },
    },
    windows: { type: "array", items: name, uniqueItems: true },
    actions: {
      type: "object",
      propertyNames: name,
      additionalProperties: {
        type: "object",
        properties: {
          window: name,
          for: code,
          // One expression, or a list of conditions that must all hold, each optionally with the
          // reason a refusal gives when it fails (a label: text with {interpolation}).
          when: {
            oneOf: [
              code,
              {
                type: "array",
                minItems: 1,
                items: {
                  oneOf: [
                    code,
                    {
                      type: "object",
                      properties: { test: code, reason: { type: "string" } },
                      required: ["test", "reason"],
                      additionalProperties: false,
                    },
                  ],
                },
              },
            ],
          },
          label: { type: "string" },
          do: code,
          doc: { type: "string" },
        },
        required: ["window"],
        additionalProperties: false,
      },
    },
    "deck-errors": code,
    // How good a state is for `me` (pure statements that `return` a number, −100 lost … 100 won): the agents' evaluation.
    evaluate: code,
    versions: {
      type: "object",
      description: "the game's balance versions, oldest first, and the version the cards' own fields describe",
      properties: {
        known: { type: "array", minItems: 1, items: { type: ["string", "number"] } },
        default: { type: ["string", "number"] },
        doc: { type: "string" },
      },
      required: ["known"],
      additionalProperties: false,
    },
    "card-text": CARD_TEXT_SCHEMA,
    // Conditions checked after every action by `cardwright fuzz` and by scenarios (docs/files.md).
    invariants: {
      type: "array",
      items: {
        type: "object",
        properties: {
          id: name,
          rule: { type: "string" },
          check: code,
          message: { type: "string" },
          doc: { type: "string" },
        },
        required: ["id", "check", "message"],
        additionalProperties: false,
      },
    },
    flow: {
      type: "object",
      properties: { game: code, scenario: code },
      required: ["game"],
      additionalProperties: false,
    },
  },
  required: ["game", "name", "players", "flow"],
  additionalProperties: false,
} as const;
