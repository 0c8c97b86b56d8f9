import { bytesToHex, decodeAbiParameters } from 'viem';

const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';

/** Human-readable revert data: `Error(string)` and `Panic(uint256)` decoded, anything else as hex. */
export function describeRevert(data: Uint8Array): string {
  if (data.length === 0) return 'reverted without data';
  const hex = bytesToHex(data);
  try {
    if (hex.startsWith(ERROR_SELECTOR)) {
      const [reason] = decodeAbiParameters([{ type: 'string' }], `0x${hex.slice(10)}`);
      return `reverted: ${reason}`;
    }
    if (hex.startsWith(PANIC_SELECTOR)) {
      const [code] = decodeAbiParameters([{ type: 'uint256' }], `0x${hex.slice(10)}`);
      return `panicked with code 0x${code.toString(16).padStart(2, '0')}`;
    }
  } catch {
    // Malformed payload behind a known selector: fall through to the raw bytes.
  }
  return `reverted with data ${hex}`;
}
