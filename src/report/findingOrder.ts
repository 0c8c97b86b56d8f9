import type { Report, ReportFinding } from './types.js';

/** What the outputs say about where a finding came from (`base`: why an unknown origin is unknown). */
export function provenance(finding: ReportFinding, base?: Report['base']): string {
  if (finding.introduced === true && finding.besidePreExisting) return 'introduced by this PR: a new way to a failure already on the base branch';
  if (finding.introduced === true) return 'introduced by this PR';
  if (finding.introduced === false) return 'already on the base branch';
  if (base === 'not-fetched') return 'origin unknown: base not fetched';
  if (base === 'does-not-build') return 'origin unknown: base does not compile';
  return 'origin unknown';
}

/**
 * Most important first: introduced by the PR, then unknown (the base did not build), then
 * pre-existing; within each, the earliest found first, in transactions (milliseconds would make the
 * order depend on the machine). Stable, so equal findings keep report order.
 */
export function byImportance(findings: readonly ReportFinding[]): ReportFinding[] {
  const rank = (f: ReportFinding) => (f.introduced === true ? 0 : f.introduced === null ? 1 : 2);
  return [...findings].sort((a, b) => rank(a) - rank(b) || a.foundTransactions - b.foundTransactions);
}

/** `Auction.settle(uint256,uint256)` or `Auction` when the failing function is unknown. */
export function qualifiedFunction(finding: ReportFinding): string {
  return finding.function ? `${finding.contract}.${finding.function}` : finding.contract;
}

/** `src/A.sol:38`, `src/A.sol` or `unknown location`. */
export function location(finding: ReportFinding): string {
  if (finding.file === null) return 'unknown location';
  return finding.line === null ? finding.file : `${finding.file}:${finding.line}`;
}

/** `panic 0x32`, `assertion`: the kind with its panic code. */
export function kindText(finding: ReportFinding): string {
  return finding.panicCode ? `${finding.kind} ${finding.panicCode}` : finding.kind;
}

/**
 * `panic 0x32 in Auction.settle(uint256): index out of bounds`, naming the function once: a behaviour
 * change says base and head after it, and a message that names the function itself (a property's)
 * goes without the `in`.
 */
export function findingText(finding: ReportFinding): string {
  const fn = qualifiedFunction(finding);
  if (finding.behaviour) return `${kindText(finding)} in ${fn}: base ${finding.behaviour.base}; head ${finding.behaviour.head}`;
  const bareName = finding.function.split('(')[0];
  const named = bareName !== '' && new RegExp(`(^|[^\\w$])${bareName.replace(/\$/g, '\\$')}($|[^\\w$])`).test(finding.message);
  return named ? `${kindText(finding)}: ${finding.message}` : `${kindText(finding)} in ${fn}: ${finding.message}`;
}
