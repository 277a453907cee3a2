/** The declarations of a rules file (with their spans and docs) and the names its YAML values refer to. */
import type { Declaration, Reference } from "./symbols.ts";
import type { Span } from "../text/positions.ts";
import type { SourceFile, YamlPath } from "../text/source.ts";
import { KIND_ENUM, T, typeToString, type Type } from "./types.ts";
import type { Vocabulary } from "./vocabulary.ts";
import { commentAt } from "../text/comments.ts";

/**
 * Declarations of a file with their docs: a declaration without a `doc:` field is documented by
 * the author's comment at it (text/comments.ts), so hover and the editor read `doc` alone.
 */
export function withCommentDocs(text: string, file: string, decls: readonly Declaration[]): Declaration[] {
  return decls.map((d) => {
    if (d.doc !== undefined || !d.span || d.span.file !== file) return d;
    const doc = commentAt(text, d.span.start, d.span.end);
    return doc === undefined ? d : { ...d, doc };
  });
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

export function rulesDeclarations(
  src: SourceFile,
  r: Obj,
  voc: Vocabulary,
): { declarations: Declaration[]; references: Reference[] } {
  const declarations: Declaration[] = [];
  const references: Reference[] = [];
  const keySpan = (path: YamlPath): Span | null => src.spanAt(path, "key") ?? null;
  const docOf = (path: YamlPath): string | undefined => {
    let o: unknown = r;
    for (const p of path) o = Array.isArray(o) ? o[p as number] : obj(o)[p as string];
    const d = obj(o)["doc"];
    return typeof d === "string" ? d.trim() : undefined;
  };
  const decl = (d: Omit<Declaration, "span" | "doc">, path: YamlPath, span: Span | null = keySpan(path)) => {
    const doc = docOf(path);
    declarations.push({ ...d, span, ...(doc !== undefined ? { doc } : {}) });
  };
  const ref = (path: YamlPath, symbol: string) => {
    const span = src.spanAt(path);
    if (span) references.push({ symbol, span });
  };
  const sig = (name: string, params: readonly { name: string; type: Type }[], returns: Type) =>
    `${name}(${params.map((p) => `${p.name}: ${typeToString(p.type)}`).join(", ")})${returns.t === "void" ? "" : `: ${typeToString(returns)}`}`;

  for (const [name, values] of voc.enums) {
    if (name === KIND_ENUM) continue;
    decl({ id: `enum:${name}`, kind: "enum", name, detail: `enum ${name}: ${values.join(", ")}` }, ["enums", name]);
    values.forEach((v, i) => {
      if (voc.enumOfValue.get(v) === name)
        declarations.push({
          id: `enum-value:${v}`,
          kind: "enum-value",
          name: v,
          type: T.enumOf(name),
          detail: `${v}: ${name}`,
          span: src.spanAt(["enums", name, i]) ?? null,
          container: `enum:${name}`,
        });
    });
  }
  ((r["keywords"] as unknown[] | undefined) ?? []).forEach((k, i) =>
    declarations.push({
      id: `keyword:${String(k)}`,
      kind: "keyword",
      name: String(k),
      detail: `keyword ${String(k)}`,
      span: src.spanAt(["keywords", i]) ?? null,
    }),
  );
  for (const [name, z] of voc.zones) {
    decl(
      {
        id: `zone:${name}`,
        kind: "zone",
        name,
        type: T.list(T.card),
        detail: `zone ${name} (${z.visibility}${z.limit !== undefined ? `, at most ${z.limit}` : ""})`,
      },
      ["zones", name],
    );
  }
  for (const k of voc.kinds.values()) {
    decl(
      {
        id: `kind:${k.name}`,
        kind: "kind",
        name: k.name,
        type: T.enumOf(KIND_ENUM),
        detail: `card kind ${k.name}${k.activeIn.length ? ` (active in ${k.activeIn.join(", ")})` : ""}`,
      },
      ["kinds", k.name],
    );
    k.activeIn.forEach((z, i) => ref(["kinds", k.name, "active-in", i], `zone:${z}`));
    for (const f of k.fields.values()) {
      const ty = typeof f.type === "object" ? f.type : f.type === "localized" ? T.text : undefined;
      decl(
        {
          id: `field:${k.name}:${f.name}`,
          kind: "field",
          name: f.name,
          ...(ty ? { type: ty } : {}),
          detail: `${k.name}.${f.name}: ${typeof f.type === "object" ? typeToString(f.type) : f.type}`,
          container: `kind:${k.name}`,
        },
        ["kinds", k.name, "fields", f.name],
      );
    }
  }
  for (const f of voc.cardFields.values()) {
    const ty = typeof f.type === "object" ? f.type : f.type === "localized" ? T.text : undefined;
    decl(
      {
        id: `field:*:${f.name}`,
        kind: "field",
        name: f.name,
        ...(ty ? { type: ty } : {}),
        detail: `card field ${f.name}: ${typeof f.type === "object" ? typeToString(f.type) : f.type}`,
      },
      ["card-fields", f.name],
    );
  }
  for (const owner of ["card", "player", "game"] as const) {
    for (const p of voc.props[owner].values()) {
      decl(
        {
          id: `property:${owner}:${p.name}`,
          kind: "property",
          name: p.name,
          type: p.type,
          detail: `${owner}.${p.name}: ${typeToString(p.type)}${p.computed ? " (computed)" : ""}`,
        },
        ["properties", owner, p.name],
      );
    }
  }
  for (const o of voc.options.values())
    decl(
      {
        id: `option:${o.name}`,
        kind: "option",
        name: o.name,
        type: o.type,
        detail: `option ${o.name}: ${typeToString(o.type)}`,
      },
      ["options", o.name],
    );
  for (const e of voc.events.values()) {
    decl(
      {
        id: `event:${e.name}`,
        kind: "event",
        name: e.name,
        type: T.event(e.name),
        detail: `event ${e.name} { ${[...e.fields].map(([f, t]) => `${f}: ${typeToString(t)}`).join(", ")} }${e.stages.length ? ` stages: ${e.stages.join(", ")}` : ""}`,
      },
      ["events", e.name],
    );
    for (const [f, t] of e.fields)
      declarations.push({
        id: `event-field:${e.name}:${f}`,
        kind: "event-field",
        name: f,
        type: t,
        detail: `${e.name}.${f}: ${typeToString(t)}`,
        span: keySpan(["events", e.name, "fields", f]),
        container: `event:${e.name}`,
      });
    e.stages.forEach((s, i) =>
      declarations.push({
        id: `stage:${e.name}:${s}`,
        kind: "stage",
        name: s,
        detail: `stage ${s} of ${e.name}`,
        span: src.spanAt(["events", e.name, "stages", i]) ?? null,
        container: `event:${e.name}`,
      }),
    );
  }
  for (const section of ["functions", "procedures"] as const) {
    const kind = section === "functions" ? "function" : "procedure";
    for (const c of (section === "functions" ? voc.functions : voc.procedures).values()) {
      decl({ id: `${kind}:${c.name}`, kind, name: c.name, type: c.returns, detail: sig(c.name, c.params, c.returns) }, [
        section,
        c.name,
      ]);
      for (const p of c.params)
        declarations.push({
          id: `param:${kind}:${c.name}:${p.name}`,
          kind: "param",
          name: p.name,
          type: p.type,
          detail: `${p.name}: ${typeToString(p.type)}`,
          span: keySpan([section, c.name, "params", p.name]),
          container: `${kind}:${c.name}`,
        });
    }
  }
  [...voc.windows].forEach((w, i) =>
    declarations.push({
      id: `window:${w}`,
      kind: "window",
      name: w,
      detail: `action window ${w}`,
      span: src.spanAt(["windows", i]) ?? null,
    }),
  );
  for (const a of voc.actions.values()) {
    decl({ id: `action:${a.name}`, kind: "action", name: a.name, detail: `action ${a.name} (window ${a.window})` }, [
      "actions",
      a.name,
    ]);
    if (voc.windows.has(a.window)) ref(["actions", a.name, "window"], `window:${a.window}`);
  }
  ((obj(r["trigger-order"])["zones"] as unknown[] | undefined) ?? []).forEach((z, i) =>
    ref(["trigger-order", "zones", i], `zone:${String(z)}`),
  );
  return { declarations, references };
}
