/**
 * The preview of the card being edited: its name, kind, cost, stats, text and keywords, and the
 * scenarios that name it, which it can run (pass/fail; a failure shows its expectation and log).
 */
import { readScenarioFile } from "../../compiler/core/scenario/codec.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import type { GameSymbols } from "./check/core.ts";
import { html, joinHtml, setHtml, type Html } from "./html.ts";
import type { Sandbox } from "./sandbox/sandbox.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** A localized field in `lang` (English when the file has no such language). */
const localized = (v: unknown, lang = "en"): string => {
  if (typeof v === "string") return v;
  if (!isObj(v)) return "";
  const x = v[lang] ?? v["en"];
  return typeof x === "string" ? x : "";
};
/** The name in the other language, when the file gives it. */
const otherName = (v: unknown, lang: string): string => {
  const other = lang === "ja" ? "en" : "ja";
  return isObj(v) && typeof v[other] === "string" ? (v[other] as string) : "";
};

export interface ScenarioSource {
  readonly path: string;
  readonly text: string;
}

const idChar = /[A-Za-z0-9-]/;
/**
 * Whether `text` holds `id` as a whole word (not inside a longer id). A plain search, not a
 * regular expression built from the id: an id is whatever the card file says, `[` included.
 */
export function namesId(text: string, id: string): boolean {
  if (id === "") return false;
  for (let at = text.indexOf(id); at >= 0; at = text.indexOf(id, at + 1)) {
    const before = text[at - 1];
    const after = text[at + id.length];
    if ((before === undefined || !idChar.test(before)) && (after === undefined || !idChar.test(after))) return true;
  }
  return false;
}

/** Scenarios (file, name) whose text names the card id. */
export function scenariosNaming(
  id: string,
  files: readonly ScenarioSource[],
): { file: string; text: string; names: string[] }[] {
  const out: { file: string; text: string; names: string[] }[] = [];
  for (const f of files) {
    if (!namesId(f.text, id)) continue;
    // Read by the scenario codec (the files phase's parser), never a YAML parser of its own.
    const read = readScenarioFile(f.path, f.text);
    if (!read.ok) continue;
    const doc = read.value;
    const scs = isObj(doc) && Array.isArray(doc["scenarios"]) ? (doc["scenarios"] as unknown[]) : [];
    const names = scs.filter((s) => namesId(JSON.stringify(s), id)).map((s) => String(isObj(s) ? s["name"] : ""));
    if (names.length) out.push({ file: f.path, text: f.text, names });
  }
  return out;
}

/** A cost as its badge shows it: a number, or a table (`{ pyro: 3 }`) as "3 pyro". */
function costText(key: string, v: unknown): string {
  if (isObj(v))
    return Object.entries(v)
      .map(([k, n]) => `${String(n)} ${k}`)
      .join(" + ");
  return key === "cost" ? String(v) : `${key} ${Array.isArray(v) ? v.join(", ") : String(v)}`;
}

