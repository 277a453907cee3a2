/** `npm run docs:diagnostics`: writes docs/diagnostics.md from the catalogue (compiler/core/text/diagnostic-codes.ts). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderDiagnosticsDoc } from "../core/text/diagnostic-codes.ts";
import { ROOT } from "./project.ts";

const path = join(ROOT, "docs", "diagnostics.md");
writeFileSync(path, renderDiagnosticsDoc());
process.stdout.write(`wrote ${path}\n`);
