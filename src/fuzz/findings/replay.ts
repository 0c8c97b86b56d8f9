import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TxResult } from '../../evm/index.js';
import { failureKey, type Failure } from '../../oracles/index.js';
import type { Clock } from '../../clock.js';
import type { ReachTracker } from '../schedule/reach.js';
import { runSequence, type SequenceHarness } from '../campaign/sequenceRunner.js';
import { shrinkSequence, type CallUnwrap } from './shrink.js';
import type { TxSequence } from '../../abi/index.js';

/** A failure the campaign saw first at `execution` (its transaction count), with the sequence up to it. */
export interface CampaignFinding {
  failure: Failure;
  sequence: TxSequence;
  foundMs: number;
  execution: number;
}

/** Replays per finding while shrinking; deterministic, and a few seconds at most on these contracts. */
export const SHRINK_ATTEMPTS = 2000;

/** A finding whose (shrunk) sequence was replayed on a freshly deployed EVM and failed the same way. */
export interface ConfirmedFinding extends CampaignFinding {
  /** The failing transaction's result in that replay (its trace locates the failure). */
  failingResult: TxResult;
  /** True when shrinking reached a sequence from which nothing more can be dropped or simplified. */
  minimal: boolean;
  /** Targets (indexes into the campaign's) the sequence executes in the replay, in order of first reach. */
  enteredTargets: number[];
  /** `lookout pr`: whether the sequence fails the same way on the base revision (`failsOnBase`); absent without a base to replay on. */
  onBase?: boolean;
  /** Introduced, and reported beside a pre-existing finding of the same failure (`judgeOnBase`). */
  besidePreExisting?: true;
}

export interface ConfirmOptions {
  /** Replays candidates during shrinking (reset between runs). */
  harness: SequenceHarness;
  /** A harness on a newly deployed executor, for the final replay. */
  deployFresh: () => Promise<SequenceHarness>;
  clock: Clock;
  deadline?: number;
  /** True once the run is interrupted: shrinking stops where it is. */
  interrupted?: () => boolean;
  /** A fresh tracker of the campaign's targets, to tell whether the replay executes changed lines. */
  trackReach: () => ReachTracker;
  /** Shows calls made through Lookout's attacker directly where that fails the same way. */
  unwrap?: CallUnwrap;
  /** What a shrunk sequence must keep besides failing the same way (not failing on the base); the given sequence keeps it. */
  keeps?: (candidate: TxSequence) => Promise<boolean>;
}

/**
 * Shrinks a finding's sequence while the same failure (kind + location) reproduces (and `keeps` holds), then replays the
 * result on a fresh EVM. Out of budget, the unshrunk-but-replayed sequence is kept. `undefined` when
 * not even the original sequence replays (a failure that depends on state outside the sequence).
 */
export async function confirmFinding(found: CampaignFinding, options: ConfirmOptions): Promise<ConfirmedFinding | undefined> {
  const key = failureKey(found.failure);
  // Other failures (a property broken after every transaction, …) do not stop the replay of this one.
  const others = { has: (other: string) => other !== key };
  const fails = async (harness: SequenceHarness, candidate: TxSequence, reach?: ReachTracker) => {
    const run = await runSequence(
      harness,
      candidate,
      reach && ((result, index) => reach.observe(result, { ms: 0, transactions: index + 1, sequence: index + 1 })),
      others,
    );
    return run.failure && failureKey(run.failure.failure) === key ? run.failure : undefined;
  };
  const budget = {
    maxAttempts: SHRINK_ATTEMPTS,
    deadline: options.deadline === undefined ? undefined : { at: options.deadline, now: options.clock },
    stop: options.interrupted,
  };
  // A turn of the event loop before each replay lets an interruption (a signal's handler) be seen.
  const stillFails = async (candidate: TxSequence) => {
    await nextTurn();
    return (await fails(options.harness, candidate)) !== undefined && (options.keeps === undefined || (await options.keeps(candidate)));
  };
  const shrunk = await shrinkSequence(found.sequence, stillFails, budget, options.unwrap);
  const fresh = await options.deployFresh();
  for (const sequence of [shrunk.sequence, found.sequence]) {
    const reach = options.trackReach();
    const replay = await fails(fresh, sequence, reach);
    if (replay) {
      return {
        ...found,
        failure: mergeMessage(found.failure, replay.failure),
        sequence: sequence.slice(0, replay.index + 1),
        failingResult: replay.result,
        minimal: shrunk.minimal && sequence === shrunk.sequence,
        enteredTargets: [...reach.reached.keys()],
      };
    }
  }
  return undefined;
}

/** The replay's message and evidence describe the reported sequence (a revert reason, an amount may quote its values). */
function mergeMessage(found: Failure, replayed: Failure): Failure {
  return { ...found, message: replayed.message, evidence: replayed.evidence };
}
