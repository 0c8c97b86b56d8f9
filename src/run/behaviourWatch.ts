import type { CompiledProject } from '../compile/index.js';
import type { ComparisonPlan } from './budget.js';
import type { ContractPlan } from './fuzzing.js';
import {
  type BehaviourDiff,
  type CampaignEvent,
  type ConfirmedDivergence,
  type ContractCampaignResult,
  behaviourKind,
  createBehaviourDiff,
  type Divergence,
  groupDivergences,
  type WorldRecipe,
  addBlockHits,
  type BlockHits,
} from '../fuzz/index.js';
import type { Clock } from '../clock.js';
import type { DeployedWorld } from '../deploy/index.js';
import { type ReportFinding, toReportCall } from '../report/index.js';
import type { TxSequence } from '../abi/index.js';
import type { Logger } from '../logger.js';
import { failureLocator } from '../targets/index.js';

/** Examples kept per (function, kind of difference): a handful, not thousands. */
export const EXAMPLES_PER_GROUP = 3;
/**
 * Replays per example while shrinking (each runs the candidate on both revisions); a wall-clock
 * deadline bounds it too under a time budget, past which an example still gets one attempt per call
 * (dropping each call once), so that comparisons that took the time left never leave it unshrunk.
 */
const SHRINK_ATTEMPTS = 100;
/**
 * Spends the plan's comparison share (see `ComparisonPlan`): a number of checks per campaign under an
 * execution budget (so the report stays deterministic), at most half of them while the campaign
 * runs; under a time budget a share of each campaign's time as it runs, then the time kept after the
 * campaigns, split evenly between the campaigns still to compare.
 */
export class ComparisonAllowance {
  private spentMs = 0;
  /** Checks per campaign (execution budgets). */
  readonly quota: number;
  private readonly since: number;
  private finalEnd?: number;
  private deadline?: number;

  constructor(
    private readonly plan: ComparisonPlan,
    private readonly clock: Clock,
  ) {
    this.quota = plan.kind === 'executions' ? plan.checksPerCampaign : Number.POSITIVE_INFINITY;
    this.since = clock();
  }

  /**
   * One of `workers` threads' part of the comparisons made while the campaign runs: an even share of
   * the checks (each worker runs its share of the transactions), or the same share of its own time.
   */
  workerShare(workers: number): ComparisonPlan {
    return this.plan.kind === 'executions' ? { ...this.plan, checksPerCampaign: Math.floor(this.plan.checksPerCampaign / workers) } : this.plan;
  }

  /** After the campaigns: a time budget's reserved share starts now. */
  startFinal(): void {
    if (this.plan.kind === 'seconds') this.finalEnd = this.clock() + this.plan.afterMs;
  }

  /** The final part of the `index`-th of `count` campaigns: an even share of the reserved time left. */
  startFinalPart(index: number, count: number): void {
    if (this.finalEnd !== undefined) this.deadline = this.clock() + (this.finalEnd - this.clock()) / (count - index);
  }

  /** Whether a campaign that made `checks` may make one more after it ran. */
  allowsCheck(checks: number): boolean {
    return checks < this.quota && !(this.deadline !== undefined && this.clock() >= this.deadline);
  }

  /**
   * Whether a check fits while a campaign runs, `transactions` into it with `checks` made. A sequence
   * that did at the changed lines what none did before (`novel`) is compared while three quarters of
   * the quota are left, or under a time budget within the plan's share of the time so far: such
   * sequences are few, and where a change shows. Any other is sampled: at most half the quota, spread
   * over the campaign (its kept inputs, compared after it, must not go short), or half the share.
   */
  allowsCheckDuring(transactions: number, checks: number, novel: boolean): boolean {
    if (this.plan.kind === 'executions')
      return novel ? checks < (this.quota * 3) / 4 : checks < this.quota / 2 && checks < transactions / this.plan.transactionsPerCheckDuring;
    return this.spentMs <= (novel ? 1 : 0.5) * this.plan.duringShare * (this.clock() - this.since);
  }

