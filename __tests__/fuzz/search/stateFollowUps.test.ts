/**
 * StateFollowUps on LongSequence's real traces: step2 run on the deployed state compares the stage it
 * read (0) with the stage it wants (1); once two calls have compared it with 1, an input that leaves
 * stage 1 (step1 with the right key) is followed up by that step2 call, once. A state holding only
 * what a call brought or stored itself is not. On Baz (Harvey Fig. 1) the counter `calls` meets
 * values that move from call to call at one comparison site (its overflow check compares it with its
 * next value): no state of it is followed up.
 */
import type { Executor } from '../../../src/evm/executor.js';
import type { TxResult } from '../../../src/evm/types.js';
import { toTx } from '../../../src/fuzz/campaign/sequenceRunner.js';
import { functionKey, slotsRead, slotsWritten, type StorageSlot } from '../../../src/fuzz/harvey/ddsf.js';
import { FOLLOW_UP_SHARE, StateFollowUps } from '../../../src/fuzz/harvey/stateFollowUps.js';
import type { Call, TxSequence } from '../../../src/abi/types.js';
import { deploy, type Deployed } from '../harveyHarness.js';

let steps: Deployed;
let baz: Deployed;
let executor: Executor;

beforeAll(async () => {
  steps = await deploy('LongSequence');
  baz = await deploy('Fig1Paths');
});

beforeEach(() => {
  executor = steps.executor;
});

const STEP1_KEY = 0x5eed0000n - 0x1111n;
const valueOf = (slot: StorageSlot) => executor.getStorage(slot.address, slot.slot);
const names = (input: readonly Call[] | undefined) => input?.map((c) => (c.target.kind === 'function' ? c.target.fn.name : c.target.kind));

/** Runs `sequence` from the snapshot; the last transaction's result (its trace still intact). */
async function run(sequence: TxSequence): Promise<TxResult> {
  executor.reset();
  let last: TxResult | undefined;
  for (const call of sequence) last = await executor.run(toTx(call));
  return last!;
}

/** Runs `setup` then `call` and lets `followUps` observe what the call read and compared. */
async function observe(followUps: StateFollowUps, call: Call, setup: TxSequence = []): Promise<void> {
  const { trace } = await run([...setup, call]);
  followUps.observe(functionKey(call), call, slotsRead(trace), trace.comparisons, trace.sstores, valueOf);
}

/** Lets `followUps` observe two calls of LongSequence's `name` on the deployed state (arguments 5 and 6, neither a stage). */
async function observeTwice(followUps: StateFollowUps, name: string): Promise<void> {
  await observe(followUps, steps.call(name, [5n]));
  await observe(followUps, steps.call(name, [6n]));
}

/** Runs `setup` and offers the state it left (all of its calls set it up). */
async function offer(followUps: StateFollowUps, setup: TxSequence): Promise<void> {
  const written: StorageSlot[] = [];
  executor.reset();
  for (const call of setup) written.push(...slotsWritten((await executor.run(toTx(call))).trace));
  followUps.offer(written, valueOf, () => setup);
}

describe('StateFollowUps', () => {
  it('follows a state holding the stage a step compared its stage with up by that step, once per function, slot and value', async () => {
    const followUps = new StateFollowUps(8, 1);
    const step2 = steps.call('step2', [5n]);
    await observe(followUps, steps.call('step2', [6n]));
    await observe(followUps, step2);
    await offer(followUps, [steps.call('step1', [STEP1_KEY + 1n])]); // wrong key: stage stays 0
    expect(followUps.next(1000)).toBeUndefined();
    const setup = [steps.call('step1', [STEP1_KEY])];
    await offer(followUps, setup);
    const input = followUps.next(1000);
    expect(input).toEqual([...setup, step2]);
    expect(followUps.next(1000)).toBeUndefined();
    expect(followUps.ran).toBe(1);
    // The follow-up passes the stage check: step2 now fails on its key, not on the stage.
    const { outcome } = await run(input!);
    expect(outcome.kind).toBe('revert');
    expect(Buffer.from((outcome as { data: Uint8Array }).data).toString()).toContain('wrong key');
    // Another input reaching stage 1 asks for nothing more.
    await offer(followUps, [steps.call('step1', [STEP1_KEY]), steps.call('step1', [3n])]);
    expect(followUps.next(1000)).toBeUndefined();
  });

  it('follows up only the functions that compared the value the slot holds, and not setups without room for the call', async () => {
    const followUps = new StateFollowUps(2, 1);
    await observeTwice(followUps, 'step2');
    await observeTwice(followUps, 'step3');
    await offer(followUps, [steps.call('step1', [STEP1_KEY])]);
    // step3 compared stage 0 with 2, not 1: only step2 is due.
    expect(names(followUps.next(1000))).toEqual(['step1', 'step2']);
    expect(followUps.next(1000)).toBeUndefined();
    // Stage 1 again, set up by two calls: no room for step2 within two transactions.
    const full = new StateFollowUps(2, 1);
    await observeTwice(full, 'step2');
    await offer(full, [steps.call('step1', [STEP1_KEY]), steps.call('step1', [STEP1_KEY])]);
    expect(full.next(1000)).toBeUndefined();
  });

  it('leaves out operands the call brought itself', async () => {
    const followUps = new StateFollowUps(8, 1);
    // These step2s' argument is the stage they compare with: a state holding it counts as their own doing.
    await observe(followUps, steps.call('step2', [1n]));
    await observe(followUps, steps.call('step2', [1n]));
    await offer(followUps, [steps.call('step1', [STEP1_KEY])]);
    expect(followUps.next(1000)).toBeUndefined();
  });

  it('takes at most its share of the transactions spent, and resumes as more are spent', async () => {
    const followUps = new StateFollowUps(8);
    await observeTwice(followUps, 'step2');
    await offer(followUps, [steps.call('step1', [STEP1_KEY])]);
    // One input of 2 transactions: 16 spent allow it at p_a = 1/8.
    expect(FOLLOW_UP_SHARE).toBe(0.125);
    expect(followUps.next(15)).toBeUndefined();
    expect(names(followUps.next(16))).toEqual(['step1', 'step2']);
    expect(followUps.next(1000)).toBeUndefined();
  });

  it('waits until a comparison site has compared the slot with the same value twice', async () => {
    const followUps = new StateFollowUps(8, 1);
    const setup = [steps.call('step1', [STEP1_KEY])];
    await observe(followUps, steps.call('step2', [5n]));
    await offer(followUps, setup);
    expect(followUps.next(1000)).toBeUndefined();
    await observe(followUps, steps.call('step2', [6n]));
    await offer(followUps, setup);
    expect(names(followUps.next(1000))).toEqual(['step1', 'step2']);
  });

  it("follows no state of Baz's call counter up: the values it met move from call to call at each site", async () => {
    executor = baz.executor;
    const followUps = new StateFollowUps(8, 1);
    // baz(1000, 3, -5) on 0..4 earlier calls: the counter's overflow check compares 0 with 1, 1 with 2, …
    const call = (a: bigint) => baz.call('baz', [a, 3n, -5n]);
    for (let calls = 0; calls < 5; calls++) {
      for (const a of [1000n, 1001n])
        await observe(
          followUps,
          call(a),
          Array.from({ length: calls }, () => call(7000n)),
        );
    }
    for (let calls = 1; calls <= 5; calls++)
      await offer(
        followUps,
        Array.from({ length: calls }, () => call(7000n)),
      );
    expect(followUps.next(1000)).toBeUndefined();
    expect(followUps.ran).toBe(0);
  });
});
