import { ComparisonInterest } from '../../../src/fuzz/campaign/comparisonInterest.js';
import type { Call } from '../../../src/abi/types.js';
import type { BranchComparison, StorageAccess, StorageWrite, TxResult } from '../../../src/evm/types.js';
import { Op } from '../../../src/bytecode/opcodes.js';

/** The changed line's comparison is at pc 100 of code 0; its store at pc 120. */
const interest = () => new ComparisonInterest(new Map([[0, new Set([100, 120])]]));

const call = (name: string): Call =>
  ({
    sender: 0,
    to: 0,
    target: { kind: 'function', signature: `${name}(uint256)`, fn: { type: 'function', name, inputs: [], outputs: [], stateMutability: 'nonpayable' } },
    args: [],
    value: 0n,
    blockDelay: 0,
    timeDelay: 0,
  }) as unknown as Call;

const at = (pc: number, slot: bigint): StorageAccess => ({ codeId: 0, pc, address: '0x01', slot, origin: 'plain', key: 0n, base: 0n });

function tx(parts: { comparisons?: [bigint, bigint][]; sloads?: bigint[]; sstores?: [number, bigint][]; reverted?: boolean }): TxResult {
  const comparisons: BranchComparison[] = (parts.comparisons ?? []).map(([left, right]) => ({
    codeId: 0,
    pc: 104,
    cmpPc: 100,
    op: Op.GT,
    left,
    right,
    negations: 0,
    taken: left > right,
  }));
  const sstores: StorageWrite[] = (parts.sstores ?? []).map(([pc, slot]) => ({ ...at(pc, slot), value: 1n }));
  return {
    outcome: parts.reverted ? { kind: 'revert' } : { kind: 'success' },
    trace: { comparisons, sloads: (parts.sloads ?? []).map((slot) => at(10, slot)), sstores },
  } as unknown as TxResult;
}

describe('ComparisonInterest', () => {
  it('finds a sequence worth comparing when it ran a changed line, and novel when its changed comparison first meets its operands', () => {
    const seen = interest();
    seen.observe(tx({}), false);
    expect(seen.end([call('other')])).toEqual({ worth: false, novel: false });
    seen.observe(tx({ comparisons: [[9n, 1n]] }), true);
    expect(seen.end([call('lookup')])).toEqual({ worth: true, novel: true });
    // The same function, operands apart again: worth comparing, nothing new.
    seen.observe(tx({ comparisons: [[7n, 1n]] }), true);
    expect(seen.end([call('lookup')])).toEqual({ worth: true, novel: false });
    seen.observe(tx({ comparisons: [[1n, 1n]] }), true);
    expect(seen.end([call('lookup')])).toEqual({ worth: true, novel: true });
    seen.observe(tx({ comparisons: [[2n, 1n]] }), true);
    expect(seen.end([call('lookup')])).toEqual({ worth: true, novel: true });
  });

  it('finds a sequence worth comparing when it reads a slot a changed line wrote, though it runs no changed line', () => {
    const seen = interest();
    seen.observe(tx({ sloads: [5n] }), false);
    expect(seen.end([call('read')]).worth).toBe(false);
    // A reverted write leaves nothing: the slot is not the changed line's yet.
    seen.observe(tx({ sstores: [[120, 5n]], reverted: true }), true);
    seen.end([call('write')]);
    seen.observe(tx({ sloads: [5n] }), false);
    expect(seen.end([call('read')]).worth).toBe(false);
    // The first write there is the state a later read needs: a novel sequence, compared first.
    seen.observe(tx({ sstores: [[120, 5n]] }), true);
    expect(seen.end([call('write')])).toEqual({ worth: true, novel: true });
    seen.observe(tx({ sstores: [[120, 5n]] }), true);
    seen.observe(tx({ sloads: [5n] }), false);
    expect(seen.end([call('write'), call('read')])).toEqual({ worth: true, novel: true });
    // Another sequence reading it, in a function that read it before: worth comparing, nothing new.
    seen.observe(tx({ sloads: [5n] }), false);
    expect(seen.end([call('read')])).toEqual({ worth: true, novel: false });
    seen.observe(tx({ sloads: [6n] }), false);
    expect(seen.end([call('read')]).worth).toBe(false);
  });
});