  async check<T>(run: () => Promise<T>): Promise<T> {
    const start = this.clock();
    try {
      return await run();
    } finally {
      this.spentMs += this.clock() - start;
    }
  }

  /** Shrinking stops at the campaign's final part's end (time budgets); attempts bound it otherwise. */
  shrinkDeadline(): { at: number; now: Clock } | undefined {
    return this.deadline === undefined ? undefined : { at: this.deadline, now: this.clock };
  }
}

/**
 * When the campaign ran a sequence: its milliseconds, and its count of executed transactions (in a
 * worker thread the worker's own, which the coordinator turns into the campaign's).
 */
export interface CampaignMoment {
  ms: number;
  transactions: number;
}

/** A divergence, with when the campaign ran its sequence. */
type TimedDivergence = Divergence & CampaignMoment;

/** A sequence to compare after the campaign, with when the campaign ran it. */
interface TimedSequence extends CampaignMoment {
  sequence: TxSequence;
}

/** What a worker thread's watch compared since its last trade, for the campaign's watch to join (plain data). */
export interface WorkerComparisons {
  checks: number;
  divergences: TimedDivergence[];
  /** Inputs the worker kept without comparing them as it ran them. */
  kept: TimedSequence[];
  /** With `--lcov`: the blocks its comparisons' base transactions entered (see `WatchPlace.baseBlocks`). */
  baseBlocks?: BlockHits;
}

/**
 * Where a watch runs: with the campaign (`baseRecipe`: how worker threads build the base again; a watch
 * without it cannot be shared with workers), or in a worker thread, handing what it compared over.
 * `baseBlocks` (`--lcov`): where the base transactions of its comparisons are counted; a worker's
 * counts go with what it hands over, and the campaign's watch adds them to its own.
 */
export type WatchPlace = { thread: 'main'; baseRecipe?: WorldRecipe; baseBlocks?: BlockHits } | { thread: 'worker'; baseBlocks?: BlockHits };

function emptyOutbox(): WorkerComparisons {
  return { checks: 0, divergences: [], kept: [] };
}

/** What a worker thread needs to compare its own sequences with the base. */
export interface WorkerComparisonJob {
  /** How the worker builds the base world. */
  base: WorldRecipe;
  /** Its part of the comparisons made as the campaign runs (`ComparisonAllowance.workerShare`). */
  plan: ComparisonPlan;
  /** Count the blocks the base transactions of its comparisons enter (`--lcov`). */
  countBlocks: boolean;
}

/**
 * Compares one campaign's sequences on base and head. During the campaign, sequences that executed a
 * changed line or read state one wrote are run on the base as they happen (within the allowance, novel
 * ones first), and a divergence
 * makes the sequence a path of its own: the campaign keeps it and fuzzes it as it does a new path.
 * Afterwards, kept and failing sequences not compared yet are. Divergences are grouped by (function,
 * kind of difference), and a few examples per group are shrunk and replayed on both revisions.
 * A campaign on worker threads has a watch in each (on the base built again from `baseRecipe`), which
 * compares that worker's sequences as it runs them; the campaign's watch joins what they compared
 * round by round, in worker order, as the coordinator replays their finds (`join`).
 */
export class BehaviourWatch {
  private diff?: Promise<BehaviourDiff>;
  private readonly found: TimedDivergence[] = [];
  private readonly examples = new Map<string, number>();
  /** Failing and kept sequences the campaign did not compare as it ran them. */
  private readonly failing: TimedSequence[] = [];
  private readonly kept: TimedSequence[] = [];
  /** In a worker thread: what it compared since its last trade (`takeComparisons`), instead of keeping it. */
  private outbox?: WorkerComparisons;
  /** How worker threads build the base again (see `WatchPlace`). */
  private readonly baseRecipe?: WorldRecipe;
  /** Where the comparisons' base transactions are counted (see `WatchPlace`). */
  private readonly baseBlocks?: BlockHits;
  private ms = 0;
  /** The campaign's transaction count at its last transaction (see `CampaignMoment`). */
  private executed = 0;
  /** Transaction events seen: what the allowance of checks during the campaign counts. */
  private transactions = 0;
  private comparisons = 0;
  /** Whether the sequence the campaign ran last was compared (its `input-added` then needs nothing more). */
  private comparedLast = false;

