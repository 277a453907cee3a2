/**
 * The behaviour digest: for every game under cards/ (each folder with a rules.yaml), 20 seeded
 * random matches played as `cardwright play` plays them — decks in turn, half of them at other
 * versions when the rules declare versions, every fourth with other values of the enumerated
 * options — and their winners, results, decision counts, the game's properties at the end
 * (turn and round counters), every action and the full log text, compared with
 * test/digest/<game>.json (test/digest/digest.ts says what is kept).
 *
 * A difference is a change of behaviour. Re-record only when a rules change is intended:
 *   UPDATE_DIGEST=1 npx vitest run test/digest/digest.test.ts
 * and say in the commit which rules changed and why (see test/digest/README.md).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listGames, ROOT } from "../../compiler/node/project.ts";
import { gameModule } from "../kit/games.ts";
import { digestDiff, digestJSON, gameDigest, MATCHES, replayDigest, type GameDigest } from "./digest.ts";

const DIR = join(ROOT, "test", "digest");
const UPDATE = process.env["UPDATE_DIGEST"] === "1";
const fixture = (game: string) => join(DIR, `${game}.json`);

describe("behaviour digest", () => {
  for (const game of listGames()) {
    if (existsSync(fixture(game)) || UPDATE) {
      it(`${game}: ${MATCHES} seeded random matches play as recorded in test/digest/${game}.json`, async () => {
        const module = await gameModule(game);
        if (UPDATE) writeFileSync(fixture(game), digestJSON(gameDigest(game, module)));
        const recorded = JSON.parse(readFileSync(fixture(game), "utf8")) as GameDigest;
        // The recorded matches, each with its recorded settings: a deck added since does not move them.
        const { digest: now, unplayed } = replayDigest(recorded, module);
        if (unplayed.length > 0)
          console.log(`digest ${game}: ${unplayed.length} deck(s) added since it was recorded: ${unplayed.join(", ")}`);
        const diff = digestDiff(recorded, now);
        // The readable diff first (the first place each match parts from the record), then the whole.
        expect(
          diff.join("\n"),
          `${game} plays differently from its digest (UPDATE_DIGEST=1 re-records it, for an intended rules change only)`,
        ).toBe("");
        expect(JSON.parse(digestJSON(now))).toEqual(recorded);
      });
    } else {
      // A game added since the digest was recorded: it has none to compare with, but its matches
      // must at least be the same each time (else no digest could ever be recorded for it).
      it(`${game}: no digest recorded (UPDATE_DIGEST=1 records one); two plays of its ${MATCHES} matches agree`, async () => {
        const module = await gameModule(game);
        expect(digestDiff(gameDigest(game, module), gameDigest(game, module))).toEqual([]);
      });
    }
  }

  it("every recorded digest belongs to a game under cards/", () => {
    const games = new Set(listGames());
    const stale = readdirSync(DIR)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -".json".length))
      .filter((g) => !games.has(g));
    expect(stale).toEqual([]);
  });
});
