import { bytesToHex, hexToBytes } from 'viem';
import { Rng } from '../../../src/rng.js';
import { holdsRawBytes, stringBytes, stringOfBytes } from '../../../src/abi/stringBytes.js';

describe('string arguments as bytes', () => {
  it('keeps valid text as its UTF-8', () => {
    for (const text of ['', 'lookout', 'café', '日本', '🦊']) {
      expect(holdsRawBytes(text)).toBe(false);
      expect(stringBytes(text)).toEqual(new TextEncoder().encode(text));
      expect(stringOfBytes(stringBytes(text))).toBe(text);
    }
  });

  it.each([
    ['a lone lead byte', '0xf8', '\udcf8'],
    ['a truncated sequence beside text', '0x41c3', 'A\udcc3'],
    ['an overlong slash', '0xc0af', '\udcc0\udcaf'],
    ['an encoded surrogate', '0xeda080', '\udced\udca0\udc80'],
    ['past U+10FFFF', '0xf4908080', '\udcf4\udc90\udc80\udc80'],
    ['valid text around a stray continuation byte', '0xc3a980e697a5', 'é\udc80日'],
  ] as const)('writes %s byte by byte as U+DC80–U+DCFF, and back', (_what, hex, text) => {
    expect(stringOfBytes(hexToBytes(hex))).toBe(text);
    expect(holdsRawBytes(text)).toBe(true);
    expect(bytesToHex(stringBytes(text))).toBe(hex);
  });

  it('round-trips every byte sequence', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 2000; i++) {
      const bytes = rng.bytes(rng.range(0, 12));
      expect(bytesToHex(stringBytes(stringOfBytes(bytes)))).toBe(bytesToHex(bytes));
    }
  });
});
