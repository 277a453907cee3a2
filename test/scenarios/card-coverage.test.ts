/** Every card of every game has at least one scenario that names it (by id). */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listGames, ROOT } from "../../compiler/node/project.ts";
import { gameModule } from "../kit/games.ts";

describe("every card has a scenario", () => {
  for (const game of listGames()) {
    it(`${game}: each card id appears in a scenario file`, async () => {
      const dir = join(ROOT, "cards", game);
      const text = readdirSync(join(dir, "scenarios"))
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => readFileSync(join(dir, "scenarios", f), "utf8"))
        .join("\n");
      // A game's rules-test fixtures (cards/<game>/fixtures/) are cards of the module too.
      const ids = ["cards", "fixtures"]
        .filter((sub) => existsSync(join(dir, sub)))
        .flatMap((sub) => readdirSync(join(dir, sub)))
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => f.replace(/\.ya?ml$/, ""));
      const missing = ids.filter((id) => !new RegExp(`(^|[^a-z0-9-])${id}($|[^a-z0-9-])`).test(text));
      expect(missing).toEqual([]);
      // The ids read from the file names are the game's cards, all of them: none was missed.
      expect(ids.length).toBeGreaterThan(0);
      expect([...ids].sort()).toEqual(Object.keys((await gameModule(game)).cards).sort());
    });
  }
});
