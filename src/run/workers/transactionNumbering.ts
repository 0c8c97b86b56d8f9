import type { CampaignEvent } from '../../fuzz/index.js';
import type { WorkerComparisons } from '../behaviourWatch.js';

/**
 * Numbers a campaign's transactions across its workers as if they had run one after another in the
 * order the coordinator replays them: round by round, workers in index order within a round. A count
 * a worker reports (its own transactions when it found something) becomes the campaign's: what every
 * worker ran in the rounds before, plus what the workers before it ran in this round, plus its own
 * part of this round up to then. Workers trade at fixed transaction counts, so with an execution
 * budget the numbers depend on the seed, the budget and the worker count only — never on which thread
 * ran faster, as milliseconds do.
 */
export class TransactionNumbering {
  /** Campaign transactions numbered so far: every message replayed before the current one. */
  private numbered = 0;
  /** Each worker's own count at its last message replayed. */
  private readonly counted: number[];

  constructor(workers: number) {
    this.counted = Array.from({ length: workers }, () => 0);
  }

  /**
   * The next message in replay order, from `worker`, which had run `transactions` of its own when it
   * sent it: a function from the worker's counts in that message to the campaign's.
   */
  next(worker: number, transactions: number): (own: number) => number {
    const start = this.counted[worker];
    const offset = this.numbered;
    this.numbered += transactions - start;
    this.counted[worker] = transactions;
    return (own) => offset + own - start;
  }
}

/** A forwarded event with the worker's transaction counts turned into the campaign's (`TransactionNumbering.next`). */
export function renumberedEvent(event: CampaignEvent, campaign: (own: number) => number): CampaignEvent {
  switch (event.kind) {
    case 'finding':
      return { ...event, finding: { ...event.finding, execution: campaign(event.finding.execution) } };
    case 'alternate':
      return { ...event, alternate: { ...event.alternate, execution: campaign(event.alternate.execution) } };
    case 'target-reached':
      return { ...event, first: { ...event.first, transactions: campaign(event.first.transactions) } };
    default:
      return event;
  }
}

/** What a worker's watch compared, stamped with the campaign's transaction counts. */
export function renumberedComparisons(comparisons: WorkerComparisons, campaign: (own: number) => number): WorkerComparisons {
  return {
    ...comparisons,
    divergences: comparisons.divergences.map((d) => ({ ...d, transactions: campaign(d.transactions) })),
    kept: comparisons.kept.map((k) => ({ ...k, transactions: campaign(k.transactions) })),
  };
}
