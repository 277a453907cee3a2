/**
 * Decks against the built game: the rules' deck-building rules (`deck-errors`) need the game's
 * code, so they run here, on decks the checker already read (model.decks, or checkDeckFile).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Engine } from "../../runtime/host/engine.ts";
import type { GameModule } from "../../runtime/types.ts";
import { checkDeckFile } from "../core/files/deck-check.ts";
import { sortDiagnostics, type Diagnostic } from "../core/text/diagnostics.ts";
import type { DeckModel } from "../core/workspace/model.ts";
import type { Span } from "../core/text/positions.ts";

export interface Deck {
  readonly id: string;
  readonly name: string;
  readonly zones: Readonly<Record<string, readonly string[]>>;
  readonly file: string;
  /** The game version the deck is built for, and where it is written. */
  readonly version?: string;
  readonly versionSpan?: Span;
}

/** The legal decks among checked ones, and one diagnostic per broken deck-building rule (naming the rule). */
export function deckRules(
  decks: readonly DeckModel[],
  module: GameModule,
): { decks: Deck[]; diagnostics: Diagnostic[] } {
  const out: Deck[] = [];
  const diagnostics: Diagnostic[] = [];
  const engine = new Engine(module);
  for (const d of decks) {
    if (!d.ok) continue;
    const seats = Array.from({ length: module.rules.players }, (_, i) => ({
      name: `P${i + 1}`,
      zones: d.zones as Record<string, string[]>,
    }));
    const problems =
      engine.deckErrors({ seed: 1, players: seats, ...(d.version !== undefined ? { version: d.version } : {}) })[0] ??
      [];
    for (const message of problems)
      diagnostics.push({ file: d.file, range: d.zonesRange, severity: "error", code: "deck/illegal", message });
    if (problems.length === 0)
      out.push({
        id: d.id,
        name: d.name,
        zones: d.zones,
        file: d.file,
        ...(d.version !== undefined ? { version: d.version } : {}),
        ...(d.versionSpan ? { versionSpan: d.versionSpan } : {}),
      });
  }
  return { decks: out, diagnostics };
}

/** Reads and checks the deck files of a folder against a built game (card ids, zones, deck rules). */
export function readDecks(
  dir: string,
  module: GameModule,
  cwd = process.cwd(),
  folder = "decks",
): { decks: Deck[]; diagnostics: Diagnostic[] } {
  const deckDir = join(dir, folder);
  if (!existsSync(deckDir)) return { decks: [], diagnostics: [] };
  const versions = module.rules.versions
    ? { known: module.rules.versions.known, default: module.rules.versions.default, spans: new Map() }
    : null;
  const ctx = {
    zones: new Map(Object.entries(module.rules.zones)),
    cards: new Set(Object.keys(module.cards)),
    versions,
  };
  const checked = readdirSync(deckDir)
    .filter((x) => /\.ya?ml$/.test(x))
    .sort()
    .map((f) =>
      checkDeckFile(ctx, { path: relative(cwd, join(deckDir, f)), text: readFileSync(join(deckDir, f), "utf8") }),
    );
  const rules = deckRules(
    checked.flatMap((c) => (c.deck ? [c.deck] : [])),
    module,
  );
  return {
    decks: rules.decks,
    diagnostics: sortDiagnostics([...checked.flatMap((c) => c.diagnostics), ...rules.diagnostics]),
  };
}
