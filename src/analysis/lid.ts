/**
 * Incremental 64-bit FNV-1a over 32-bit words, kept in two uint32 halves so that hashing a path costs
 * no BigInt. The LID of a prefix is this hash over the code hash and the prefix's (pc, destination) pairs,
 * and the LIDs of the callee frames its calls ran (Bran §IV-C).
 */
const PRIME_LOW = 0x1b3; // the FNV-64 prime is 2^40 + 0x1b3

export class LidHasher {
  private hi = 0xcbf29ce4;
  private lo = 0x84222325;

  updateByte(byte: number): void {
    const lo = (this.lo ^ byte) >>> 0;
    const product = lo * PRIME_LOW;
    const carry = Math.floor(product / 0x1_0000_0000);
    this.lo = product >>> 0;
    this.hi = (this.hi * PRIME_LOW + carry + lo * 256) >>> 0;
  }

  updateWord(word: number): void {
    this.updateByte(word & 0xff);
    this.updateByte((word >>> 8) & 0xff);
    this.updateByte((word >>> 16) & 0xff);
    this.updateByte(word >>> 24);
  }

  updateBytes(bytes: Uint8Array): void {
    for (const byte of bytes) this.updateByte(byte);
  }

  /** Another LID (a callee frame's, Bran §IV-C), as its two 32-bit halves. */
  updateLid(lid: string): void {
    this.updateWord(Number.parseInt(lid.slice(0, 8), 16));
    this.updateWord(Number.parseInt(lid.slice(8, 16), 16));
  }

  hex(): string {
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }
}
