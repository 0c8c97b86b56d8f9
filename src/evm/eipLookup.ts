import type { Common } from '@ethereumjs/common';

/**
 * The interpreter asks Common whether an EIP is active several times per opcode (gas rules), and
 * Common answers by searching the list of its hardfork's EIPs (`Array.includes`, ~100 entries)
 * every time: 4–8 % of a campaign's self time. The executor's chain never changes hardfork, so a Set
 * built once per Common gives the same answers in constant time.
 */
export function enableEipLookup(common: Common): void {
  const list = (common as unknown as { _activatedEIPsCache?: unknown })._activatedEIPsCache;
  // Another @ethereumjs version may keep the list elsewhere: then its own lookup stays.
  if (!Array.isArray(list)) return;
  const active = new Set<number>(list as number[]);
  common.isActivatedEIP = (eip: number) => active.has(eip);
}
