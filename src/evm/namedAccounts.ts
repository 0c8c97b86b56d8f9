/**
 * The indices of `accounts` (addresses as numbers) that are one of the 32-byte words of `bytes` from
 * `start` on (ABI-encoded arguments: an address word is twelve zero bytes, then the address).
 */
export function namedAccounts(bytes: Uint8Array, accounts: readonly bigint[], start: number): number[] {
  const named: number[] = [];
  for (let at = start; at + 32 <= bytes.length; at += 32) {
    if (bytes.subarray(at, at + 12).some((b) => b !== 0)) continue;
    let word = 0n;
    for (let i = at + 12; i < at + 32; i++) word = (word << 8n) | BigInt(bytes[i]);
    const account = accounts.indexOf(word);
    if (account >= 0 && !named.includes(account)) named.push(account);
  }
  return named;
}
