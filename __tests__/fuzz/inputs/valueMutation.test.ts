import { hexToBytes, parseAbi, type Abi, type Hex, type AbiFunction, type AbiParameter } from 'viem';
import { decodeArgs, encodeCall, functionTarget } from '../../../src/abi/encoding.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { Rng } from '../../../src/rng.js';
import type { AbiValue } from '../../../src/abi/types.js';
import { MAX_GROWN_BYTES, mutateValue } from '../../../src/fuzz/inputs/valueMutation.js';
import { stringBytes } from '../../../src/abi/stringBytes.js';
import { generateValue, type ValueContext } from '../../../src/fuzz/inputs/values.js';

const abi: Abi = parseAbi([
  'struct Inner { bytes data; string[] tags; bytes7 tag; }',
  'struct Order { address maker; uint256 amount; int24 tick; Inner inner; }',
  'function numbers(uint8 a, uint64 b, uint256 c, int8 d, int128 e, int256 f)',
  'function simple(address a, bool b, bytes1 c, bytes32 d, bytes e, string f)',
  'function arrays(uint256[3] a, address[] b, uint16[2][] c, bytes[] d, string[2] e, uint8[0] z)',
  'function settle(Order o, Order[] os, (bool,(uint8,bytes)[])[2] deep)',
]);
const functions = abi.filter((i): i is AbiFunction => i.type === 'function');
const ADDRESSES = ['0x1000000000000000000000000000000000000001', '0x2000000000000000000000000000000000000002', '0x0000000000000000000000000000000000000000'];

function context(seed: number | string): ValueContext {
  const dictionary = new Dictionary();
  for (const v of [0x1337c0den, -42n, 2n ** 160n + 5n]) dictionary.addConstant(v);
  dictionary.addString('open sesame');
  return { rng: new Rng(seed), dictionary, addresses: ADDRESSES, senders: 3, maxValue: 10n ** 18n };
}

function deepFreeze<T>(value: T): T {
  if (Array.isArray(value)) value.forEach(deepFreeze);
  return Object.freeze(value);
}

function mutateMany(param: AbiParameter, value: AbiValue, ctx: ValueContext, n: number): AbiValue[] {
  return Array.from({ length: n }, () => mutateValue(param, value, ctx));
}

