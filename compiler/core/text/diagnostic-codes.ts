/**
 * The catalogue of diagnostic codes: every diagnostic the compiler, the checker, decks and
 * scenarios report has a code listed here, with its severity, its message template, an example of
 * the mistake and of its fix. `Diagnostic.code` is typed by this list, so a new code cannot be
 * used before it is described. docs/diagnostics.md is generated from it (`npm run docs:diagnostics`).
 */
/** How bad a diagnostic is: errors stop a build, warnings and infos do not. */
export type Severity = "error" | "warning" | "info";

export interface CodeInfo {
  readonly severity: Severity;
  /** The message, with `{placeholders}` for the names it quotes. */
  readonly message: string;
  /** A file (or line) with the mistake… */
  readonly mistake: string;
  /** …and the same with the fix. */
  readonly fix: string;
}

/** Schema problems are the same for card and rules files (`schema/`), decks (`deck/`) and scenarios (`scenario/`). */
const SCHEMA_KINDS = ["unknown-key", "missing-key", "type", "value", "name", "range", "duplicate", "invalid"] as const;
export type SchemaPrefix = "schema" | "deck" | "scenario";
type SchemaCode = `${SchemaPrefix}/${(typeof SCHEMA_KINDS)[number]}`;

const SCHEMA: Record<(typeof SCHEMA_KINDS)[number], Omit<CodeInfo, "severity">> = {
  "unknown-key": { message: "unknown key '{key}' in {where}", mistake: "powr: 2", fix: "power: 2" },
  "missing-key": {
    message: "missing required key '{key}' in {where}",
    mistake: "id: imp\nkind: unit\nname: Imp",
    fix: "id: imp\nkind: unit\nname: Imp\npower: 1",
  },
  type: { message: "{where} must be {type}", mistake: "power: two", fix: "power: 2" },
  value: { message: "{where} must be one of: {values}", mistake: "element: fier", fix: "element: fire" },
  name: { message: "{where} is not a valid name", mistake: "id: Fire Imp", fix: "id: fire-imp" },
  range: { message: "{where} must be at least {n}", mistake: "usage: 0", fix: "usage: 1" },
  duplicate: {
    message: "{where} lists the same item twice",
    mistake: "keywords: [swift, swift]",
    fix: "keywords: [swift]",
  },
  invalid: {
    message: "{where} {reason}",
    mistake: "(any other shape the schema does not allow)",
    fix: "(the shape the message names)",
  },
};

