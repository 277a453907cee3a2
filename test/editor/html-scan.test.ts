/**
 * The app puts data into the page as text only: every markup sink goes through editor/src/html.ts,
 * whose `html` template escapes what it interpolates. A new `innerHTML` (or any other way to parse
 * a string as markup) anywhere else in editor/src fails here, before a folder name can run script.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { escapeHtml, html, joinHtml } from "../../editor/src/html.ts";
import { namesId, scenariosNaming } from "../../editor/src/preview.ts";
import { REPO } from "../kit/corpus.ts";

const SRC = join(REPO, "editor", "src");
/** Every way a string becomes markup or script in a page. */
const SINKS =
  /\b(innerHTML|outerHTML|insertAdjacentHTML|createContextualFragment|DOMParser|srcdoc|document\.write(ln)?|setHTMLUnsafe|parseHTMLUnsafe|eval|new Function)\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((e) => {
      const p = join(dir, e);
      return statSync(p).isDirectory() ? sources(p) : /\.(ts|js|html)$/.test(e) ? [p] : [];
    });
}

describe("markup sinks in editor/src", () => {
  it("only html.ts parses markup, in one place; no other source file names a sink", () => {
    const hits: string[] = [];
    for (const file of sources(SRC)) {
      const rel = relative(REPO, file).split("\\").join("/");
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const m of line.matchAll(SINKS)) hits.push(`${rel}:${i + 1}: ${m[0]}`);
        });
    }
    // html.ts: its doc comment names the sink, and setHtml assigns it once.
    const lines = readFileSync(join(SRC, "html.ts"), "utf8").split("\n");
    const assign = lines.indexOf("  el.innerHTML = content.markup;");
    expect(lines[assign - 1]).toBe("export function setHtml(el: Element, content: Html): void {");
    expect(hits).toEqual(["editor/src/html.ts:5: innerHTML", `editor/src/html.ts:${assign + 1}: innerHTML`]);
  });

  it("the html template escapes every interpolation; only its own results pass as markup", () => {
    const evil = `<img src=x onerror="window.__pwned=1">'\`&`;
    expect(escapeHtml(evil)).toBe("&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;&#39;&#96;&amp;");
    expect(html`<b title="${evil}">${evil}</b>`.markup).toBe(`<b title="${escapeHtml(evil)}">${escapeHtml(evil)}</b>`);
    // Nested templates and arrays of them are markup; null/false/undefined are nothing.
    expect(html`<ul>${["a<", "b"].map((x) => html`<li>${x}</li>`)}</ul>${null}${false}${undefined}${0}`.markup).toBe(
      "<ul><li>a&lt;</li><li>b</li></ul>0",
    );
    // An object from data that looks like an Html value is still text.
    const forged = { markup: "<script>x()</script>" } as unknown as ReturnType<typeof html>;
    expect(html`${forged}`.markup).toBe("[object Object]");
    expect(joinHtml(["<a>", html`<i>b</i>`], html`<br>`).markup).toBe("&lt;a&gt;<br><i>b</i>");
  });
});

describe("preview: scenarios naming a card id", () => {
  it("an id that would be a bad regular expression ([, (, *, \\) is searched as text", () => {
    const files = [
      {
        path: "cards/g/scenarios/s.yaml",
        text: "scenarios:\n  - name: brackets\n    given: { hand: ['[', 'a(b'] }\n  - name: other\n    given: { life: 3 }\n",
      },
    ];
    expect(scenariosNaming("[", files)).toEqual([
      { file: "cards/g/scenarios/s.yaml", text: files[0]?.text, names: ["brackets"] },
    ]);
    expect(scenariosNaming("a(b", files).map((f) => f.names)).toEqual([["brackets"]]);
    expect(scenariosNaming("*", files)).toEqual([]);
    expect(scenariosNaming("\\", files)).toEqual([]);
  });

  it("matches whole ids only, as the regular expression did", () => {
    expect(namesId("play: fireball", "fireball")).toBe(true);
    expect(namesId("play: fireball-2", "fireball")).toBe(false);
    expect(namesId("play: big-fireball, fireball", "fireball")).toBe(true);
    expect(namesId("fireball", "fireball")).toBe(true);
    expect(namesId("xfireball", "fireball")).toBe(false);
    expect(namesId("anything", "")).toBe(false);
  });
});
