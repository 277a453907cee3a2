/**
 * Lowering: effects are split into numbered steps at every suspension (a decision, an emit, a
 * procedure call), so a paused effect is a step number plus its locals. Effects are checked on the
 * corpus base game, then their blocks are printed compactly.
 */
import { describe, expect, it } from "vitest";
import { checkGame } from "../../compiler/core/workspace/workspace.ts";
import type { IrExpr, IrStmt, StepBlock, Terminator } from "../../compiler/core/semantic/ir.ts";
import { lower } from "../../compiler/core/semantic/lower.ts";
import { gameFiles, toInput } from "../kit/corpus.ts";

function blocksOf(...lines: string[]): readonly StepBlock[] {
  const card = `id: probe\nkind: spell\nname: { en: Probe }\ncost: 1\neffect: |\n${lines.map((l) => `  ${l}`).join("\n")}\n`;
  const checked = checkGame(toInput(gameFiles(new Map([["cards/probe.yaml", card]]))));
  expect(checked.diagnostics).toEqual([]);
  const unit = checked.units.find((u) => u.id === "card.probe.effect");
  if (unit?.kind !== "step") throw new Error("no step unit card.probe.effect");
  return unit.blocks;
}

function ex(e: IrExpr): string {
  switch (e.k) {
    case "lit":
      return JSON.stringify(e.v);
    case "local":
      return e.name;
    case "it":
      return `it${e.depth}`;
    case "me":
    case "self":
    case "event":
    case "game":
      return e.k;
    case "prop":
      return `${ex(e.obj)}.${e.name}`;
    case "zone":
      return `${ex(e.owner)}.${e.zone}`;
    case "field":
      return `${ex(e.ev)}.${e.name}`;
    case "bin":
      return `(${ex(e.l)} ${e.op} ${ex(e.r)})`;
    case "not":
      return `not ${ex(e.e)}`;
    case "builtin":
      return `${e.fn}(${e.args.map(ex).join(", ")})`;
    case "index":
      return `${ex(e.list)}[${ex(e.index)}]`;
    case "text":
      return JSON.stringify(e.parts.map((p) => (typeof p === "string" ? p : `{${ex(p)}}`)).join(""));
    default:
      return `<${e.k}>`;
  }
}

function st(s: IrStmt): string {
  switch (s.k) {
    case "setLocal":
      return `${s.name} ${s.op} ${ex(s.value)}`;
    case "setProp":
      return `${ex(s.obj)}.${s.name} ${s.op} ${ex(s.value)}`;
    case "move":
      return `move ${ex(s.what)} to ${ex(s.owner)}.${s.zone}`;
    case "log":
      return `log ${ex(s.text)}`;
    case "if":
      return `if ${ex(s.cond)} { ${s.then.map(st).join("; ")} }${s.else.length ? ` else { ${s.else.map(st).join("; ")} }` : ""}`;
    case "for":
      return `for ${s.name} in ${ex(s.list)} { ${s.body.map(st).join("; ")} }`;
    case "while":
      return `while ${ex(s.cond)} { ${s.body.map(st).join("; ")} }`;
    case "jump":
      return `jump ${s.to}`;
    case "break":
      return "break";
    default:
      return `<${s.k}>`;
  }
}

function term(t: Terminator): string {
  switch (t.k) {
    case "goto":
      return `goto ${t.to}`;
    case "branch":
      return `branch ${ex(t.cond)} ? ${t.then} : ${t.else}`;
    case "suspend":
      return `suspend ${t.op.op}${t.into ? ` -> ${t.into}` : ""}, next ${t.next}`;
    case "end":
      return "end";
  }
}

/** One line per block: `id: stmt; stmt | terminator`. */
const show = (blocks: readonly StepBlock[]) =>
  blocks.map((b) => `${b.id}: ${b.stmts.map(st).join("; ")} | ${term(b.term)}`);

