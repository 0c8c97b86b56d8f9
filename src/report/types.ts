import type { BehaviourGrade } from '../fuzz/index.js';
import type { Evidence, FindingKind } from '../oracles/index.js';

export type { FindingKind };

/** The JSON report, schemaVersion 1 (DESIGN.md). Stands alone: no internal types leak in here. */
export interface Report {
  schemaVersion: 1;
  tool: { name: 'lookout'; version: string };
  seed: number;
  budget: { seconds: number | null; executions: number | null };
  stats: ReportStats;
  /** `--corpus DIR`: the inputs earlier runs kept, restored before fuzzing and saved after (absent without one). */
  corpus?: ReportCorpus;
  /**
   * `--shard K/N`: this report is slice K of N of one run (`lookout merge` joins them); null for a
   * whole run, and for a merged one.
   */
  shard?: ReportShard | null;
  /** `lookout pr`: the commits compared (head; the merge-base, null when the base was not fetched). */
  revisions?: { head: string; mergeBase: string | null };
  /** Echidna's and Medusa's corpora of the harnesses fuzzed, replayed as seeds (absent when no config file names one that exists). */
  seeds?: ReportSeeds;
  /** How the project was compiled: one entry per compiler run (version group). */
  build?: { compilers: ReportCompiler[] };
  /** Every contract with changed code (every contract, for `lookout fuzz`): deployed how, or skipped why. */
  deployments?: ReportDeployment[];
  /** The accounts transactions are sent from, by role (`deployer` first): sequences name them. */
  senders?: { name: string; address: string }[];
  targets: ReportTarget[];
  findings: ReportFinding[];
  /**
   * The run was stopped by a signal (SIGINT, SIGTERM) before its budget was spent: what it holds was
   * found so far (campaigns cut short, shrinking stopped, reproducers not checked).
   */
  interrupted: boolean;
  /** Stage errors (build, fuzz crash) kept so a partial report still explains itself. */
  errors?: string[];
  /** The compiler errors among `errors`, placed (file, 1-based line; line null when unknown). */
  buildErrors?: { file: string; line: number | null; message: string }[];
  /**
   * `lookout pr`: what findings were compared with. `not-fetched`: the checkout lacks the base's
   * history (a shallow clone); `does-not-build`: the merge-base did not compile.
   */
  base?: 'compared' | 'not-fetched' | 'does-not-build';
}

export interface ReportStats {
  elapsedMs: number;
  sequences: number;
  transactions: number;
  transactionsPerSecond: number;
  analysisMs: number;
  /** Time spent in the campaigns alone (no compile, deploy or shrinking): the clock of `foundMs`. */
  fuzzMs?: number;
  /** Inputs the campaigns kept in their corpora (a path identity that splits too finely keeps too many). */
  inputsKept?: number;
  /** Input prediction (Harvey RQ2): one-shot predictions made and how many flipped their branch. */
  prediction?: { oneShot: number; oneShotHits: number; oneShotSuccessRate: number; iterated: number; iteratedHits: number };
  /** How the budget was shared out, as planned before fuzzing (absent when nothing was fuzzed). */
  budgetPlan?: ReportBudgetPlan;
  /**
   * `lookout pr` with a base: sequences run on both revisions to compare them, and replays (each on
   * both) that shrinking the behaviour-change examples took; neither counts in `transactions`.
   */
  behaviourDiff?: { compared: number; shrinkReplays: number };
}

/**
 * A corpus across runs. `warm`: some restored input was replayed; `loaded`: inputs read from the
 * folder; `replayed`: those that ran on this build; `dropped`: the others, by why (contract or
 * function gone, arguments that no longer fit, a first call that now reverts); `saved`: inputs
 * written back; `problems`: files left unread (and unwritten), each saying why.
 */
export interface ReportCorpus {
  dir: string;
  start: 'warm' | 'cold';
  loaded: number;
  replayed: number;
  dropped: { missingFunction: number; undecodable: number; reverted: number };
  saved: number;
  problems?: string[];
  /** The Action: the Actions cache entry the folder came from and is saved under. */
  cache?: ReportCorpusCache;
}

/**
 * `key`: what the corpus is saved under (`lookout-corpus-<repository>-<base branch>-<build
 * fingerprint>`; null when there is no cache service); `restoredKey`: the entry restored (this
 * build's, else the base branch's latest; null on a miss); `unavailable`: why the cache was not used.
 */
export interface ReportCorpusCache {
  key: string | null;
  restoredKey: string | null;
  unavailable?: string;
}

/** One slice of a run over a job matrix: `index` (from 1) of `count`. */
export interface ReportShard {
  index: number;
  count: number;
}

/**
 * The call sequences of Echidna/Medusa corpora (`corpusDir`, `corpusDirectory`) replayed first in
 * their harness's campaign. `loaded`: files read; `dropped`: those that no longer fit the build
 * (a function the harness no longer has; arguments or a sender the config no longer names) or that
 * are no call sequence of their fuzzer's format (`unreadable`); the others are replayed.
 */
