import { BEHAVIOUR_GRADES } from '../fuzz/index.js';
import type { Report, ReportFinding } from './types.js';

/**
 * Failures (what the oracles caught, and the behaviour changes graded `behaviour-permits` or
 * `behaviour-value`) apart from the other behaviour changes between base and head: those are notes,
 * reported in their own section, and do not fail the check unless asked.
 */
export function failures(report: Report): ReportFinding[] {
  return report.findings.filter((f) => f.kind !== 'behaviour-change');
}

/** The behaviour-change notes, the most alarming grade first (an accepted `permits` before a changed event), else in report order. */
export function behaviourChanges(report: Report): ReportFinding[] {
  const rank = (f: ReportFinding) => BEHAVIOUR_GRADES.indexOf(f.behaviour?.grade ?? 'events');
  return report.findings.filter((f) => f.kind === 'behaviour-change').sort((a, b) => rank(a) - rank(b));
}

/** Behaviour changes grouped by (contract, function, what differs), the most alarming grade first. */
export function behaviourGroups(report: Report): { key: string; examples: ReportFinding[] }[] {
  const groups = new Map<string, ReportFinding[]>();
  for (const change of behaviourChanges(report)) {
    const key = `${change.contract}.${change.function} · ${change.behaviour?.difference ?? 'behaviour'}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups].map(([key, examples]) => ({ key, examples }));
}

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
 * pre-existing; within each, the earliest found first. Stable, so equal findings keep report order.
 */
export function byImportance(findings: readonly ReportFinding[]): ReportFinding[] {
  const rank = (f: ReportFinding) => (f.introduced === true ? 0 : f.introduced === null ? 1 : 2);
  return [...findings].sort((a, b) => rank(a) - rank(b) || a.foundMs - b.foundMs);
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
