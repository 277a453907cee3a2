/** Monaco, its workers and monaco-yaml with the schemas the compiler emits (dist/schemas/). */
import * as monaco from "monaco-editor";
import EditorWorker from "monaco-editor/esm/vs/editor/editor.worker?worker";
import { configureMonacoYaml, type SchemasSettings } from "monaco-yaml";
import YamlWorker from "./yaml.worker.ts?worker";

(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === "yaml" ? new YamlWorker() : new EditorWorker()),
};

monaco.editor.defineTheme("cardwright", {
  base: "vs",
  inherit: true,
  rules: [
    { token: "keyword", foreground: "0000c0", fontStyle: "bold" },
    { token: "number", foreground: "098658" },
    { token: "string", foreground: "a31515" },
    { token: "operator", foreground: "795e26" },
    { token: "variable", foreground: "001080" },
    { token: "function", foreground: "795e26", fontStyle: "italic" },
    { token: "enumMember", foreground: "267f99", fontStyle: "underline" },
  ],
  colors: {},
});

/** Card and rules schemas of every game, matched by path. */
export async function configureSchemas(games: readonly string[]): Promise<void> {
  const schemas: SchemasSettings[] = [];
  const get = async (name: string) => {
    const r = await fetch(`/dist/schemas/${name}`);
    return r.ok ? ((await r.json()) as SchemasSettings["schema"]) : undefined;
  };
  // Fetched at once: they are independent, and the page waits for all of them.
  const [rules, ...cards] = await Promise.all([
    get("rules.schema.json"),
    ...games.map((g) => get(`${g}.card.schema.json`)),
  ]);
  if (rules)
    schemas.push({
      uri: "cardwright://schemas/rules.schema.json",
      fileMatch: ["**/cards/*/rules.yaml"],
      schema: rules,
    });
  for (const [i, g] of games.entries()) {
    const card = cards[i];
    if (card)
      schemas.push({
        uri: `cardwright://schemas/${g}.card.schema.json`,
        fileMatch: [`**/cards/${g}/cards/**/*.yaml`],
        schema: card,
      });
  }
  // The compiler checks every file against the same schemas (and more), so monaco-yaml does not
  // validate: each problem is listed once, with the compiler's code. Its hovers keep the schema's
  // descriptions without the "Source: <schema>.json" line.
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: false,
    hover: true,
    hoverSchemaSource: false,
    completion: true,
    schemas,
  });
}

export { monaco };
