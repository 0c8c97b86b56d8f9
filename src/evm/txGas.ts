/**
 * Gas a real Prague transaction would report, from what `runCall` measures: `runCall` charges only
 * execution, so the intrinsic cost, the refund cap (EIP-3529) and the calldata floor (EIP-7623) are
 * added here.
 */
const TX_BASE = 21_000n;

function calldataTokens(data: Uint8Array): bigint {
  let tokens = 0;
  for (const byte of data) tokens += byte === 0 ? 1 : 4;
  return BigInt(tokens);
}

/** Gas charged before execution starts: the base cost plus 4 per zero and 16 per non-zero calldata byte. */
export function intrinsicGas(data: Uint8Array): bigint {
  return TX_BASE + 4n * calldataTokens(data);
}

export function transactionGasUsed(data: Uint8Array, executionGasUsed: bigint, refund: bigint): bigint {
  const used = intrinsicGas(data) + executionGasUsed;
  const refunded = refund < used / 5n ? refund : used / 5n;
  const floor = TX_BASE + 10n * calldataTokens(data);
  const charged = used - refunded;
  return charged > floor ? charged : floor;
}
