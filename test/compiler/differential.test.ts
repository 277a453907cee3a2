/**
 * Differential test of code generation: random well-typed programs (fast-check) give the same
 * locals, log lines, RNG draws and errors in generated JavaScript as in the reference evaluator of
 * the checked IR (test/compiler/ir-eval.ts). The miscompiles found by hand are its first seeds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkProgram, compileUnits, evaluate, runGenerated, type Checked } from "../kit/differential.ts";
import { programArbitrary } from "./program-gen.ts";

type Fn = Parameters<typeof runGenerated>[0];

/**
 * One program under one RNG seed: the reference evaluator, the code as printed for a game
 * (`generated`: its frame holds only the locals it keeps there) and the code printed with every
 * local in the frame (`framed`).
 */
function both(c: Checked, fn: Fn, framedFn: Fn, seed: number) {
  return { generated: runGenerated(fn, seed), framed: runGenerated(framedFn, seed), reference: evaluate(c, seed) };
}

/** The two printings agree with the reference: every local (framed), and what the game's code does and keeps in its frame. */
function expectAgree(r: ReturnType<typeof both>, what: string): void {
  expect(r.framed, what).toEqual(r.reference);
  const { L, ...rest } = r.generated;
  const { L: refL, ...refRest } = r.reference;
  expect(rest, what).toEqual(refRest);
  expect(L, what).toEqual(Object.fromEntries(Object.keys(L).map((k) => [k, refL[k]])));
}

function fnOf(fns: Map<string, Fn>, id: string): Fn {
  const fn = fns.get(id);
  if (!fn) throw new Error(`no function for ${id}`);
  return fn;
}

function runOne(text: string, seed: number) {
  const c = checkProgram(text);
  const { fns, js } = compileUnits([c.unit]);
  const framed = compileUnits([c.unit], { stepVars: false });
  return { ...both(c, fnOf(fns, "p"), fnOf(framed.fns, "p"), seed), js, framedJs: framed.js };
}

describe("differential: generated code = reference evaluator", () => {
  it("seed: `let a = - -n` is a double negation, not a pre-decrement (n stays, a = n)", () => {
    const r = runOne("let n = 2\nlet a = - -n", 1);
    expect(r.framedJs).toContain('L["a"] = -(-L["n"]);');
    // As printed for a game, both locals are variables of the step: nothing is kept in the frame.
    expect(r.js).toContain("$l1 = -(-$l0);");
    expect(r.framed.L).toEqual({ n: 2, a: 2 });
    expect(r.generated.L).toEqual({});
    expectAgree(r, "- -n");
  });

  it("seed: `last(take(xs, random(3)))` draws from the RNG once", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = runOne("let xs = [10, 20, 30]\nlet b = last(take(xs, random(3)))", seed);
      expect(r.generated.draws.length).toBe(1);
      const [, k] = r.generated.draws[0] ?? [0, -1];
      expect(r.framed.L["b"]).toBe(k === 0 ? null : [10, 20, 30][k - 1]);
      expectAgree(r, `seed ${seed}`);
    }
  });

  it("seed: every construct that needs a value twice still evaluates its argument once", () => {
    const programs = [
      "let a = first(take([1, 2, 3], random(3) + 1))",
      "let a = min(random(5), random(5))\nlet b = max(random(5), abs(random(5) - 2))",
      "let a = count([1, 2] + take([3, 4], random(3)) + [random(9)])",
      "let a = [1, 2, 3] where it > random(3)\nlet b = first([1, 2, 3] where random(2) == 0)",
      "let a = (random(3) in take([0, 1, 2], random(4)))\nlet b = [random(2)] == [random(2)]",
      "let a = 5\na -= random(3)\na += - - random(4)",
    ];
    for (const p of programs) {
      for (let seed = 1; seed <= 10; seed++) {
        const r = runOne(p, seed);
        expectAgree(r, `${p} (seed ${seed})`);
      }
    }
  });

  it("10,000 random programs agree on locals, logs, RNG draws and errors", () => {
    const t0 = performance.now();
    // Drawn by fast-check (seeded: the same programs every run), checked one by one, compiled
    // 500 at a time (one `new Function` per batch). A failure prints the program and its seed.
    const programs = fc.sample(programArbitrary, { numRuns: 10_000, seed: 0x5eed });
    let drew = 0;
    let faulted = 0;
    let withNone = 0;
    for (let from = 0; from < programs.length; from += 500) {
      const batch = programs.slice(from, from + 500).map((p, i) => ({ ...p, c: checkProgram(p.text, `p${from + i}`) }));
      const units = batch.map((b) => b.c.unit);
      const { fns } = compileUnits(units);
      const framed = compileUnits(units, { stepVars: false }).fns;
      for (const b of batch) {
        const r = both(b.c, fnOf(fns, b.c.unit.id), fnOf(framed, b.c.unit.id), b.seed);
        if (r.generated.draws.length) drew++;
        if (r.generated.error !== null) faulted++;
        expectAgree(r, `program (RNG seed ${b.seed}):\n${b.text}`);
        // Well-typed code never faults with a JavaScript TypeError (a value that may be none is tested first).
        if (/\bnone\b/.test(b.text)) withNone++;
        expect(r.generated.error ?? "", b.text).not.toMatch(
          /TypeError|Cannot read|is not a function|of null|of undefined/,
        );
      }
    }
    process.stdout.write(
      `differential: ${programs.length} programs in ${((performance.now() - t0) / 1000).toFixed(1)} s (${drew} drew from the RNG, ${faulted} faulted)\n`,
    );
    expect(programs.length).toBe(10_000);
    // The generator reaches the interesting parts: RNG draws and faults (division by zero).
    expect(drew).toBeGreaterThan(2_000);
    expect(faulted).toBeGreaterThan(50);
    // …and values that may be none, tested before use.
    expect(withNone).toBeGreaterThan(1_000);
  });
});
