import type { ChangedFile } from '../diff/index.js';
import type { Budget } from './budget.js';
import type { Shard } from './shard.js';

/** Harvey's techniques, each switchable for measurement (`--no-prediction`, `--no-ddsf`). */
export interface Techniques {
  prediction: boolean;
  ddsf: boolean;
  /**
   * Ablation of Harvey Sect. 5's path identity (bench only): with DDSF, path ids span the
   * state-changing prefix once a function is enabled, and no input is kept for a new storage state
   * alone — the rule before issue 16.
   */
  prefixPathIds?: boolean;
  /**
   * Ablation of Bran §IV-C (bench only): `false` stops the lookahead following calls into the
   * world's known code, so every call counts as reaching a target, the rule before issue 16.
   */
  calleeFrames?: boolean;
}

/**
 * Power schedules of the Bran paper's evaluation: `lookahead` (B, the default with targets),
 * `baseline` (A: AFLFast on path ids, the default without), `lookahead-imprecise` (C: the suffix
 * check always says "reachable"), `lid-aflfast` (D: LIDs with the standard schedule).
 */
export const SCHEDULES = ['lookahead', 'baseline', 'lookahead-imprecise', 'lid-aflfast'] as const;
export type ScheduleName = (typeof SCHEDULES)[number];

export type StopCondition = 'finding' | 'targets-reached';

/** A source line to aim at, as `lookout fuzz --targets FILE:LINE` names it. */
export interface LineTarget {
  file: string;
  line: number;
}

/** What every run shares, validated; built by the CLI and the Action readers alike. */
interface CommonConfig {
  budget: Budget;
  seed: number;
  maxSequenceLength: number;
  /** Panic codes reported as findings (assertion failures, 0x01, always are). */
  panicCodes: ReadonlySet<number>;
  /** Harvey's input prediction and demand-driven sequences (both on unless switched off for measurement). */
  techniques: Techniques;
  /** Unset: `lookahead` when there are targets, else `baseline`. */
  schedule?: ScheduleName;
  /**
   * Report files: JSON (the source of truth), the PR comment's markdown, SARIF 2.1.0, JUnit XML, LCOV
   * line coverage of the fuzzed contracts, and a folder for the findings' Foundry reproducers.
   */
  outputs: { json?: string; markdown?: string; sarif?: string; junit?: string; lcov?: string; reproducers?: string };
  /** `--config`: the project configuration file (default: `lookout.toml` at the project root, if any). */
  configFile?: string;
  /** End each campaign early, at its first finding or once every target is reached (measurements). */
  stopWhen?: StopCondition;
  /** Worker threads each campaign runs on (one EVM each); 1 runs it in this thread. */
  workers: number;
  /** `--corpus DIR`: the folder of inputs kept across runs, restored before fuzzing and saved after. */
  corpus?: string;
  /**
   * `--shard K/N`: this run is slice K of N runs alike (same build, plans and budget each) whose
   * campaigns draw from different mutation streams, as workers of one campaign do; `lookout merge`
   * joins their reports. Absent: a whole run.
   */
  shard?: Shard;
}

/** `lookout fuzz`: compile the given paths and fuzz their deployable contracts. */
export interface FuzzConfig extends CommonConfig {
  command: 'fuzz';
  /** Project root (the nearest folder above the paths holding foundry.toml, …): report paths are relative to it. */
  root: string;
  /** Files or directories to compile and fuzz, relative to `root`. */
  paths: string[];
  /** Only fuzz the contract with this name. */
  contract?: string;
  /** Lines to aim at and report on (relative to `root`). */
  targets: LineTarget[];
}

/** `lookout pr`: fuzz what `head` changed since its merge-base with `base`. */
export interface PrConfig extends CommonConfig {
  command: 'pr';
  /** Any directory inside the repository's work tree. */
  repo: string;
  base: string;
  head: string;
  /** Behaviour changes between base and head fail the run (exit 1) as introduced findings do. */
  failOnBehaviourChange: boolean;
  /**
   * The pull request means to change behaviour (`--accept-behaviour-change`, the action's
   * `accept-behaviour-label`): a stranger permitted or value ending differently is reported as a
   * note (`behaviour-change`), not as `behaviour-permits`/`behaviour-value`, which fail the run.
   */
  acceptBehaviourChange: boolean;
  /** Compare head's behaviour with the base's (on by default; `--no-behaviour-diff` measures what it costs). */
  behaviourDiff: boolean;
  /**
   * The pull request's changed lines from elsewhere (the Action passes the GitHub API's), used when
   * the base is not in the local history (a shallow checkout); findings then have `introduced: null`.
   */
  changesWithoutBase?: () => Promise<ChangedFile[]>;
}

export type RunConfig = FuzzConfig | PrConfig;

/** `lookout merge`: the reports of a run's shards, joined into the one report the run would have written. */
export interface MergeConfig {
  command: 'merge';
  /** The shards' JSON reports (absolute paths). */
  reports: string[];
  outputs: Pick<CommonConfig['outputs'], 'json' | 'markdown' | 'sarif' | 'junit'>;
  /** As `lookout pr --fail-on-behaviour-change`: behaviour changes fail the merged run too. */
  failOnBehaviourChange: boolean;
}

/** What `lookout …` asks for. */
export type CommandConfig = RunConfig | MergeConfig;
