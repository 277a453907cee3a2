/** `cardwright text <game> [cards...]`: each card's behaviour rendered from its code, next to its written text. */
import pc from "./colors.ts";
import { cardTexts, mismatchMessage } from "../../core/analysis/card-text/index.ts";
import { checkRules } from "../../core/files/check-files.ts";
import { checkGame } from "../../core/workspace/workspace.ts";
import { readGame } from "../project.ts";
import { UsageError } from "./usage.ts";
import { printable } from "../../core/text/printable.ts";

export interface TextOptions {
  ja?: boolean;
  mismatches?: boolean;
  root?: string;
}

export async function textCommand(game: string, ids: readonly string[], opts: TextOptions): Promise<number> {
  const inp = readGame(game, opts.root);
  if ("code" in inp) throw new UsageError(inp.message);
  const model = checkGame(inp);
  // The `card-text:` section of the rules (the model keeps the rules' tables, not their YAML).
  const rules = checkRules(inp.rules).value;
  const all = cardTexts({
    rules,
    enums: model.vocabulary?.enums ?? new Map(),
    cards: model.cards,
    units: model.units,
    ja: opts.ja === true,
  });
  if (!all.length) {
    process.stdout.write(`${printable(game)}: its rules have no card-text: section (see docs/files.md)\n`);
    return 0;
  }
  for (const id of ids) if (!all.some((t) => t.id === id)) throw new UsageError(`no card '${id}' in ${game}`);
  const differs = (t: (typeof all)[number]) =>
    t.mismatches.length > 0 || t.versions.some((v) => v.mismatches.length > 0);
  const shown = all.filter((t) => (ids.length === 0 || ids.includes(t.id)) && (!opts.mismatches || differs(t)));
  for (const t of shown) {
    process.stdout.write(`${pc.bold(printable(t.id))} (${printable(t.file)})\n`);
    if (t.written !== undefined) process.stdout.write(`  text:     ${t.written}\n`);
    process.stdout.write(`  rendered: ${t.rendered.text || "(nothing to render)"}\n`);
    if (opts.ja) process.stdout.write(`  ja:       ${t.renderedJa}\n`);
    if (t.mismatches.length) process.stdout.write(`  ${pc.yellow("mismatch")}: ${mismatchMessage(t)}\n`);
    for (const v of t.versions) {
      process.stdout.write(
        `  at versions ${v.since ?? "…"}–${v.until ?? "…"}:\n    text:     ${v.written ?? ""}\n    rendered: ${v.rendered.text}\n`,
      );
      if (v.mismatches.length) process.stdout.write(`    ${pc.yellow("mismatch")}: ${mismatchMessage(v)}\n`);
    }
  }
  const compared = all.filter((t) => t.compared);
  const withCode = all.filter((t) => model.units.some((u) => u.id.startsWith(`card.${t.id}.`)));
  const mism = all.filter(differs);
  const versions = all.reduce((n, t) => n + t.versions.length, 0);
  const unphrased = all.filter((t) => t.rendered.unphrased.length);
  const measured = compared.filter((t) => t.facts.written + t.facts.rendered > 0);
  process.stdout.write(
    `${game}: ${all.length} card(s); ${compared.length} compared with their text (${withCode.filter((t) => t.compared).length} of ${withCode.length} with code), ${measured.length} of them stating numbers; ${versions} other version(s) compared; ${mism.length} text mismatch(es); ${unphrased.length} with code shown as code\n`,
  );
  return mism.length ? 1 : 0;
}
