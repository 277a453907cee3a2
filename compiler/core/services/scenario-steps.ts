/**
 * Card ids named by scenario steps (`do: - <action>: <card id>`, `choose: <card id>`) and by
 * `expect: can / cannot` lists. The model resolves `given` and `expect` paths; a step's
 * argument is matched against the action's candidates only when the scenario runs, so the model
 * has no reference for it. Rename and find-references still need these places: this helper finds
 * them by walking the scenario files' YAML (a string value equal to the card id).
 */
import { isMap, isScalar, isSeq, Scalar, type Node as YamlNode } from "yaml";
import type { CheckedModel, Span } from "../model.ts";
import { fileInfo } from "./file-info.ts";

/** Spans of step arguments naming card `id` in every scenario file, in file order. */
export function scenarioStepRefs(model: CheckedModel, id: string): Span[] {
  const out: Span[] = [];
  for (const [file, fm] of model.files) {
    if (fm.role !== "scenario" || !fm.text.includes(id)) continue;
    const info = fileInfo(model, file);
    if (!info) continue;
    const visit = (n: YamlNode | null | undefined) => {
      if (!n) return;
      if (isScalar(n)) {
        if (n.value === id && n.range) {
          const q = n.type === Scalar.QUOTE_DOUBLE || n.type === Scalar.QUOTE_SINGLE ? 1 : 0;
          out.push(info.src.spanOf(n.range[0] + q, n.range[1] - q));
        }
      } else if (isMap(n)) for (const p of n.items) visit(p.value as YamlNode | null);
      else if (isSeq(n)) for (const it of n.items) visit(it as YamlNode);
    };
    const scenarios = info.src.node(["scenarios"]);
    if (!scenarios || !isSeq(scenarios)) continue;
    scenarios.items.forEach((_, i) => {
      visit(info.src.node(["scenarios", i, "do"]));
      visit(info.src.node(["scenarios", i, "expect", "can"]));
      visit(info.src.node(["scenarios", i, "expect", "cannot"]));
    });
  }
  return out;
}

/** The model's references to a card plus the step arguments, without duplicates. */
export function cardSpans(model: CheckedModel, id: string): Span[] {
  const spans = [...model.referencesTo(`card:${id}`)];
  const seen = new Set(spans.map((s) => `${s.file}:${s.start}`));
  for (const s of scenarioStepRefs(model, id)) if (!seen.has(`${s.file}:${s.start}`)) spans.push(s);
  return spans;
}
