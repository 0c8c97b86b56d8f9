import type { AbiParameter } from 'viem';
import { candidateVectors, parameterChoices, type ArgumentContext } from '../../src/deploy/constructorArgs.js';
import { linkCode } from '../../src/deploy/link.js';
import { START_TIMESTAMP } from '../../src/evm/executor.js';
import { SENDER_ADDRESSES } from '../../src/config/chainConfig.js';
import { Rng } from '../../src/rng.js';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const WETH = '0x00000000000000000000000000000000000000bb';
const ctx: ArgumentContext = {
  implementers: new Map([['IERC20', TOKEN]]),
  contracts: [
    { name: 'MockERC20', address: TOKEN },
    { name: 'WETH9', address: WETH },
  ],
  senders: SENDER_ADDRESSES,
};
const param = (type: string, name: string, internalType = type, components?: AbiParameter[]): AbiParameter =>
  ({ type, name, internalType, ...(components ? { components } : {}) }) as AbiParameter;

describe('parameterChoices', () => {
  it.each([
    [param('uint8', 'decimals_'), [18n, 6n, 8n, 0n]],
    [param('uint256', 'initialSupply'), [10n ** 24n, 10n ** 18n, 0n]],
    [param('uint256', 'amount'), [10n ** 18n, 10n ** 24n, 1n, 0n]],
    [param('uint8', 'amount'), [1n, 0n]],
    [param('uint64', 'lockDuration'), [86_400n, 3_600n, 1n, 0n]],
    [param('uint256', 'deadline'), [START_TIMESTAMP + 86_400n, START_TIMESTAMP, 0n]],
    [param('uint16', 'feeBps'), [100n, 0n, 1_000n]],
    [param('int256', 'x'), [1n, 0n, 1_000n, 10n ** 18n, -1n]],
    [param('uint8', 'kind', 'enum Pool.Kind'), [0n, 1n]],
    [param('string', 'name_'), ['Token', '']],
    [param('string', 'symbol_'), ['TKN', '']],
    [param('bool', 'paused'), [true, false]],
    [param('bytes', 'data'), ['0x', '0x01']],
    [param('bytes4', 'tag'), ['0x6c6f6f6b', '0x00000000']],
    [param('address', 'token', 'contract IERC20'), [TOKEN]],
    [param('address', 'owner'), [SENDER_ADDRESSES[0], SENDER_ADDRESSES[1], TOKEN, WETH]],
    [param('address', 'treasury'), [SENDER_ADDRESSES[1], SENDER_ADDRESSES[0], TOKEN, WETH]],
    [param('address', 'weth'), [WETH, SENDER_ADDRESSES[0], SENDER_ADDRESSES[1], TOKEN]],
    [param('address[]', 'tokens', 'contract IERC20[]'), [[TOKEN], []]],
    [
      param('bool[2]', 'flags'),
      [
        [true, true],
        [false, false],
      ],
    ],
    [
      param('tuple', 'config', 'struct Config', [param('uint8', 'decimals'), param('bool', 'on')]),
      [
        [18n, true],
        [6n, true],
        [8n, true],
        [0n, true],
      ],
    ],
  ])('%o → %o', (p, expected) => {
    expect(parameterChoices(p, ctx)).toEqual(expected);
  });

  it('throws on a type no value can be made for', () => {
    expect(() => parameterChoices(param('function', 'callback'), ctx)).toThrow(/unsupported ABI type function/);
  });
});

describe('candidateVectors', () => {
  const choices = [
    [1n, 0n, 1_000n],
    [true, false],
    ['Token', ''],
  ];

  it('starts with the first choices, then varies one parameter at a time, then draws combinations', () => {
    const vectors = candidateVectors(choices, new Rng(1), 16);
    expect(vectors.slice(0, 5)).toEqual([
      [1n, true, 'Token'],
      [0n, true, 'Token'],
      [1_000n, true, 'Token'],
      [1n, false, 'Token'],
      [1n, true, ''],
    ]);
    expect(vectors.length).toBeGreaterThan(5);
    expect(vectors.length).toBeLessThanOrEqual(12);
    expect(new Set(vectors.map((v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}` : x)))).size).toBe(vectors.length);
  });

  it('is bounded and deterministic per seed', () => {
    expect(candidateVectors(choices, new Rng(7), 4)).toHaveLength(4);
    expect(candidateVectors(choices, new Rng(7), 16)).toEqual(candidateVectors(choices, new Rng(7), 16));
    expect(candidateVectors([], new Rng(7), 16)).toEqual([[]]);
  });
});

describe('linkCode', () => {
  it('writes each library address at every offset of its placeholders, leaving the input alone', () => {
    const code = new Uint8Array(64);
    const address = `0x${'ab'.repeat(20)}` as const;
    const linked = linkCode(code, [{ file: 'L.sol', library: 'L', offsets: [2, 40] }], () => address);
    expect(Array.from(linked.subarray(2, 22))).toEqual(Array(20).fill(0xab));
    expect(Array.from(linked.subarray(40, 60))).toEqual(Array(20).fill(0xab));
    expect(linked[22]).toBe(0);
    expect(code.every((b) => b === 0)).toBe(true);
  });
});
