/**
 * The indices of `accounts` (addresses as numbers) that are one of the 32-byte words of `bytes` from
 * `start` on (ABI-encoded arguments: an address word is twelve zero bytes, then the address).
 */
export function namedAccounts(bytes: Uint8Array, accounts: readonly bigint[], start: number): number[] {
  const named: number[] = [];
  for (let at = start; at + 32 <= bytes.length; at += 32) {
    if (!zeroUpTo(bytes, at, at + 12)) continue;
    let word = 0n;
    for (let i = at + 12; i < at + 32; i++) word = (word << 8n) | BigInt(bytes[i]);
    const account = accounts.indexOf(word);
    if (account >= 0 && !named.includes(account)) named.push(account);
  }
  return named;
}

/** Whether `bytes[from..to)` are all zero (checked after every transaction: no subarray made). */
function zeroUpTo(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}