/** `cardText`: the card's behaviour rendered from its code (shown under its written text). */
export function renderPreview(
  box: HTMLElement,
  path: string | null,
  /** The card file's value as the checked model parsed it (the check worker's `cardValue`); undefined: it does not parse. */
  value: unknown,
  symbols: GameSymbols | null,
  sandbox: Sandbox,
  scenarios: () => readonly ScenarioSource[],
  cardText?: (id: string, lang: string) => Promise<{ rendered: string; differs: boolean } | null>,
  lang = "en",
): void {
  if (!path || !/\/cards\//.test(path)) {
    setHtml(box, html`<div class="muted">Open a card file to see its preview.</div>`);
    return;
  }
  if (value === undefined) {
    setHtml(box, html`<div class="muted">(the YAML does not parse yet)</div>`);
    return;
  }
  const card: Obj = isObj(value) ? value : {};
  const id = String(card["id"] ?? "");
  const kind = String(card["kind"] ?? "");
  const known = new Set(["id", "kind", "name", "text", "keywords", "on", "modifiers", "officialId", "officialText"]);
  const fields = symbols?.kinds.find((k) => k.name === kind)?.fields ?? [];
  const code = new Set(fields.filter((f) => f.type === "effect" || f.type === "response").map((f) => f.name));
  const costs = Object.entries(card).filter(([k]) => /cost/i.test(k));
  const stats = Object.entries(card).filter(
    ([k, v]) =>
      !known.has(k) &&
      !code.has(k) &&
      !/cost/i.test(k) &&
      (typeof v !== "object" || (Array.isArray(v) && v.every((x) => typeof x !== "object"))),
  );
  // The official text of the card's latest recorded version (`officialText:` entries, oldest first).
  const officialEntries = Array.isArray(card["officialText"]) ? (card["officialText"] as unknown[]).filter(isObj) : [];
  const official = officialEntries[officialEntries.length - 1];
  const keywords = Array.isArray(card["keywords"]) ? (card["keywords"] as unknown[]).map(String) : [];
  const found = scenariosNaming(id, scenarios());
  setHtml(
    box,
    html`
    <div class="card-preview" data-testid="card-preview" lang="${lang}">
      <div class="cp-head">
        <div class="cp-names">
          <div class="cp-name" data-testid="cp-name">${localized(card["name"], lang) || id}</div>
          <div class="cp-name-other" data-testid="cp-name-other">${otherName(card["name"], lang)}</div>
        </div>
        <div class="cp-cost" data-testid="cp-cost">${
          costs.length
            ? joinHtml(
                costs.map(([k, v]) => html`<span class="cost-badge" title="${k}">${costText(k, v)}</span>`),
                " ",
              )
            : html`<span class="muted">no cost</span>`
        }</div>
      </div>
      <div class="cp-kind" data-testid="cp-kind">${kind} · <code>${id}</code></div>
      <div class="cp-stats" data-testid="cp-stats">${joinHtml(
        stats.map(
          ([k, v]) =>
            html`<span class="stat"><span class="stat-k">${k}</span> <b>${Array.isArray(v) ? v.join(", ") : String(v)}</b></span>`,
        ),
        " ",
      )}</div>
      <div class="cp-text" data-testid="cp-text">${localized(card["text"], lang)}</div>
      ${
        official !== undefined
          ? html`<div class="cp-official muted" data-testid="cp-official"><b>${lang === "ja" ? "公式テキスト" : "Official text"} (${String(official["since"] ?? "")}):</b> ${localized(official, lang)}</div>`
          : ""
      }
      <div class="cp-rendered muted" data-testid="cp-rendered"></div>
      ${
        keywords.length
          ? html`<div class="cp-keywords">${joinHtml(
              keywords.map((k) => html`<span class="kw">${k}</span>`),
              " ",
            )}</div>`
          : ""
      }
      <div class="cp-effects">${joinHtml(
        [...code].filter((c) => card[c] !== undefined).map((c) => html`<span class="kw">${c}</span>`),
        " ",
      )}${Array.isArray(card["on"]) ? html` <span class="kw">${(card["on"] as unknown[]).length} trigger(s)</span>` : ""}</div>
    </div>
    <div class="cp-scenarios"><b>Scenarios naming it</b> (${found.reduce((n, f) => n + f.names.length, 0)})
      <button data-testid="run-scenarios" ${found.length ? "" : html`disabled`}>Run</button>
      <ul data-testid="scenario-list">${found.flatMap((f) => f.names.map((n) => html`<li data-name="${n}">${n} <span class="muted">${f.file.split("/").pop() ?? ""}</span></li>`))}</ul>
    </div>`,
  );
  const rendered = box.querySelector<HTMLElement>("[data-testid=cp-rendered]");
  if (cardText && rendered && id) {
    void cardText(id, lang).then((t) => {
      if (t?.rendered)
        setHtml(
          rendered,
          lang === "ja"
            ? html`<b>コードから:</b> ${t.rendered}`
            : html`<b>From its code${t.differs ? " (differs: see the warning)" : ""}:</b> ${t.rendered}`,
        );
    });
  }
  const run = box.querySelector<HTMLButtonElement>("[data-testid=run-scenarios]");
  if (run) {
    run.onclick = async () => {
      const game = path.split("/")[1] ?? "";
      const module = await sandbox.module(game);
      const list = box.querySelector("[data-testid=scenario-list]") as HTMLElement;
      const items: Html[] = [];
      for (const f of found) {
        for (const r of runScenarioFile(module, f.file, f.text)) {
          if (!f.names.includes(r.name)) continue;
          const ok = r.failures.length === 0;
          items.push(
            html`<li class="${ok ? "pass" : "fail"}" data-testid="scenario-result">${ok ? "✓" : "✗"} ${r.name}${
              ok
                ? ""
                : html`<div class="fail-detail">${r.failures.map((d) => html`<div>${`${d.file}:${d.range.start.line}:${d.range.start.col}: ${d.message}`}</div>`)}<details><summary>log</summary><pre>${r.log.join("\n")}</pre></details></div>`
            }</li>`,
          );
        }
      }
      setHtml(list, html`${items}`);
    };
  }
}
