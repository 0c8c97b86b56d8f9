import type { Executor, Tx, TxResult } from '../../evm/index.js';
import {
  checkProperties,
  checkTransaction,
  type Failure,
  failureKey,
  propertyFailureKey,
  type PropertyFunction,
  type SequenceOracle,
  type TxOracle,
} from '../../oracles/index.js';
import { type Call, encodeCall, type TxSequence } from '../../abi/index.js';

/** What runs a sequence and judges it: the executor and the oracles (`buildOracles` makes the full set). */
export interface SequenceHarness {
  executor: Executor;
  /** Judge each transaction's result alone. */
  oracles: readonly TxOracle[];
  /** Judge each transaction against what came before it in the sequence (balances, inputs). */
  sequenceOracles: readonly SequenceOracle[];
  properties: readonly PropertyFunction[];
}

export interface SequenceFailure {
  failure: Failure;
  /** Index of the transaction after which the failure was seen. */
  index: number;
  /** That transaction's result (its trace locates the failure in the source). */
  result: TxResult;
}

export interface SequenceRun {
  /** Path id of the last transaction executed: the corpus key (Harvey Sect. 5). */
  pathId: string;
  transactions: number;
  failure?: SequenceFailure;
  /** The last transaction's result; its trace stays valid until the executor runs again. */
  last?: TxResult;
}

/** Failure identities (`failureKey`) a campaign has reported already. */
export interface ReportedFailures {
  has(key: string): boolean;
  /** Told of each reported failure the run passed over (its `failureKey`), with the index of the transaction after which it was seen. */
  passedOver?(failure: Failure, key: string, index: number): void;
}

/**
 * Runs `sequence` from the post-deployment snapshot and stops at the first failure: a transaction the
 * oracles reject, or a property that no longer holds after it. Failures in `reported` do not stop it
 * and properties that failed before are not probed again (Echidna and Medusa stop testing a property
 * once it is falsified): the rest of the campaign looks for the other bugs. `observe` sees every
 * transaction's result, its trace extended by the property probes run after it, before the next
 * transaction overwrites the trace buffers.
 */
export async function runSequence(
  harness: SequenceHarness,
  sequence: TxSequence,
  observe?: (result: TxResult, index: number) => void,
  reported?: ReportedFailures,
): Promise<SequenceRun> {
  const { executor } = harness;
  const properties = reported === undefined ? harness.properties : harness.properties.filter((p) => !reported.has(propertyFailureKey(p)));
  await executor.reset();
  for (const oracle of harness.sequenceOracles) await oracle.begin(executor);
  // A sequence oracle whose reported failure was passed over would see the same state again (a
  // leak stays a leak): its later verdicts in this sequence are passed over too.
  const silenced = new Set<SequenceOracle>();
  let pathId = '';
  let last: TxResult | undefined;
  for (let index = 0; index < sequence.length; index++) {
    const tx = toTx(sequence[index]);
    const result = await executor.run(tx);
    last = result;
    const failure =
      checkTransaction(tx, result, harness.oracles).find((f) => isNew(f, index, reported)) ??
      (await checkSequence(harness, tx, result, (f) => isNew(f, index, reported), silenced));
    // Property probes are traced into the transaction's trace: what they branch on is feedback for
    // the sequence so far (two values set by two calls and compared only in a property).
    const broken =
      failure === undefined && properties.length > 0
        ? (await checkProperties((to, data) => executor.probe(to, data), existing(executor, properties)))[0]
        : undefined;
    const observed = properties.length > 0 && failure === undefined ? { ...result, trace: executor.lastTrace() } : result;
    pathId = observed.trace.pathId;
    observe?.(observed, index);
    const first = failure ?? broken;
    if (first) return { pathId, transactions: index + 1, failure: { failure: first, index, result }, last };
  }
  return { pathId, transactions: sequence.length, last };
}

/** Whether a failure seen after the transaction at `index` is new; a reported one is passed over, and `reported` told so. */
function isNew(failure: Failure, index: number, reported: ReportedFailures | undefined): boolean {
  if (reported === undefined) return true;
  const key = failureKey(failure);
  if (!reported.has(key)) return true;
  reported.passedOver?.(failure, key, index);
  return false;
}

/** The properties of contracts that exist now: a created contract's wait for the transaction that creates it. */
function existing(executor: Executor, properties: readonly PropertyFunction[]): readonly PropertyFunction[] {
  return properties.some((p) => p.createdAtRuntime) ? properties.filter((p) => !p.createdAtRuntime || executor.hasCode(p.to)) : properties;
}

/** The first new failure a sequence oracle sees; awaits only the oracles that answer with a promise (those that read the chain). */
async function checkSequence(
  harness: SequenceHarness,
  tx: Tx,
  result: TxResult,
  isNew: (failure: Failure) => boolean,
  silenced: Set<SequenceOracle>,
): Promise<Failure | undefined> {
  for (const oracle of harness.sequenceOracles) {
    const verdict = oracle.check(harness.executor, tx, result);
    const failure = verdict instanceof Promise ? await verdict : verdict;
    if (failure === null || silenced.has(oracle)) continue;
    if (isNew(failure)) return failure;
    silenced.add(oracle);
  }
  return undefined;
}

export function toTx(call: Call): Tx {
  return {
    sender: call.sender,
    to: call.to,
    data: encodeCall(call),
    value: call.value,
    blockDelay: call.blockDelay,
    timeDelay: call.timeDelay,
  };
}
