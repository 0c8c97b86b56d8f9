import type { TxResult } from '../evm/types.js';
import type { Failure } from './failure.js';
import { DEFAULT_PANIC_CODES, PANIC_ASSERTION, describePanic } from './panic.js';
import { decodeRevert } from './revert.js';
import type { OracleConfig, TxOracle } from './types.js';

export const DEFAULT_ORACLE_CONFIG: OracleConfig = { panicCodes: DEFAULT_PANIC_CODES };

/**
 * `assert` failing: Panic(0x01) since Solidity 0.8, the INVALID opcode (0xfe) before. A panic
 * bubbled up from a sub-call re-reverts with the same data, so it is located where the outermost
 * frame reverted — the outcome's pc — which is stable for the same bug.
 */
export const assertionOracle: TxOracle = (result) => {
  const outcome = result.outcome;
  if (outcome.kind === 'invalid') {
    return {
      kind: 'assertion',
      panicCode: null,
      codeId: outcome.codeId,
      pc: outcome.pc,
      message: 'INVALID opcode (0xfe) executed: an assertion failed',
    };
  }
  if (outcome.kind !== 'revert') return null;
  const reason = decodeRevert(outcome.data);
  if (reason.kind !== 'panic' || reason.code !== PANIC_ASSERTION) return null;
  return {
    kind: 'assertion',
    panicCode: PANIC_ASSERTION,
    codeId: outcome.codeId,
    pc: outcome.pc,
    message: 'Assertion failed (Panic 0x01)',
  };
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
    return {
      kind: 'panic',
      panicCode: reason.code,
      codeId: outcome.codeId,
      pc: outcome.pc,
      message: describePanic(reason.code),
    };
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
