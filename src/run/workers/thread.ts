import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { CompiledProject } from '../../compile/index.js';
import type { Budget, ScheduleName, StopCondition, Techniques } from '../../config/index.js';
import { buildWorld, rebuildCampaignWorld } from '../worlds.js';
import { type CampaignEvent, campaignOn, type CampaignOutcome, type CampaignWorld, type Imports, type SavedInput, type WorldRecipe } from '../../fuzz/index.js';
import { systemClock } from '../../clock.js';
import { Rng } from '../../rng.js';
import type { ContractPlan } from '../fuzzing.js';
import { BehaviourWatch, ComparisonAllowance, type WorkerComparisonJob, type WorkerComparisons } from '../behaviourWatch.js';

/** One worker's share of a campaign, as plain data (it crosses into the worker thread). */
export interface WorkerJob {
  recipe: WorldRecipe;
  subject: number;
  asts: CompiledProject['asts'];
  targets: ContractPlan['targets'];
  /** This worker's share of the campaign's budget. */
  budget: Budget;
  /** The run's seed and the contract: the campaign's Rng, the same in every worker (probe slot, world). */
  seed: number;
  contract: string;
  worker: number;
  schedule: ScheduleName;
  panicCodes: readonly number[];
  techniques: Techniques;
  maxSequenceLength: number;
  stopWhen?: StopCondition;
  /** Transactions between trades. */
  exchangeEvery: number;
  /** `Date.now()` when the coordinator started the workers (clocks of other threads do not compare). */
  startedAt: number;
  /** Shared with the coordinator, which sets it to 1 when the run is interrupted: the campaign then ends as out of budget. */
  interruption: Int32Array;
  /** On a pull request: the worker compares its own sequences with the base as it runs them. */
  comparison?: WorkerComparisonJob;
  /** Count the blocks its transactions enter (`--lcov`). */
  countBlocks?: boolean;
  /** This worker's share of the inputs a saved corpus holds for the campaign. */
  restored?: readonly SavedInput[];
  /** This worker's share of the harness's Echidna or Medusa corpus. */
  seeds?: readonly SavedInput[];
}

export type WorkerMessage =
  /**
   * `events`: what the worker ran since its last message, for the coordinator to replay in order;
   * `comparisons`: what it compared with the base meanwhile, joined after them; `transactions`: the
   * worker's own count so far (the coordinator numbers the campaign's transactions from it).
   */
  | { kind: 'trade'; events: CampaignEvent[]; comparisons?: WorkerComparisons; enabled: readonly string[]; transactions: number }
  | { kind: 'finished'; events: CampaignEvent[]; comparisons?: WorkerComparisons; outcome: CampaignOutcome }
  | { kind: 'failed'; message: string };

/**
 * A time budget counts from the coordinator's start, so that loading and deploying in the worker do
 * not stretch the run; but a start-up slowed by a busy machine leaves at least half the budget to fuzz.
 */
function afterStartUp(budget: Budget, startUpSeconds: number): Budget {
  if (budget.kind === 'executions') return budget;
  return { kind: 'seconds', seconds: Math.max(budget.seconds / 2, budget.seconds - startUpSeconds) };
}

/** Marks the workerData of a campaign worker, so that an entry point started as a worker knows to serve. */
export const CAMPAIGN_WORKER = 'lookout-campaign-worker';

/** True in a thread started to run a campaign worker. */
export function isCampaignWorker(): boolean {
  return !isMainThread && (workerData as { role?: string } | null)?.role === CAMPAIGN_WORKER;
}

/** Serves the job this worker thread was started with; answers its coordinator until the campaign ends. */
async function serveCampaignWorker(): Promise<void> {
  const port = parentPort!;
  const job = (workerData as { job: WorkerJob }).job;
  try {
    port.postMessage(
      await runWorkerJob(
        job,
        (message) => port.postMessage(message),
        () => nextMessage(port),
      ),
    );
  } catch (error) {
    port.postMessage({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerMessage);
  }
}

function nextMessage(port: NonNullable<typeof parentPort>): Promise<Imports> {
  return new Promise((resolve) => port.once('message', resolve));
}

/**
 * Rebuilds the campaign's world (and on a pull request the base's, to compare its own sequences with
 * as the campaign in one thread does), runs this worker's campaign (its own mutation stream) and
 * collects what is worth forwarding: kept inputs, findings, transaction counts instead of one event
 * per transaction, and what it compared.
 */
async function runWorkerJob(job: WorkerJob, send: (message: WorkerMessage) => void, receive: () => Promise<Imports>): Promise<WorkerMessage> {
  const world = await rebuildCampaignWorld(job.recipe, job.subject);
  const watch = job.comparison && (await workerWatch(world, job.comparison));
  const budget = afterStartUp(job.budget, (Date.now() - job.startedAt) / 1000);
  let events: CampaignEvent[] = [];
  let transactions = 0;
  let lastMs = 0;
  const flush = (): { events: CampaignEvent[]; comparisons?: WorkerComparisons } => {
    if (transactions > 0) events.push({ kind: 'transactions', count: transactions, elapsedMs: lastMs });
    const out = events;
    events = [];
    transactions = 0;
    return { events: out, comparisons: watch?.takeComparisons() };
  };
  const { outcome } = await campaignOn({
    project: { asts: job.asts },
    world,
    targets: job.targets,
    budget,
    rng: new Rng(job.seed).fork(job.contract),
    clock: systemClock,
    schedule: job.schedule,
    panicCodes: new Set(job.panicCodes),
    techniques: job.techniques,
    maxSequenceLength: job.maxSequenceLength,
    stopWhen: job.stopWhen,
    countBlocks: job.countBlocks,
    restored: job.restored,
    seeds: job.seeds,
    interrupted: () => Atomics.load(job.interruption, 0) === 1,
    distinguish: watch && ((executed, interest) => watch.distinguish(executed, interest)),
    onEvent: (event) => {
      watch?.observe(event);
      if (event.kind === 'transaction') {
        transactions++;
        lastMs = event.elapsedMs;
      } else if (event.kind !== 'sequence') events.push(event);
    },
    worker: {
      index: job.worker,
      exchange: {
        every: job.exchangeEvery,
        trade: (enabled, transactions) => {
          send({ kind: 'trade', ...flush(), enabled, transactions });
          return receive();
        },
      },
    },
  });
  // Findings and alternates travel as events; the outcome's copies would only be cloned for nothing.
  return { kind: 'finished', ...flush(), outcome: { ...outcome, findings: [], alternates: [] } };
}

/** This worker's watch: its campaign's world against the base built again, within its share of the comparisons. */
async function workerWatch(head: CampaignWorld, job: WorkerComparisonJob): Promise<BehaviourWatch> {
  const place = { thread: 'worker', ...(job.countBlocks && { baseBlocks: new Map() }) } as const;
  return new BehaviourWatch(head, await buildWorld(job.base), new ComparisonAllowance(job.plan, systemClock), place);
}

if (isCampaignWorker()) void serveCampaignWorker();
