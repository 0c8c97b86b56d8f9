import type { CompiledContract, CompiledProject } from '../compile/index.js';
import type { Budget, RunConfig, ScheduleName } from '../config/index.js';
import { ConfigurationError } from '../errors.js';
import { count, type CoverageSection, type Report, type ReportDeployment, type ReportFinding, type ReportTarget } from '../report/index.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../clock.js';
import {
  type BaseReplay,
  type CampaignCorpus,
  type CampaignEvent,
  type CampaignRunner,
  type CampaignWorld,
  type ContractCampaignResult,
  fuzzContract,
  type RuntimeCode,
  type SavedInput,
} from '../fuzz/index.js';
import { buildFingerprint, type CorpusFolder, type CorpusKey } from './corpusFolder.js';
import type { HarnessSeeds } from './harnessCorpora.js';
import { progressReporter } from './progress.js';
import { describeBudgetPlan, type BudgetPlan, type PlannedCampaign } from './budget.js';
import { EXCHANGE_EVERY, workerRunner } from './workers/coordinator.js';
import type { WorkerComparisonJob, WorkerComparisons } from './behaviourWatch.js';
import { Rng } from '../rng.js';
import type { TxSequence } from '../abi/index.js';
import type { Target } from '../targets/index.js';

/**
 * What a run's stages share: the log, the clock, and the signal that interrupts the run (a SIGINT or
 * SIGTERM): campaigns then stop, and stages not begun are skipped (`signal.throwIfAborted()`).
 */
export interface RunContext {
  logger: Logger;
  clock: Clock;
  signal?: AbortSignal;
  /** `--corpus DIR`: each campaign restores its inputs from there and saves them back. */
  corpus?: CorpusFolder;
}

/** Whether the run has been interrupted, as the stages below ask it (undefined without a signal). */
export function interruptedBy(signal: AbortSignal | undefined): (() => boolean) | undefined {
  return signal && (() => signal.aborted);
}

/** What fuzzing a project or a pull request gives the report. */
export interface FuzzOutcome {
  targets: ReportTarget[];
  findings: ReportFinding[];
  results: ContractCampaignResult[];
  deployments?: ReportDeployment[];
  senders?: Report['senders'];
  /** The build, for its compilers and its errors (absent when nothing was compiled). */
  project?: CompiledProject;
  /** `lookout pr`: the commits compared (see Report.revisions). */
  revisions?: Report['revisions'];
  /** `lookout pr`: what findings were compared with (see Report.base). */
  base?: 'compared' | 'not-fetched' | 'does-not-build';
  /** How the budget was shared out (absent when nothing was fuzzed). */
  budgetPlan?: BudgetPlan;
  /** `lookout pr` with a base to compare with: what comparing behaviour cost (`stats.behaviourDiff`). */
  behaviourDiff?: Report['stats']['behaviourDiff'];
  /** Steps after fuzzing that failed (`isolated`): listed in `report.errors`, the rest of the report kept. */
  stepFailures?: string[];
  /** The harnesses' Echidna/Medusa corpora replayed as seeds. */
  seeds?: Report['seeds'];
  /** The fuzzed contracts' line coverage, when `--lcov` asks for it. */
  coverage?: CoverageSection[];
}

/**
 * Sees a campaign's events, and may tell apart sequences that executed a changed line (see
 * `ContractCampaignRequest.distinguish`). On worker threads each worker does that with a watch of its
 * own (`workerJob`), and what those compared joins this one (`join`).
 */
export interface CampaignWatch {
  observe(event: CampaignEvent): void;
  distinguish?(executed: TxSequence, interest: { novel: boolean }): Promise<string | undefined>;
  workerJob?(workers: number): WorkerComparisonJob;
  join?(comparisons: WorkerComparisons): void;
}

/** One deployed contract to fuzz, the world it lives in, and the changed lines compiled into it (none for `lookout fuzz`). */
export interface ContractPlan {
  /** The fuzzed contract; for a Foundry test contract's campaign, the test contract. */
  contract: CompiledContract;
  world: CampaignWorld;
  /** With `runtime`: a target in other code (a library the contract links, a contract `setUp()` deployed). */
  targets: (Target & { runtime?: RuntimeCode })[];
  /** The Foundry test contract whose `setUp()` built the world; absent when Lookout deployed it. */
  harness?: SuiteSource;
  /** The build the world came from when it is not the run's (the tests' build). */
  build?: CompiledProject;
  /** An Echidna/Medusa harness's corpus, replayed as the campaign's first inputs. */
  seeds?: HarnessSeeds;
}

/** Which test contract a campaign came from, and how it is fuzzed from there (see `SuiteRecipe.mode`). */
export interface SuiteSource {
  file: string;
  contract: string;
  mode: 'invariant' | 'stateless' | 'harness';
}