const OWN = {
  "yaml/syntax": {
    severity: "error",
    message: 'a YAML syntax error, e.g. this text has no closing "',
    mistake: 'name: "Fire Imp',
    fix: 'name: "Fire Imp"',
  },
  "yaml/too-deep": {
    severity: "error",
    message: "the YAML here is nested more than {n} levels deep",
    mistake: "effect: [[[[[[ … ]]]]]]  (thousands of levels)",
    fix: "a flat structure",
  },
  "yaml/reserved": {
    severity: "error",
    message: "'__proto__' is reserved and cannot be used as a key",
    mistake: "zones:\n  __proto__: [imp]",
    fix: "zones:\n  hand: [imp]",
  },
  "yaml/alias": {
    severity: "error",
    message: "no anchor '&{name}' before this alias '*{name}'",
    mistake: "cost: *one",
    fix: "cost: 1",
  },
  "yaml/alias-bomb": {
    severity: "error",
    message: "aliases here expand to too much data (more than {n} aliases in the expanded value)",
    mistake: "a: &a [x, x]\nb: &b [*a, *a]\n… (nested twenty times)",
    fix: "write the values out",
  },
  "yaml/number": {
    severity: "error",
    message: "the number {n} is out of range: it would not keep its value",
    mistake: "cost: 1e400",
    fix: "cost: 4",
  },
  "io/unreadable": {
    severity: "error",
    message: "the file {why} (a folder, a broken or looping link, no permission)",
    mistake: "cards/imp.yaml -> imp.yaml (a link to itself)",
    fix: "a regular file",
  },
  "io/too-large": {
    severity: "error",
    message: "the file is larger than {n} bytes (512 KiB), the limit of an input file: it is not read past here",
    mistake: "cards/all-cards.yaml (a 5 MB file)",
    fix: "cards/imp.yaml, cards/zap.yaml, … (a card per file)",
  },
  "io/encoding": {
    severity: "error",
    message: "the file {why} (it is not valid UTF-8)",
    mistake: "name: Caf\\xE9 (Latin-1)",
    fix: "name: Café (saved as UTF-8)",
  },
  "dsl/number": {
    severity: "error",
    message: "a number too large to keep its value",
    mistake: "deal(opponent, 99999999999999999999)",
    fix: "deal(opponent, 9)",
  },
  "dsl/reserved": {
    severity: "error",
    message: "'{name}' is reserved and cannot name a local",
    mistake: "let __proto__ = 5",
    fix: "let base = 5",
  },
  "dsl/too-deep": {
    severity: "error",
    message: "the code is nested too deeply (more than {n} levels)",
    mistake: "((((((((… 1 …))))))))  (thousands of levels)",
    fix: "split the expression with locals",
  },
  "dsl/lex": {
    severity: "error",
    message: "a character or text the effect language does not know",
    mistake: "deal(opponent, 2) $",
    fix: "deal(opponent, 2)",
  },
  "dsl/syntax": {
    severity: "error",
    message: "effect code that does not parse, e.g. expected ')'",
    mistake: "deal(opponent, 2",
    fix: "deal(opponent, 2)",
  },
  "io/no-game": {
    severity: "error",
    message: "no game '{game}': cards/{game}/rules.yaml does not exist",
    mistake: "cardwright check my-gaem",
    fix: "cardwright check my-game",
  },
  "check/dead-trigger": {
    severity: "warning",
    message: "trigger {n} of '{card}' never fires: no code emits '{event}' / its 'when' can never hold",
    mistake: "on:\n  - event: healed   # declared, but nothing emits it\n    do: draw(me, 1)",
    fix: "on:\n  - event: damaged\n    do: draw(me, 1)",
  },
  "check/trigger-loop": {
    severity: "warning",
    message: "possible endless trigger loop: {card} (on {event}) emits {event2} → … → {card} (on {event})",
    mistake: "# imp.yaml\non: [{ event: hit, do: emit boom { } }]\n# gob.yaml\non: [{ event: boom, do: emit hit { } }]",
    fix: "on: [{ event: boom, limit: { count: 1, per: turn-ended }, do: emit hit { } }]",
  },
  "check/arity": {
    severity: "error",
    message: "'{name}' takes {n} argument(s), not {m}",
    mistake: "let n = min(1)",
    fix: "let n = min(1, 2)",
  },
  "check/bad-since": {
    severity: "error",
    message: "'since' must name a field of '{event}' whose type is an event",
    mistake: "events:\n  hit: { fields: { amount: number }, since: amount }",
    fix: "events:\n  hit: { fields: { amount: number, cause: event }, since: cause }",
  },
  "check/bad-default": {
    severity: "error",
    message:
      "the default of a {type} must be {what}: `none` (or no default) for players, cards and entities, one of the values for an enum; a list of such values (or nothing: the empty list) for a list",
    mistake: "properties:\n  game:\n    current: { type: player, default: P1 }",
    fix: "properties:\n  game:\n    current: { type: player, default: none }",
  },
  "check/break": {
    severity: "error",
    message: "'break' is only allowed inside a loop",
    mistake: "if x > 1 { break }",
    fix: "for c in me.hand { if c.power > 1 { break } }",
  },
  "check/duplicate-card": {
    severity: "error",
    message: "card id '{id}' is already used by {file}",
    mistake: "cards/imp-2.yaml: id: imp",
    fix: "cards/imp-2.yaml: id: imp-2",
  },
  "check/duplicate-field": {
    severity: "error",
    message: "field '{field}' is given twice",
    mistake: "emit hit { target: c, amount: 1, amount: 2 }",
    fix: "emit hit { target: c, amount: 2 }",
  },
  "check/duplicate-name": {
    severity: "error",
    message: "'{name}' names two things of the rules (an enum value and a kind, a zone and a property…)",
    mistake: "enums: { element: [fire] }\nkinds: { fire: … }",
    fix: "kinds: { fire-card: … }",
  },
  "check/event": {
    severity: "error",
    message: "there is no 'event' here",
    mistake: 'effect: |\n  log "{event.amount}"',
    fix: 'on:\n  - event: hit\n    do: log "{event.amount}"',
  },
  "check/card-text": {
    severity: "warning",
    message:
      'the card\'s text and its effect differ ({role}: the effect says {n}, the text says {m}): text "{text}", effect "{rendered}"',
    mistake: 'text: { en: "deal 3 Fire damage" }\neffect: deal(opponent, 4)',
    fix: 'text: { en: "deal 4 Fire damage" }\neffect: deal(opponent, 4)',
  },
  "check/official-text": {
    severity: "warning",
    message:
      "the card has no official text at versions {range} (the game's card-text section asks for one per version)",
    mistake:
      'officialText:\n  - since: "4.0"\n    en: "Deals 3 damage."\n    source: { repo: o/db, path: d/x.json, commit: 1234567 }\nversions:\n  - until: "4.0"\n    costVoid: 2',
    fix: 'officialText:\n  - until: "4.0"\n    en: "Deals 2 damage."\n    source: { repo: o/db, path: d/x.json, commit: 89abcde }\n  - since: "4.0"\n    en: "Deals 3 damage."\n    source: { repo: o/db, path: d/x.json, commit: 1234567 }',
  },
  "check/confusable-name": {
    severity: "warning",
    message:
      "card name '{name}' of '{card}' looks the same as '{other}' of card '{card2}' ({file}) but is another text: {difference}",
    mistake: '# imp.yaml\nname: Imp\n# fake-imp.yaml\nname: "Im\\u0440"   # YAML for a Cyrillic р (U+0440)',
    fix: "# fake-imp.yaml\nname: Lesser Imp",
  },
  "check/same-name": {
    severity: "warning",
    message: "card name '{name}' is also the name of card '{card}' ({file}), of the same kind '{kind}'",
    mistake: "# imp.yaml\nkind: unit\nname: Imp\n# imp-2.yaml\nkind: unit\nname: Imp",
    fix: "# imp-2.yaml\nkind: unit\nname: Greater Imp",
  },
  "check/bidi-control": {
    severity: "warning",
    message:
      "bidirectional control character {char}: the text around it may show in an order other than the one it is read in",
    mistake: "effect: |\n  # check the owner <U+202E here> } if me.life < 3 {",
    fix: "effect: |\n  # check the owner",
  },
  "check/invisible-character": {
    severity: "warning",
    message: "invisible character {char}: it shows as nothing, so this text looks like one without it",
    mistake: "id: imp\nname: Imp<U+200B here>   # the character itself, in the file",
    fix: "id: imp\nname: Imp",
  },
  "check/file-name": {
    severity: "warning",
    message: "card '{id}' is in a file named '{file}'",
    mistake: "cards/imp.yaml: id: fire-imp",
    fix: "cards/fire-imp.yaml: id: fire-imp",
  },
  "check/duplicate-invariant": {
    severity: "error",
    message: "invariant '{id}' is declared twice",
    mistake:
      "invariants:\n  - { id: life, check: me.life >= 0, message: … }\n  - { id: life, check: me.life <= 20, message: … }",
    fix: "invariants:\n  - { id: life-low, check: me.life >= 0, message: … }\n  - { id: life-high, check: me.life <= 20, message: … }",
  },
  "check/invariant-changes": {
    severity: "error",
    message: "invariant '{id}' calls '{fn}', which changes the game it checks",
    mistake: "check: random(6) < 6",
    fix: "check: count(me.hand) <= 10",
  },
  "check/evaluate-changes": {
    severity: "error",
    message: "the evaluation calls '{fn}', which changes the game it evaluates",
    mistake: "evaluate: return random(3) - 1",
    fix: "evaluate: return 10 * (me.life - opponent.life)",
  },
  "check/impure": {
    severity: "error",
    message: "{what} is not allowed here: this code must be pure",
    mistake: "when: deal(opponent, 1)",
    fix: "when: opponent.life > 1",
  },
  "check/it": {
    severity: "error",
    message: "'it' is only defined inside a 'where' condition",
    mistake: "let c = it",
    fix: "let cs = me.hand where it.power > 1",
  },
  "check/maybe-none": {
    severity: "error",
    message:
      "'{expr}' may be none here ({type}?): {why}; test it first (if x != none { … }) or declare what may be none with a '?' type",
    mistake: "let c = first(me.hand)\nc.power += 1",
    fix: "let c = first(me.hand)\nif c != none { c.power += 1 }",
  },
  "check/missing-field": {
    severity: "error",
    message: "event '{event}' needs '{field}'",
    mistake: "emit hit { target: c }",
    fix: "emit hit { target: c, amount: 1 }",
  },
  "check/opponent": {
    severity: "error",
    message: "'opponent' is only defined for two-player games",
    mistake: "deal(opponent, 1)   # in a game for 2 to 4 players",
    fix: "deal(next(me), 1)   # or previous(me), or each of opponents(me); the quick fix writes next(me)",
  },
  "check/procedure-in-expression": {
    severity: "error",
    message: "'{name}' is a procedure: call it as a statement, or as 'let x = {name}(…)'",
    mistake: "if deal(opponent, 1) { … }",
    fix: "let dealt = deal(opponent, 1)",
  },
  "check/read-only": {
    severity: "error",
    message: "'{name}' cannot be changed",
    mistake: "self.cost = 0",
    fix: "self.power = 0   # a property declared under properties:",
  },
  "check/redeclared": {
    severity: "error",
    message: "'{name}' is already defined here",
    mistake: "let n = 1\nlet n = 2",
    fix: "let n = 1\nn = 2",
  },
  "check/return": {
    severity: "error",
    message: "this must return {type} / this code returns no value",
    mistake: "functions: { double: { params: { n: number }, returns: number, do: return } }",
    fix: "do: return n * 2",
  },
  "check/self": {
    severity: "error",
    message: "'self' is only defined in a card's own code",
    mistake: "procedures: { p: { do: move self to me.discard } }",
    fix: "(use self only in card files)",
  },
  "check/type": {
    severity: "error",
    message: "a value of the wrong type, e.g. '-' needs a number (found text)",
    mistake: 'let n = -"two"',
    fix: "let n = -2",
  },
  "check/unknown-card": {
    severity: "error",
    message: "unknown card '{id}' (a data field declared cardid or list<cardid>)",
    mistake: "skills: [hero-strke]",
    fix: "skills: [hero-strike]",
  },
  "check/unknown-effect": {
    severity: "error",
    message: "no card kind has an effect field '{field}'",
    mistake: "run c.efect",
    fix: "run c.effect",
  },
  "check/unknown-event": {
    severity: "error",
    message: "unknown event '{event}'",
    mistake: "emit hti { target: c, amount: 1 }",
    fix: "emit hit { target: c, amount: 1 }",
  },
  "check/unknown-field": {
    severity: "error",
    message: "event '{event}' has no field '{field}'",
    mistake: "emit hit { target: c, amont: 1 }",
    fix: "emit hit { target: c, amount: 1 }",
  },
  "check/unknown-function": {
    severity: "error",
    message: "unknown function '{name}'",
    mistake: "let n = cuont(me.hand)",
    fix: "let n = count(me.hand)",
  },
  "check/unknown-member": {
    severity: "error",
    message: "a card has no property '{name}' (or a player, the game, an event…)",
    mistake: "self.pwer += 1",
    fix: "self.power += 1",
  },
  "check/unknown-name": {
    severity: "error",
    message: "unknown name '{name}'",
    mistake: "deal(oponent, 1)",
    fix: "deal(opponent, 1)",
  },
  "check/unknown-stage": {
    severity: "error",
    message: "event '{event}' has no stage '{stage}'",
    mistake: "on: [{ event: hit, stage: befor, do: … }]",
    fix: "on: [{ event: hit, stage: before, do: … }]",
  },
  "check/unknown-key-field": {
    severity: "error",
    message: "kind '{kind}' has no field or card property '{field}' to show",
    mistake: "kinds: { creature: { key: [cost, pwr] } }",
    fix: "kinds: { creature: { key: [cost, power] } }",
  },
  "check/unknown-type": {
    severity: "error",
    message: "unknown type '{type}'",
    mistake: "properties: { card: { power: { type: nubmer } } }",
    fix: "properties: { card: { power: { type: number } } }",
  },
  "check/unknown-window": {
    severity: "error",
    message: "unknown action window '{window}'",
    mistake: "let a = act mian by me",
    fix: "let a = act main by me",
  },
  "check/unknown-zone": {
    severity: "error",
    message: "unknown zone '{zone}'",
    mistake: "move self to me.graveyard",
    fix: "move self to me.discard",
  },
  "check/unreachable": {
    severity: "warning",
    message: "this code never runs",
    mistake: 'return\nlog "done"',
    fix: 'log "done"\nreturn',
  },
  "check/unused": {
    severity: "warning",
    message: "'{name}' is never used",
    mistake: "let x = 1",
    fix: "(remove it, or name it _x)",
  },
  "check/unused-value": {
    severity: "warning",
    message: "this computes a value and throws it away",
    mistake: "count(me.hand)",
    fix: "let n = count(me.hand)",
  },
  "check/use": {
    severity: "error",
    message: "'use' spends a usage of a trigger: it is only allowed in a trigger's 'do'",
    mistake: "effect: |\n  use",
    fix: "on:\n  - event: hit\n    usage: 2\n    do: use",
  },
  "deck/illegal": {
    severity: "error",
    message: "a deck-building rule of the game is broken (the rules' deck-errors say which)",
    mistake: "zones: { deck: [imp, imp, imp, …] }   # at most 2 copies",
    fix: "zones: { deck: [imp, imp, …] }",
  },
  "deck/unknown-card": {
    severity: "error",
    message: "unknown card '{id}'",
    mistake: "hand: [imp, zpa]",
    fix: "hand: [imp, zap]",
  },
  "deck/unknown-zone": {
    severity: "error",
    message: "unknown zone '{zone}'",
    mistake: "zones: { hnd: [fire-imp] }",
    fix: "zones: { hand: [fire-imp] }",
  },
  "version/conflict": {
    severity: "error",
    message: "two files ask for different versions of the game: '{a}' here, '{b}' in {file}",
    mistake: "decks/old.yaml: version: 4.0   (played with --version 4.2)",
    fix: "decks/old.yaml: version: 4.2   (or leave the version out)",
  },
  "version/covers-default": {
    severity: "error",
    message:
      "this version entry covers the default version {v}: the card's own fields are the card at the default version",
    mistake: 'versions:\n  - { since: "4.0", costAligned: 4 }   # default 4.2',
    fix: 'versions:\n  - { since: "3.3", until: "4.1", costAligned: 4 }',
  },
  "version/format": {
    severity: "error",
    message: "'{v}' is not a version: write numbers separated by dots, e.g. \"4.2\"",
    mistake: "since: v4",
    fix: 'since: "4.0"',
  },
  "version/overlap": {
    severity: "error",
    message: "versions {a} and {b} of this card overlap (both cover {v})",
    mistake: 'versions:\n  - { since: "3.3", until: "4.1", … }\n  - { since: "4.0", until: "4.2", … }',
    fix: 'versions:\n  - { since: "3.3", until: "4.0", … }\n  - { since: "4.0", until: "4.2", … }',
  },
  "version/range": {
    severity: "error",
    message: "'until' {until} must come after 'since' {since}, and a version entry needs at least one of them",
    mistake: '- { since: "4.1", until: "3.5", … }',
    fix: '- { since: "3.5", until: "4.1", … }',
  },
  "version/undeclared": {
    severity: "error",
    message: "this game declares no versions: add 'versions: { known: [...], default: ... }' to its rules file",
    mistake: 'version: "4.2"   # rules.yaml has no versions:',
    fix: 'rules.yaml: versions: { known: ["4.1", "4.2"], default: "4.2" }',
  },
  "version/unknown": {
    severity: "error",
    message: "unknown version '{v}'",
    mistake: 'since: "4.9"',
    fix: 'since: "4.8"',
  },
  "scenario/unknown-action": {
    severity: "error",
    message: "unknown action '{name}' (a step of 'do:', or an item of 'can:'/'cannot:')",
    mistake: "do: [{ atack: imp }]",
    fix: "do: [{ attack: imp }]",
  },
  "scenario/bad-path": {
    severity: "error",
    message: "an `expect:` path that names no value, e.g. write card.property",
    mistake: "expect: { me.field.goblin: 1 }",
    fix: "expect: { me.field.goblin.power: 1 }",
  },
  "scenario/expect": {
    severity: "error",
    message: "an expectation that does not hold after the run: {path}: expected {want}, got {got}",
    mistake: "expect: { opponent.life: 7 }   # but it is 8",
    fix: "(fix the card, or the expectation)",
  },
  "scenario/failed": {
    severity: "error",
    message: "a step of the scenario could not be played, e.g. 'attack' is not legal now",
    mistake: "do: [attack]   # no unit can attack",
    fix: "do: [{ play: fire-imp }, attack]",
  },
  "scenario/invariant": {
    severity: "error",
    message: "invariant '{id}' ({rule}) does not hold: {message}",
    mistake: "(a step after which an invariant of the rules file is broken)",
    fix: "(fix the rules or cards the invariant catches)",
  },
  "scenario/fault": {
    severity: "error",
    message: "the game stopped with an error: {message}",
    mistake: "(a runtime fault while the scenario runs)",
    fix: "(fix the card code the message names)",
  },
  "scenario/unknown-card": {
    severity: "error",
    message: "unknown card '{id}'",
    mistake: "given: { me: { hand: [zpa] } }",
    fix: "given: { me: { hand: [zap] } }",
  },
  "scenario/unknown-property": {
    severity: "error",
    message: "a player, card or the game has no property '{name}'",
    mistake: "expect: { opponent.lfie: 7 }",
    fix: "expect: { opponent.life: 7 }",
  },
  "scenario/wrong-side": {
    severity: "error",
    message:
      "a step answers a decision of the other side: the decision is opponent's, not me's (a step without 'by:' answers for me)",
    mistake: "do: [{ choose: imp }]   # the opponent chooses",
    fix: "do: [{ choose: imp, by: opponent }]",
  },
  "scenario/not-refused": {
    severity: "error",
    message: "a step expected to be refused was taken, or refused for another reason",
    mistake: "do: [{ play-unit: imp, refused: one unit per turn }]   # but it is legal",
    fix: "(fix the rules, or the step)",
  },
  "scenario/bad-step": {
    severity: "error",
    message:
      "a malformed step of 'do:': one action or answer, an optional 'by: me|opponent' and 'refused: <reason>', or a checkpoint '{ expect: {…} }'",
    mistake: "do: [{ may: yes, refused: no }]",
    fix: "do: [{ may: yes }]",
  },
  "scenario/bad-matcher": {
    severity: "error",
    message:
      "a malformed zone matcher: a list, or an object of count, contains, excludes, ordered, unordered; items are card ids or { card, <property>: value }",
    mistake: "expect: { me.hand: { size: 2 } }",
    fix: "expect: { me.hand: { count: 2 } }",
  },
  "scenario/bad-decision": {
    severity: "error",
    message: "a malformed 'decision:' check: by, type, window, prompt, offered, not-offered, can-choose, cannot-choose",
    mistake: "expect: { decision: { who: opponent } }",
    fix: "expect: { decision: { by: opponent } }",
  },
  "scenario/bad-winner": {
    severity: "error",
    message: "a winner is me, opponent, draw or none; 'winners:' is a list of them, one per game",
    mistake: "expect: { match-winner: player1 }",
    fix: "expect: { match-winner: me }",
  },
  "scenario/zone-not-list": {
    severity: "error",
    message: "zone '{zone}' must be a list of card ids",
    mistake: "given: { me: { hand: zap } }",
    fix: "given: { me: { hand: [zap] } }",
  },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof OWN | SchemaCode;

function schemaEntries(): [SchemaCode, CodeInfo][] {
  const out: [SchemaCode, CodeInfo][] = [];
  for (const prefix of ["schema", "deck", "scenario"] as const) {
    for (const kind of SCHEMA_KINDS) out.push([`${prefix}/${kind}`, { severity: "error", ...SCHEMA[kind] }]);
  }
  return out;
}

/** Every code, sorted by name. */
export const CODES: ReadonlyMap<DiagnosticCode, CodeInfo> = new Map<DiagnosticCode, CodeInfo>(
  [...(Object.entries(OWN) as [DiagnosticCode, CodeInfo][]), ...schemaEntries()].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  ),
);

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return CODES.has(code as DiagnosticCode);
}

