import type { TxResult } from '../evm/index.js';
import type { Failure } from './failure.js';
import { failureOf } from './evidence.js';
import { decodeRevert, DEFAULT_PANIC_CODES, PANIC_ASSERTION } from '../abi/index.js';
import type { OracleConfig, TxOracle } from './types.js';

export const DEFAULT_ORACLE_CONFIG: OracleConfig = { panicCodes: DEFAULT_PANIC_CODES };

/**
 * Where a Panic comes from. solc reverts with a Panic inside one shared helper per code
 * (`panic_error_0x32` …), so the REVERT's pc is the same for every out-of-bounds access of a
 * contract; the failing check is the last jump the outermost frame made (the JUMPI of the check, or
 * the jump into the helper). A Panic bubbled up from a sub-call is located at the outer frame's
 * jump after the call. With a cut jump log, the REVERT's pc is all there is.
 */
export function panicSite(result: TxResult, revertPc: number): number {
  const { jumps, jumpsTruncated } = result.trace;
  return jumps.length >= 2 && !jumpsTruncated ? jumps[jumps.length - 2] : revertPc;
}

/** `assert` failing: Panic(0x01) since Solidity 0.8, the INVALID opcode (0xfe) before. */
export const assertionOracle: TxOracle = (result) => {
  const outcome = result.outcome;
  if (outcome.kind === 'invalid') {
    return failureOf({ kind: 'assertion', how: 'invalid-opcode' }, outcome);
  }
  if (outcome.kind !== 'revert') return null;
  const reason = decodeRevert(outcome.data);
  if (reason.kind !== 'panic' || reason.code !== PANIC_ASSERTION) return null;
  return failureOf({ kind: 'assertion', how: 'panic' }, { codeId: outcome.codeId, pc: panicSite(result, outcome.pc) });
};

/** Every other Solidity panic whose code is in `panicCodes`. */
export function panicOracle(panicCodes: ReadonlySet<number>): TxOracle {
  return (result) => {
    const outcome = result.outcome;
    if (outcome.kind !== 'revert') return null;
    const reason = decodeRevert(outcome.data);
    if (reason.kind !== 'panic' || reason.code === PANIC_ASSERTION || !panicCodes.has(reason.code)) {
      return null;
    }
    return failureOf({ kind: 'panic', code: reason.code }, { codeId: outcome.codeId, pc: panicSite(result, outcome.pc) });
  };
}

/** The per-transaction oracles a campaign runs, in a fixed order. */
export function transactionOracles(config: OracleConfig = DEFAULT_ORACLE_CONFIG): TxOracle[] {
  return [assertionOracle, panicOracle(config.panicCodes)];
}

/** Every failure the oracles see in one transaction's result. */
export function checkTransaction(result: TxResult, oracles: readonly TxOracle[]): Failure[] {
  const failures: Failure[] = [];
  for (const oracle of oracles) {
    const failure = oracle(result);
    if (failure !== null) failures.push(failure);
  }
  return failures;
}
