import {
  AGGRESSIVE_PROBABILITY,
  aggressiveRun,
  comparedValues,
  DemandDrivenState,
  functionKey,
  LENGTHENING_MUTATIONS,
  slotsRead,
  slotsWritten,
  storageFingerprint,
} from '../../../src/fuzz/harvey/ddsf.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { MUTATION_WEIGHTS } from '../../../src/fuzz/inputs/mutations.js';
import { Rng } from '../../../src/rng.js';
import { toTx } from '../../../src/fuzz/campaign/sequenceRunner.js';
import type { TxSequence } from '../../../src/abi/types.js';
import { deploy, type Deployed } from '../harveyHarness.js';

describe('DemandDrivenState', () => {
  test('aggressive mode runs with probability p_a = 0.125', () => {
    const state = new DemandDrivenState();
    const rng = new Rng(3);
    let runs = 0;
    for (let i = 0; i < 10000; i++) if (state.shouldRunAggressive(rng, 'f')) runs++;
    expect(AGGRESSIVE_PROBABILITY).toBe(0.125);
    expect(runs / 10000).toBeGreaterThan(0.11);
    expect(runs / 10000).toBeLessThan(0.14);
  });

  test('aggressive mode never runs for an enabled function: it has nothing left to show', () => {
    const state = new DemandDrivenState({ probability: 1 });
    const rng = new Rng(3);
    state.enable('f');
    expect(state.shouldRunAggressive(rng, 'f')).toBe(false);
    expect(state.shouldRunAggressive(rng, 'g')).toBe(true);
  });

  test('coverage is kept per function; newEdges only looks', () => {
    const state = new DemandDrivenState();
    expect(state.recordCoverage('0xaaaaaaaa', [1, 2, 3])).toBe(3);
    expect(state.recordCoverage('0xaaaaaaaa', [2, 3, 4])).toBe(1);
    expect(state.newEdges('0xaaaaaaaa', [4, 5, 6])).toBe(2);
    expect(state.newEdges('0xaaaaaaaa', [5])).toBe(1);
    expect(state.newEdges('0xbbbbbbbb', [1])).toBe(1);
  });

  test('lengthening mutations are off until the function is enabled', () => {
    const state = new DemandDrivenState();
    const off = state.sequenceMutationWeights('0xaaaaaaaa');
    for (const kind of LENGTHENING_MUTATIONS) expect(off[kind]).toBe(0);
    expect(off['mutate-arg']).toBe(MUTATION_WEIGHTS['mutate-arg']);
    expect(off['drop-call']).toBe(MUTATION_WEIGHTS['drop-call']);
    state.enable('0xaaaaaaaa');
    expect(state.enabledFor('0xaaaaaaaa')).toBe(true);
    expect(state.sequenceMutationWeights('0xaaaaaaaa')).toBe(MUTATION_WEIGHTS);
    expect(state.sequenceMutationWeights('0xbbbbbbbb')['insert-call']).toBe(0);
  });

  test('pools take inputs that leave a new storage state, and feed prefixes', () => {
    const state = new DemandDrivenState({ poolLimit: 2 });
    const rng = new Rng(1);
    expect(state.drawPrefix(rng)).toBeUndefined();
    const call = (sender: number) => ({ sender, to: 0, target: { kind: 'receive' as const }, args: [], value: 0n, blockDelay: 0, timeDelay: 0 });
    expect(state.offer([call(0), call(1)], 's1')).toBe(true);
    expect(state.offer([call(2)], 's1')).toBe(false);
    expect(state.offer([call(2)], 's2')).toBe(true);
    expect(state.offer([call(0)], 's3')).toBe(true);
    expect(state.poolSizes).toEqual({ transactions: 2, sequences: 2 });
    const drawn = new Set<string>();
    for (let i = 0; i < 50; i++) drawn.add(JSON.stringify(state.drawPrefix(rng)!.map((c) => c.sender)));
    expect([...drawn].sort()).toEqual(['[0]', '[2]']);
  });
});

