import { median } from './stats.js';

/** One fixture's transactions to its bug, per seed (seed 1 first), a miss counted as the budget. */
export interface SeedRun {
  budget: number;
  transactions: number[];
}

export interface RegressionVerdict {
  baselineMedian: number;
  median: number;
  /** What the median may rise by before the rise is looked at: max(baseline IQR, 25 % of its median). */
  allowance: number;
  /** One-sided exact permutation p-value of the Mann–Whitney U statistic (the new runs take more). */
  p: number;
  regression: boolean;
}

/** Share of the baseline's median its rise may always take: half a doubling is within what seeds alone do. */
const MEDIAN_ALLOWANCE = 0.25;
/**
 * The permutation test's threshold. With 5 seeds a side the smallest p is 1/252; 0.1 asks that about
 * four of five new runs sit above most baseline runs, and the median test already asks for a rise
 * beyond the spread, so together they rarely fire on a reshuffle of the same distribution.
 */
const ALPHA = 0.1;

/**
 * Whether `current` took more transactions than `baseline` beyond the noise of the seeds. A code
 * change reshuffles every seed's random stream, so seed n before and after are two draws, not a pair:
 * the spread over seeds is the noise. Two tests must agree: the median rose by more than
 * max(baseline interquartile range, 25 % of the baseline median) — a magnitude worth failing on —
 * and an exact Mann–Whitney permutation test (ties exact: misses are all counted as the budget) says
 * the new runs are stochastically larger — not one seed crossing the median.
 */
export function judgeRegression(baseline: readonly number[], current: readonly number[]): RegressionVerdict {
  const baselineMedian = median(baseline);
  const allowance = Math.max(interquartileRange(baseline), MEDIAN_ALLOWANCE * baselineMedian);
  const p = mannWhitneyGreater(current, baseline);
  const currentMedian = median(current);
  return { baselineMedian, median: currentMedian, allowance, p, regression: currentMedian > baselineMedian + allowance && p <= ALPHA };
}

/** Q3 − Q1, quartiles by linear interpolation between order statistics. */
export function interquartileRange(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => {
    const position = (sorted.length - 1) * q;
    const low = Math.floor(position);
    return sorted[low] + (sorted[Math.ceil(position)] - sorted[low]) * (position - low);
  };
  return sorted.length === 0 ? Number.NaN : at(0.75) - at(0.25);
}

/**
 * P(U ≥ observed U) under exchangeability, where U counts the pairs (x, y) with x > y (ties one
 * half): every split of the pooled values into groups of |xs| and |ys| enumerated, so exact for
 * the few seeds a bench runs (C(10, 5) = 252 splits for five a side).
 */
export function mannWhitneyGreater(xs: readonly number[], ys: readonly number[]): number {
  const pooled = [...xs, ...ys];
  const observed = uStatistic(xs, ys);
  let atLeast = 0;
  let splits = 0;
  for (const chosen of combinations(pooled.length, xs.length)) {
    const inX = new Set(chosen);
    const u = uStatistic(
      chosen.map((i) => pooled[i]),
      pooled.filter((_, i) => !inX.has(i)),
    );
    splits++;
    if (u >= observed) atLeast++;
  }
  return atLeast / splits;
}

function uStatistic(xs: readonly number[], ys: readonly number[]): number {
  let u = 0;
  for (const x of xs) for (const y of ys) u += x > y ? 1 : x === y ? 0.5 : 0;
  return u;
}

function* combinations(n: number, k: number, start = 0, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === k) {
    yield prefix;
    return;
  }
  for (let i = start; i <= n - (k - prefix.length); i++) yield* combinations(n, k, i + 1, [...prefix, i]);
}
