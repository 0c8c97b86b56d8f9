import type { Tx, TxResult } from '../evm/index.js';
import type { Failure } from './failure.js';
import { failureOf } from './evidence.js';
import { DEFAULT_PANIC_CODES, PANIC_ASSERTION, PANIC_OUT_OF_BOUNDS, panicCode } from '../abi/index.js';
import { isGetterIndexPanic, NO_READ_ONLY_CALLS, type ReadOnlyCalls } from './getterPanic.js';
import type { OracleConfig, TxOracle } from './types.js';

export const DEFAULT_ORACLE_CONFIG: OracleConfig = { panicCodes: DEFAULT_PANIC_CODES, readsOnly: NO_READ_ONLY_CALLS };

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
export const assertionOracle: TxOracle = (_tx, result) => {
  const outcome = result.outcome;
  if (outcome.kind === 'invalid') {
    return failureOf({ kind: 'assertion', how: 'invalid-opcode' }, outcome);
  }
  if (outcome.kind !== 'revert' || panicCode(outcome.data) !== PANIC_ASSERTION) return null;
  return failureOf({ kind: 'assertion', how: 'panic' }, { codeId: outcome.codeId, pc: panicSite(result, outcome.pc) });
};

/** Every other Solidity panic whose code is in `panicCodes`, except a getter refusing an index (`isGetterIndexPanic`). */
export function panicOracle(panicCodes: ReadonlySet<number>, readsOnly: ReadOnlyCalls): TxOracle {
  return (tx, result) => {
    const outcome = result.outcome;
    if (outcome.kind !== 'revert') return null;
    const code = panicCode(outcome.data);
    if (code === undefined || code === PANIC_ASSERTION || !panicCodes.has(code)) return null;
    if (code === PANIC_OUT_OF_BOUNDS && isGetterIndexPanic(tx, result, readsOnly)) return null;
    return failureOf({ kind: 'panic', code }, { codeId: outcome.codeId, pc: panicSite(result, outcome.pc) });
  };
}

/** The per-transaction oracles a campaign runs, in a fixed order. */
export function transactionOracles(config: OracleConfig = DEFAULT_ORACLE_CONFIG): TxOracle[] {
  return [assertionOracle, panicOracle(config.panicCodes, config.readsOnly)];
}

/** Every failure the oracles see in one transaction. */
export function checkTransaction(tx: Tx, result: TxResult, oracles: readonly TxOracle[]): Failure[] {
  const failures: Failure[] = [];
  for (const oracle of oracles) {
    const failure = oracle(tx, result);
    if (failure !== null) failures.push(failure);
  }
  return failures;
}
