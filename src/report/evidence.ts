import type { Evidence } from '../oracles/index.js';
import type { ReportEvidence } from './types.js';

/** A finding's evidence for the JSON report: bigints (amounts, ether in wei) as decimal strings, the rest as it is. */
export function reportEvidence(evidence: Evidence): ReportEvidence {
  return Object.fromEntries(Object.entries(evidence).map(([field, value]) => [field, typeof value === 'bigint' ? value.toString() : value])) as ReportEvidence;
}
