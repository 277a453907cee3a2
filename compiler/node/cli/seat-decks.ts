/**
 * The decks of a match's seats as the command line names them (`play --deck`, `sim --decks`): one
 * reading for every command, so a deck list means the same everywhere.
 */
import type { Engine, MatchConfig } from "../../../runtime/index.ts";
import { sanitize } from "../../../runtime/index.ts";
import type { CheckedModel } from "../../core/workspace/model.ts";
import type { GameModule } from "../../../runtime/types.ts";
import { deckRules, type Deck } from "../decks.ts";
import { matchVersion } from "../match-version.ts";
import { printDiagnostics } from "./output.ts";
import { UsageError } from "./usage.ts";

/**
 * Seat i's deck: the i-th id of `list` (comma separated; fewer ids than seats repeat from the
 * start), by default the game's legal decks in order. Prints the decks' diagnostics; null when a
 * deck or the versions they ask for have errors (printed). `version` is the match's version:
 * `asked` (--version) and the decks' own must agree.
 */
export function seatDecks(
  model: CheckedModel,
  module: GameModule,
  list: string | undefined,
  flag: string,
  asked: string | undefined,
  seats = module.rules.players,
): { readonly chosen: (Deck | undefined)[]; readonly version: string | undefined } | null {
  // The decks as the checker read them (card ids and zones resolved), then the rules' deck-building rules.
  const { decks, diagnostics: ruleDiags } = deckRules(model.decks ?? [], module);
  const deckDiags = [...model.diagnostics.filter((d) => model.files.get(d.file)?.role === "deck"), ...ruleDiags];
  printDiagnostics(deckDiags);
  if (deckDiags.some((d) => d.severity === "error")) return null;
  const wanted = list !== undefined ? list.split(",") : decks.map((d) => d.id);
  if (list !== undefined && wanted.length > seats)
    throw new UsageError(`${flag} names ${wanted.length} decks for ${seats} seats`);
  const chosen: (Deck | undefined)[] = [];
  for (let i = 0; i < seats; i++) {
    const id = wanted[i % Math.max(1, wanted.length)];
    const deck = decks.find((d) => d.id === id);
    if (id !== undefined && !deck)
      throw new UsageError(`no deck '${id}'; decks: ${decks.map((d) => d.id).join(", ") || "(none)"}`);
    chosen.push(deck);
  }
  // One match, one version: --version, and the version each chosen deck is built for, must agree.
  const v = matchVersion(asked, chosen, null);
  if ("diagnostics" in v) {
    printDiagnostics(v.diagnostics);
    return null;
  }
  return { chosen, version: v.version };
}

/** The rules' deck-building rules on a configuration: false (each problem printed, naming the seat's deck file) when a seat is illegal. */
export function seatsLegal(engine: Engine, config: MatchConfig, chosen: readonly (Deck | undefined)[]): boolean {
  const problems = engine.deckErrors(config);
  const illegal = problems.flatMap((list, i) => list.map((m) => `P${i + 1} (${chosen[i]?.file ?? "no deck"}): ${m}`));
  for (const line of illegal) process.stderr.write(`${sanitize(line)}\n`);
  return illegal.length === 0;
}
