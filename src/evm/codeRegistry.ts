import { bytesToUnprefixedHex } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Numbers every distinct code the executor runs, so a trace can say which code a pc belongs to.
 * Lookups by array identity are the fast path (state code arrays are stable); equal code in a new
 * array (init code copied out of memory by CREATE) falls back to its hash and gets the same id.
 */
export class CodeRegistry {
  private readonly byArray = new WeakMap<Uint8Array, number>();
  private readonly byHash = new Map<string, number>();
  private readonly codes: Uint8Array[] = [];
  private readonly unobserved = new Set<number>();

  idOf(code: Uint8Array): number {
    const known = this.byArray.get(code);
    if (known !== undefined) return known;
    const hash = bytesToUnprefixedHex(keccak_256(code));
    let id = this.byHash.get(hash);
    if (id === undefined) {
      id = this.codes.length;
      this.codes.push(code);
      this.byHash.set(hash, id);
    }
    this.byArray.set(code, id);
    return id;
  }

  code(id: number): Uint8Array {
    const code = this.codes[id];
    if (code === undefined) throw new RangeError(`no code with id ${id}`);
    return code;
  }

  /**
   * Code Lookout itself adds to the world (its attacker): it runs, but its branches are no path of
   * the project's, so traces leave them out. Ids, and so this mark, are shared by `fresh()` copies.
   */
  leaveUnobserved(id: number): void {
    this.unobserved.add(id);
  }

  isObserved(id: number): boolean {
    return !this.unobserved.has(id);
  }

  get size(): number {
    return this.codes.length;
  }
}
