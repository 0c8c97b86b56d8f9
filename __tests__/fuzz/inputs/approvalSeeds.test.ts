import { parseAbi } from 'viem';
import { callTargets, encodeCall } from '../../../src/abi/encoding.js';
import { approvalSeeds } from '../../../src/fuzz/inputs/approvalSeeds.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { Rng } from '../../../src/rng.js';
import type { ValueContext } from '../../../src/fuzz/inputs/values.js';

const token = callTargets(
  parseAbi(['function approve(address spender, uint256 amount) returns (bool)', 'function transfer(address to, uint256 amount) returns (bool)']),
);
const vault = callTargets(
  parseAbi([
    'function deposit(uint256 assets, address receiver) returns (uint256)',
    'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
    'function previewWithdraw(uint256 assets) view returns (uint256)',
  ]),
);
const ADDRESSES = ['0x2000000000000000000000000000000000000001', '0x2000000000000000000000000000000000000002'];
const name = (c: { target: { kind: string; fn?: { name: string } } }) => c.target.fn?.name;

function context(): ValueContext {
  return { rng: new Rng('seeds'), dictionary: new Dictionary(), addresses: ADDRESSES, senders: 3, maxValue: 0n };
}

it("approves the subject for everything, pulls, then calls each of the subject's functions; small non-zero amounts", () => {
  const seeds = approvalSeeds([token, vault], ADDRESSES, 1, context());
  // deposit and permit change state; each is followed by each of the vault's three functions.
  expect(seeds.map((s) => s.map(name))).toEqual(
    ['deposit', 'permit'].flatMap((pull) => ['deposit', 'permit', 'previewWithdraw'].map((next) => ['approve', pull, next])),
  );
  for (const seed of seeds) {
    expect(seed[0]).toMatchObject({ sender: 0, to: 0, args: [ADDRESSES[1], 2n ** 256n - 1n] });
    expect(seed.slice(1).every((c) => c.sender === 0 && c.to === 1)).toBe(true);
    for (const call of seed.slice(1)) {
      // Encodable (a uint8 gets a uint8), and every integer in [1, 2^16).
      expect(() => encodeCall(call)).not.toThrow();
      for (const arg of call.args) if (typeof arg === 'bigint') expect(arg >= 1n && arg < 1n << 16n).toBe(true);
    }
  }
});

it('pairs without follow-up calls when the spender is not the subject, and none without an approval', () => {
  const seeds = approvalSeeds([token, vault], ADDRESSES, 0, context());
  expect(seeds.map((s) => s.map(name))).toEqual([
    ['approve', 'deposit'],
    ['approve', 'permit'],
  ]);
  expect(approvalSeeds([vault, vault], ADDRESSES, 0, context())).toEqual([]);
});
