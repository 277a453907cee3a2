/** The Wilson score interval and the length summary of `cardwright sim` (compiler/sim/stats.ts). */
import { describe, expect, it } from "vitest";
import { spread, wilson, Z95 } from "../../compiler/sim/stats.ts";

describe("wilson", () => {
  // Reference values: scipy.stats.binomtest(k, n).proportion_ci(0.95, method="wilson") (scipy 1.17).
  const known: [number, number, number, number][] = [
    [8, 10, 0.4901624715, 0.9433178485],
    [0, 10, 0, 0.2775327999],
    [10, 10, 0.7224672001, 1],
    [50, 100, 0.4038315304, 0.5961684696],
    [1, 1, 0.2065493144, 1],
    [81, 263, 0.2552885199, 0.366209577],
    [399, 400, 0.9859767149, 0.9995585522],
  ];
  for (const [k, n, low, high] of known) {
    it(`${k} of ${n}: [${low}, ${high}]`, () => {
      const iv = wilson(k, n);
      expect(iv?.low).toBeCloseTo(low, 9);
      expect(iv?.high).toBeCloseTo(high, 9);
    });
  }

  it("a score with draws (halves) is the formula at p = score / n", () => {
    // 5 wins and 1 draw of 10 (score 5.5), and 20.5 of 40: computed from the closed form in Python.
    expect(wilson(5.5, 10)?.low).toBeCloseTo(0.2736696896, 9);
    expect(wilson(5.5, 10)?.high).toBeCloseTo(0.7985770304, 9);
    expect(wilson(20.5, 40)?.low).toBeCloseTo(0.3634422042, 9);
    expect(wilson(20.5, 40)?.high).toBeCloseTo(0.6593672558, 9);
  });

  it("z is the two-sided 95% normal quantile; no games give no interval; a score outside 0…n is refused", () => {
    expect(Z95).toBe(1.959963984540054);
    expect(wilson(0, 0)).toBeNull();
    expect(() => wilson(11, 10)).toThrow("wilson: a score of 11 out of 10 games");
    expect(() => wilson(-1, 10)).toThrow(RangeError);
  });
});

describe("spread", () => {
  it("min, median (the middle pair's mean for an even count), mean and max, whatever the order", () => {
    expect(spread([5, 1, 3])).toEqual({ min: 1, median: 3, mean: 3, max: 5 });
    expect(spread([4, 1, 2, 10])).toEqual({ min: 1, median: 3, mean: 4.25, max: 10 });
    expect(spread([])).toBeNull();
  });
});
