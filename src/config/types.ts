import type { Budget } from './budget.js';

export const DEFAULTS = {
  budget: '60s',
  seed: 1,
  maxSequenceLength: 8,
} as const;

/** Everything a run needs, validated; built by the CLI and the Action readers alike. */
export interface RunConfig {
  command: 'fuzz';
  /** Project root: paths in the report are relative to it. */
  root: string;
  /** Files or directories to compile and fuzz, relative to `root`. */
  paths: string[];
  /** Only fuzz the contract with this name. */
  contract?: string;
  budget: Budget;
  seed: number;
  maxSequenceLength: number;
  /** Panic codes reported as findings (assertion failures, 0x01, always are). */
  panicCodes: ReadonlySet<number>;
  outputs: { json?: string };
  /** End each campaign at its first finding (time-to-bug measurements). */
  stopOnFinding?: boolean;
}