const FAMILY: Readonly<Record<string, string>> = {
  yaml: "YAML: the file does not parse",
  schema: "Schema: keys and values of rules and card files",
  dsl: "Effect language: the code does not parse",
  check: "Checker: names, types and rules of effect code and data",
  deck: "Decks",
  scenario: "Scenarios",
  version: "Versions: balance versions of cards, decks, scenarios and matches",
  io: "Files",
};

/** docs/diagnostics.md, generated from the catalogue. */
export function renderDiagnosticsDoc(): string {
  const lines = [
    "# Diagnostics",
    "",
    "<!-- GENERATED from compiler/core/text/diagnostic-codes.ts by `npm run docs:diagnostics`; do not edit. -->",
    "",
    "Every problem Cardwright reports has a code. It is printed as",
    "`file:line:col: severity code: message` and, when there is one, an indented `hint:` line.",
    "Language services show the same diagnostics at the same places; a did-you-mean hint carries",
    "its replacement as a quick fix.",
    "",
  ];
  let family = "";
  for (const [code, info] of CODES) {
    const f = code.split("/")[0] ?? "";
    if (f !== family) {
      family = f;
      lines.push(`## ${FAMILY[f] ?? f}`, "");
    }
    lines.push(
      `### \`${code}\` (${info.severity})`,
      "",
      info.message.replace(/\n/g, " "),
      "",
      "Mistake:",
      "",
      "```yaml",
      info.mistake,
      "```",
      "",
      "Fix:",
      "",
      "```yaml",
      info.fix,
      "```",
      "",
    );
  }
  return lines.join("\n").replace(/\n+$/, "\n");
}
