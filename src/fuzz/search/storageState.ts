import type { Executor } from '../../evm/executor.js';
import type { StorageSlot } from './ddsf.js';

/**
 * The storage state a sequence left, coarsely: each slot it wrote with its value's bucket. With path
 * ids spanning only the last transaction (Harvey Sect. 5), a prefix that sets state up without a new
 * path of its own is kept when it reaches a state no input reached before. Buckets keep counters from
 * making every increment a new state: 0 and 1 exactly, then up to 2^8, up to 2^64, wider, and words
 * with the top bit set (negative numbers, wrapped counters, hashes) — six buckets a slot.
 */
export function bucketedState(executor: Executor, slots: readonly StorageSlot[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const s of slots) {
    const key = `${s.address}:${s.slot.toString(16)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(`${key}=${valueBucket(executor.getStorage(s.address, s.slot))}`);
  }
  return parts.sort().join(',');
}

const TOP_BIT = 1n << 255n;
const BYTE = 1n << 8n;
const WORD64 = 1n << 64n;

/** The bucket of a storage word (see `bucketedState`). */
export function valueBucket(value: bigint): string {
  if (value < 2n) return value.toString();
  if (value >= TOP_BIT) return 'top';
  if (value < BYTE) return 'byte';
  return value < WORD64 ? 'word64' : 'wide';
}
