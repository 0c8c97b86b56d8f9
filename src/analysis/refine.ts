import { between, high, isConst, low, type AbsValue, type Test } from './lattice.js';
import type { AbstractState } from './state.js';

/**
 * Refinement on a JUMPI's condition: the state on the side where the condition is non-zero
 * (`taken`) or zero. The condition and, when it came from a comparison, the compared values are
 * narrowed in every stack slot holding them (the same object: a DUP of it); `w != 0` failing makes
 * `w` the constant 0, `a == b` holding makes both slots one value, `i < n` bounds both sides.
 * Returns false when that side cannot be taken, so the analysis does not follow it.
 */
export function refineBranch(state: AbstractState, condition: AbsValue, taken: boolean): boolean {
  if (isConst(condition)) return (condition !== 0n) === taken;
  replace(state, condition, taken ? between(condition.lo > 0n ? condition.lo : 1n, condition.hi) : 0n);
  const test = condition.test;
  return test === undefined || applyTest(state, test, taken !== test.negated);
}

function applyTest(state: AbstractState, { op, left, right }: Test, holds: boolean): boolean {
  if (op === 'eq') return holds ? meet(state, left, right) : exclude(state, left, right) && exclude(state, right, left);
  // left < right, or left >= right when it does not hold.
  const [lo, hi] = holds ? [low(left), min(high(left), high(right) - 1n)] : [max(low(left), low(right)), high(left)];
  const [rightLo, rightHi] = holds ? [max(low(right), low(left) + 1n), high(right)] : [low(right), min(high(right), high(left))];
  if (lo > hi || rightLo > rightHi) return false;
  replace(state, left, between(lo, hi));
  replace(state, right, between(rightLo, rightHi));
  return true;
}

/** `left == right`: both slots become one value with the common bounds. */
function meet(state: AbstractState, left: AbsValue, right: AbsValue): boolean {
  const lo = max(low(left), low(right));
  const hi = min(high(left), high(right));
  if (lo > hi) return false;
  const common = isConst(left) ? left : isConst(right) ? right : between(lo, hi);
  replace(state, left, common);
  replace(state, right, common);
  return true;
}

/** `value != other`: a constant `other` at an end of `value`'s bounds is cut off. */
function exclude(state: AbstractState, value: AbsValue, other: AbsValue): boolean {
  if (!isConst(other) || isConst(value)) return value !== other;
  if (value.lo === other) replace(state, value, between(other + 1n, value.hi));
  else if (value.hi === other) replace(state, value, between(value.lo, other - 1n));
  return true;
}

/** Puts `next` wherever `old` is on the stack; constants have no identity and are left alone. */
function replace(state: AbstractState, old: AbsValue, next: AbsValue): void {
  if (isConst(old)) return;
  const stack = state.stack;
  for (let i = 0; i < stack.length; i++) if (stack[i] === old) stack[i] = next;
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
