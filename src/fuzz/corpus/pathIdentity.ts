import type { TxResult } from '../../evm/index.js';
import { isAttackerCall } from '../inputs/attackerCalls.js';
import type { Call } from '../../abi/index.js';

/** What the corpus needs to know of one executed transaction of a sequence. */
export interface TxStep {
  /** Path id of the transaction alone (its JUMPI edges in order). */
  pathId: string;
  reverted: boolean;
  /** It succeeded and wrote storage or moved ether: only such transactions matter to later ones. */
  changedState: boolean;
}

/**
 * Every call through Lookout's attacker that fails is one path. Its forwarded call fails as it
 * would made directly, which plain calls explore; or its calldata is one a byte mutation broke, and
 * each broken selector would be a new way through the dispatcher: a corpus of those crowds out the
 * calls that matter. What tells attacker calls apart is what they do when they succeed — a re-entry.
 */
const FAILED_ATTACKER_CALL = 'attacker-call-failed';

export function txStep(result: TxResult, call: Call): TxStep {
  const reverted = result.outcome.kind !== 'success';
  const pathId = reverted && isAttackerCall(call.target) ? FAILED_ATTACKER_CALL : result.trace.pathId;
  return { pathId, reverted, changedState: !reverted && (result.trace.sstores.length > 0 || call.value > 0n) };
}

/**
 * The corpus key of an executed sequence. Harvey's path ids span only the last transaction
 * (Sect. 5); once a function's coverage proved to depend on state (`spansPrefix`), the transactions
 * before it that changed state tell inputs apart too. Reverted and read-only calls never count:
 * every interleaving of them would be a new path.
 */
export function sequencePathId(steps: readonly TxStep[], spansPrefix: boolean): string {
  const last = steps[steps.length - 1];
  if (last === undefined) return '';
  if (!spansPrefix) return last.pathId;
  const ids = steps
    .slice(0, -1)
    .filter((s) => s.changedState)
    .map((s) => s.pathId);
  ids.push(last.pathId);
  return ids.join('|');
}

/**
 * The corpus key of an input kept for the state its prefix set up rather than for a new path: the
 * last transaction's path with the buckets of the slots it read that earlier ones wrote
 * (`bucketedStateBefore`). A prefix that sets up a new state for the call under test is kept without
 * its own path counting (Harvey Sect. 5 leaves such prefixes no identity); undefined when it set up
 * nothing the transaction read.
 */
export function storageStateId(pathId: string, bucketed: string): string | undefined {
  return bucketed === '' ? undefined : `${pathId}@${bucketed}`;
}

/** Indices of the transactions that changed state, in order. */
export function stateSetters(steps: readonly TxStep[]): number[] {
  return indicesWhere(steps, (s) => s.changedState);
}

/**
 * Indices of reverted transactions before the last one: they changed nothing, so a kept input goes
 * without them (like AFL's trimming) and leaves room, and mutations, for the calls that matter.
 */
export function revertedPrefix(steps: readonly TxStep[]): number[] {
  return indicesWhere(steps.slice(0, -1), (s) => s.reverted);
}

function indicesWhere(steps: readonly TxStep[], accept: (step: TxStep) => boolean): number[] {
  const indices: number[] = [];
  steps.forEach((step, i) => {
    if (accept(step)) indices.push(i);
  });
  return indices;
}
