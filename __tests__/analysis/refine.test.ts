import { abstractResult } from '../../src/analysis/intervals.js';
import { between, unknown, type AbsValue } from '../../src/analysis/lattice.js';
import { refineBranch } from '../../src/analysis/refine.js';
import type { AbstractState } from '../../src/analysis/state.js';

const LT = 0x10;
const EQ = 0x14;
const ISZERO = 0x15;
const state = (stack: AbsValue[]): AbstractState => ({ stack, open: false, memory: new Map() });
const bounds = (v: AbsValue) => (typeof v === 'bigint' ? v : [v.lo, v.hi]);

describe('refinement on branch conditions', () => {
  it('bounds both sides of i < n in every slot holding them, on each side of the branch', () => {
    const i = between(0n, 100n);
    const n = between(5n, 20n);
    const condition = abstractResult(LT, [i, n]); // args[0] is the top of the stack
    const taken = state([i, n, i]);
    expect(refineBranch(taken, condition, true)).toBe(true);
    expect(taken.stack.map(bounds)).toEqual([
      [0n, 19n],
      [5n, 20n],
      [0n, 19n],
    ]);
    expect(taken.stack[0]).toBe(taken.stack[2]); // still one value
    const fallThrough = state([i, n]);
    expect(refineBranch(fallThrough, condition, false)).toBe(true);
    expect(fallThrough.stack.map(bounds)).toEqual([
      [5n, 100n],
      [5n, 20n],
    ]);
  });

  it('follows ISZERO chains and makes equal values one', () => {
    const w = unknown();
    const notZero = abstractResult(ISZERO, [abstractResult(ISZERO, [w])]); // w != 0, as `while (w != 0)` tests it
    const exit = state([w]);
    expect(refineBranch(exit, notZero, false)).toBe(true);
    expect(exit.stack).toEqual([0n]);
    const a = between(0n, 9n);
    const b = between(3n, 50n);
    const same = state([a, b]);
    expect(refineBranch(same, abstractResult(EQ, [a, b]), true)).toBe(true);
    expect(same.stack.map(bounds)).toEqual([
      [3n, 9n],
      [3n, 9n],
    ]);
    expect(same.stack[0]).toBe(same.stack[1]);
    expect(abstractResult(EQ, [same.stack[0], same.stack[1]])).toBe(1n);
  });

  it('drops a side no value can take', () => {
    const disjoint = abstractResult(EQ, [between(0n, 3n), between(4n, 8n)]);
    expect(disjoint).toBe(0n); // decided: the intervals do not overlap
    expect(refineBranch(state([]), disjoint, true)).toBe(false);
    // Taken when w == 0 failed at a value w cannot be: only the other side is possible.
    const w = between(0n, 1n);
    const isOne = abstractResult(EQ, [w, 1n]);
    const zero = state([w]);
    expect(refineBranch(zero, isOne, false)).toBe(true);
    expect(zero.stack).toEqual([0n]);
    expect(refineBranch(zero, abstractResult(EQ, [zero.stack[0], 1n]), true)).toBe(false);
  });
});
