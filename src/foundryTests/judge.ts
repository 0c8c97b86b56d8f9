import { equalsBytes } from '@ethereumjs/util';
import { ASSUME_REJECTION, type CheatcodeSession, type TxResult } from '../evm/index.js';
import { type AbiError, describeRevertWith } from '../abi/index.js';

/** How one call to a test contract ended, by forge's rules. `rejected`: `vm.assume` turned the input down. */
export type CallVerdict = { kind: 'passed' } | { kind: 'failed'; reason: string } | { kind: 'rejected' } | { kind: 'skipped'; reason: string };

export function unsupportedReason(cheatcode: string): string {
  return `uses vm.${cheatcode}, which needs a network or the file system`;
}

/** Why the call failed (a revert, a halt, an expectation no call met); undefined when it did not. `errors`: the build's custom errors. */
function failureOf(result: TxResult, unmet: readonly string[], errors: readonly AbiError[]): string | undefined {
  const { outcome } = result;
  switch (outcome.kind) {
    case 'success':
      return unmet[0];
    case 'revert':
      return describeRevertWith(outcome.data, errors);
    case 'invalid':
      return 'invalid opcode';
    case 'error':
      return outcome.error;
  }
}

/**
 * forge's pass/fail rules for one call: a revert fails it (an `expectRevert` that matched already
 * turned its call into a success), so does an expectation left unmet; `testFail*` inverts that; an
 * `assume` rejection is neither; a cheatcode Lookout cannot run or `vm.skip(true)` skips it. A revert
 * with a custom error of the build's `errors` is told by its name and arguments.
 */
export function judgeCall(result: TxResult, cheatcodes: CheatcodeSession, expectsFailure: boolean, errors: readonly AbiError[] = []): CallVerdict {
  const { state } = cheatcodes;
  if (state.unsupported !== undefined) return { kind: 'skipped', reason: unsupportedReason(state.unsupported) };
  if (state.skipped) return { kind: 'skipped', reason: 'vm.skip(true)' };
  if (result.outcome.kind === 'revert' && equalsBytes(result.outcome.data, ASSUME_REJECTION)) return { kind: 'rejected' };
  const failure = failureOf(result, cheatcodes.unmetExpectations(), errors);
  if (expectsFailure) return failure === undefined ? { kind: 'failed', reason: 'testFail: the call did not fail' } : { kind: 'passed' };
  return failure === undefined ? { kind: 'passed' } : { kind: 'failed', reason: failure };
}
