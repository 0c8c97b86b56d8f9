import type { Common } from '@ethereumjs/common';
import { EVMError, getOpcodesForHF } from '@ethereumjs/evm';
import { bigIntToBytes, bytesToBigInt } from '@ethereumjs/util';
import { type CustomOpcode, replaceOpcode, type RunState, top } from './instrumentation.js';
import type { JournaledState } from './journaledState.js';
import { wordBytes } from './wordOpcodes.js';
import { Op } from '../bytecode/index.js';

/** The interpreter's EIP-2929 warm sets (its `journal`), which the library's typings keep private. */
interface WarmSets {
  isWarmedStorage(address: Uint8Array, slot: Uint8Array): boolean;
  addWarmedStorage(address: Uint8Array, slot: Uint8Array): void;
}

// Forks whose storage reads cost more than EIP-2929 says (Verkle and binary-tree witnesses) or are
// recorded (EIP-7928 block access lists): the library's SLOAD stays.
const OTHER_RULES = [6800, 7864, 7928, 8037, 8038];
const EMPTY = new Uint8Array(0);

/**
 * SLOAD and SSTORE without a promise: the library's gas function and handler both are async (a storage read
 * through the state manager interface), so each SLOAD cost the step loop (`stepLoop`) two promises
 * and several microtasks, where the executor's JournaledState answers synchronously. Gas is the
 * library's EIP-2929 rule: 2,100 for the transaction's first read of a slot (which warms it), 100
 * after. SSTORE's gas is EIP-2200's (with EIP-2929's warm discounts and EIP-3529's refunds, as the
 * library applies them), from the JournaledState's current and original values; its write is the
 * library's `storageStore`. Struct and mapping-heavy contracts read and write storage tens of times
 * per call. Built over
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
  return [sload, sstore(common, state, table)];
}

/** The interpreter's members SSTORE uses that the library's typings keep internal. */
interface InterpreterInternals {
  journal: WarmSets;
  _env: { contract: unknown };
  isStatic(): boolean;
  getGasLeft(): bigint;
  refundGas(amount: bigint, context?: string): void;
  subRefund(amount: bigint, context?: string): void;
}

function sstore(common: Common, state: JournaledState, table: ReturnType<typeof getOpcodesForHF>): CustomOpcode {
  const param = (name: string) => common.param(name);
  const [sentry, noop, init, clean, dirty, clearRefund, initRefund, cleanRefund] = [
    'sstoreSentryEIP2200Gas',
    'sstoreNoopEIP2200Gas',
    'sstoreInitEIP2200Gas',
    'sstoreCleanEIP2200Gas',
    'sstoreDirtyEIP2200Gas',
    'sstoreClearRefundEIP2200Gas',
    'sstoreInitRefundEIP2200Gas',
    'sstoreCleanRefundEIP2200Gas',
  ].map(param);
  const [warm, cold, reset] = ['warmstoragereadGas', 'coldsloadGas', 'sstoreResetGas'].map(param);
  const entry = replaceOpcode(table, Op.SSTORE, () => (runState: RunState) => {
    const [slot, word] = runState.stack.popN(2);
    const address = runState.interpreter.getAddress();
    state.writeSlot(address, wordBytes(slot), word === 0n ? EMPTY : bigIntToBytes(word));
    // As the library's storageStore: the frame's contract account is read back after the write.
    const account = state.accountAt(address);
    if (account === undefined) throw new Error('could not read account while persisting memory');
    (runState.interpreter as unknown as InterpreterInternals)._env.contract = account;
  });
  // The library's SSTORE gas (updateSstoreGasEIP2200, then accessStorageEIP2929), on values as
  // words: the library compares byte arrays normalised so that equal bytes mean equal words.
  entry.gasFunction = (runState: RunState, gas: bigint) => {
    const interpreter = runState.interpreter as unknown as InterpreterInternals;
    if (interpreter.isStatic()) throw new EVMError(EVMError.errorMessages.STATIC_STATE_CHANGE);
    const value = top(runState, 1);
    const address = runState.interpreter.getAddress();
    const key = wordBytes(top(runState, 0));
    const current = bytesToBigInt(state.slotAt(address, key));
    const original = bytesToBigInt(state.originalStorageCache.at(address, key));
    const isWarm = interpreter.journal.isWarmedStorage(address.bytes, key);
    let charged = gas;
    if (interpreter.getGasLeft() <= sentry) throw new EVMError(EVMError.errorMessages.OUT_OF_GAS);
    if (current === value) charged += isWarm ? warm : noop;
    else if (original === current) {
      if (original !== 0n && value === 0n) interpreter.refundGas(clearRefund);
      charged += original === 0n ? init : clean;
    } else {
      if (original !== 0n && current === 0n) interpreter.subRefund(clearRefund);
      else if (original !== 0n && value === 0n) interpreter.refundGas(clearRefund);
      if (original === value) interpreter.refundGas(original === 0n ? (isWarm ? init - warm : initRefund) : isWarm ? reset - cold - warm : cleanRefund);
      charged += dirty;
    }
    if (isWarm) return charged;
    interpreter.journal.addWarmedStorage(address.bytes, key);
    return charged + cold;
  };
  return entry;
}
