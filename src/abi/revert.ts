import { type Abi, bytesToHex, decodeAbiParameters, decodeErrorResult, getAddress, hexToBytes, toFunctionSelector, type Hex } from 'viem';
import { describePanic } from './panic.js';

/** A custom error of an ABI. */
export type AbiError = Extract<Abi[number], { type: 'error' }>;

/** What revert data says, decoded as far as the standard Solidity encodings go. */
export type RevertReason =
  | { kind: 'empty' }
  | { kind: 'panic'; code: number }
  | { kind: 'error'; message: string }
  /** A custom error, or data that does not decode as Panic/Error. */
  | { kind: 'other'; data: Hex };

const PANIC_SELECTOR = hexToBytes(toFunctionSelector('Panic(uint256)'));
const ERROR_SELECTOR = hexToBytes(toFunctionSelector('Error(string)'));

export function decodeRevert(data: Uint8Array): RevertReason {
  if (data.length === 0) return { kind: 'empty' };
  const code = panicCode(data);
  if (code !== undefined) return { kind: 'panic', code };
  const body = data.subarray(4);
  if (hasSelector(data, ERROR_SELECTOR)) {
    try {
      const [message] = decodeAbiParameters([{ type: 'string' }], body);
      return { kind: 'error', message };
    } catch {
      // Malformed Error(string) data: fall through to the raw form.
    }
  }
  return { kind: 'other', data: bytesToHex(data) };
}

/**
 * The code of a Solidity panic's revert data, else undefined: what the oracles ask of every reverted
 * transaction, read without decoding an `Error(string)` they would not look at.
 */
export function panicCode(data: Uint8Array): number | undefined {
  if (data.length !== 36 || !hasSelector(data, PANIC_SELECTOR)) return undefined;
  // A code above 32 bits is not a compiler panic; someone hand-crafted the data.
  for (let i = 4; i < 32; i++) if (data[i] !== 0) return undefined;
  return ((data[32] << 24) | (data[33] << 16) | (data[34] << 8) | data[35]) >>> 0;
}

/** One line for a report message: `Error("not owner")`, `Panic 0x12: …`, or the raw data. */
export function describeRevert(reason: RevertReason): string {
  switch (reason.kind) {
    case 'empty':
      return 'empty revert data';
    case 'panic':
      return describePanic(reason.code);
    case 'error':
      return `Error(${JSON.stringify(reason.message)})`;
    case 'other':
      return `revert data ${reason.data.length > 74 ? `${reason.data.slice(0, 74)}…` : reason.data}`;
  }
}

function hasSelector(data: Uint8Array, selector: Uint8Array): boolean {
  return data.length >= 4 && selector.every((byte, i) => data[i] === byte);
}

/**
 * `describeRevert`, with a custom error decoded by the errors the project declares:
 * `ERC20InsufficientAllowance(0x7FA9…1496, 0, 5)` rather than its raw bytes.
 */
export function describeRevertWith(data: Uint8Array, errors: readonly AbiError[]): string {
  const reason = decodeRevert(data);
  if (reason.kind !== 'other' || errors.length === 0) return describeRevert(reason);
  try {
    const { errorName, args } = decodeErrorResult({ abi: errors, data: reason.data });
    return `${errorName}(${(args ?? []).map(argumentText).join(', ')})`;
  } catch {
    // No declared error has its selector (or its data does not decode as one): the raw form.
    return describeRevert(reason);
  }
}

function argumentText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(argumentText).join(', ')}]`;
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return getAddress(value);
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
