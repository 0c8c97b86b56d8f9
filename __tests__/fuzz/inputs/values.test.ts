import { encodeAbiParameters, parseAbi, type Abi, type AbiFunction, type AbiParameter } from 'viem';
import { callTargets, decodeArgs, encodeCall, functionTarget } from '../../../src/abi/encoding.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { Rng } from '../../../src/rng.js';
import type { AbiValue, CallTarget } from '../../../src/abi/types.js';
import { generateCall, generateInputs, generateValue, matchLengths, type ValueContext } from '../../../src/fuzz/inputs/values.js';

const abi: Abi = parseAbi([
  'struct Inner { bytes data; string[] tags; bytes7 tag; }',
  'struct Order { address maker; uint256 amount; int24 tick; Inner inner; }',
  'function numbers(uint8 a, uint64 b, uint256 c, int8 d, int128 e, int256 f)',
  'function simple(address a, bool b, bytes1 c, bytes32 d, bytes e, string f)',
  'function arrays(uint256[3] a, address[] b, uint16[2][] c, bytes[] d, string[2] e)',
  'function settle(Order o, Order[] os, (bool,(uint8,bytes)[])[2] deep) payable',
  'function ping()',
  'function total() view returns (uint256)',
  'receive() external payable',
]);
const functions = abi.filter((i): i is AbiFunction => i.type === 'function');

const SENDERS = ['0x1000000000000000000000000000000000000001', '0x1000000000000000000000000000000000000002', '0x1000000000000000000000000000000000000003'];
const CONTRACT = '0x2000000000000000000000000000000000000001';
const ZERO = '0x0000000000000000000000000000000000000000';

function context(seed: number | string, dictionary = new Dictionary()): ValueContext {
  return {
    rng: new Rng(seed),
    dictionary,
    addresses: [...SENDERS, CONTRACT, ZERO],
    senders: 3,
    maxValue: 10n ** 20n,
  };
}

function richDictionary(): Dictionary {
  const dictionary = new Dictionary();
  for (const v of [0x1337c0den, 2n ** 200n, -42n, 86400n * 7n, 3n, 10n ** 18n]) dictionary.addConstant(v);
  dictionary.addString('open sesame');
  return dictionary;
}

describe('generateValue', () => {
  test('every generated argument list is encodable and decodes back unchanged (200 seeds)', () => {
    for (let seed = 0; seed < 200; seed++) {
      const ctx = context(seed, richDictionary());
      for (const fn of functions) {
        const args = fn.inputs.map((p) => generateValue(p, ctx));
        const data = encodeCall({ sender: 0, to: 0, target: functionTarget(fn), args, value: 0n, blockDelay: 0, timeDelay: 0 });
        expect(decodeArgs(fn, data)).toEqual(args);
      }
    }
  });

  test.each([8, 16, 128, 256])('int%i values stay within two’s-complement bounds and reach both ends', (bits) => {
    const ctx = context(`int${bits}`);
    const param: AbiParameter = { type: `int${bits}` };
    const min = -(1n << BigInt(bits - 1));
    const max = (1n << BigInt(bits - 1)) - 1n;
    const seen = new Set<bigint>();
    for (let i = 0; i < 3000; i++) {
      const v = generateValue(param, ctx) as bigint;
      expect(v >= min && v <= max).toBe(true);
      seen.add(v);
    }
    expect(seen.has(min)).toBe(true);
    expect(seen.has(max)).toBe(true);
    expect([...seen].some((v) => v < 0n)).toBe(true);
  });

  test('uint8 values stay in range and small values are common', () => {
    const ctx = context('uint8');
    const values = Array.from({ length: 2000 }, () => generateValue({ type: 'uint8' }, ctx) as bigint);
    expect(values.every((v) => v >= 0n && v <= 255n)).toBe(true);
    expect(values.filter((v) => v <= 16n).length).toBeGreaterThan(400);
  });

  test('addresses prefer known ones', () => {
    const ctx = context('address');
    const values = Array.from({ length: 1000 }, () => generateValue({ type: 'address' }, ctx) as string);
    const known = values.filter((a) => ctx.addresses.includes(a)).length;
    expect(known).toBeGreaterThan(600);
    expect(new Set(values.filter((a) => ctx.addresses.includes(a))).size).toBe(ctx.addresses.length);
  });

  test('dynamic arrays are usually short, sometimes longer', () => {
    const ctx = context('lengths');
    const lengths = Array.from({ length: 1000 }, () => (generateValue({ type: 'uint256[]' }, ctx) as AbiValue[]).length);
    expect(lengths.filter((n) => n <= 4).length).toBeGreaterThan(750);
    expect(lengths.some((n) => n > 4)).toBe(true);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(32);
  });

  test('parallel dynamic arrays of one call often share a length; a fixed array or bytes never counts', () => {
    const ctx = context('parallel');
    const [fn] = parseAbi(['function settle(address[] a, uint256[] b, uint8[2] fixed, bytes data)']);
    const target = functionTarget(fn);
    let equal = 0;
    for (let i = 0; i < 1000; i++) {
      const { args } = generateInputs(target, ctx);
      const [a, b] = args as AbiValue[][];
      if (a.length === b.length) equal++;
      expect((args[2] as AbiValue[]).length).toBe(2);
    }
    // Independent lengths agree under a fifth of the time; matched ones (half the calls) always.
    expect(equal).toBeGreaterThan(400);
    expect(equal).toBeLessThan(950);
  });

  test('matchLengths cuts or grows every other dynamic array to the chosen one, leaving the input alone', () => {
    const ctx = context('match');
    const params = parseAbi(['function f(uint256[] a, address[] b, uint8 n, bool[] c)'])[0].inputs;
    const args: AbiValue[] = [[1n, 2n, 3n], [SENDERS[0]], 7n, [true, false, true, true, false]];
    const matched = matchLengths(params, args, 0, ctx);
    expect(matched.map((a) => (Array.isArray(a) ? a.length : a))).toEqual([3, 3, 7n, 3]);
    expect(matched[1]).toEqual(expect.arrayContaining([SENDERS[0]]));
    expect(matched[3] as boolean[]).toEqual([true, false, true]);
    expect((args[1] as AbiValue[]).length).toBe(1);
  });

  test('mined constants and strings show up', () => {
    const ctx = context('mined', richDictionary());
    const numbers = Array.from({ length: 500 }, () => generateValue({ type: 'uint256' }, ctx));
    const strings = Array.from({ length: 200 }, () => generateValue({ type: 'string' }, ctx));
    expect(numbers).toContain(0x1337c0den);
    expect(strings).toContain('open sesame');
  });

  test('generated bytes values are encodable for every width', () => {
    const ctx = context('bytesN', richDictionary());
    for (let size = 1; size <= 32; size++) {
      const param: AbiParameter = { type: `bytes${size}` };
      for (let i = 0; i < 30; i++) {
        const v = generateValue(param, ctx) as string;
        expect(v.length).toBe(2 + size * 2);
        expect(() => encodeAbiParameters([param], [v])).not.toThrow();
      }
    }
  });

  test('the same seed generates the same values', () => {
    const run = (seed: number): AbiValue[][] => {
      const ctx = context(seed, richDictionary());
      return functions.map((fn) => fn.inputs.map((p) => generateValue(p, ctx)));
    };
    expect(run(11)).toEqual(run(11));
    expect(run(11)).not.toEqual(run(12));
  });
});

