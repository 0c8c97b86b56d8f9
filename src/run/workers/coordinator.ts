import { Worker } from 'node:worker_threads';
import { CAMPAIGN_WORKER, type WorkerJob, type WorkerMessage } from './thread.js';
import { sourceBundle, type WorkerScript } from './sourceBundle.js';
import {
  Alternates,
  type CampaignEvent,
  type CampaignFinding,
  type CampaignOutcome,
  type CampaignRunner,
  type CampaignSetup,
  type Imports,
  mergeBlockHits,
  PredictionStats,
  type ReachTracker,
} from '../../fuzz/index.js';
import type { TxSequence } from '../../abi/index.js';
import { failureKey } from '../../oracles/index.js';
import type { WorkerComparisons } from '../behaviourWatch.js';
import { renumberedComparisons, renumberedEvent, TransactionNumbering } from './transactionNumbering.js';

/**
 * Transactions a worker runs between trades. Often enough that a path one worker opened soon reaches
 * the others; rarely enough that waiting for the slowest worker at each trade costs little.
 */
export const EXCHANGE_EVERY = 2000;

/** What one worker handed in at a trade, for the others. */
interface Batch {
  from: number;
  inputs: TxSequence[];
  findings: CampaignFinding[];
  enabled: readonly string[];
}

/**
 * A CampaignRunner that spreads one campaign over worker threads, one EVM each (node:worker_threads
 * directly: a campaign is a few long-lived threads that talk in rounds, not a queue of tasks, so a
 * pool library would add a dependency and hide the one thing that matters, the round barrier).
 * Every worker trades at fixed transaction counts; round by round the coordinator replays their
 * events in worker order (first reaches, findings deduplicated, kept inputs, progress) and hands
 * each worker the others' finds of the round before. Each worker's comparisons with the base join the
 * campaign's watch (`join`) right after its events of the round. Transaction counts in what they found
 * are renumbered in that same order (`TransactionNumbering`). With an execution budget the whole run is
 * a function of the seed and the worker count.
 */
export function workerRunner(
  jobs: readonly Omit<WorkerJob, 'startedAt' | 'interruption'>[],
  options: { signal?: AbortSignal; join?: (comparisons: WorkerComparisons) => void } = {},
): CampaignRunner {
  const { signal, join } = options;
  return async (setup, reach) => {
    const startedAt = Date.now();
    // Workers see an interruption through shared memory: their loops read no messages between trades.
    const interruption = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const interrupt = () => Atomics.store(interruption, 0, 1);
    signal?.addEventListener('abort', interrupt);
    if (signal?.aborted) interrupt();
    const script = await workerScript();
    const threads = jobs.map((job) => startWorker(script.url, { ...job, startedAt, interruption }));
    try {
      return await coordinate(threads, { setup, reach, join });
    } finally {
      signal?.removeEventListener('abort', interrupt);
      await Promise.all(threads.map((t) => t.worker.terminate()));
      await script.remove();
    }
  };
}

interface Thread {
  worker: Worker;
  next: () => Promise<WorkerMessage>;
}

/**
 * The worker runs this very module: from the bundle as the bundle itself, whose entry point serves
 * instead of running a command (see `isCampaignWorker`); from source (tests, benchmarks) as a bundle
 * of it made for the purpose (see `sourceBundle`).
 */
async function workerScript(): Promise<WorkerScript> {
  const script = new URL(import.meta.url);
  return script.pathname.endsWith('.ts') ? sourceBundle(script) : { url: script, remove: async () => {} };
}

function startWorker(script: URL, job: WorkerJob): Thread {
  const worker = new Worker(script, { workerData: { role: CAMPAIGN_WORKER, job } });
  const queue: WorkerMessage[] = [];
  const waiting: ((message: WorkerMessage) => void)[] = [];
  const deliver = (message: WorkerMessage) => {
    const take = waiting.shift();
    if (take) take(message);
    else queue.push(message);
  };
  worker.on('message', deliver);
  worker.on('error', (error) => deliver({ kind: 'failed', message: error.stack ?? error.message }));
  worker.on('exit', (code) => deliver({ kind: 'failed', message: `exited with code ${code}` }));
  const next = () => {
    const queued = queue.shift();
    return queued ? Promise.resolve(queued) : new Promise<WorkerMessage>((resolve) => waiting.push(resolve));
  };
  return { worker, next };
}