describe('aggressive mode on Harvey Fig. 2', () => {
  let foo: Deployed;
  let dictionary: Dictionary;

  beforeAll(async () => {
    foo = await deploy('Fig2StateBug');
    dictionary = new Dictionary();
    dictionary.mineBytecode(foo.executor.deployments[0].code);
  });

  /** A regular run: records the last call's coverage and returns the slots it read. */
  async function regular(state: DemandDrivenState, sequence: TxSequence) {
    foo.executor.reset();
    let result;
    for (const call of sequence) result = await foo.executor.run(toTx(call));
    state.recordCoverage(functionKey(sequence[sequence.length - 1]), result!.trace.edges);
    return slotsRead(result!.trace);
  }

  test('fuzzing the slot Bar reads reaches x == 42, which enables sequences ending in Bar', async () => {
    const state = new DemandDrivenState();
    const bar = [foo.call('Bar')];
    const slots = await regular(state, bar);
    expect(slots.map((s) => s.slot)).toEqual([0n]);
    const rng = new Rng('aggressive');
    let enabledAt = -1;
    for (let attempt = 0; attempt < 300 && enabledAt < 0; attempt++) {
      const outcome = await aggressiveRun({ executor: foo.executor, state, sequence: bar, slots, rng, dictionary });
      expect(outcome?.transactions).toBe(1);
      if (outcome?.enabled) {
        enabledAt = attempt;
        expect(outcome.writes).toEqual([{ address: foo.executor.deployments[0].address, slot: 0n, value: 42n }]);
        expect(outcome.result.outcome.kind).toBe('revert');
      }
    }
    expect(enabledAt).toBeGreaterThanOrEqual(0);
    expect(state.enabledFor(functionKey(bar[0]))).toBe(true);
    expect(state.sequenceMutationWeights(functionKey(bar[0]))['insert-call']).toBeGreaterThan(0);
    expect(state.aggressiveRuns).toBe(enabledAt + 1);
  });

  test("without dictionary words, the value x was compared with flips Bar's check: aggressive mode fuzzes the state as an input", async () => {
    const bar = [foo.call('Bar')];
    /** Aggressive runs until one enables Bar (at most 20), with or without what Bar's regular run compared. */
    async function enablingRun(withComparisons: boolean): Promise<number | undefined> {
      const state = new DemandDrivenState();
      const slots = await regular(state, bar);
      const comparisons = withComparisons ? comparedValues(foo.executor.lastTrace()) : undefined;
      const rng = new Rng('partners');
      for (let attempt = 0; attempt < 20; attempt++) {
        const outcome = await aggressiveRun({ executor: foo.executor, state, sequence: bar, slots, rng, comparisons });
        if (outcome?.enabled) {
          expect(outcome.writes.map((w) => w.value)).toEqual([42n]);
          return attempt;
        }
      }
      return undefined;
    }
    expect(await enablingRun(true)).toBeLessThan(20);
    expect(await enablingRun(false)).toBeUndefined();
  });

  test('a function that reads no storage is left alone', async () => {
    const state = new DemandDrivenState();
    const setY = [foo.call('SetY', [5n])];
    const slots = await regular(state, setY);
    expect(slots).toEqual([]);
    expect(await aggressiveRun({ executor: foo.executor, state, sequence: setY, slots, rng: new Rng(1) })).toBeUndefined();
    expect(state.aggressiveRuns).toBe(0);
  });

  test('a function reading a slot a pooled input wrote is enabled without an aggressive hit; one reading nothing is not', async () => {
    const state = new DemandDrivenState();
    const barReads = await regular(state, [foo.call('Bar')]);
    const copyReads = await regular(state, [foo.call('CopyY')]);
    const setYReads = await regular(state, [foo.call('SetY', [5n])]);
    // Nothing pooled yet: nothing before Bar could change what it reads.
    expect(state.enableIfDependent(functionKey(foo.call('Bar')), barReads)).toBe(false);

    foo.executor.reset();
    const incX = foo.call('IncX');
    const written = slotsWritten((await foo.executor.run(toTx(incX))).trace);
    expect(state.offer([incX], storageFingerprint(foo.executor, written), written)).toBe(true);
    expect(state.drawTransaction(new Rng(1))).toEqual(incX);

    expect(state.enableIfDependent(functionKey(foo.call('Bar')), barReads)).toBe(true);
    expect(state.enableIfDependent(functionKey(foo.call('Bar')), barReads)).toBe(false); // already enabled
    // CopyY reads y, which only SetY writes (not pooled); SetY reads nothing.
    expect(state.enableIfDependent(functionKey(foo.call('CopyY')), copyReads)).toBe(false);
    expect(state.enableIfDependent(functionKey(foo.call('SetY')), setYReads)).toBe(false);
    expect(state.enabledFunctions).toEqual([functionKey(foo.call('Bar'))]);
  });

  test('the prefix runs before the storage is fuzzed; fingerprints tell storage states apart', async () => {
    const state = new DemandDrivenState();
    const written = async (sequence: TxSequence) => {
      foo.executor.reset();
      const slots = [];
      for (const call of sequence) slots.push(...slotsWritten((await foo.executor.run(toTx(call))).trace));
      return storageFingerprint(foo.executor, slots);
    };
    const a = await written([foo.call('SetY', [42n]), foo.call('CopyY')]);
    expect(a).toBe(await written([foo.call('SetY', [42n]), foo.call('CopyY')]));
    expect(a).not.toBe(await written([foo.call('SetY', [41n]), foo.call('CopyY')]));
    expect(state.offer([foo.call('SetY', [42n]), foo.call('CopyY')], a)).toBe(true);

    // With SetY(42), CopyY() before it, Bar already fails; aggressive mode rewrites x afterwards.
    const sequence = [foo.call('SetY', [42n]), foo.call('CopyY'), foo.call('Bar')];
    const slots = await regular(state, sequence);
    const outcome = await aggressiveRun({ executor: foo.executor, state, sequence, slots, rng: new Rng(2) });
    expect(outcome?.transactions).toBe(3);
    expect(foo.executor.getStorage(foo.executor.deployments[0].address, 1n)).toBe(42n);
  });
});
