import type { StorageSlot } from '../harvey/ddsf.js';

/** A value a successful transaction wrote to a slot (copied out of its trace). */
export interface SlotWrite extends StorageSlot {
  value: bigint;
}

/**
 * The state the earlier transactions of a sequence set up for its last one, coarsely: each slot the
 * last transaction read that an earlier one wrote, with the bucket of the last value written to it
 * (the value it ran on, not the one it left: vent() resetting level would otherwise show one state
 * whatever its prefix set up). With path ids spanning only the last transaction (Harvey Sect. 5: the
 * earlier ones only set up the state), a prefix is kept when it sets up a state no input set up
 * before. A slot no earlier transaction wrote holds its deployed value whatever the prefix: it says
 * which slot the call read (a mapping's key: its sender or arguments), not what was set up, and
 * counting those made every new balance key a corpus entry and every one-transaction path a second
 * one (issue 16, the catalogue's wrapped ether: 4,297 inputs kept per 10k transactions, 300 without
 * them; its leak found after a median 2,512 transactions with DDSF, 1,218 without them, 1,100 DDSF off).
 * Buckets keep counters from making every increment a new state: 0 and 1 exactly, then up to 2^8, up
 * to 2^64, wider, and words with the top bit set (negative numbers, wrapped counters, hashes).
 */
export function bucketedStateBefore(slots: readonly StorageSlot[], prefixWrites: readonly SlotWrite[]): string {
  const before = lastWrites(prefixWrites);
  const parts = new Set<string>();
  for (const s of slots) {
    const key = slotKey(s);
    const value = before.get(key)?.value;
    if (value !== undefined) parts.add(`${key}=${valueBucket(value)}`);
  }
  return [...parts].sort().join(',');
}

/**
 * Whether the writes leave storage other than the deployed one: some slot's last written value is
 * not what `deployed` says it held. Calls that only store back what they read (a counter left at
 * 0, CalleeFig2's `hits`) set up nothing for the calls after them.
 */
export function changesDeployedStorage(writes: readonly SlotWrite[], deployed: (slot: StorageSlot) => bigint): boolean {
  for (const w of lastWrites(writes).values()) if (deployed(w) !== w.value) return true;
  return false;
}

/** The last write to each slot, by `slotKey`. */
function lastWrites(writes: readonly SlotWrite[]): Map<string, SlotWrite> {
  return new Map(writes.map((w) => [slotKey(w), w]));
}

function slotKey(s: StorageSlot): string {
  return `${s.address}:${s.slot.toString(16)}`;
}

const TOP_BIT = 1n << 255n;
const BYTE = 1n << 8n;
const WORD64 = 1n << 64n;

/** The bucket of a storage word (see `bucketedStateBefore`). */
export function valueBucket(value: bigint): string {
  if (value < 2n) return value.toString();
  if (value >= TOP_BIT) return 'top';
  if (value < BYTE) return 'byte';
  return value < WORD64 ? 'word64' : 'wide';
}