  constructor(
    private readonly head: DeployedWorld,
    private readonly base: DeployedWorld,
    private readonly allowance: ComparisonAllowance,
    place: WatchPlace = { thread: 'main' },
  ) {
    if (place.thread === 'worker') this.outbox = emptyOutbox();
    else this.baseRecipe = place.baseRecipe;
    this.baseBlocks = place.baseBlocks;
  }

  /** The job of a campaign's worker thread among `workers` (see the class comment). */
  workerJob(workers: number): WorkerComparisonJob {
    if (this.baseRecipe === undefined) throw new Error('BehaviourWatch.workerJob: the base has no recipe to build it again in a worker');
    return { base: this.baseRecipe, plan: this.allowance.workerShare(workers), countBlocks: this.baseBlocks !== undefined };
  }

  /** In a worker thread: what this watch compared since it was last asked, handed over once. */
  takeComparisons(): WorkerComparisons {
    const taken = this.outbox;
    if (taken === undefined) throw new Error("BehaviourWatch.takeComparisons: only a worker thread's watch hands over");
    this.outbox = emptyOutbox();
    if (this.baseBlocks === undefined) return taken;
    // The diff counts into this one map: its counts move out, and it starts again empty.
    const baseBlocks = new Map(this.baseBlocks);
    this.baseBlocks.clear();
    return { ...taken, baseBlocks };
  }

  /** What a worker thread compared, in the order the coordinator replays the workers' rounds. */
  join(comparisons: WorkerComparisons): void {
    this.comparisons += comparisons.checks;
    if (this.baseBlocks && comparisons.baseBlocks) addBlockHits(this.baseBlocks, comparisons.baseBlocks);
    for (const divergence of comparisons.divergences) this.record(divergence);
    this.kept.push(...comparisons.kept);
  }

  observe(event: CampaignEvent): void {
    if (event.kind === 'transaction') {
      this.ms = event.elapsedMs;
      this.executed = event.transactions;
      this.transactions++;
    } else if (event.kind === 'transactions') {
      this.ms = event.elapsedMs;
      this.transactions += event.count;
    } else if (event.kind === 'sequence') this.comparedLast = false;
    // Failing inputs are not kept by the campaign, yet they often behave differently on the base too: first in
    // line (the campaign's watch sees a worker's findings as the coordinator replays them).
    else if (event.kind === 'finding' && this.outbox === undefined)
      this.failing.push({ sequence: event.finding.sequence, ms: this.ms, transactions: event.finding.execution });
    else if (event.kind === 'input-added' && !this.comparedLast)
      (this.outbox?.kept ?? this.kept).push({ sequence: event.sequence, ms: this.ms, transactions: this.executed });
  }

  /**
   * The campaign's `distinguish`: the divergence's key when `executed` (which ran a changed line or read
   * state one wrote; `novel`, see `ComparisonAllowance.allowsCheckDuring`) behaves differently on the base.
   */
  async distinguish(executed: TxSequence, { novel }: { novel: boolean }): Promise<string | undefined> {
    if (!this.allowance.allowsCheckDuring(this.transactions, this.comparisons, novel)) return undefined;
    this.comparedLast = true;
    return (await this.compare(executed, { ms: this.ms, transactions: this.executed }))?.key;
  }

  /** Compares what is pending, then shrinks and confirms a few examples per group. */
  async confirmed(): Promise<(ConfirmedDivergence & CampaignMoment)[]> {
    // Failing, then kept inputs (each takes a path no other did): a limited comparison sees the most behaviour.
    for (const { sequence, ...when } of [...this.failing, ...this.kept]) {
      if (!this.allowance.allowsCheck(this.comparisons)) break;
      await this.compare(sequence, when);
    }
    const diff = await this.behaviourDiff();
    const confirmed: (ConfirmedDivergence & CampaignMoment)[] = [];
    for (const group of groupDivergences(this.found, EXAMPLES_PER_GROUP)) {
      for (const example of group.examples) {
        const budget = { maxAttempts: SHRINK_ATTEMPTS, deadline: this.allowance.shrinkDeadline(), guaranteed: example.sequence.length };
        const result = await diff.confirm(example, budget);
        if (result) confirmed.push({ ...result, ms: example.ms, transactions: example.transactions });
      }
    }
    return confirmed;
  }

