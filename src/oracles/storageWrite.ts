import { failureOf } from './evidence.js';
import type { TxOracle } from './types.js';

/**
 * Arbitrary storage write (SWC-124, Harvey Sect. 4.3): an SSTORE to the campaign's random probe slot.
 * A 256-bit slot chosen at random is no slot a contract means to write, so hitting it means the
 * written slot is under the caller's control. The write counts even when the transaction later
 * reverts: the slot computation is what is wrong, and an attacker just avoids the revert.
 */
export function storageWriteOracle(probe: bigint): TxOracle {
  return (_tx, result) => {
    for (const store of result.trace.sstores) {
      if (store.slot !== probe) continue;
      return failureOf({ kind: 'arbitrary-storage-write', contract: store.address, slot: `0x${probe.toString(16)}` }, store);
    }
    return null;
  };
}
