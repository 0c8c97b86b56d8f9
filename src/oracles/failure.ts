import type { Evidence } from './evidence.js';
import type { FindingKind } from './types.js';

/** A failure an oracle saw, located at the instruction that failed (made by `failureOf`). */
export interface Failure {
  kind: FindingKind;
  /** The Solidity panic code for `panic` findings (and 0x01 for a Panic-style assertion), else null. */
  panicCode: number | null;
  codeId: number;
  /** pc of the failing instruction; 0 for property failures, which the property name identifies. */
  pc: number;
  /** The evidence in words (`describeEvidence`). */
  message: string;
  /** The property function's name, for `property` findings. */
  property?: string;
  /** The function the failure is in when it is not the last call's (`reentrancy`: the re-entered one), as `withdraw()`. */
  function?: string;
  /** What the oracle saw, as values (of the failure's kind). */
  evidence: Evidence;
}

/** What identifies a failure (see `failureKey`). */
export type FailureSite = Pick<Failure, 'kind' | 'panicCode' | 'codeId' | 'pc' | 'property'>;

/**
 * Stable identity of a failure: used to dedupe findings and to decide during shrinking that a
 * candidate sequence fails "the same way". The message is left out on purpose: it may carry values
 * that change while shrinking (a revert reason with a number in it).
 */
export function failureKey(failure: FailureSite): string {
  return `${failure.kind}@${failure.codeId}:${failure.pc}${what(failure)}`;
}

/** What a failure is, not where: its kind, panic code and property (builds differ in code ids and pcs). */
export function failureIdentity(failure: FailureSite): string {
  return `${failure.kind}${what(failure)}`;
}

/** The identity (`failureIdentity`) of a failure with this `failureKey`. */
export function keyIdentity(key: string): string {
  return key.replace(/@\d+:\d+/, '');
}

function what(failure: FailureSite): string {
  const panic = failure.panicCode === null ? '' : `#0x${failure.panicCode.toString(16)}`;
  const property = failure.property === undefined ? '' : `/${failure.property}`;
  return `${panic}${property}`;
}
