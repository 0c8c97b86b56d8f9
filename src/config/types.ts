import type { Budget } from './budget.js';

export const DEFAULTS = {
  fuzzBudget: '60s',
  prBudget: '120s',
  seed: 1,
  maxSequenceLength: 8,
} as const;

/** What every run shares, validated; built by the CLI and the Action readers alike. */
interface CommonConfig {
  budget: Budget;
  seed: number;
  maxSequenceLength: number;
  /** Panic codes reported as findings (assertion failures, 0x01, always are). */
  panicCodes: ReadonlySet<number>;
  outputs: { json?: string; markdown?: string };
  /** End each campaign at its first finding (time-to-bug measurements). */
  stopOnFinding?: boolean;
}

/** `lookout fuzz`: compile the given paths and fuzz their deployable contracts. */
export interface FuzzConfig extends CommonConfig {
  command: 'fuzz';
  /** Project root: paths in the report are relative to it. */
  root: string;
  /** Files or directories to compile and fuzz, relative to `root`. */
  paths: string[];
  /** Only fuzz the contract with this name. */
  contract?: string;
}

/** `lookout pr`: fuzz what `head` changed since its merge-base with `base`. */
export interface PrConfig extends CommonConfig {
  command: 'pr';
  /** Any directory inside the repository's work tree. */
  repo: string;
  base: string;
  head: string;
}

export type RunConfig = FuzzConfig | PrConfig;
