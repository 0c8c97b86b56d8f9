import type { AddressNames } from '../abi/index.js';
import type { ReportFinding } from './types.js';

/** A whole 20-byte address in a text (not the start of a longer hex word). */
const ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;

/**
 * The findings with every account their texts quote by address written by the name the report's
 * legend gives it (`0x…020000` → `alice`), as the call tables name it: messages and behaviour texts are
 * written where the names are not known yet (oracles, worker threads), and an address is a token
 * that cannot be mistaken for anything else.
 */
export function withAccountNames(findings: readonly ReportFinding[], names: AddressNames): ReportFinding[] {
  const named = (text: string) => text.replace(ADDRESS, (address) => names.get(address.toLowerCase()) ?? address);
  return findings.map((finding) => ({
    ...finding,
    message: named(finding.message),
    ...(finding.behaviour && { behaviour: { ...finding.behaviour, base: named(finding.behaviour.base), head: named(finding.behaviour.head) } }),
  }));
}