/**
 * Each worker's k-th message is its round k. A worker's trade at round k is answered with the
 * others' finds of round k − 1, so it seldom waits: only when another worker is a whole round behind.
 * Rounds are replayed in order, workers in index order within a round, whatever order messages come in.
 */
async function coordinate(threads: readonly Thread[], campaign: CampaignSide): Promise<CampaignOutcome> {
  const rounds = new Rounds(threads.length, campaign);
  const serve = async (worker: number) => {
    for (let round = 0; ; round++) {
      const message = await threads[worker].next();
      if (message.kind === 'failed') throw new Error(`Campaign worker ${worker} failed: ${message.message}`);
      rounds.receive(worker, round, message);
      if (message.kind === 'finished') return;
      await rounds.replayed(round - 1);
      threads[worker].worker.postMessage(rounds.importsFor(worker, round - 1));
    }
  };
  await Promise.all(threads.map((_, worker) => serve(worker)));
  return rounds.outcome();
}

/** What the workers' rounds are replayed into: the campaign's setup (its events), its reach, its watch. */
interface CampaignSide {
  setup: CampaignSetup;
  reach: ReachTracker;
  join?: (comparisons: WorkerComparisons) => void;
}

/** A worker's message at a trade or at its end. */
type RoundMessage = Exclude<WorkerMessage, { kind: 'failed' }>;

/** The workers' messages by round, replayed in a fixed order as rounds complete. */
class Rounds {
  private readonly messages: RoundMessage[][] = [];
  /** Round of each worker's last message, once it finished. */
  private readonly finishedAt: (number | undefined)[];
  private readonly batches: Batch[][] = [];
  private readonly stops: boolean[] = [];
  private readonly waiting = new Map<number, (() => void)[]>();
  private readonly findings = new Map<string, CampaignFinding>();
  private readonly alternates = new Alternates();
  private readonly paths = new Set<string>();
  private readonly outcomes: CampaignOutcome[] = [];
  private readonly numbering: TransactionNumbering;
  private done = -1;

  constructor(
    private readonly workers: number,
    private readonly campaign: CampaignSide,
  ) {
    this.finishedAt = Array.from({ length: workers }, () => undefined);
    this.numbering = new TransactionNumbering(workers);
  }

  receive(worker: number, round: number, message: RoundMessage): void {
    (this.messages[round] ??= [])[worker] = message;
    if (message.kind === 'finished') {
      this.finishedAt[worker] = round;
      this.outcomes[worker] = message.outcome;
    }
    while (this.complete(this.done + 1)) this.replay(++this.done);
  }

  /** Resolves once the round has been replayed (at once for round −1). */
  replayed(round: number): Promise<void> {
    if (round <= this.done) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(round, [...(this.waiting.get(round) ?? []), resolve]));
  }

  /** The other workers' finds of a replayed round, in worker order. */
  importsFor(worker: number, round: number): Imports {
    const others = (this.batches[round] ?? []).filter((b) => b.from !== worker);
    return {
      inputs: others.flatMap((b) => b.inputs),
      findings: others.flatMap((b) => b.findings),
      enabled: [...new Set(others.flatMap((b) => b.enabled))],
      stop: this.stops[round] ?? false,
    };
  }

  outcome(): CampaignOutcome {
    return merged(this.outcomes, { findings: [...this.findings.values()], alternates: this.alternates.list() }, this.paths.size);
  }

  /** Every worker still running at this round has sent its message for it. */
  private complete(round: number): boolean {
    const messages = this.messages[round];
    if (!messages) return false;
    for (let worker = 0; worker < this.workers; worker++) {
      const finished = this.finishedAt[worker];
      if (!messages[worker] && (finished === undefined || finished >= round)) return false;
    }
    return true;
  }

  private replay(round: number): void {
    const batches: Batch[] = [];
    this.messages[round].forEach((message, from) => {
      const batch: Batch = { from, inputs: [], findings: [], enabled: message.kind === 'trade' ? message.enabled : [] };
      const { setup, reach, join } = this.campaign;
      const into = { setup, reach, findings: this.findings, alternates: this.alternates, paths: this.paths, batch };
      const campaign = this.numbering.next(from, message.kind === 'trade' ? message.transactions : message.outcome.transactions);
      for (const event of message.events) replay(renumberedEvent(event, campaign), into);
      if (message.comparisons) join?.(renumberedComparisons(message.comparisons, campaign));
      batches.push(batch);
    });
    this.batches[round] = batches;
    this.stops[round] = this.campaign.setup.stop?.(this.findings.size) ?? false;
    for (const resolve of this.waiting.get(round) ?? []) resolve();
    this.waiting.delete(round);
  }
}

