import type { ReportEvidence, ReportFinding } from '../../report/index.js';

/**
 * The finding's evidence when it is of `kind`: what the reproducer is built from (never the
 * message, whose wording may change). Undefined for a report written before findings carried it.
 */
export function evidenceOf<K extends ReportEvidence['kind']>(finding: ReportFinding, kind: K): Extract<ReportEvidence, { kind: K }> | undefined {
  const evidence = finding.evidence;
  return evidence?.kind === kind ? (evidence as Extract<ReportEvidence, { kind: K }>) : undefined;
}

/** Why a finding without evidence cannot be reproduced. */
export function noEvidence(kind: ReportEvidence['kind']): { kind: 'unsupported'; reason: string } {
  return { kind: 'unsupported', reason: `the finding carries no ${kind} evidence (a report written before findings carried it)` };
}
