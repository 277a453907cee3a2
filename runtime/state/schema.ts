/**
 * JSON Schemas (draft-07, as plain data) of what the runtime reads from outside: replay files and
 * saved states. They live beside types.ts and change with it; `FORMAT` is bumped when a change
 * makes older files unreadable. The runtime imports no validator (it stays free of dependencies,
 * see README.md): validate.ts checks the subset of JSON Schema used here, and a test checks that
 * ajv, given the same schemas, accepts and refuses the same documents.
 */

/** The format of replay files and saved states this runtime writes (and the newest it reads). */
export const FORMAT = 1;

/** Longest player name a replay or a state may give (a seat's name is shown on every log line). */
export const MAX_NAME = 100;

const id = { type: "integer", minimum: 0, maximum: 9007199254740991 } as const;
const name = { type: "string", minLength: 1, maxLength: 1000 } as const;

/** A board's zones: card ids, or cards with property values (index 0 = top). */
const boardZones = {
  type: "object",
  additionalProperties: {
    type: "array",
    maxItems: 10_000,
    items: {
      type: ["string", "object"],
      minLength: 1,
      maxLength: 1000,
      required: ["card"],
      properties: { card: name, props: { $ref: "#/definitions/values" } },
      additionalProperties: false,
    },
  },
} as const;

