import type { Common } from '@ethereumjs/common';
import { getOpcodesForHF } from '@ethereumjs/evm';
import { bytesToBigInt } from '@ethereumjs/util';
import { type CustomOpcode, replaceOpcode, type RunState } from './instrumentation.js';
import type { JournaledState } from './journaledState.js';
import { wordBytes } from './wordOpcodes.js';
import { Op } from '../targets/opcodes.js';

/** The interpreter's EIP-2929 warm sets (its `journal`), which the library's typings keep private. */
interface WarmSets {
  isWarmedStorage(address: Uint8Array, slot: Uint8Array): boolean;
  addWarmedStorage(address: Uint8Array, slot: Uint8Array): void;
}

// Forks whose storage reads cost more than EIP-2929 says (Verkle and binary-tree witnesses) or are
// recorded (EIP-7928 block access lists): the library's SLOAD stays.
const OTHER_RULES = [6800, 7864, 7928];

/**
 * SLOAD without a promise: the library's gas function and handler both are async (a storage read
 * through the state manager interface), so each SLOAD cost the step loop (`stepLoop`) two promises
 * and several microtasks, where the executor's JournaledState answers synchronously. Gas is the
 * library's EIP-2929 rule: 2,100 for the transaction's first read of a slot (which warms it), 100
 * after. Struct and mapping-heavy contracts read storage tens of times per call. Built over
 * `wordOpcodes` (whose SLOAD serves an EVM without a JournaledState), before the hooks.
 */
export function storageOpcodes(common: Common, state: JournaledState): CustomOpcode[] {
  if (!common.isActivatedEIP(2929) || OTHER_RULES.some((eip) => common.isActivatedEIP(eip))) return [];
  const table = getOpcodesForHF(common);
  const cold = common.param('coldsloadGas');
  const warm = common.param('warmstoragereadGas');
  const sload = replaceOpcode(table, Op.SLOAD, () => (runState: RunState) => {
    const value = state.slotAt(runState.interpreter.getAddress(), wordBytes(runState.stack.pop()));
    runState.stack.push(value.length > 0 ? bytesToBigInt(value) : 0n);
  });
  sload.gasFunction = (runState: RunState, gas: bigint) => {
    const [slot] = runState.stack.peek(1);
    const address = runState.interpreter.getAddress().bytes;
    const warmSets = (runState.interpreter as unknown as { journal: WarmSets }).journal;
    const key = wordBytes(slot);
    if (warmSets.isWarmedStorage(address, key)) return gas + warm;
    warmSets.addWarmedStorage(address, key);
    return gas + cold;
  };
  return [sload];
}
