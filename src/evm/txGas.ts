/**
 * Gas a real Prague transaction would report, from what `runCall` measures: `runCall` charges only
 * execution, so the intrinsic cost, the refund cap (EIP-3529) and the calldata floor (EIP-7623) are
 * added here.
 */
const TX_BASE = 21_000n;

/**
 * Per calldata array: a campaign runs the same call's calldata (cached per Call, `encodeCall`) many
 * times, and each run counted it three times (intrinsic gas, gas used, floor): 1 % of a struct
 * campaign, whose calldata is ~300 bytes. Callers never modify calldata once built.
 */
const tokensOf = new WeakMap<Uint8Array, bigint>();

function calldataTokens(data: Uint8Array): bigint {
  let known = tokensOf.get(data);
  if (known === undefined) {
    let tokens = 0;
    for (let i = 0; i < data.length; i++) tokens += data[i] === 0 ? 1 : 4;
    known = BigInt(tokens);
    tokensOf.set(data, known);
  }
  return known;
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
