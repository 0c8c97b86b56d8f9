/**
 * String arguments as byte sequences. Solidity's `string` is any bytes (its ABI encoding is that of
 * `bytes`), and a contract may compare bytes that are no valid UTF-8 (Echidna's `testNonUTF8`).
 * Lookout keeps string values as JavaScript text and writes a byte that is not part of valid UTF-8
 * as the lone surrogate U+DC80–U+DCFF (Python's `surrogateescape`, PEP 383): valid text is itself,
 * and every byte sequence has exactly one such text.
 */

const ESCAPE_BASE = 0xdc00;
const ESCAPED = /[\udc80-\udcff]/;
const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the text stands for bytes that are not valid UTF-8. */
export function holdsRawBytes(text: string): boolean {
  return ESCAPED.test(text);
}

/** The bytes a string argument holds: UTF-8, escaped bytes as themselves. */
export function stringBytes(text: string): Uint8Array {
  if (!holdsRawBytes(text)) return utf8.encode(text);
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= ESCAPE_BASE + 0x80 && code <= ESCAPE_BASE + 0xff) bytes.push(code - ESCAPE_BASE);
    else bytes.push(...utf8.encode(char));
  }
  return Uint8Array.from(bytes);
}

/** The text of a string argument's bytes: valid UTF-8 decoded, every other byte escaped. */
export function stringOfBytes(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    let text = '';
    for (let at = 0; at < bytes.length;) {
      const length = sequenceLength(bytes, at);
      text += length === 0 ? String.fromCharCode(ESCAPE_BASE + bytes[at]) : strictUtf8.decode(bytes.subarray(at, at + length));
      at += Math.max(length, 1);
    }
    return text;
  }
}

/**
 * Length of the well-formed UTF-8 sequence at `at` (Unicode Table 3-7: no overlong forms, no
 * surrogates, nothing past U+10FFFF), or 0 when the byte there starts none.
 */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at];
  if (lead < 0x80) return 1;
  const continuation = (i: number, low = 0x80, high = 0xbf) => at + i < bytes.length && bytes[at + i] >= low && bytes[at + i] <= high;
  if (lead >= 0xc2 && lead <= 0xdf) return continuation(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const [low, high] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continuation(1, low, high) && continuation(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const [low, high] = lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}
