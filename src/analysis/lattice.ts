import { MAX_WORD } from './arithmetic.js';

/**
 * The value domain: a 256-bit word is a known constant or an unsigned interval [lo, hi] (lo < hi).
 * Intervals are objects whose identity means "the same runtime value": DUP copies the reference, so
 * when a branch condition refines one copy, every stack slot holding it is refined (see refine.ts).
 * A fresh unknown is a new object each time; two slots holding different objects may still be equal.
 */
export interface Range {
  readonly lo: bigint;
  readonly hi: bigint;
  /** For 0/1 results of a comparison: what a non-zero value means. Only used within a block. */
  readonly test?: Test;
}

/**
 * `value ≠ 0 ⟺ (left op right) ≠ negated`, unsigned. Signed comparisons get one only when both
 * sides are non-negative, where they agree with the unsigned ones.
 */
export interface Test {
  readonly op: 'lt' | 'eq';
  readonly left: AbsValue;
  readonly right: AbsValue;
  readonly negated: boolean;
}

/** An abstract EVM word. */
export type AbsValue = bigint | Range;

export function isConst(value: AbsValue): value is bigint {
  return typeof value === 'bigint';
}

/** A fresh value about which nothing is known. */
export function unknown(): Range {
  return { lo: 0n, hi: MAX_WORD };
}

/** The value with bounds [lo, hi] (a constant when they meet); a fresh object. */
export function between(lo: bigint, hi: bigint, test?: Test): AbsValue {
  if (lo === hi) return lo;
  return test === undefined ? { lo, hi } : { lo, hi, test };
}

export function low(value: AbsValue): bigint {
  return typeof value === 'bigint' ? value : value.lo;
}

export function high(value: AbsValue): bigint {
  return typeof value === 'bigint' ? value : value.hi;
}

export function isTop(value: AbsValue): boolean {
  return typeof value !== 'bigint' && value.lo === 0n && value.hi === MAX_WORD;
}

export function mayBeZero(value: AbsValue): boolean {
  return low(value) === 0n;
}

export function mayBeNonZero(value: AbsValue): boolean {
  return high(value) !== 0n;
}

/**
 * Upper bound of two values, widened to the program's constants so that loops terminate: a bound
 * that grows moves to the next threshold (up for hi, down for lo), of which there are finitely many.
 * `thresholds` is sorted ascending.
 */
export function joinValues(a: AbsValue, b: AbsValue, thresholds: readonly bigint[]): AbsValue {
  if (a === b) return a;
  const lo = low(b) < low(a) ? thresholdBelow(low(b), thresholds) : low(a);
  const hi = high(b) > high(a) ? thresholdAbove(high(b), thresholds) : high(a);
  return between(lo, hi);
}

function thresholdAbove(x: bigint, thresholds: readonly bigint[]): bigint {
  const at = countBelow(thresholds, x, false);
  return at < thresholds.length ? thresholds[at] : MAX_WORD;
}

function thresholdBelow(x: bigint, thresholds: readonly bigint[]): bigint {
  const at = countBelow(thresholds, x, true);
  return at > 0 ? thresholds[at - 1] : 0n;
}

/** How many of the ascending `thresholds` are below `x` (or equal to it, with `orEqual`): a binary search. */
function countBelow(thresholds: readonly bigint[], x: bigint, orEqual: boolean): number {
  let [from, to] = [0, thresholds.length];
  while (from < to) {
    const mid = (from + to) >> 1;
    if (thresholds[mid] < x || (orEqual && thresholds[mid] === x)) from = mid + 1;
    else to = mid;
  }
  return from;
}

/** Short stable text for fingerprints and debugging (identity is shown by the state, not here). */
export function showValue(value: AbsValue): string {
  if (typeof value === 'bigint') return value.toString(16);
  return isTop(value) ? 'T' : `${value.lo.toString(16)}-${value.hi.toString(16)}`;
}