export interface ReportSeeds {
  dirs: string[];
  loaded: number;
  dropped: { missingFunction: number; undecodable: number; unreadable: number };
}

/** A budget or a share of one: seconds or transactions, the other null. */
export interface ReportBudget {
  seconds: number | null;
  executions: number | null;
}

/** How much comparing head with the base may cost: a time budget's shares, or an execution budget's checks. */
export type ReportComparisonPlan =
  | {
      kind: 'seconds';
      /** Share of each campaign's time that checks may take while it runs. */
      duringShare: number;
      /** Kept after the campaigns for the checks and confirmations left, split evenly between the campaigns compared. */
      afterMs: number;
    }
  | {
      kind: 'executions';
      /** Sequences each compared campaign may run on the base, at most half of them while it runs. */
      checksPerCampaign: number;
      /** While a campaign runs, at most one check per this many of its transactions. */
      transactionsPerCheckDuring: number;
    };

export interface ReportBudgetPlan {
  total: ReportBudget;
  workers: number;
  /** One per campaign, in the order they ran: its fuzzing share, the time kept after it for shrinking, each worker's part. */
  campaigns: { campaign: string; fuzz: ReportBudget; shrinkMs: number | null; workers: ReportBudget[] }[];
  /** Comparing with the base (`lookout pr`): a time budget's shares, or an execution budget's checks; null when nothing is compared. */
  comparison: ReportComparisonPlan | null;
  /** What no budget bounds: the time budget is the fuzzing's. */
  unbudgeted: string[];
}

export interface ReportCompiler {
  version: string;
  /** Where the compiler came from: `svm`, `cache`, `download`, `npm`, `bundled` or `forge`. */
  source: string;
  /** The standard-JSON settings it was given (outputSelection left out). */
  settings: Record<string, unknown>;
  files: string[];
}

export interface ReportDeployment {
  contract: string;
  file: string;
  /** null when skipped. */
  address: string | null;
  /** `config` (lookout.toml), `synthesised` (from the ABI), `setUp` (a Foundry test contract's `setUp()`), `constructor` (an Echidna/Medusa harness's) or `created`; null when skipped. */
  from: string | null;
  /** Constructor arguments as written for people (decimal numbers, hex addresses, quoted strings). */
  args: string[];
  value: string;
  deployer: string | null;
  /** Why the contract was not deployed (its changed lines are `not-fuzzed`), else null. */
  skipped: string | null;
  /**
   * Which harness deployed it: `synthesised` (Lookout, from the ABI and lookout.toml) or the Foundry
   * test contract whose `setUp()` did (`test/Vault.t.sol:VaultInvariants`; `from` is then `setUp`).
   */
  source: string;
}

/** `not-fuzzed`: no deployed contract holds the line (its `reason` says why). */
export type TargetStatus = 'reached' | 'unreached' | 'unreachable' | 'no-code' | 'not-fuzzed';

export interface ReportTarget {
  file: string;
  line: number;
  contract: string;
  /** The file declaring `contract` (names alone can repeat across files). */
  contractFile: string;
  pcs: number[];
  status: TargetStatus;
  /** Why a `not-fuzzed` line was not fuzzed; null otherwise. */
  reason: string | null;
  firstReachedMs: number | null;
  /**
   * Transactions its campaign had executed when the line was first reached (0: by the deployment);
   * unlike `firstReachedMs`, the same on any machine for the same seed, budget and workers.
   */
  firstReachedTransactions: number | null;
  firstReachedSequence: number | null;
  /** `unreached`: the nearest branch no execution took toward the line (its condition as written), when known. */
  missedBranch?: { file: string; line: number; condition: string };
  /**
   * When its campaign restored a corpus (`--corpus`, the Action's cache of the base branch's runs):
   * whether replaying the restored inputs alone executed the line, before any input of this run.
   * Absent otherwise.
   */
  reachedByCorpus?: boolean;
  /**
   * Lines of the base revision the pull request removed just before this line, with nothing in their
   * place: the line is a target because its code now runs where theirs ran (the next statement, or the
   * function's closing line for its return). Absent on other targets.
   */
  removed?: { from: number; to: number };
}

export interface ReportCall {
  sender: string;
  /** The contract called (a campaign calls its subject and the contracts deployed with it). */
  contract?: string;
  /** The called contract's address: which one, when the campaign deployed a contract twice. */
  address?: string;
  function: string;
  /**
   * Arguments as JSON values (integers as decimal strings). A `string` argument whose bytes are no
   * valid UTF-8 writes each stray byte b as the lone surrogate U+DC00 + b (`\udcf8`); `calldata` has the bytes.
   */
  args: unknown[];
  value: string;
  /** What the sender sends: for a call through Lookout's attacker, the attacker's `lookoutCall` calldata. */
  calldata: string;
  /** Blocks mined and seconds passed before this call (the sequence may need the jump to fail). */
  blockDelay: number;
  timeDelay: number;
  /**
   * Set when the sender made this call through Lookout's attacker (a contract account that re-enters
   * what pays or calls it back): the call it re-enters with, or null for none.
   */
  attacker?: { reenters: { function: string; args: unknown[] } | null };
}