  /** Sequences this watch ran on both revisions. */
  get compared(): number {
    return this.comparisons;
  }

  /** Replays shrinking its examples took (each on both revisions; `stats.behaviourDiff`). */
  async shrinkReplays(): Promise<number> {
    return this.diff === undefined ? 0 : (await this.diff).shrinkReplays;
  }

  private async compare(sequence: TxSequence, when: CampaignMoment): Promise<Divergence | undefined> {
    const diff = await this.behaviourDiff();
    this.comparisons++;
    if (this.outbox) this.outbox.checks++;
    const divergence = await this.allowance.check(() => diff.check(sequence));
    if (!divergence) return undefined;
    if (this.record({ ...divergence, ...when })) this.outbox?.divergences.push({ ...divergence, ...when });
    return divergence;
  }

  /** Keeps a divergence as a candidate example unless its group has enough; whether it kept it. */
  private record(divergence: TimedDivergence): boolean {
    // Mutants of a diverging input diverge alike: a few candidates per key are enough to confirm.
    const seen = this.examples.get(divergence.key) ?? 0;
    this.examples.set(divergence.key, seen + 1);
    if (seen >= EXAMPLES_PER_GROUP * 2) return false;
    this.found.push(divergence);
    return true;
  }

  private behaviourDiff(): Promise<BehaviourDiff> {
    this.diff ??= createBehaviourDiff({ head: this.head, base: this.base, baseBlocks: this.baseBlocks });
    return this.diff;
  }
}

/**
 * The behaviour-change findings of a campaign's watch, for the report: `behaviour-permits` and
 * `behaviour-value` by their grade, unless the pull request `acknowledged` its changes (then notes).
 */
export async function behaviourChanges(
  project: CompiledProject,
  plan: ContractPlan,
  result: ContractCampaignResult,
  watch: BehaviourWatch,
  logger: Logger,
  acknowledged: boolean,
): Promise<ReportFinding[]> {
  const groups = groupDivergences(await watch.confirmed(), EXAMPLES_PER_GROUP);
  logger.info(`${plan.contract.name}: ${watch.compared} sequence(s) compared with the base`);
  if (groups.length > 0) logger.info(`${plan.contract.name}: ${groups.length} kind(s) of behaviour change between base and head`);
  return groups.flatMap((group) => group.examples.map((d) => toReportChange(project, plan, result, d, acknowledged)));
}

function toReportChange(
  project: CompiledProject,
  plan: ContractPlan,
  result: ContractCampaignResult,
  divergence: ConfirmedDivergence & CampaignMoment,
  acknowledged: boolean,
): ReportFinding {
  const contract = plan.world.contracts.find((c) => c.id === divergence.contract) ?? plan.contract;
  const name = divergence.function.replace(/\(.*$/, '');
  const where = failureLocator(project, contract).functionLine(name);
  return {
    kind: acknowledged ? 'behaviour-change' : behaviourKind(divergence.grade),
    panicCode: null,
    contract: contract.name,
    contractFile: contract.file,
    file: where?.file ?? contract.file,
    line: where?.line ?? null,
    function: divergence.function,
    message: divergence.message,
    // What differs is in `behaviour`: no oracle's evidence.
    evidence: null,
    // Base and head disagree on this very sequence: the pull request made the difference.
    introduced: true,
    foundMs: Math.round(divergence.ms),
    foundTransactions: divergence.transactions,
    sequence: divergence.sequence.map((call) => toReportCall(call, result)),
    behaviour: { difference: divergence.kind, base: divergence.base, head: divergence.head, grade: divergence.grade },
  };
}
