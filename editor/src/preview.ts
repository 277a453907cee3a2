/**
 * The preview of the card being edited: its name, kind, cost, stats, text and keywords, and the
 * scenarios that name it, which it can run (pass/fail; a failure shows its expectation and log).
 */
import { parse } from "yaml";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import type { GameSymbols } from "./check-core.ts";
import type { Sandbox } from "./sandbox/sandbox.ts";

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const localized = (v: unknown) => (typeof v === "string" ? v : isObj(v) && typeof v["en"] === "string" ? v["en"] : "");

export interface ScenarioSource {
  readonly path: string;
  readonly text: string;
}

/** Scenarios (file, name) whose text names the card id. */
export function scenariosNaming(
  id: string,
  files: readonly ScenarioSource[],
): { file: string; text: string; names: string[] }[] {
  const word = new RegExp(`(^|[^A-Za-z0-9-])${id.replace(/[-]/g, "\\-")}($|[^A-Za-z0-9-])`);
  const out: { file: string; text: string; names: string[] }[] = [];
  for (const f of files) {
    if (!word.test(f.text)) continue;
    let doc: unknown;
    try {
      doc = parse(f.text);
    } catch {
      continue;
    }
    const scs = isObj(doc) && Array.isArray(doc["scenarios"]) ? (doc["scenarios"] as unknown[]) : [];
    const names = scs.filter((s) => word.test(JSON.stringify(s))).map((s) => String(isObj(s) ? s["name"] : ""));
    if (names.length) out.push({ file: f.path, text: f.text, names });
  }
  return out;
}

/** `cardText`: the card's behaviour rendered from its code (shown under its written text). */
export function renderPreview(
  box: HTMLElement,
  path: string | null,
  text: string,
  symbols: GameSymbols | null,
  sandbox: Sandbox,
  scenarios: () => readonly ScenarioSource[],
  cardText?: (id: string) => Promise<{ rendered: string; differs: boolean } | null>,
): void {
  if (!path || !/\/cards\//.test(path)) {
    box.innerHTML = `<div class="muted">Open a card file to see its preview.</div>`;
    return;
  }
  let card: Obj;
  try {
    const v = parse(text) as unknown;
    card = isObj(v) ? v : {};
  } catch {
    box.innerHTML = `<div class="muted">(the YAML does not parse yet)</div>`;
    return;
  }
  const id = String(card["id"] ?? "");
  const kind = String(card["kind"] ?? "");
  const known = new Set(["id", "kind", "name", "text", "keywords", "on", "modifiers", "officialId"]);
  const fields = symbols?.kinds.find((k) => k.name === kind)?.fields ?? [];
  const code = new Set(fields.filter((f) => f.type === "effect" || f.type === "response").map((f) => f.name));
  const costs = Object.entries(card).filter(([k]) => /cost/i.test(k));
  const stats = Object.entries(card).filter(
    ([k, v]) => !known.has(k) && !code.has(k) && !/cost/i.test(k) && (typeof v !== "object" || Array.isArray(v)),
  );
  const keywords = Array.isArray(card["keywords"]) ? (card["keywords"] as unknown[]).map(String) : [];
  const found = scenariosNaming(id, scenarios());
  box.innerHTML = `
    <div class="card-preview" data-testid="card-preview">
      <div class="cp-name" data-testid="cp-name">${esc(localized(card["name"]) || id)}</div>
      <div class="cp-kind">${esc(kind)} · <code>${esc(id)}</code></div>
      <div class="cp-cost" data-testid="cp-cost">${costs.map(([k, v]) => `${esc(k)} ${esc(typeof v === "object" ? JSON.stringify(v) : String(v))}`).join(" · ") || "no cost"}</div>
      <div class="cp-stats" data-testid="cp-stats">${stats.map(([k, v]) => `<span>${esc(k)}: <b>${esc(Array.isArray(v) ? v.join(", ") : String(v))}</b></span>`).join(" ")}</div>
      <div class="cp-text">${esc(localized(card["text"]))}</div>
      <div class="cp-rendered muted" data-testid="cp-rendered"></div>
      ${keywords.length ? `<div class="cp-keywords">${keywords.map((k) => `<span class="kw">${esc(k)}</span>`).join(" ")}</div>` : ""}
      <div class="cp-effects">${[...code]
        .filter((c) => card[c] !== undefined)
        .map((c) => `<span class="kw">${esc(c)}</span>`)
        .join(
          " ",
        )}${Array.isArray(card["on"]) ? ` <span class="kw">${(card["on"] as unknown[]).length} trigger(s)</span>` : ""}</div>
    </div>
    <div class="cp-scenarios"><b>Scenarios naming it</b> (${found.reduce((n, f) => n + f.names.length, 0)})
      <button data-testid="run-scenarios" ${found.length ? "" : "disabled"}>Run</button>
      <ul data-testid="scenario-list">${found.flatMap((f) => f.names.map((n) => `<li data-name="${esc(n)}">${esc(n)} <span class="muted">${esc(f.file.split("/").pop() ?? "")}</span></li>`)).join("")}</ul>
    </div>`;
  const rendered = box.querySelector<HTMLElement>("[data-testid=cp-rendered]");
  if (cardText && rendered && id) {
    void cardText(id).then((t) => {
      if (t?.rendered)
        rendered.innerHTML = `<b>From its code${t.differs ? " (differs: see the warning)" : ""}:</b> ${esc(t.rendered)}`;
    });
  }
  const run = box.querySelector<HTMLButtonElement>("[data-testid=run-scenarios]");
  if (run) {
    run.onclick = async () => {
      const game = path.split("/")[1] ?? "";
      const module = await sandbox.module(game);
      const list = box.querySelector("[data-testid=scenario-list]") as HTMLElement;
      let html = "";
      for (const f of found) {
        for (const r of runScenarioFile(module, f.file, f.text)) {
          if (!f.names.includes(r.name)) continue;
          const ok = r.failures.length === 0;
          html += `<li class="${ok ? "pass" : "fail"}" data-testid="scenario-result">${ok ? "✓" : "✗"} ${esc(r.name)}${
            ok
              ? ""
              : `<div class="fail-detail">${r.failures.map((d) => `<div>${esc(`${d.file}:${d.range.start.line}:${d.range.start.col}: ${d.message}`)}</div>`).join("")}<details><summary>log</summary><pre>${esc(r.log.join("\n"))}</pre></details></div>`
          }</li>`;
        }
      }
      list.innerHTML = html;
    };
  }
}
