import { Rng } from '../src/rng.js';

/** Median of a list (mean of the middle two for even lengths); NaN for an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function formatRow(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells.map((c, i) => String(c).padStart(widths[i] ?? 10)).join('  ');
}

/**
 * The 95% bootstrap interval of median(off) / median(on): both lists resampled with replacement,
 * from a fixed seed so that the same samples always print the same interval. With the spread of
 * transactions-to-bug over seeds, it says whether a ratio is more than noise.
 */
export function medianRatioInterval(on: readonly number[], off: readonly number[], resamples = 2000): [number, number] {
  const rng = new Rng('bootstrap');
  const resample = (values: readonly number[]) => values.map(() => values[rng.int(values.length)]);
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) ratios.push(median(resample(off)) / median(resample(on)));
  ratios.sort((a, b) => a - b);
  return [ratios[Math.floor(resamples * 0.025)], ratios[Math.ceil(resamples * 0.975) - 1]];
}
