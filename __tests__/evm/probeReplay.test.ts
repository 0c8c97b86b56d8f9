import { jest } from '@jest/globals';
import path from 'node:path';
import { encodeFunctionData, toFunctionSelector, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import { Executor } from '../../src/evm/executor.js';
import type { Tx, TxTrace } from '../../src/evm/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * The executor replays a property probe instead of running it again when the transaction before it
 * changed nothing the property's last run read (`ProbeMemo`). Each step runs the same transaction on
 * an executor that replays and on one that always runs its probes, probes every property of
 * __fixtures__/probes/Watched.sol on both, and checks the answers and the extended traces are equal
 * and which properties really ran.
 */
const PROPERTIES = ['echidna_watched', 'echidna_clock', 'echidna_funds', 'echidna_counted'] as const;

let abi: Abi;
let replaying: Executor;
let live: Executor;
/** Properties `replaying` ran on its EVM since the last step. */
const ran: string[] = [];

beforeAll(async () => {
  const project = await compileProject({ root: path.join(REPO_ROOT, '__fixtures__/probes'), paths: ['Watched.sol'] });
  const watched = project.contracts.find((c) => c.name === 'Watched')!;
  abi = watched.abi as Abi;
  const request = { name: 'Watched', abi, creationCode: watched.creation.bytecode };
  replaying = await Executor.create([request]);
  live = await Executor.create([request]);
  const view = live.view.bind(live);
  live.probe = (to, data, sender) => view(to, data, sender, { extendLastTrace: true });
  const replayingView = replaying.view.bind(replaying);
  jest.spyOn(replaying, 'view').mockImplementation((to, data, sender, options) => {
    const name = PROPERTIES.find((p) => toFunctionSelector(`${p}()`) === `0x${Buffer.from(data).toString('hex')}`);
    if (name !== undefined) ran.push(name);
    return replayingView(to, data, sender, options);
  });
});

function tx(functionName: string, args: unknown[] = [], extra: Partial<Tx> = {}): Tx {
  const data = encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  return { sender: 0, to: 0, data: Buffer.from(data.slice(2), 'hex'), value: 0n, blockDelay: 0, timeDelay: 0, ...extra };
}

/** A trace's contents, copied out of the recorder's reused buffers. */
function contents(trace: TxTrace) {
  return {
    pathId: trace.pathId,
    edges: [...trace.edges],
    jumps: [...trace.jumps],
    comparisons: trace.comparisons.map((c) => ({ ...c })),
    sloads: trace.sloads.map((s) => ({ ...s })),
    sstores: trace.sstores.map((s) => ({ ...s })),
    effects: trace.effects.map((e) => ({ ...e })),
    blocks: [...trace.blocks].map(([code, pcs]) => [code, [...pcs]]),
    calleeFrames: trace.calleeFrames.map(({ parent, codeId, callerJumps }) => ({ parent, codeId, callerJumps })),
    calleeJumps: [...trace.calleeJumps],
  };
}

/** Runs `transaction` on both executors and probes every property after it; the properties `replaying` ran. */
async function step(transaction: Tx): Promise<string[]> {
  ran.length = 0;
  await replaying.run(transaction);
  await live.run(transaction);
  for (const name of PROPERTIES) {
    const selector = Buffer.from(toFunctionSelector(`${name}()`).slice(2), 'hex');
    const [replayed, ranLive] = [await replaying.probe(0, selector), await live.probe(0, selector)];
    expect(replayed).toEqual(ranLive);
  }
  expect(contents(replaying.lastTrace())).toEqual(contents(live.lastTrace()));
  return [...ran];
}

function reset(): void {
  replaying.reset();
  live.reset();
}

describe('property probes replayed on an unchanged state', () => {
  it('run a property again exactly when a transaction changed what it read', async () => {
    reset();
    // No records yet: every property runs (here on the snapshot state, the reverted call changed nothing).
    expect(await step(tx('fail'))).toEqual(PROPERTIES);
    expect(await step(tx('setWatched', [1n]))).toEqual(['echidna_watched']);
    // A slot no property reads, a slot rewritten with its value, a reverted write.
    expect(await step(tx('setOther', [5n]))).toEqual([]);
    expect(await step(tx('rewrite'))).toEqual([]);
    expect(await step(tx('fail'))).toEqual([]);
    // The clock property reads the clock only once a deadline is set.
    expect(await step(tx('setOther', [6n], { timeDelay: 60, blockDelay: 1 }))).toEqual([]);
    expect(await step(tx('setDeadline', [1000n]))).toEqual(['echidna_clock']);
    expect(await step(tx('setOther', [7n], { timeDelay: 60 }))).toEqual(['echidna_clock']);
    expect(await step(tx('setOther', [8n]))).toEqual([]);
    // Ether moved: a balance changed, which is more than storage.
    expect(await step(tx('deposit', [], { value: 10n }))).toEqual(PROPERTIES);
    // Another contract's slot 0: `watched` is slot 0 of Watched, which did not change.
    expect(await step(tx('bump'))).toEqual(['echidna_counted']);
  });

  it('answer a new sequence from their runs on the snapshot state', async () => {
    reset();
    await step(tx('fail'));
    reset();
    expect(await step(tx('setOther', [9n]))).toEqual([]);
    expect(await step(tx('setWatched', [3n]))).toEqual(['echidna_watched']);
    reset();
    // The last runs were on another sequence's state: the snapshot's answer for what they read.
    expect(await step(tx('setOther', [9n], { timeDelay: 5 }))).toEqual([]);
  });

  it('run the properties that read a slot written outside a transaction', async () => {
    reset();
    await step(tx('fail'));
    // Slot 1 is `other`, which no property reads; slot 0 is `watched`.
    for (const executor of [replaying, live]) executor.setStorage(executor.deployments[0].address, 1n, 4n);
    expect(await step(tx('fail'))).toEqual([]);
    for (const executor of [replaying, live]) executor.setStorage(executor.deployments[0].address, 0n, 4n);
    expect(await step(tx('fail'))).toEqual(['echidna_watched']);
  });

  it('answer from a run on another state where what it read held the same values', async () => {
    reset();
    await step(tx('fail'));
    expect(await step(tx('setWatched', [11n]))).toEqual(['echidna_watched']);
    expect(await step(tx('setWatched', [12n]))).toEqual(['echidna_watched']);
    // 11 again, in this sequence and in the next one.
    expect(await step(tx('setWatched', [11n]))).toEqual([]);
    reset();
    expect(await step(tx('setWatched', [12n]))).toEqual([]);
    // A property that read the block answers by value only in the same block.
    expect(await step(tx('setDeadline', [5000n]))).toEqual(['echidna_clock']);
    expect(await step(tx('setDeadline', [6000n]))).toEqual(['echidna_clock']);
    expect(await step(tx('setDeadline', [5000n]))).toEqual([]);
    expect(await step(tx('setDeadline', [6000n], { timeDelay: 1 }))).toEqual(['echidna_clock']);
    // Once ether moved the state differs from the snapshot in more than storage: values alone no longer answer.
    reset();
    await step(tx('deposit', [], { value: 1n }));
    expect(await step(tx('setWatched', [11n]))).toEqual(['echidna_watched']);
  });
});