/** Where forwarded events are replayed into: the campaign's, and the finds merged so far. */
interface ReplayTarget {
  setup: CampaignSetup;
  reach: ReachTracker;
  findings: Map<string, CampaignFinding>;
  alternates: Alternates;
  paths: Set<string>;
  batch: Batch;
}

/**
 * One forwarded event, as the campaign in this thread would have emitted it. A finding another
 * worker reported first, and each worker's alternates, are offered as alternates in replay order:
 * one worker or two, a path to a reported failure is kept the same way.
 */
function replay(event: CampaignEvent, into: ReplayTarget): void {
  const { setup, reach, findings, alternates, paths, batch } = into;
  if (event.kind === 'finding') {
    const key = failureKey(event.finding.failure);
    if (findings.has(key)) {
      alternates.offer(event.finding, event.shape);
      return;
    }
    findings.set(key, event.finding);
    alternates.reported(event.finding, event.shape);
    batch.findings.push(event.finding);
  } else if (event.kind === 'alternate') {
    alternates.offer(event.alternate, event.shape);
    return;
  } else if (event.kind === 'input-added') {
    if (paths.has(event.pathId)) return;
    paths.add(event.pathId);
    batch.inputs.push(event.sequence);
    event = { ...event, corpusSize: paths.size };
  } else if (event.kind === 'target-reached') {
    reach.record(event.target, event.first);
  }
  setup.onEvent?.(event);
}

function merged(outcomes: readonly CampaignOutcome[], finds: Pick<CampaignOutcome, 'findings' | 'alternates'>, corpusSize: number): CampaignOutcome {
  const sum = (value: (o: CampaignOutcome) => number) => outcomes.reduce((total, o) => total + value(o), 0);
  const prediction = new PredictionStats();
  prediction.oneShot = sum((o) => o.prediction.oneShot);
  prediction.oneShotHits = sum((o) => o.prediction.oneShotHits);
  prediction.iterated = sum((o) => o.prediction.iterated);
  prediction.iteratedHits = sum((o) => o.prediction.iteratedHits);
  prediction.unreached = sum((o) => o.prediction.unreached);
  const blockHits = mergeBlockHits(outcomes.map((o) => o.blockHits));
  const byCorpus = outcomes.some((o) => o.reachedByCorpus) ? [...new Set(outcomes.flatMap((o) => o.reachedByCorpus ?? []))].sort((a, b) => a - b) : undefined;
  return {
    ...finds,
    sequences: sum((o) => o.sequences),
    transactions: sum((o) => o.transactions),
    elapsedMs: Math.max(0, ...outcomes.map((o) => o.elapsedMs)),
    analysisMs: sum((o) => o.analysisMs),
    corpusSize,
    restored: { replayed: sum((o) => o.restored.replayed), reverted: sum((o) => o.restored.reverted) },
    prediction,
    ddsf: {
      aggressiveRuns: sum((o) => o.ddsf.aggressiveRuns),
      aggressiveHits: sum((o) => o.ddsf.aggressiveHits),
      enabledFunctions: [...new Set(outcomes.flatMap((o) => o.ddsf.enabledFunctions))],
      followUps: sum((o) => o.ddsf.followUps),
    },
    coveredEdges: new Set(outcomes.flatMap((o) => [...o.coveredEdges])),
    ...(blockHits && { blockHits }),
    ...(byCorpus && { reachedByCorpus: byCorpus }),
  };
}
