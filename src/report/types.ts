/** The JSON report, schemaVersion 1 (DESIGN.md). Stands alone: no internal types leak in here. */
export interface Report {
  schemaVersion: 1;
  tool: { name: 'lookout'; version: string };
  seed: number;
  budget: { seconds: number | null; executions: number | null };
  stats: ReportStats;
  targets: ReportTarget[];
  findings: ReportFinding[];
  /** Stage errors (build, fuzz crash) kept so a partial report still explains itself. */
  errors?: string[];
}

export interface ReportStats {
  elapsedMs: number;
  sequences: number;
  transactions: number;
  transactionsPerSecond: number;
  analysisMs: number;
  /** Input prediction (Harvey RQ2): one-shot predictions made and how many flipped their branch. */
  prediction?: { oneShot: number; oneShotHits: number; oneShotSuccessRate: number; iterated: number; iteratedHits: number };
}

export type TargetStatus = 'reached' | 'unreached' | 'unreachable' | 'no-code';

export interface ReportTarget {
  file: string;
  line: number;
  contract: string;
  pcs: number[];
  status: TargetStatus;
  firstReachedMs: number | null;
  firstReachedSequence: number | null;
}

export type FindingKind = 'assertion' | 'panic' | 'property' | 'arbitrary-storage-write';

export interface ReportCall {
  sender: string;
  function: string;
  args: unknown[];
  value: string;
  calldata: string;
}

export interface ReportFinding {
  kind: FindingKind;
  panicCode: string | null;
  contract: string;
  file: string | null;
  line: number | null;
  function: string;
  message: string;
  introduced: boolean | null;
  /** `lookout pr`: whether the sequence executes any changed line (findings in unchanged code are reported too). */
  executesChangedLines?: boolean;
  /** `lookout pr`: the changed lines the sequence executes, in order of first execution. */
  enteredLines?: { file: string; line: number }[];
  foundMs: number;
  sequence: ReportCall[];
}
