import type { AbiParameter } from 'viem';
import { candidateVectors, constructorChoices, parameterChoices, type ArgumentContext } from '../../src/deploy/constructorArgs.js';
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

describe('the accounts the fuzzer controls hold roles and are paid', () => {
  const ATTACKER = '0x00000000000000000000000000000000000000cc';
  const [deployer, alice, bob] = SENDER_ADDRESSES;
  const withAttacker: ArgumentContext = { ...ctx, attacker: ATTACKER };

  it.each([
    // A role: the deployer first (owner-only calls stay a sender's), the attacker an alternative.
    [param('address', 'owner_'), [deployer, alice, ATTACKER, TOKEN]],
    [param('address', 'guardian'), [deployer, alice, ATTACKER, TOKEN]],
    // Paid: the attacker first, so that a payment to it can re-enter.
    [param('address', 'beneficiary'), [ATTACKER, alice, deployer, TOKEN]],
    [param('address', 'payee', 'address payable'), [ATTACKER, alice, deployer, TOKEN]],
    // Neither: a contract first, as before; the attacker is not a candidate.
    [param('address', 'weth'), [WETH, deployer, alice, TOKEN]],
  ])('%o → %o', (p, expected) => {
    expect(parameterChoices(p, withAttacker)).toEqual(expected);
  });

  it('without an attacker (the contract makes no call), a payee is a sender', () => {
    expect(parameterChoices(param('address', 'beneficiary'), ctx)).toEqual([alice, deployer, TOKEN, WETH]);
  });

  it('a list of payees or role holders is every sender, deployer first, then the attacker; other arrays of the constructor as long', () => {
    const params = [param('address[]', 'payees'), param('uint256[]', 'shares_'), param('address', 'owner'), param('address[]', 'path')];
    const { choices, inStep } = constructorChoices(params, withAttacker);
    const E = 10n ** 18n;
    expect(choices[0]).toEqual([[deployer, alice, bob, ATTACKER], [ATTACKER], []]);
    expect(choices[1]).toEqual([[E, E, E, E], [E], []]);
    // Addresses in a list differ (a duplicate is often refused); a list that names no holders takes contracts first.
    expect(choices[3]).toEqual([[TOKEN, deployer, alice, WETH], [TOKEN], []]);
    expect(inStep).toEqual([0, 1, 3]);
    // A minters list in a contract that makes no call: the senders only.
    expect(constructorChoices([param('address[]', 'minters', 'address payable[]')], ctx).choices[0][0]).toEqual([deployer, alice, bob]);
  });

  it('without a list of holders, dynamic arrays keep one element first; contract-typed lists are not holders', () => {
    const { choices, inStep } = constructorChoices([param('address[]', 'owners', 'contract IERC20[]'), param('uint256[]', 'amounts')], withAttacker);
    expect(choices).toEqual([
      [[TOKEN], []],
      [[10n ** 18n], []],
    ]);
    expect(inStep).toEqual([0, 1]);
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

  it('tries the arrays in step: their lengths stay equal in every vector', () => {
    const arrays = [
      [['a', 'b'], ['a'], []],
      [true, false],
      [[1n, 1n], [1n], []],
    ];
    const vectors = candidateVectors(arrays, new Rng(1), 16, [0, 2]);
    expect(vectors.slice(0, 4)).toEqual([
      [['a', 'b'], true, [1n, 1n]],
      [['a'], true, [1n]],
      [[], true, []],
      [['a', 'b'], false, [1n, 1n]],
    ]);
    expect(vectors).toHaveLength(6);
    for (const v of vectors) expect((v[0] as unknown[]).length).toBe((v[2] as unknown[]).length);
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