const definitions = {
  value: {
    type: ["number", "string", "boolean", "null", "array"],
    maxLength: 1_000_000,
    maxItems: 100_000,
    items: { $ref: "#/definitions/value" },
  },
  values: { type: "object", additionalProperties: { $ref: "#/definitions/value" } },
  cardList: { type: "array", maxItems: 10_000, items: name },
  action: {
    type: "object",
    required: ["type"],
    properties: {
      type: { enum: ["act", "pick", "done", "yes", "no"] },
      action: name,
      args: { $ref: "#/definitions/values" },
      value: { $ref: "#/definitions/value" },
    },
    additionalProperties: false,
  },
  config: {
    type: "object",
    required: ["seed", "players"],
    properties: {
      seed: { type: "integer", minimum: 0, maximum: 4294967295 },
      players: {
        type: "array",
        minItems: 1,
        maxItems: 64,
        items: {
          type: "object",
          required: ["name", "zones"],
          properties: {
            name: { type: "string", maxLength: MAX_NAME },
            zones: { type: "object", additionalProperties: { $ref: "#/definitions/cardList" } },
            props: { $ref: "#/definitions/values" },
          },
          additionalProperties: false,
        },
      },
      options: { $ref: "#/definitions/values" },
      version: name,
    },
    additionalProperties: false,
  },
  board: {
    type: "object",
    required: ["players"],
    properties: {
      options: { $ref: "#/definitions/values" },
      version: name,
      game: { $ref: "#/definitions/values" },
      zones: boardZones,
      match: {
        type: "object",
        required: ["results"],
        properties: {
          results: { type: "array", maxItems: 1000, items: { type: ["integer", "null"] } },
        },
        additionalProperties: false,
      },
      players: {
        type: "array",
        minItems: 1,
        maxItems: 64,
        items: {
          type: "object",
          properties: {
            name: { type: "string", maxLength: MAX_NAME },
            props: { $ref: "#/definitions/values" },
            zones: boardZones,
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
} as const;

/** A replay file (runtime/play/replay.ts). `format` is absent in the files written before formats existed (read as 1). */
export const REPLAY_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "cardwright:replay",
  type: "object",
  required: ["game", "config", "actions"],
  properties: {
    format: { type: "integer", minimum: 1 },
    game: name,
    config: { $ref: "#/definitions/config" },
    board: { $ref: "#/definitions/board" },
    actions: { type: "array", maxItems: 1_000_000, items: { $ref: "#/definitions/action" } },
  },
  additionalProperties: false,
  definitions,
} as const;

const frame = {
  type: "object",
  required: ["h", "step", "L", "into", "trigger", "owned", "me", "self", "ev"],
  properties: {
    h: name,
    step: id,
    L: { $ref: "#/definitions/values" },
    into: { type: ["string", "null"] },
    trigger: {
      type: ["object", "null"],
      required: ["entity", "index"],
      properties: { entity: id, index: id },
      additionalProperties: false,
    },
    owned: { type: "array", items: id },
    me: id,
    self: { type: ["integer", "null"], minimum: 0 },
    ev: { type: ["integer", "null"], minimum: 0 },
  },
  additionalProperties: false,
} as const;

/** A match state (types.ts `State`), as `JSON.stringify` writes it. */
export const STATE_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "cardwright:state",
  type: "object",
  required: [
    "game",
    "rng",
    "seq",
    "clock",
    "entities",
    "zones",
    "events",
    "modifiers",
    "frames",
    "decision",
    "match",
    "seen",
    "log",
    "turnstile",
  ],
  properties: {
    game: name,
    rng: { type: "array", maxItems: 4, items: { type: "integer", minimum: -2147483648, maximum: 4294967295 } },
    seq: id,
    clock: id,
    entities: {
      type: "object",
      propertyNames: { pattern: "^(0|[1-9][0-9]{0,15})$" },
      additionalProperties: {
        type: "object",
        required: ["id", "card", "owner", "zone", "arrival", "props", "counters"],
        properties: {
          id,
          card: { type: ["string", "null"], maxLength: 1000 },
          owner: id,
          zone: { type: "string", maxLength: 1000 },
          holder: id,
          controller: id,
          known: { type: "array", maxItems: 64, items: id },
          arrival: id,
          props: { $ref: "#/definitions/values" },
          counters: { type: "object", additionalProperties: { type: "integer" } },
        },
        additionalProperties: false,
      },
    },
    zones: {
      type: "object",
      propertyNames: { pattern: "^(0|[1-9][0-9]{0,15}):" },
      additionalProperties: { type: "array", items: id },
    },
    events: {
      type: "object",
      propertyNames: { pattern: "^(0|[1-9][0-9]{0,15})$" },
      additionalProperties: {
        type: "object",
        required: ["id", "name", "fields"],
        properties: { id, name, fields: { $ref: "#/definitions/values" }, at: id },
        additionalProperties: false,
      },
    },
    modifiers: {
      type: "array",
      items: {
        type: "object",
        required: ["entity", "prop", "op", "value", "until"],
        properties: {
          entity: id,
          prop: name,
          op: { enum: ["=", "+=", "-="] },
          value: { $ref: "#/definitions/value" },
          until: name,
        },
        additionalProperties: false,
      },
    },
    frames: { type: "array", maxItems: 2000, items: frame },
    decision: {
      type: ["object", "null"],
      required: ["type", "player"],
      properties: {
        type: { enum: ["act", "choose", "may"] },
        player: id,
        window: name,
        ev: { type: ["integer", "null"], minimum: 0 },
        options: { type: "array", items: { $ref: "#/definitions/action" } },
        prompt: { type: "string" },
        candidates: { type: "array", items: { $ref: "#/definitions/value" } },
        min: id,
        max: id,
        picked: { type: "array", items: { $ref: "#/definitions/value" } },
        single: { type: "boolean" },
        into: { type: ["string", "null"] },
      },
      additionalProperties: false,
    },
    match: {
      type: "object",
      required: ["number", "results", "over", "winner"],
      properties: {
        number: id,
        results: { type: "array", items: { type: ["integer", "null"], minimum: 0 } },
        over: { type: "boolean" },
        winner: { type: ["integer", "null"], minimum: 0 },
      },
      additionalProperties: false,
    },
    seen: { type: "object", additionalProperties: { type: "integer" } },
    log: {
      type: "array",
      items: {
        type: "object",
        required: ["kind", "text"],
        properties: {
          kind: {
            enum: [
              "action",
              "decision",
              "move",
              "set",
              "event",
              "text",
              "game",
              "create",
              "shuffle",
              "modify",
              "chain",
              "reveal",
            ],
          },
          text: { type: "string" },
          data: { $ref: "#/definitions/values" },
        },
        additionalProperties: false,
      },
    },
    turnstile: id,
    seats: { type: "integer", minimum: 1, maximum: 8 },
    salt: { type: "integer", minimum: 0, maximum: 4294967295 },
    shuffles: { type: "object", additionalProperties: { type: "integer", minimum: 0 } },
    chain: {
      type: "object",
      required: ["links", "holder", "passes"],
      properties: {
        links: {
          type: "array",
          items: {
            type: "object",
            required: ["n", "frame", "source", "controller", "targets", "arrival"],
            properties: {
              n: id,
              frame,
              source: { type: ["integer", "null"], minimum: 0 },
              controller: id,
              targets: {
                type: "array",
                items: {
                  type: "object",
                  required: ["entity", "arrival"],
                  properties: { entity: id, arrival: id },
                  additionalProperties: false,
                },
              },
              arrival: id,
            },
            additionalProperties: false,
          },
        },
        holder: { type: ["integer", "null"], minimum: 0 },
        passes: id,
        // When every player last passed in a row (resolve-next); optional, so older states still read.
        settled: id,
      },
      additionalProperties: false,
    },
    version: name,
  },
  additionalProperties: false,
  definitions,
} as const;

/** A saved state: the state and the format it was written in (Engine.save / Engine.load). */
export const SAVED_STATE_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "cardwright:saved-state",
  type: "object",
  required: ["format", "state"],
  properties: { format: { type: "integer", minimum: 1 }, state: { type: "object" } },
  additionalProperties: false,
} as const;
