import { equalsBytes } from '@ethereumjs/util';
import { ASSUME_REJECTION, FLAGGED_FAILURE_MESSAGE, type TxResult } from '../evm/index.js';
import { failureOf, type Failure, type SequenceOracle } from '../oracles/index.js';
import { decodeRevert, describeRevert } from '../abi/index.js';

/*
 * forge's verdicts on the calls of an invariant sequence (to the targets, never the test contract):
 * a call that raised DSTest's failure flag fails the run, and with `fail_on_revert` so does any call
 * that reverts. Both are judged per call, where forge judges them.
 */

/**
 * A call that raised the failure flag (ds-test's and old forge-std's `fail()` in a handler's
 * `assertEq`): the cheatcode session made it revert with `FLAGGED_FAILURE_MESSAGE`, which alone would
 * leave it a reverted call; forge keeps the flag and fails the invariant run after it. An
 * `assertion` finding, located where the call ended.
 */
export const flaggedCallOracle: SequenceOracle = {
  begin: () => undefined,
  check(_chain, tx, result): Failure | null {
    if (tx.to === 0 || !raisedFlag(result)) return null;
    const { outcome } = result;
    if (outcome.kind !== 'revert') return null;
    return failureOf({ kind: 'assertion', how: 'failure-flag' }, outcome);
  },
};

/** Whether the call ended so because it raised the failure flag (see `fail` in the cheatcode session). */
export function raisedFlag(result: TxResult): boolean {
  if (result.outcome.kind !== 'revert') return false;
  const reason = decodeRevert(result.outcome.data);
  return reason.kind === 'error' && reason.message === FLAGGED_FAILURE_MESSAGE;
}

/**
 * forge's `fail_on_revert`: a target call that reverts fails `invariant` (the first invariant it is
 * on), with the revert as the reason. `vm.assume` rejections are forge's discarded inputs, not
 * reverts; a raised flag is `flaggedCallOracle`'s. One finding per place that reverts (its code and
 * pc), so that the invariant's own breaks are still looked for.
 */
export function revertedCallOracle(invariant: string, codeId: number): SequenceOracle {
  return {
    begin: () => undefined,
    check(_chain, tx, result): Failure | null {
      const { outcome } = result;
      if (tx.to === 0 || outcome.kind === 'success' || raisedFlag(result)) return null;
      if (outcome.kind === 'revert' && equalsBytes(outcome.data, ASSUME_REJECTION)) return null;
      const why = outcome.kind === 'revert' ? describeRevert(decodeRevert(outcome.data)) : outcome.kind === 'invalid' ? 'invalid opcode' : outcome.error;
      // Located at the test contract's invariant (its code id) and the reverting pc: a key of its own per revert site.
      return failureOf({ kind: 'property', property: invariant, failed: 'target-call-reverted', reason: why }, { codeId, pc: outcome.pc + 1 });
    },
  };
}