export interface ReportFinding {
  kind: FindingKind;
  panicCode: string | null;
  contract: string;
  /** The file declaring `contract`. */
  contractFile: string;
  file: string | null;
  line: number | null;
  function: string;
  /** What the oracle saw, in words: written from `evidence` (and `libraryLine`). */
  message: string;
  /**
   * The library line (under node_modules/ or foundry.toml's `libs`) the failing instruction is on, when
   * `file`/`line` is instead the deepest line of the project's own code on the failing call's stack
   * (the call into the library); the message names it too. Absent otherwise.
   */
  libraryLine?: { file: string; line: number };
  /**
   * What the oracle saw, as values (one shape per `kind`, README "JSON report"): amounts as decimal
   * strings, addresses and slots as 0x-hex. Null for a behaviour change (`behaviour` says what
   * differs); absent in reports written before it was added.
   */
  evidence?: ReportEvidence | null;
  introduced: boolean | null;
  /**
   * `lookout pr`: true for an introduced finding at the kind and location of a pre-existing one (a
   * new way to a failure already on the base: its sequence fails on head only); absent otherwise.
   */
  besidePreExisting?: boolean;
  /** `lookout pr`: whether the sequence executes any changed line (findings in unchanged code are reported too). */
  executesChangedLines?: boolean;
  /** `lookout pr`: the changed lines the sequence executes, in order of first execution. */
  enteredLines?: { file: string; line: number }[];
  foundMs: number;
  /**
   * Transactions its campaign had executed when it first failed (for a behaviour change: when the
   * campaign ran the sequence); unlike `foundMs`, the same on any machine for the same seed, budget and workers.
   */
  foundTransactions: number;
  sequence: ReportCall[];
  /**
   * Behaviour changes: what a caller sees at the first diverging transaction on each revision, what
   * differs first (`outcome`, `revert-reason`, `return-value`, `events`, `ether`, `token-balance`), and
   * how alarming that is (`permits`, `value`, `refuses`, `returns`, `events`; see README).
   */
  behaviour?: ReportBehaviour;
  /** A Foundry test that replays the sequence and fails as the finding does (see ReportReproducer). */
  reproducer?: ReportReproducer;
  /**
   * The Foundry test contract whose `setUp()` built the world the finding was found in (its calls run
   * from that state; `function` names its invariant or test); absent when Lookout deployed the contracts.
   */
  harness?: { file: string; contract: string };
}

/** What differs between base and head, and which group of changes the outputs show it in. */
export interface ReportBehaviour {
  difference: string;
  base: string;
  head: string;
  grade: BehaviourGrade;
  /**
   * The (contract, function, grade) group it belongs to (`src/Vault.sol:Vault.withdraw(uint256)/permits`):
   * every output shows a group as one item, by its `representative` (the most alarming example).
   */
  group?: string;
  representative?: boolean;
  /** The index in `findings` of the finding whose sequence shows this change (one root cause, listed together). */
  linkedTo?: number;
}

/** One run of a reproducer: by which runner, on which revision, and how it ended. */
export interface ReportReproducerRun {
  /** `lookout`: Lookout's own Foundry-test runner; `forge`: `forge test --match-path` (when forge is on PATH). */
  runner: 'lookout' | 'forge';
  revision: 'head' | 'base';
  outcome: 'passed' | 'failed' | 'skipped' | 'does-not-compile';
  /** The failure (or the compiler error, or why it was skipped); null when it passed. */
  reason: string | null;
}

/**
 * A Foundry test that replays the finding (`findings[].reproducer`): it deploys what the campaign
 * deployed, replays the sequence with `vm.prank`/`vm.warp`/`vm.roll`, and fails the way the finding
 * does. `verified`: it was compiled and run, and failed so on head (and, for a finding the pull
 * request introduced, passed on the base where it compiles there).
 */
export interface ReportReproducer {
  /** File name (`Vault.assertion.t.sol`) and test contract (`VaultAssertionTest`). */
  file: string;
  contract: string;
  source: string;
  /**
   * The file it imports from its own folder (`LookoutBase.sol`: the cheatcodes, `ReproducerBase` and
   * helpers, for a project without forge-std), written once beside the reproducers; absent when it imports none.
   */
  base?: { file: string; source: string };
  verified: boolean;
  /** Why it is not verified; null when it is. */
  reason: string | null;
  runs: ReportReproducerRun[];
}

/**
 * A finding's evidence as the report writes it: the oracles' (`Evidence`) with every bigint a
 * decimal string. Derived rather than restated, so that the two cannot drift apart.
 */
export type ReportEvidence = Evidence extends infer E ? (E extends unknown ? { [K in keyof E]: E[K] extends bigint ? string : E[K] } : never) : never;