/** What a plan's campaign is called: its random stream's label (the same in every worker), the log's and the budget plan's. */
export function campaignKey(plan: ContractPlan): string {
  return plan.harness === undefined ? plan.contract.id : `${plan.contract.id} (${plan.harness.mode})`;
}

/** What the budget plan weighs a campaign by: its contract's targets. */
export function planned(plan: ContractPlan): PlannedCampaign {
  return { campaign: campaignKey(plan), contract: plan.contract.id, targets: plan.targets.length };
}

/** What a campaign's progress line calls its targets. */
const TARGET_NOUNS: Record<RunConfig['command'], string> = { pr: 'changed lines', fuzz: 'target lines' };

/**
 * Fuzzes each planned contract in turn (each campaign on `config.workers` threads), each with its
 * share of the budget plan; each campaign draws from its own fork of the run's seeded PRNG. Once the
 * run is interrupted, the campaign running stops and those after it stop as they start.
 */
export async function fuzzPlans(
  project: CompiledProject,
  plans: readonly ContractPlan[],
  budgets: BudgetPlan,
  config: RunConfig,
  context: RunContext,
  comparing: {
    /** Called as each plan's campaign starts: what watches it (the behaviour diff), if anything. */
    watch?: (plan: number) => CampaignWatch | undefined;
    /** `lookout pr`: where a plan's findings are replayed on the base, when it was built. */
    onBase?: (plan: number) => BaseReplay | undefined;
  } = {},
): Promise<ContractCampaignResult[]> {
  const { watch, onBase } = comparing;
  const { logger, clock, signal, corpus } = context;
  const interrupted = interruptedBy(signal);
  if (plans.length > 0) logger.info(describeBudgetPlan(budgets));
  const rng = new Rng(config.seed);
  const results: ContractCampaignResult[] = [];
  const corpusKeys = plans.map(({ contract, harness }): CorpusKey => ({ file: contract.file, name: contract.name, mode: harness?.mode, abi: contract.abi }));
  if (corpus && plans.length > 0) await corpus.open(buildFingerprint([project, ...plans.flatMap((p) => p.build ?? [])], corpusKeys));
  for (const [i, { contract, world, targets, harness, build, seeds }] of plans.entries()) {
    const budget = budgets.campaigns[i]!;
    const watcher = watch?.(i);
    const corpusKey = corpus && corpusKeys[i];
    const restored = corpusKey && corpus.load(corpusKey);
    const streams = mutationStreams(config);
    // Interrupted, a campaign ends as it starts: not worth starting threads for.
    const parallel = signal?.aborted
      ? undefined
      : parallelRunner(build ?? project, plans[i], config, budget.workers, {
          signal,
          watch: watcher,
          restored: restored && shareOf(restored, streams),
          seeds: seeds && shareOf(seeds.inputs, streams),
        });
    const title =
      harness === undefined
        ? `Fuzzing ${contract.name} (${contract.file})`
        : harness.mode === 'harness'
          ? `Fuzzing through the harness ${contract.name} (${contract.file})`
          : `Fuzzing from ${contract.name}'s setUp() (${contract.file}, ${harness.mode})`;
    const result = await logger.group(title, () =>
      fuzzContract({
        project: build ?? project,
        world,
        targets,
        budget: budget.fuzz,
        rng: rng.fork(campaignKey(plans[i])),
        clock,
        schedule: scheduleFor(config, targets),
        panicCodes: config.panicCodes,
        techniques: config.techniques,
        maxSequenceLength: config.maxSequenceLength,
        stopWhen: config.stopWhen,
        interrupted,
        run: parallel,
        shrinkDeadline: budget.shrinkMs === undefined || budget.fuzz.kind !== 'seconds' ? undefined : clock() + budget.fuzz.seconds * 1000 + budget.shrinkMs,
        onEvent: observed(
          progressReporter({ name: contract.name, budget: budget.fuzz, targets: targets.length, targetNoun: TARGET_NOUNS[config.command] }, logger, clock),
          watcher && watching(watcher, parallel !== undefined),
        ),
        // On worker threads each worker's own watch tells its sequences apart.
        distinguish: parallel === undefined && watcher?.distinguish ? (executed, interest) => watcher.distinguish!(executed, interest) : undefined,
        onBase: onBase?.(i),
        countBlocks: countsBlocks(config),
        // A shard in one thread is its first worker, with no one to trade with.
        worker: config.shard && { index: streams.first },
        restored: restored && shareOf(restored, streams),
        seeds: seeds && shareOf(seeds.inputs, streams),
      }),
    );
    if (corpusKey && result.corpus) corpus.save(corpusKey, result.corpus);
    if (seeds) logger.info(seedsLine(contract.name, seeds, result.corpus?.seeds));
    logger.info(
      // Per contract: its targets, not the changed-line counts the report gives once for the whole run.
      `${contract.name}: ${count(result.outcome.transactions)} transactions, ${result.findings.length} finding(s)` +
        (targets.length > 0 ? `, reached ${result.reached.size} of its ${targets.length} targets` : ''),
    );
    results.push(result);
  }
  return results;
}

