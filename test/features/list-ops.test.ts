import { describe, expect, it } from "vitest";
import { renderDiagnostic, type Diagnostic } from "../../compiler/core/text/diagnostics.ts";
import { Engine, renderLog } from "../../runtime/index.ts";
import { loadToyGame } from "../kit/toy-game.ts";

const rules = (flow: string) => `
game: lists
name: Lists
players: 2
match: { games: 1, wins: 1 }
zones:
  board: { visibility: public }
kinds:
  token:
    active-in: [board]
    fields:
      weight: { type: number }
windows: [main]
actions:
  stop:
    window: main
flow:
  game: |
${flow
  .trim()
  .split("\n")
  .map((l) => `    ${l}`)
  .join("\n")}
    act main by me
    win me
`;

const FLOW = `
create heavy in me.board
create light in me.board
create middle in me.board
let weights = map(me.board, it.weight)
log "weights {weights}, total {sum(weights)}"
let second = at(me.board, 1)
if second != none { log "second: {second}, weight {second.weight}" }
log "at 5: {at(me.board, 5)}; at -1: {at(weights, -1)}; at 0: {at(weights, 0)}"
let rest = remove-at(me.board, 0)
log "rest: {rest}; board still {count(me.board)}"
log "without the middle: {remove-at(weights, 1)}; out of range: {remove-at(weights, 9)}"
log "heavier than 2: {count(map(me.board, it.weight) where it > 2)}"
log "light ones, from each: {map(me.board, count(me.board where it.weight < 4))}"
log "names: {map(me.board, name(it))}; none of an empty list: {map(me.board where it.weight > 9, it.weight)}"
`;

function compile(flow: string) {
  const cards = Object.fromEntries(
    (
      [
        ["heavy", 5],
        ["light", 1],
        ["middle", 3],
      ] as const
    ).map(([id, w]) => [`cards/${id}.yaml`, `id: ${id}\nkind: token\nname: ${id}\nweight: ${w}\n`]),
  );
  return loadToyGame("lists", { "rules.yaml": rules(flow), ...cards });
}

describe("at, remove-at and map", () => {
  it("read, drop and map items of zones and of lists of numbers, with none outside the list", async () => {
    const { module, diagnostics } = await compile(FLOW);
    expect(diagnostics.map(renderDiagnostic)).toEqual([]);
    if (!module) throw new Error("no module");
    const st = new Engine(module).newMatch({
      seed: 1,
      players: [
        { name: "A", zones: {} },
        { name: "B", zones: {} },
      ],
    });
    expect(renderLog(st).slice(4, 12)).toEqual([
      // (a list of numbers read as entity names before: "middle, A, heavy")
      "weights 5, 1, 3, total 9",
      "second: light, weight 1",
      "at 5: none; at -1: none; at 0: 5",
      "rest: light, middle; board still 3",
      "without the middle: 5, 3; out of range: 5, 1, 3",
      "heavier than 2: 2",
      // the inner `where` binds its own `it`: each item of the map counts the whole board
      "light ones, from each: 2, 2, 2",
      "names: heavy, light, middle; none of an empty list: none",
    ]);
  });

  it("misuses are errors at their place, with the builtin's form as the hint where the count is wrong", async () => {
    const { module, diagnostics } = await compile(`
let x = at(me.board, 0)
log "{x.weight}"
let _y = map(me.board, me.board)
let _z = at(me.board, true)
let _w = remove-at(3, 1)
let _v = map(me.board)
`);
    expect(module).toBeNull();
    const at = (d: Diagnostic) => `${d.range.start.line}:${d.range.start.col} ${d.code}: ${d.message}`;
    expect(diagnostics.filter((d) => d.severity === "error").map(at)).toEqual([
      "20:11 check/maybe-none: 'x' may be none here (card?): reading '.weight' of none faults",
      "21:28 check/type: map makes a list of single values; this expression is a list",
      "22:27 check/type: at needs a number (found bool)",
      "23:24 check/type: expected a list here, but this is number",
      "24:14 check/arity: 'map' takes 2 argument(s), not 1",
    ]);
    expect(diagnostics.find((d) => d.code === "check/maybe-none")?.hint).toBe("test it first: if x != none { … }");
    expect(diagnostics.find((d) => d.code === "check/arity")?.hint).toBe(
      "map(list, expression): the expression for each item, the item being `it` (map(me.field, it.power))",
    );
  });
});
