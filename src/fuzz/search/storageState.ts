import type { Executor } from '../../evm/executor.js';
import type { StorageSlot } from './ddsf.js';

/** A value a successful transaction wrote to a slot (copied out of its trace). */
export interface SlotWrite extends StorageSlot {
  value: bigint;
}

/**
 * The storage state a transaction ran on, coarsely: each slot it read with its value's bucket. With
 * path ids spanning only the last transaction (Harvey Sect. 5), a prefix that sets state up without
 * a new path of its own is kept when it reaches a state no input reached before. Buckets keep
 * counters from making every increment a new state: 0 and 1 exactly, then up to 2^8, up to 2^64,
 * wider, and words with the top bit set (negative numbers, wrapped counters, hashes) — six buckets
 * a slot. The state it ran on, not the one it left: a function that resets what it read (vent()
 * setting level to 0) would otherwise show one state whatever its prefix set up. So a slot the
 * transaction wrote (`lastWrites`) shows the last of `prefixWrites` to it, or `initial` when no
 * earlier transaction wrote it (the deployed value, the same for every input); any other slot still
 * holds the value the transaction read.
 */
export function bucketedStateBefore(executor: Executor, slots: readonly StorageSlot[], prefixWrites: readonly SlotWrite[], lastWrites: readonly SlotWrite[]): string {
  const before = new Map(prefixWrites.map((w) => [slotKey(w), w.value]));
  const overwritten = new Set(lastWrites.map(slotKey));
  return bucketsOf(slots, (s) => {
    const key = slotKey(s);
    if (!overwritten.has(key)) return valueBucket(executor.getStorage(s.address, s.slot));
    const value = before.get(key);
    return value === undefined ? 'initial' : valueBucket(value);
  });
}

function slotKey(s: StorageSlot): string {
  return `${s.address}:${s.slot.toString(16)}`;
}

function bucketsOf(slots: readonly StorageSlot[], bucketOf: (slot: StorageSlot) => string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const s of slots) {
    const key = slotKey(s);
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(`${key}=${bucketOf(s)}`);
  }
  return parts.sort().join(',');
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
