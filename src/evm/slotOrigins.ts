import type { StorageAccess } from './types.js';

/** Hashes remembered per transaction: enough for a mapping lookup, a struct in it and an array inside that. */
const RECENT_HASHES = 16;
/**
 * How far above a hash a slot still belongs to it: a struct's members and the first elements of an
 * array laid out from it. An index a caller chose at random lands beyond (2^16 is a 65,536-element array).
 */
const MEMBER_LIMIT = 1n << 16n;

/**
 * Where a transaction's storage slots come from: the last words its KECCAK256s produced, with the two
 * input words of 64-byte ones (Solidity's mapping slot keccak(key . base)). A slot just above one of
 * them is a data structure's element, at a place the contract computed, not an arbitrary slot; a
 * mapping entry also names its key and the mapping's slot. Fixed buffers: nothing is allocated per
 * opcode.
 */
export class SlotOrigins {
  private readonly hashes: bigint[] = new Array<bigint>(RECENT_HASHES).fill(0n);
  private readonly keys: bigint[] = new Array<bigint>(RECENT_HASHES).fill(0n);
  private readonly bases: bigint[] = new Array<bigint>(RECENT_HASHES).fill(0n);
  private readonly keyed: boolean[] = new Array<boolean>(RECENT_HASHES).fill(false);
  private count = 0;

  /** A new transaction: no hash seen yet. */
  clear(): void {
    this.count = 0;
  }

  /** A KECCAK256 produced `hash`; when `keyed` (it hashed 64 bytes), `key` and `base` are its input's words. */
  hashed(hash: bigint, keyed: boolean, key: bigint, base: bigint): void {
    const i = this.count++ % RECENT_HASHES;
    this.hashes[i] = hash;
    this.keyed[i] = keyed;
    this.keys[i] = key;
    this.bases[i] = base;
  }

  /** Sets `record`'s origin from the newest hash its slot lies just above (see StorageAccess.origin). */
  describe(record: StorageAccess, slot: bigint): void {
    record.origin = 'plain';
    for (let n = 0; n < Math.min(this.count, RECENT_HASHES); n++) {
      const i = (this.count - 1 - n) % RECENT_HASHES;
      const offset = slot - this.hashes[i];
      if (offset < 0n || offset >= MEMBER_LIMIT) continue;
      record.origin = this.keyed[i] ? 'entry' : 'element';
      record.key = this.keys[i];
      record.base = this.bases[i];
      return;
    }
  }
}
