import type { Call } from '../../../src/abi/types.js';
import type { Address, BalanceRead, BranchComparison, StorageAccess, TxTrace } from '../../../src/evm/types.js';
import { BalanceDemands, holdsField, type Holding } from '../../../src/fuzz/harvey/balanceDemands.js';
import { Op } from '../../../src/bytecode/opcodes.js';

const POOL: Address = '0x00000000000000000000000000000000000000aa';
const TOKEN: Address = '0x00000000000000000000000000000000000000bb';
const OTHER: Address = '0x00000000000000000000000000000000000000cc';
const POOL_CODE = 1;
const RESERVE_SLOT = 2n;
const LOCK_SLOT = 3n;

function fn(name: string, selector: string): Call {
  return {
    sender: 0,
    to: 2,
    target: { kind: 'function', selector, signature: `${name}()`, fn: { type: 'function', name, inputs: [], outputs: [], stateMutability: 'nonpayable' } },
    args: [],
    value: 0n,
    blockDelay: 0,
    timeDelay: 0,
  };
}
const SET_TOKEN = fn('setToken', '0x144fa6d7');
const SYNC = fn('sync', '0xfff6cae9');
const REDEEM = fn('redeem', '0x7bde82f2');

function read(value: bigint, comparisonsBefore = 0, token = TOKEN): BalanceRead {
  return { token, holder: POOL, reader: POOL, value, comparisonsBefore };
}

function access(slot: bigint, value = 0n) {
  return { codeId: POOL_CODE, pc: 9, address: POOL, slot, origin: 'plain' as const, key: 0n, base: 0n, value };
}

/** `left < right` at pc `pc` (its JUMPI at pc + 4), taken as the EVM would. */
function lessThan(left: bigint, right: bigint, pc: number): BranchComparison {
  return { codeId: POOL_CODE, pc: pc + 4, cmpPc: pc, op: Op.LT, left, right, negations: 0, taken: left < right };
}

function trace(parts: Partial<Pick<TxTrace, 'comparisons' | 'sloads' | 'sstores' | 'balanceReads'>>): TxTrace {
  return {
    pathId: '',
    edges: [],
    jumps: new Uint32Array(0),
    jumpsTruncated: false,
    comparisons: parts.comparisons ?? [],
    sloads: (parts.sloads ?? []) as StorageAccess[],
    sstores: parts.sstores ?? [],
    blocks: new Map(),
    effects: [],
    balanceReads: parts.balanceReads ?? [],
    calleeFrames: [],
    calleeJumps: new Uint32Array(0),
  };
}

const world = (storage: Map<bigint, bigint> = new Map()) => ({
  covered: new Set<number>(),
  storageAt: (_address: Address, slot: bigint) => storage.get(slot) ?? 0n,
  codeIdOf: (address: Address) => (address === POOL ? POOL_CODE : 7),
});
const holding = (): Holding => ({ sender: 0, balance: 1n << 80n, token: 0, transfer: SYNC.target });
const isToken = (token: Address) => token === TOKEN;

describe('balance demands (issue 31: the stage learned from what blocks a branch)', () => {
  it('reads a field packed at a byte boundary, and zero only as a zero word', () => {
    const packed = (40_000n << 112n) | 65_000n;
    expect(holdsField(packed, 65_000n)).toBe(true);
    expect(holdsField(packed, 40_000n)).toBe(true);
    expect(holdsField(packed, 12_345n)).toBe(false);
    expect(holdsField(0n, 0n)).toBe(true);
    expect(holdsField(1n, 0n)).toBe(false);
  });

  it('learns a booking from a call that books its own balance, not from a lock it set and cleared', () => {
    const demands = new BalanceDemands();
    // A lock written 0 then 1 and a reserve written the balance read: only the reserve is booked.
    const synced = trace({ balanceReads: [read(500n)], sstores: [access(LOCK_SLOT, 0n), access(RESERVE_SLOT, 500n), access(LOCK_SLOT, 1n)] });
    demands.learn(SYNC, synced, POOL, isToken, () => [SET_TOKEN]);
    // `redeem(out = 900)` compares out with the booked reserve and is refused: follow it up after the booking's setup.
    const refused = trace({ sloads: [access(RESERVE_SLOT), access(LOCK_SLOT)], comparisons: [lessThan(900n, 500n, 40)] });
    const found = demands.demands(
      refused,
      world(
        new Map([
          [RESERVE_SLOT, 500n],
          [LOCK_SLOT, 1n],
        ]),
      ),
    );
    expect(found.map((d) => [d.site, d.token, d.shortfall, d.booking?.call])).toEqual([[`${POOL_CODE}:40`, TOKEN, 401n, SYNC]]);
    const due = demands.due(REDEEM, [], found, () => true);
    const inputs = demands
      .followUps(REDEEM, [], due, holding)
      .map((f) => f.input.map((c) => (c === SYNC ? 'sync' : c === REDEEM ? 'redeem' : c === SET_TOKEN ? 'setToken' : `transfer ${c.args[1]}`)));
    expect(inputs).toEqual([
      ['setToken', 'transfer 401', 'sync', 'redeem'],
      ['setToken', `transfer ${(1n << 80n) >> 4n}`, 'sync', 'redeem'],
      ['setToken', `transfer ${(1n << 80n) >> 32n}`, 'sync', 'redeem'],
    ]);
    // Once per prefix: the same demand after the same setup is not followed up again.
    expect(demands.due(REDEEM, [], found, () => true)).toEqual([]);
  });

  it('books nothing read from an account no sender can send from (a precompile echoing its input)', () => {
    const demands = new BalanceDemands();
    demands.learn(SYNC, trace({ balanceReads: [read(500n, 0, OTHER)], sstores: [access(RESERVE_SLOT, 500n)] }), POOL, isToken, () => []);
    const refused = trace({ sloads: [access(RESERVE_SLOT)], comparisons: [lessThan(900n, 500n, 40)] });
    expect(demands.demands(refused, world(new Map([[RESERVE_SLOT, 500n]])))).toEqual([]);
  });

  it('asks for a balance compared after it was read by the reader’s own code, on a direction no execution took', () => {
    const demands = new BalanceDemands();
    // The read came after comparison 0 (the dispatcher's, which happens to see the same number).
    const swap = trace({ balanceReads: [read(7n, 1)], comparisons: [lessThan(7n, 100n, 10), lessThan(7n, 8n, 60)] });
    const found = demands.demands(swap, world());
    // 7 < 8 held: 2 more make it 9, which is not.
    expect(found.map((d) => [d.site, d.shortfall, d.booking])).toEqual([[`${POOL_CODE}:60`, 2n, undefined]]);
    const balanceBelow = trace({ balanceReads: [read(5n, 0)], comparisons: [lessThan(9n, 5n, 60)] });
    expect(demands.demands(balanceBelow, world()).map((d) => d.shortfall)).toEqual([5n]);
    const covered = { ...world(), covered: new Set([POOL_CODE * 2 ** 32 + 64 * 2 + 1]) };
    expect(demands.demands(balanceBelow, covered)).toEqual([]);
    // A comparison in another code (the token's own) asks nothing of the pool's balance.
    const inToken = trace({ balanceReads: [read(5n, 0)], comparisons: [{ ...lessThan(9n, 5n, 60), codeId: 7 }] });
    expect(demands.demands(inToken, world())).toEqual([]);
  });
});