describe("lowering", () => {
  it("code without suspensions is one structured block", () => {
    expect(
      show(blocksOf("for each u in me.field {", "  if u.tapped { break }", "  u.tapped = true", "}", 'log "done"')),
    ).toEqual([`0: for u in me.field { if u.tapped { break }; u.tapped = true }; log "done" | end`]);
    expect(show(lower([]))).toEqual(["0:  | end"]);
  });

  it("splits at each decision: the block ends with the suspension, the next one resumes after it", () => {
    expect(
      show(
        blocksOf(
          "let n = count(me.hand)",
          "let t = choose 1 of me.hand",
          "move t to me.discard",
          'let ok = may "Again?"',
          "if ok { me.score += n }",
        ),
      ),
    ).toEqual([
      "0: n = count(me.hand) | suspend choose -> t, next 1",
      "1: move t to me.discard | suspend may -> ok, next 2",
      "2: if ok { me.score += n } | end",
    ]);
  });

  it("emit and procedure calls suspend too; a kept result goes to its local", () => {
    expect(
      show(
        blocksOf(
          "emit played { card: self }",
          "let ev = emit played { card: self }",
          "deal(opponent, 1, self)",
          'log "{ev.card}"',
        ),
      ),
    ).toEqual([
      "0:  | suspend emit, next 1",
      "1:  | suspend emit -> ev, next 2",
      "2:  | suspend call, next 3",
      '3: log "{ev.card}" | end',
    ]);
  });

  it("an `if` with a decision inside becomes branch / then / else / join blocks", () => {
    expect(
      show(
        blocksOf(
          "if me.score > 3 {",
          "  let t = choose 1 of me.hand",
          "  move t to me.discard",
          "} else {",
          '  log "no"',
          "}",
          'log "join"',
        ),
      ),
    ).toEqual([
      "0:  | branch (me.score > 3) ? 1 : 2",
      "1:  | suspend choose -> t, next 4",
      '2: log "no" | goto 3',
      '3: log "join" | end',
      "4: move t to me.discard | goto 3",
    ]);
  });

  it("a loop with a decision inside keeps its list and index in locals ($list0, $i0)", () => {
    expect(
      show(
        blocksOf(
          "for each u in me.field {",
          '  let ok = may "Untap {u}?"',
          "  if ok { u.tapped = false }",
          "}",
          'log "done"',
        ),
      ),
    ).toEqual([
      "0: $list0 = me.field; $i0 = 0 | goto 1",
      "1:  | branch ($i0 < count($list0)) ? 2 : 3",
      "2: u = $list0[$i0]; $i0 += 1 | suspend may -> ok, next 4",
      '3: log "done" | end',
      "4: if ok { u.tapped = false } | goto 1",
    ]);
  });

  it("`break` out of a split loop becomes a jump to the loop's exit block", () => {
    expect(
      show(
        blocksOf(
          "while true {",
          '  let ok = may "Again?"',
          "  if not ok { break }",
          "  me.score += 1",
          "}",
          'log "out"',
        ),
      ),
    ).toEqual([
      "0:  | goto 1",
      "1:  | branch true ? 2 : 3",
      "2:  | suspend may -> ok, next 4",
      '3: log "out" | end',
      "4: if not ok { jump 3 }; me.score += 1 | goto 1",
    ]);
  });

  it("a structured loop inside a split loop keeps its own `break`; nested split loops number their state apart", () => {
    expect(
      show(
        blocksOf(
          "for each p in players() {",
          "  for each u in p.field { if u.tapped { break } }",
          "  for each c in p.hand {",
          '    let ok = may "Discard {c}?"',
          "    if ok { move c to p.discard } else { break }",
          "  }",
          "}",
        ),
      ),
    ).toEqual([
      "0: $list2 = players(); $i2 = 0 | goto 1",
      "1:  | branch ($i2 < count($list2)) ? 2 : 3",
      "2: p = $list2[$i2]; $i2 += 1; for u in p.field { if u.tapped { break } }; $list1 = p.hand; $i1 = 0 | goto 4",
      "3:  | end",
      "4:  | branch ($i1 < count($list1)) ? 5 : 6",
      "5: c = $list1[$i1]; $i1 += 1 | suspend may -> ok, next 7",
      "6:  | goto 1",
      "7: if ok { move c to p.discard } else { jump 6 } | goto 4",
    ]);
  });
});
