import { propertyFunctions } from '../../../src/oracles/property.js';
import { encodeFunctionData, parseAbi, type Abi, toFunctionSelector, type AbiFunction } from 'viem';
import { abiType, callTargets, decodeArgs, decodeBool, encodeCall, formatArgs, functionTarget, isPayable, signature } from '../../../src/abi/encoding.js';
import type { AbiValue, Call, CallTarget } from '../../../src/abi/types.js';

const abi: Abi = parseAbi([
  'struct Inner { bytes data; string[] tags; }',
  'struct Order { address maker; uint256 amount; Inner inner; }',
  'function numbers(uint8 a, uint256 b, int8 c, int256 d)',
  'function simple(address a, bool b, bytes1 c, bytes32 d, bytes e, string f)',
  'function arrays(uint256[3] a, address[] b, uint16[2][] c, bytes[] d)',
  'function settle(Order o, Order[] os) payable',
  'function pair((address,uint256) p)',
  'function total() view returns (uint256)',
  'function pureOne() pure returns (uint256)',
  'function property_solvent() view returns (bool)',
  'function echidna_ok() returns (bool)',
  'function property_notAProperty(uint256 x) view returns (bool)',
  'function callback(function f)',
  'fallback() external payable',
  'receive() external payable',
]);

function fn(name: string): AbiFunction {
  return abi.find((item): item is AbiFunction => item.type === 'function' && item.name === name)!;
}

function call(name: string, args: AbiValue[]): Call {
  return { sender: 0, to: 0, target: functionTarget(fn(name)), args, value: 0n, blockDelay: 0, timeDelay: 0 };
}

const ADDRESS = '0x00000000000000000000000000000000000000aa';
const inner: AbiValue = ['0xdeadbeef', ['a', '', 'ünïcode']];
const order: AbiValue = [ADDRESS, 10n ** 30n, inner];

/** One call per type family, nested tuple arrays and structs included. */
const roundTrips: [string, AbiValue[]][] = [
  ['numbers', [255n, 2n ** 256n - 1n, -128n, -(2n ** 255n)]],
  ['simple', [ADDRESS, true, '0x7f', `0x${'ab'.repeat(32)}`, '0x', 'hello']],
  [
    'arrays',
    [
      [1n, 2n, 3n],
      [ADDRESS, '0x0000000000000000000000000000000000000000'],
      [
        [1n, 65535n],
        [0n, 7n],
      ],
      ['0x01', '0x'],
    ],
  ],
  ['settle', [order, [order, [ADDRESS, 0n, ['0x', []]]]]],
  ['pair', [[ADDRESS, 5n]]],
  // Strings holding raw bytes (no valid UTF-8), alone and nested in a struct's string array.
  ['simple', [ADDRESS, false, '0x00', `0x${'00'.repeat(32)}`, '0xf8', 'a\udcf8\udcc3']],
  ['settle', [[ADDRESS, 1n, ['0x', ['\udcff', 'ok']]], []]],
];