describe('mutateValue', () => {
  test('mutants of every parameter stay encodable and never change the original (150 seeds)', () => {
    for (let seed = 0; seed < 150; seed++) {
      const ctx = context(seed);
      for (const fn of functions) {
        const args = deepFreeze(fn.inputs.map((p) => generateValue(p, ctx)));
        const snapshot = structuredClone(args);
        let current: AbiValue[] = args;
        for (let round = 0; round < 4; round++) {
          current = fn.inputs.map((p, i) => mutateValue(p, current[i], ctx));
          const data = encodeCall({ sender: 0, to: 0, target: functionTarget(fn), args: current, value: 0n, blockDelay: 0, timeDelay: 0 });
          expect(decodeArgs(fn, data)).toEqual(current);
        }
        expect(args).toEqual(snapshot);
      }
    }
  });

  test('integers: nearby values, dictionary values, bounds, all within the type', () => {
    const ctx = context('int8');
    const mutants = mutateMany({ type: 'int8' }, 100n, ctx, 2000) as bigint[];
    expect(mutants.every((v) => v >= -128n && v <= 127n)).toBe(true);
    for (const v of [99n, 101n, -128n, 127n, -42n, 100n ^ 1n]) expect(mutants).toContain(v);
  });

  test('uint256 wraps instead of leaving the type', () => {
    const ctx = context('wrap');
    const max = 2n ** 256n - 1n;
    const mutants = mutateMany({ type: 'uint256' }, max, ctx, 500) as bigint[];
    expect(mutants.every((v) => v >= 0n && v <= max)).toBe(true);
    expect(mutants.some((v) => v < 16n)).toBe(true); // max + small delta wraps around
  });

  test('bool flips', () => {
    expect(mutateValue({ type: 'bool' }, true, context(1))).toBe(false);
  });

  test('addresses move to another known address most of the time', () => {
    const ctx = context('address');
    const mutants = mutateMany({ type: 'address' }, ADDRESSES[0], ctx, 500) as string[];
    expect(mutants.filter((a) => ADDRESSES.slice(1).includes(a)).length).toBeGreaterThan(250);
    expect(mutants.every((a) => /^0x[0-9a-f]{40}$/.test(a))).toBe(true);
  });

  test('dynamic arrays grow, shrink and change elements; fixed arrays keep their length', () => {
    const ctx = context('arrays');
    const original = deepFreeze([1n, 2n, 3n]);
    const dynamic = mutateMany({ type: 'uint256[]' }, original, ctx, 500) as AbiValue[][];
    const lengths = new Set(dynamic.map((a) => a.length));
    expect(lengths.has(2)).toBe(true);
    expect(lengths.has(4)).toBe(true);
    expect(dynamic.some((a) => a.length === 3 && a[0] === 3n && a[2] === 1n)).toBe(true); // swap
    const fixed = mutateMany({ type: 'uint256[3]' }, original, ctx, 200) as AbiValue[][];
    expect(fixed.every((a) => a.length === 3)).toBe(true);
    expect(mutateValue({ type: 'uint256[0]' }, [], ctx)).toEqual([]);
  });

  test('an empty dynamic array can only grow', () => {
    const ctx = context('empty');
    const mutants = mutateMany({ type: 'address[]' }, [], ctx, 100) as AbiValue[][];
    expect(mutants.some((a) => a.length > 0)).toBe(true);
  });

  test('tuples change exactly one component', () => {
    const ctx = context('tuple');
    const param: AbiParameter = { type: 'tuple', components: [{ type: 'uint256' }, { type: 'bool' }, { type: 'string' }] };
    const original = deepFreeze([5n, false, 'x']);
    for (const mutant of mutateMany(param, original, ctx, 200) as AbiValue[][]) {
      const changed = mutant.filter((v, i) => v !== original[i]).length;
      expect(changed).toBeLessThanOrEqual(1);
    }
  });

  test('bytes and strings: insert, delete and flip', () => {
    const ctx = context('bytes');
    const bytes = mutateMany({ type: 'bytes' }, '0x0102', ctx, 300) as string[];
    expect(bytes.some((b) => b.length === 8)).toBe(true);
    expect(bytes.some((b) => b.length === 4)).toBe(true);
    expect(bytes.some((b) => b.length === 6 && b !== '0x0102')).toBe(true);
    const strings = mutateMany({ type: 'string' }, 'abc', ctx, 300) as string[];
    expect(strings.some((s) => s.length === 4)).toBe(true);
    expect(strings.some((s) => s.length === 2)).toBe(true);
    expect(strings).toContain('open sesame');
  });

  test('bytes and strings mutated from their own mutants stop growing at the cap', () => {
    // A goal-kept input is replaced by its closer mutant again and again (a decoder's length bound comes closer with every longer string).
    const ctx = context('chain');
    let bytes = '0x' as string;
    let text = '';
    let longest = { bytes: 0, text: 0 };
    for (let i = 0; i < 20_000; i++) {
      const grownBytes = mutateValue({ type: 'bytes' }, bytes, ctx) as string;
      const grownText = mutateValue({ type: 'string' }, text, ctx) as string;
      // Keep the longer of parent and mutant, as the length-bound goal does.
      if (hexToBytes(grownBytes as Hex).length >= hexToBytes(bytes as Hex).length) bytes = grownBytes;
      if (grownText.length >= text.length) text = grownText;
      longest = { bytes: Math.max(longest.bytes, hexToBytes(bytes as Hex).length), text: Math.max(longest.text, text.length) };
    }
    expect(longest.bytes).toBe(MAX_GROWN_BYTES);
    expect(longest.text).toBeGreaterThanOrEqual(MAX_GROWN_BYTES);
    expect(stringBytes(text).length).toBeLessThanOrEqual(MAX_GROWN_BYTES + 32);
  });

  test('the same seed mutates the same way', () => {
    const run = (seed: number): AbiValue[] => {
      const ctx = context(seed);
      return functions.flatMap((fn) => fn.inputs.map((p) => mutateValue(p, generateValue(p, ctx), ctx)));
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5)).not.toEqual(run(6));
  });
});
