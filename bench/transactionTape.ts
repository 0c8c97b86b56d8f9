import { Executor } from '../src/evm/executor.js';
import type { Address, Tx } from '../src/evm/types.js';

/** What a campaign did to its chain, in order: the bare loop redoes exactly this. */
type TapeStep = { kind: 'reset' } | { kind: 'run'; tx: Tx } | { kind: 'write'; address: Address; slot: bigint; value: bigint };

interface Tape {
  executor: Executor;
  steps: TapeStep[];
  runs: number;
}

/**
 * Runs `work` (a whole campaign) while recording, per executor, every transaction it runs, every
 * reset between sequences and every storage write an aggressive run makes; then replays the busiest
 * executor's tape on a fresh copy of it (same deployments, instrumented, no campaign around it: no
 * mutation, corpus, oracles or property probes). Like with like: the same transactions, arguments and
 * states the campaign ran, so a campaign that sends longer arrays is not held to a loop of short ones.
 * Counterfactual runs inside `beforeLastTransaction` are not taped (they undo themselves).
 */
export async function withTransactionTape<T>(
  work: () => Promise<T>,
): Promise<{ result: T; replay: () => Promise<{ txPerSecond: number; transactions: number }> }> {
  const tapes = new Map<Executor, Tape>();
  const prototype = Executor.prototype;
  const original = { run: prototype.run, reset: prototype.reset, setStorage: prototype.setStorage, beforeLastTransaction: prototype.beforeLastTransaction };
  let counterfactual = 0;
  const tape = (executor: Executor, step: TapeStep) => {
    if (counterfactual > 0) return;
    let kept = tapes.get(executor);
    if (kept === undefined) tapes.set(executor, (kept = { executor, steps: [], runs: 0 }));
    kept.steps.push(step);
    if (step.kind === 'run') kept.runs++;
  };
  prototype.run = function (this: Executor, tx: Tx) {
    tape(this, { kind: 'run', tx });
    return original.run.call(this, tx);
  };
  prototype.reset = function (this: Executor) {
    tape(this, { kind: 'reset' });
    original.reset.call(this);
  };
  prototype.setStorage = function (this: Executor, address: Address, slot: bigint, value: bigint) {
    tape(this, { kind: 'write', address, slot, value });
    original.setStorage.call(this, address, slot, value);
  };
  prototype.beforeLastTransaction = async function <R>(this: Executor, alternative: (chain: Executor) => Promise<R>): Promise<R> {
    counterfactual++;
    try {
      return (await original.beforeLastTransaction.call(this, alternative as never)) as R;
    } finally {
      counterfactual--;
    }
  } as typeof prototype.beforeLastTransaction;
  let result: T;
  try {
    result = await work();
  } finally {
    Object.assign(prototype, original);
  }
  const busiest = [...tapes.values()].sort((a, b) => b.runs - a.runs)[0];
  return { result, replay: () => replayTape(busiest) };
}

async function replayTape(tape: Tape | undefined): Promise<{ txPerSecond: number; transactions: number }> {
  if (tape === undefined || tape.runs === 0) throw new Error('the campaign ran no transaction');
  const chain = await tape.executor.fresh();
  // Before the first reset the chain is in its snapshot state, as the campaign's was.
  const start = performance.now();
  for (const step of tape.steps) {
    if (step.kind === 'reset') chain.reset();
    else if (step.kind === 'write') chain.setStorage(step.address, step.slot, step.value);
    else await chain.run(step.tx);
  }
  const seconds = (performance.now() - start) / 1000;
  return { txPerSecond: tape.runs / seconds, transactions: tape.runs };
}