describe('abi', () => {
  test.each(roundTrips)('%s encodes and decodes back to the same values', (name, args) => {
    const data = encodeCall(call(name, args));
    expect(decodeArgs(fn(name), data)).toEqual(args);
  });

  test('array-shaped tuples encode exactly as viem encodes named objects', () => {
    const named = {
      maker: ADDRESS,
      amount: 10n ** 30n,
      inner: { data: '0xdeadbeef', tags: ['a', '', 'ünïcode'] },
    } as const;
    const expected = encodeFunctionData({ abi, functionName: 'settle', args: [named, [named]] });
    const actual = encodeCall(call('settle', [order, [order]]));
    expect(Buffer.from(actual).toString('hex')).toBe(expected.slice(2));
  });

  test('a string holding raw bytes is encoded as those bytes: length word, then the bytes left-aligned', () => {
    const data = Buffer.from(encodeCall(call('simple', [ADDRESS, false, '0x00', `0x${'00'.repeat(32)}`, '0x', 'A\udcf8']))).toString('hex');
    expect(data.slice(-128)).toBe(`${'0'.repeat(63)}2${'41f8'.padEnd(64, '0')}`);
  });

  test('call targets: every function with supported types but properties, then fallback and receive', () => {
    const targets = callTargets(abi);
    const names = targets.map((t) => (t.kind === 'function' ? t.fn.name : t.kind));
    expect(names).toEqual(['numbers', 'simple', 'arrays', 'settle', 'pair', 'total', 'pureOne', 'property_notAProperty', 'fallback', 'receive']);
    const settle = targets[3] as Extract<CallTarget, { kind: 'function' }>;
    expect(settle.selector).toBe(toFunctionSelector(fn('settle')));
    expect(settle.signature).toBe('settle((address,uint256,(bytes,string[])),(address,uint256,(bytes,string[]))[])');
    expect(targets.map(isPayable)).toEqual([false, false, false, true, false, false, false, false, true, true]);
  });

  test('a non-payable fallback takes no value', () => {
    const [fallback] = callTargets(parseAbi(['fallback() external']));
    expect(fallback).toEqual({ kind: 'fallback', data: '0x', payable: false });
    expect(isPayable(fallback)).toBe(false);
  });

  test('property functions: property_/echidna_ prefix, no inputs, one bool', () => {
    expect(propertyFunctions(abi, 0, 0).map((f) => f.name)).toEqual(['property_solvent', 'echidna_ok']);
  });

  test('signatures expand tuples', () => {
    expect(signature(fn('pair'))).toBe('pair((address,uint256))');
    expect(signature(fn('arrays'))).toBe('arrays(uint256[3],address[],uint16[2][],bytes[])');
  });

  test('calldata is computed once per call object', () => {
    const c = call('pair', [[ADDRESS, 5n]]);
    expect(encodeCall(c)).toBe(encodeCall(c));
    const changed = { ...c, args: [[ADDRESS, 6n]] };
    expect(decodeArgs(fn('pair'), encodeCall(changed))).toEqual([[ADDRESS, 6n]]);
  });

  test('fallback and receive calldata', () => {
    const base = { sender: 0, to: 0, args: [], value: 0n, blockDelay: 0, timeDelay: 0 };
    expect(encodeCall({ ...base, target: { kind: 'fallback', data: '0x12345678ff' } })).toEqual(Uint8Array.from([0x12, 0x34, 0x56, 0x78, 0xff]));
    expect(encodeCall({ ...base, target: { kind: 'receive' } })).toEqual(new Uint8Array(0));
  });

  test('decodeBool accepts exactly one ABI bool', () => {
    const word = (last: number): Uint8Array => {
      const w = new Uint8Array(32);
      w[31] = last;
      return w;
    };
    expect(decodeBool(word(1))).toBe(true);
    expect(decodeBool(word(0))).toBe(false);
    expect(decodeBool(word(2))).toBeUndefined();
    expect(decodeBool(new Uint8Array(0))).toBeUndefined();
    expect(decodeBool(new Uint8Array(64))).toBeUndefined();
    const dirty = word(1);
    dirty[0] = 1;
    expect(decodeBool(dirty)).toBeUndefined();
  });

  test('formatArgs is JSON-friendly', () => {
    const formatted = formatArgs([order, [order]], fn('settle').inputs);
    expect(JSON.parse(JSON.stringify(formatted))).toEqual([
      [ADDRESS, '1000000000000000000000000000000', ['0xdeadbeef', ['a', '', 'ünïcode']]],
      [[ADDRESS, '1000000000000000000000000000000', ['0xdeadbeef', ['a', '', 'ünïcode']]]],
    ]);
    expect(formatArgs([-5n, true], [{ type: 'int8' }, { type: 'bool' }])).toEqual(['-5', true]);
  });

  test('abiType parses widths, fixed and nested arrays', () => {
    expect(abiType({ type: 'int24' })).toEqual({ kind: 'int', bits: 24 });
    expect(abiType({ type: 'bytes7' })).toEqual({ kind: 'fixedBytes', size: 7 });
    const nested = abiType({ type: 'uint8[2][]' });
    expect(nested).toMatchObject({ kind: 'array', length: undefined, element: { type: 'uint8[2]' } });
    expect(() => abiType({ type: 'function' })).toThrow(/unsupported/);
    expect(() => abiType({ type: 'uint7' })).toThrow(/unsupported/);
  });
});
