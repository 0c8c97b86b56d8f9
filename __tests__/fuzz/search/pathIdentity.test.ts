import { revertedPrefix, sequencePathId, stateSetters, storageStateId, txStep, type TxStep } from '../../../src/fuzz/corpus/pathIdentity.js';
import { toTx } from '../../../src/fuzz/campaign/sequenceRunner.js';
import type { Call } from '../../../src/abi/types.js';
import { deploy } from '../harveyHarness.js';

const step = (pathId: string, kind: 'set' | 'read' | 'revert'): TxStep => ({ pathId, reverted: kind === 'revert', changedState: kind === 'set' });

describe('sequencePathId', () => {
  const steps = [step('a', 'set'), step('b', 'revert'), step('c', 'read'), step('d', 'set'), step('e', 'revert')];

  it('is the last transaction alone until the function needs state (Harvey Sect. 5)', () => {
    expect(sequencePathId(steps, false)).toBe('e');
  });

  it('then adds the transactions before it that changed state, and only those', () => {
    expect(sequencePathId(steps, true)).toBe('a|d|e');
    // Reverted or read-only calls interleaved anywhere leave the identity alone.
    expect(sequencePathId([step('x', 'revert'), steps[0], step('y', 'read'), ...steps.slice(1)], true)).toBe('a|d|e');
  });

  it('is empty for an empty sequence', () => {
    expect(sequencePathId([], true)).toBe('');
  });
});

describe('storageStateId', () => {
  it('is the path with the state its transaction read, and nothing for a transaction that read no storage', () => {
    expect(storageStateId('e', '0xab:0=1')).toBe('e@0xab:0=1');
    expect(storageStateId('e', '0xab:0=1')).not.toBe(storageStateId('f', '0xab:0=1'));
    expect(storageStateId('e', '')).toBeUndefined();
  });
});

describe('stateSetters and revertedPrefix', () => {
  it('find the calls that set state, and the reverted calls before the last one', () => {
    const steps = [step('a', 'revert'), step('b', 'set'), step('c', 'read'), step('d', 'revert'), step('e', 'revert')];
    expect(stateSetters(steps)).toEqual([1]);
    expect(revertedPrefix(steps)).toEqual([0, 3]);
  });
});

describe('txStep on the real EVM (LongSequence)', () => {
  it('tells a reverted call, a state-changing call and a read-only call apart', async () => {
    const { executor, call } = await deploy('LongSequence');
    executor.reset();
    const early = call('step2', [1n]);
    const right = call('step1', [0x5eed0000n - 0x1111n]);
    const read = call('stage');
    const results = [];
    for (const c of [early, right, read]) results.push(txStep(await executor.run(toTx(c)), c));
    expect(results.map((r) => [r.reverted, r.changedState])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    expect(results[1].pathId).not.toBe(results[0].pathId);
  });

  it('counts a call that moved ether as changing state, without a storage write (BonusCodeWallet receive)', async () => {
    const { executor } = await deploy('BonusCodeWallet');
    executor.reset();
    const paid: Call = { sender: 1, to: 0, target: { kind: 'receive' }, args: [], value: 1n, blockDelay: 0, timeDelay: 0 };
    const result = await executor.run(toTx(paid));
    expect([...result.trace.sstores]).toEqual([]);
    expect(txStep(result, paid)).toMatchObject({ reverted: false, changedState: true });
    expect(txStep(result, { ...paid, value: 0n })).toMatchObject({ reverted: false, changedState: false });
  });
});
