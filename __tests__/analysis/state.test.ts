import { abstractResult } from '../../src/analysis/intervals.js';
import { isConst, isTop, unknown } from '../../src/analysis/lattice.js';
import { prepareProgram } from '../../src/analysis/program.js';
import { hashMemory, joinInto, loadWord, storeWord, type AbstractState } from '../../src/analysis/state.js';
import { transfer } from '../../src/analysis/transfer.js';

const state = (stack: AbstractState['stack'], open = false): AbstractState => ({ stack, open, memory: new Map() });

describe('abstract states', () => {
  it('joins stacks of different heights at the top into an open stack that pops Top', () => {
    const joined = joinInto(state([1n, 2n, 3n]), state([9n, 3n]))!;
    // No thresholds: the growing bound widens to the top of the word.
    expect(joined).toMatchObject({ stack: [{ lo: 2n, hi: 2n ** 256n - 1n }, 3n], open: true });
    expect(joinInto(joined, state([5n, 3n]))).toBeUndefined(); // nothing new: the fixpoint stops
    // POP POP ADD on the open stack: the underflowing ADD sees Top instead of halting.
    const program = prepareProgram(Uint8Array.from([0x50, 0x50, 0x01]));
    expect(transfer(joined, 0, program).kind).toBe('next');
    expect(transfer(joined, 1, program).kind).toBe('next');
    expect(transfer(joined, 2, program).kind).toBe('next');
    expect(joined.stack).toHaveLength(1);
    expect(isTop(joined.stack[0])).toBe(true);
    expect(transfer(state([]), 2, program).kind).toBe('halt'); // a closed stack underflows
  });

  it('finds nothing new in joining a callee frame state (one with an input) with its equal', () => {
    const input = { words: new Map(), size: 0x24n, value: 0n, key: '24;0;' };
    const framed = (stack: AbstractState['stack']): AbstractState => ({ ...state(stack), input });
    const joined = joinInto(framed([1n, 2n]), framed([3n, 2n]))!;
    expect(joined.input).toBe(input);
    // Else a callee's loop never reaches its fixpoint and every suffix check through it bails out.
    expect(joinInto(joined, framed([2n, 2n]))).toBeUndefined();
  });

  it('finds something new in a join only when a value grows, the stack opens or shrinks, shared slots part or a memory word is lost', () => {
    const x = { lo: 0n, hi: 10n };
    const within = { lo: 1n, hi: 2n };
    const current: AbstractState = { stack: [x, x, 5n], open: false, memory: new Map([[0, 1n]]) };
    const withMemory = (stack: AbstractState['stack'], open = false): AbstractState => ({
      stack,
      open,
      memory: new Map([
        [0, 1n],
        [32, 2n],
      ]),
    });
    expect(joinInto(current, withMemory([within, within, 5n]))).toBeUndefined();
    expect(joinInto(current, withMemory([x, x, 5n]))).toBeUndefined();
    // Two values within bounds that may differ: the slots no longer share one.
    const parted = joinInto(current, withMemory([within, { lo: 1n, hi: 2n }, 5n]))!;
    expect(parted.stack[0]).not.toBe(parted.stack[1]);
    expect(joinInto(current, withMemory([{ lo: 0n, hi: 11n }, x, 5n]))).toBeDefined();
    expect(joinInto(current, withMemory([x, x, 6n]))).toBeDefined();
    expect(joinInto(current, withMemory([9n, x, x, 5n]))).toMatchObject({ open: true });
    expect(joinInto(current, withMemory([x, 5n]))).toMatchObject({ open: true, stack: [x, 5n] });
    expect(joinInto(current, withMemory([x, x, 5n], true))).toMatchObject({ open: true });
    expect(joinInto(current, state([x, x, 5n]))).toMatchObject({ memory: new Map() });
    // An open stack covers a higher one, open or not.
    const open: AbstractState = { ...current, open: true };
    expect(joinInto(open, withMemory([9n, x, x, 5n], true))).toBeUndefined();
  });

  it('tracks memory words at constant offsets and hashes known memory', () => {
    const s = state([]);
    storeWord(s, 0n, 5n);
    storeWord(s, 32n, 1n);
    expect(loadWord(s, 0n)).toBe(5n);
    // keccak256(abi.encode(5, 1)): solc's slot of mapping(uint => ...) at slot 1, key 5.
    expect(hashMemory(s, 0n, 64n)).toBe(0xe2689cd4a84e23ad2f564004f1c9013e9589d260bde6380aba3ca7e09e4df40cn);
    storeWord(s, 16n, 7n); // overlaps both words: a constant over constants keeps them, spliced
    expect([loadWord(s, 0n), loadWord(s, 32n), loadWord(s, 16n)]).toEqual([0n, (7n << 128n) | 1n, 7n]);
    // solc's call encoding: the selector word, then the first argument 4 bytes on.
    storeWord(s, 0x80n, 0xa9059cbbn << 224n);
    storeWord(s, 0x84n, 5n);
    expect(loadWord(s, 0x80n)).toBe(0xa9059cbbn << 224n);
    // An unknown argument keeps the selector bytes known: SHR 224 of the word is the selector.
    storeWord(s, 0x84n, unknown());
    expect(isTop(loadWord(s, 0x84n))).toBe(true);
    expect(abstractResult(0x1c, [224n, loadWord(s, 0x80n)])).toBe(0xa9059cbbn);
    storeWord(s, 0x81n, unknown()); // past the selector's first byte: only that byte stays known
    expect(abstractResult(0x1c, [248n, loadWord(s, 0x80n)])).toBe(0xa9n);
    expect(isConst(abstractResult(0x1c, [224n, loadWord(s, 0x80n)]))).toBe(false);
    expect(isTop(hashMemory(s, 0x80n, 32n))).toBe(true); // only whole constants hash
    storeWord(s, 0x81n, 1n); // a constant after the known byte: the whole word is known again
    expect(loadWord(s, 0x80n)).toBe(0xa9n << 248n);
    storeWord(s, unknown(), 1n); // unknown offset: forget everything
    expect(s.memory.size).toBe(0);
  });
});
