import { Account, bigIntToBytes, bytesToBigInt, createAddressFromString, setLengthLeft } from '@ethereumjs/util';
import type { Address } from '../types.js';
import type { Chain } from './types.js';

/** Account, storage and code reads and writes on the journaled state (undone with the frame that made them). */
export function account(chain: Chain, address: Address): Account {
  return chain.state.accountAt(createAddressFromString(address)) ?? new Account();
}

export function writeAccount(chain: Chain, address: Address, change: (account: Account) => void): void {
  const current = account(chain, address);
  change(current);
  chain.state.writeAccount(createAddressFromString(address), current);
}

export function loadSlot(chain: Chain, address: Address, slot: bigint): bigint {
  return bytesToBigInt(chain.state.slotAt(createAddressFromString(address), slotKey(slot)));
}

export function storeSlot(chain: Chain, address: Address, slot: bigint, value: bigint): void {
  chain.state.writeSlot(createAddressFromString(address), slotKey(slot), value === 0n ? new Uint8Array(0) : bigIntToBytes(value));
}

export async function setCode(chain: Chain, address: Address, code: Uint8Array): Promise<void> {
  await chain.state.putCode(createAddressFromString(address), code);
}

function slotKey(slot: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(slot), 32);
}