/** The log's line on a harness's Echidna/Medusa corpus: what was read, and what no longer fits the build. */
function seedsLine(name: string, seeds: HarnessSeeds, checked: CampaignCorpus['seeds']): string {
  const { missingFunction = 0, undecodable = 0 } = checked?.dropped ?? {};
  const dropped = missingFunction + undecodable + seeds.unreadable;
  const why = [
    missingFunction > 0 && `${missingFunction} calling a function the harness no longer has`,
    undecodable > 0 && `${undecodable} whose arguments or sender no longer fit`,
    seeds.unreadable > 0 && `${seeds.unreadable} unreadable`,
  ].filter(Boolean);
  return `${name}: ${seeds.inputs.length + seeds.unreadable} corpus sequence(s) from ${seeds.dirs.join(', ')} as seeds, ${dropped} dropped${why.length > 0 ? ` (${why.join(', ')})` : ''}`;
}

/**
 * With more than one worker, the campaign runs in worker threads that rebuild the plan's world, and
 * with a watch the base's too: each worker compares its own sequences, as one thread would.
 */
function parallelRunner(
  project: CompiledProject,
  plan: ContractPlan,
  config: RunConfig,
  budgets: readonly Budget[],
  options: { signal?: AbortSignal; watch?: CampaignWatch; restored?: readonly SavedInput[]; seeds?: readonly SavedInput[] },
): CampaignRunner | undefined {
  const { recipe, subject } = plan.world;
  const { signal, watch, restored, seeds } = options;
  if (config.workers <= 1 || !recipe) return undefined;
  const comparison = watch?.workerJob?.(budgets.length);
  return workerRunner(
    budgets.map((share, worker) => ({
      recipe,
      subject,
      asts: project.asts,
      targets: plan.targets,
      budget: share,
      seed: config.seed,
      contract: campaignKey(plan),
      worker: mutationStreams(config).first + worker,
      schedule: scheduleFor(config, plan.targets),
      panicCodes: [...config.panicCodes],
      techniques: config.techniques,
      maxSequenceLength: config.maxSequenceLength,
      stopWhen: config.stopWhen,
      exchangeEvery: EXCHANGE_EVERY,
      comparison,
      countBlocks: countsBlocks(config),
      // Each worker replays its share of the saved inputs; what it keeps reaches the others at trades.
      restored: restored && shareOf(restored, { first: worker, count: 1, of: budgets.length }),
      seeds: seeds && shareOf(seeds, { first: worker, count: 1, of: budgets.length }),
    })),
    { signal, join: watch?.join && ((comparisons) => watch.join!(comparisons)) },
  );
}

/**
 * The mutation streams (worker indices) this run's campaigns draw from: `count` of them from `first`,
 * out of `of` in the whole run. Shard K of N on W workers is workers (K−1)·W … K·W−1 of one run on
 * N·W workers: the shards together do the work of a run N times larger, each stream drawn once.
 */
interface MutationStreams {
  first: number;
  count: number;
  of: number;
}

function mutationStreams(config: RunConfig): MutationStreams {
  const { index, count } = config.shard ?? { index: 1, count: 1 };
  return { first: (index - 1) * config.workers, count: config.workers, of: count * config.workers };
}

/** The saved inputs these streams replay: each stream of the run its own, dealt round-robin. */
function shareOf<T>(inputs: readonly T[], streams: MutationStreams): T[] {
  return inputs.filter((_, i) => i % streams.of >= streams.first && i % streams.of < streams.first + streams.count);
}

/**
 * The watch's view of a campaign. Run by workers, the inputs it kept come from the workers' watches
 * with what they compared (those compared as they ran are not to be compared again): not from its events.
 */
function watching(watcher: CampaignWatch, parallel: boolean): (event: CampaignEvent) => void {
  return (event) => {
    if (!(parallel && event.kind === 'input-added')) watcher.observe(event);
  };
}

function observed(report: (event: CampaignEvent) => void, observe?: (event: CampaignEvent) => void): (event: CampaignEvent) => void {
  return observe ? (event) => (report(event), observe(event)) : report;
}

/** Line coverage is counted only when it is written (`--lcov`). */
function countsBlocks(config: RunConfig): boolean {
  return config.outputs.lcov !== undefined;
}

/** `lookahead` aims at targets: without any, the default is the baseline and asking for it is an error. */
function scheduleFor(config: RunConfig, targets: readonly Target[]): ScheduleName {
  const aims = targets.some((t) => t.pcs.length > 0);
  if (config.schedule === undefined) return aims ? 'lookahead' : 'baseline';
  if (config.schedule !== 'baseline' && !aims) {
    throw new ConfigurationError(
      `--schedule ${config.schedule} aims the fuzzer at target lines, and there are none with code: name some with --targets FILE:LINE, or use lookout pr.`,
    );
  }
  return config.schedule;
}
