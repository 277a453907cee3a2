/** The lab's statistics in compiler/sim/stats.ts: Φ, multiple-comparison adjustments, Newcombe's difference interval, the SPRT. */
import { describe, expect, it } from "vitest";
import { benjaminiHochberg, holm, newcombe, normalCdf, sprt, twoProportionP } from "../../compiler/sim/stats.ts";

describe("normalCdf", () => {
  // Reference values: scipy.stats.norm.cdf (scipy 1.17.1).
  const known: [number, number][] = [
    [-3, 0.0013498980316300933],
    [-1.96, 0.024997895148220435],
    [-0.5, 0.3085375387259869],
    [0, 0.5],
    [0.7, 0.758036347776927],
    [1.644853627, 0.950000000005005],
    [2.5, 0.9937903346742238],
  ];
  for (const [x, p] of known) it(`Φ(${x}) = ${p}`, () => expect(normalCdf(x)).toBeCloseTo(p, 7));
});

describe("multiple comparisons", () => {
  const p = [0.01, 0.04, 0.03, 0.005, 0.2, 0.04, 0.5];

  it("Holm: R's p.adjust(c(.01,.04,.03,.005), 'holm') is 0.03 0.06 0.06 0.02", () => {
    const got = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((v, i) => expect(got[i]).toBeCloseTo(v, 12));
  });

  it("Holm on seven p-values with ties: step-down, running maximum, capped at 1", () => {
    const got = holm(p);
    [0.06, 0.16, 0.15, 0.035, 0.4, 0.16, 0.5].forEach((v, i) => expect(got[i]).toBeCloseTo(v, 12));
    expect(holm([0.6, 0.7])).toEqual([1, 1]);
    expect(holm([])).toEqual([]);
  });

  it("Benjamini–Hochberg: scipy.stats.false_discovery_control of the same seven", () => {
    const got = benjaminiHochberg(p);
    [0.035, 0.056, 0.056, 0.035, 0.23333333333333336, 0.056, 0.5].forEach((v, i) => expect(got[i]).toBeCloseTo(v, 12));
    // R: p.adjust(c(.01,.04,.03,.005), "BH") = 0.02 0.04 0.04 0.02
    const r = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    [0.02, 0.04, 0.04, 0.02].forEach((v, i) => expect(r[i]).toBeCloseTo(v, 12));
  });
});

describe("differences of two proportions", () => {
  it("Newcombe's method 10 on 56/70 − 48/80 is 0.0524 – 0.3339 (Newcombe 1998, Table II)", () => {
    const d = newcombe(56, 70, 48, 80);
    expect(d?.diff).toBeCloseTo(0.2, 12);
    expect(d?.low).toBeCloseTo(0.0524, 4);
    expect(d?.high).toBeCloseTo(0.3339, 4);
    expect(newcombe(1, 0, 1, 2)).toBeNull();
  });

  it("the pooled two-proportion z test: 56/70 vs 48/80 gives z = 2.6502, p = 0.008045 (scipy)", () => {
    expect(twoProportionP(56, 70, 48, 80)).toBeCloseTo(0.00804508136819656, 6);
    expect(twoProportionP(5, 10, 5, 10)).toBe(1);
    expect(twoProportionP(0, 10, 0, 10)).toBe(1);
  });
});

describe("sprt", () => {
  const bounds = { lower: Math.log(0.05 / 0.975), upper: Math.log(0.95 / 0.025) };

  it("Wald's bounds for α = β = 0.05, each direction at α/2: −2.970 and 3.638", () => {
    const s = sprt([0, 1], 0.02);
    expect(s.lower).toBeCloseTo(bounds.lower, 12);
    expect(s.upper).toBeCloseTo(3.6375861597263857, 12);
  });

  it("the LLR is n·δ·(x̄ − δ/2)/s² in each direction", () => {
    // Pairs: 1, 0, 0, 1, −1 → n 5, mean 0.2, s² = 0.7.
    const s = sprt([1, 0, 0, 1, -1], 0.1);
    expect(s.llrUp).toBeCloseTo((5 * 0.1 * (0.2 - 0.05)) / 0.7, 12);
    expect(s.llrDown).toBeCloseTo((5 * 0.1 * (-0.2 - 0.05)) / 0.7, 12);
    expect(s.verdict).toBe("continue");
  });

  it("a clear shift stops as moved (either direction), no shift stops as not moved", () => {
    const up = Array.from({ length: 800 }, (_, i) => (i % 4 === 0 ? 0 : i % 4 === 1 ? 1 : i % 4 === 2 ? 1 : -1));
    expect(sprt(up, 0.02).verdict).toBe("moved");
    expect(
      sprt(
        up.map((d) => -d),
        0.02,
      ).verdict,
    ).toBe("moved");
    const flat = Array.from({ length: 4000 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    expect(sprt(flat, 0.1).verdict).toBe("not-moved");
    expect(sprt([1, 1, 1], 0.02).verdict).toBe("continue");
  });
});
