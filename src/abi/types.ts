import type { AbiFunction } from 'viem';

/**
 * A decoded ABI value. uintN/intN → bigint, bool → boolean, address/bytesN/bytes → 0x-prefixed
 * lowercase hex string, string → string, arrays and tuples → arrays (tuple components in order).
 */
export type AbiValue = bigint | boolean | string | AbiValue[];

/** What a call invokes: an ABI function, or the fallback/receive entry with raw calldata. */
export type CallTarget =
  { kind: 'function'; fn: AbiFunction; selector: string; signature: string } | { kind: 'fallback'; data: string; payable?: boolean } | { kind: 'receive' };

/** One transaction in the fuzzer's terms: ABI-typed, mutable, encodable to an evm `Tx`. */
export interface Call {
  sender: number;
  /** Index into the executor's deployments. */
  to: number;
  target: CallTarget;
  args: AbiValue[];
  value: bigint;
  blockDelay: number;
  timeDelay: number;
}

export type TxSequence = Call[];

/** A 20-byte account address as lowercase 0x-hex. */
export type Address = `0x${string}`;