describe('generateCall', () => {
  const targets = callTargets(abi);
  const deployments: CallTarget[][] = [targets, [], targets.filter((t) => t.kind === 'receive')];

  test('calls go to deployments with targets, from every sender, with value only when payable', () => {
    const ctx = context('calls');
    const senders = new Set<number>();
    const tos = new Set<number>();
    let paid = 0;
    for (let i = 0; i < 2000; i++) {
      const call = generateCall(deployments, ctx);
      senders.add(call.sender);
      tos.add(call.to);
      expect(deployments[call.to]).toContain(call.target);
      const payable = call.target.kind === 'receive' || (call.target.kind === 'function' && call.target.fn.stateMutability === 'payable');
      if (!payable) expect(call.value).toBe(0n);
      if (call.value > 0n) paid++;
      expect(call.value <= ctx.maxValue).toBe(true);
      expect(call.timeDelay).toBeGreaterThanOrEqual(0);
      expect(call.timeDelay).toBeLessThanOrEqual(604800);
      expect(call.blockDelay).toBeLessThanOrEqual(60480);
    }
    expect([...senders].sort()).toEqual([0, 1, 2]);
    expect([...tos].sort()).toEqual([0, 2]);
    expect(paid).toBeGreaterThan(100);
  });

  test('delays are usually zero, sometimes not', () => {
    const ctx = context('delays');
    const calls = Array.from({ length: 1000 }, () => generateCall(deployments, ctx));
    const zero = calls.filter((c) => c.timeDelay === 0).length;
    expect(zero).toBeGreaterThan(400);
    expect(zero).toBeLessThan(900);
  });

  test('a fallback target gets raw calldata', () => {
    const ctx = context('fallback');
    const fallback: CallTarget[] = callTargets(parseAbi(['fallback() external']));
    const data = new Set(Array.from({ length: 50 }, () => generateCall([fallback], ctx)).map((c) => (c.target as { data: string }).data));
    expect(data.size).toBeGreaterThan(5);
    expect(data.has('0x')).toBe(true);
  });

  test('no callable deployment is an error', () => {
    expect(() => generateCall([[], []], context(1))).toThrow(/no deployment/);
  });
});

describe('approvals', () => {
  const approvals = callTargets(
    parseAbi([
      'function approve(address spender, uint256 amount) returns (bool)',
      'function increaseAllowance(address, uint256)',
      'function setApprovalForAll(address, bool)',
    ]),
  ) as Extract<CallTarget, { kind: 'function' }>[];
  const unlimited = 2n ** 256n - 1n;

  test.each(approvals.map((t) => [t.signature, t] as const))('%s names a deployed contract for everything about half the time', (_, target) => {
    const ctx = { ...context(target.signature), contracts: [CONTRACT] };
    const all = Array.from({ length: 1000 }, () => generateInputs(target, ctx).args);
    const everything = target.fn.inputs[1].type === 'bool' ? true : unlimited;
    const contractApprovals = all.filter(([spender, amount]) => spender === CONTRACT && amount === everything).length;
    expect(contractApprovals).toBeGreaterThan(400);
    expect(contractApprovals).toBeLessThan(700);
    // The rest are drawn like any arguments: other spenders too.
    expect(all.some(([spender]) => SENDERS.includes(spender as string))).toBe(true);
  });

  test('without deployed contracts, or for other functions, arguments are drawn as usual', () => {
    const approve = approvals[0];
    const plain = Array.from({ length: 300 }, () => generateInputs(approve, context('plain')).args);
    expect(plain.filter(([, amount]) => amount === unlimited).length).toBeLessThan(60);
    const transfer = callTargets(parseAbi(['function transfer(address to, uint256 amount)']))[0];
    const ctx = { ...context('transfer'), contracts: [CONTRACT] };
    const transfers = Array.from({ length: 300 }, () => generateInputs(transfer, ctx).args);
    expect(transfers.filter(([to, amount]) => to === CONTRACT && amount === unlimited).length).toBeLessThan(10);
  });
});
