import type { Address } from '../types.js';
import type { CheatState } from './state.js';
import { type CheatcodeDefinition, decodedAddress } from './types.js';

const word = (slot: bigint) => `0x${slot.toString(16).padStart(64, '0')}`;

/** `record()` starts (or restarts) recording storage slots; `accesses(account)` reads them (forge-std's stdstore finds slots so). */
export const storageAccessCheatcodes: readonly CheatcodeDefinition[] = [
  {
    signature: 'function record()',
    run: (_args, call) => {
      call.state.accesses = { reads: new Map(), writes: new Map() };
    },
  },
  {
    signature: 'function accesses(address target) returns (bytes32[] readSlots, bytes32[] writeSlots)',
    run: ([target], call) => {
      const account = decodedAddress(target);
      const recorded = call.state.accesses;
      return [(recorded?.reads.get(account) ?? []).map(word), (recorded?.writes.get(account) ?? []).map(word)];
    },
  },
];

function push(map: Map<Address, bigint[]>, account: Address, slot: bigint): void {
  const slots = map.get(account);
  if (slots === undefined) map.set(account, [slot]);
  else slots.push(slot);
}

/** An SLOAD (or SSTORE, `written`) while recording. */
export function recordAccess(state: CheatState, account: Address, slot: bigint, written: boolean): void {
  const recorded = state.accesses;
  if (recorded === undefined) return;
  push(recorded.reads, account, slot);
  if (written) push(recorded.writes, account, slot);
}
