import type { Address } from '../types.js';
import { CHEATCODE_ADDRESS } from './types.js';

/**
 * DSTest's global failure flag: `fail()` in ds-test and in forge-std before 1.8 records a failed
 * assertion without reverting, by storing 1 at `bytes32("failed")` of the cheatcode address; forge
 * reads that slot after every test and invariant call. Lookout turns the call that set it into a
 * failing one, so that every oracle (an invariant probe, a test call) sees the failure as a revert.
 */
export const FAILED_SLOT = BigInt(`0x${Buffer.from('failed').toString('hex').padEnd(64, '0')}`);

export const FLAGGED_FAILURE_MESSAGE = 'assertion failed (DSTest failure flag set)';

/** Whether a `store` is DSTest raising its failure flag. */
export function raisesFailFlag(target: Address, slot: bigint, value: bigint): boolean {
  return target === CHEATCODE_ADDRESS && slot === FAILED_SLOT && value !== 0n;
}
