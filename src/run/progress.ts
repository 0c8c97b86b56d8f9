import type { Budget } from '../config/index.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../clock.js';
import type { CampaignEvent } from '../fuzz/index.js';
import { count, duration, plural } from '../report/index.js';

/** How often a running campaign reports, in wall-clock ms: a log line in CI, a redraw on a terminal. */
const LOG_INTERVAL_MS = 5000;
const LIVE_INTERVAL_MS = 500;
const BAR_WIDTH = 20;

/** What a campaign's progress line says, as counted so far. */
export interface CampaignProgress {
  name: string;
  /** The campaign's fuzzing budget (its share of the run's). */
  budget: Budget;
  elapsedMs: number;
  transactions: number;
  /** Target lines executed at least once, of `targets` (none for a campaign without targets). */
  reached: number;
  targets: number;
  /** What the targets are called: `changed lines` (`lookout pr`) or `target lines` (`--targets`). */
  targetNoun: string;
  findings: number;
  inputsKept: number;
}

/**
 * The progress line: `EtherVault: 47,360 of 50,000 transactions (95%, 608/s, ETA 4.3 s), 3 of 4
 * changed lines reached, 1 finding, 1,116 inputs kept`; under a time budget, `… transactions in 1 min
 * 18 s of 2 min (65%, …)`. `bar` puts a progress bar after the name (a terminal's live line).
 */
export function progressLine(progress: CampaignProgress, options: { bar?: boolean } = {}): string {
  const { budget, elapsedMs, transactions } = progress;
  const rate = elapsedMs > 0 ? (transactions * 1000) / elapsedMs : 0;
  const done =
    budget.kind === 'executions'
      ? { fraction: transactions / budget.executions, text: `${count(transactions)} of ${count(budget.executions)} transactions` }
      : {
          fraction: elapsedMs / (budget.seconds * 1000),
          text: `${count(transactions)} transactions in ${duration(elapsedMs)} of ${duration(budget.seconds * 1000)}`,
        };
  const fraction = Math.min(1, Math.max(0, done.fraction));
  const leftMs = budget.kind === 'executions' ? (rate > 0 ? ((budget.executions - transactions) * 1000) / rate : undefined) : budget.seconds * 1000 - elapsedMs;
  const eta = leftMs === undefined ? '' : `, ETA ${duration(Math.max(0, leftMs))}`;
  const parts = [
    `${done.text} (${Math.floor(fraction * 100)}%, ${count(rate)}/s${eta})`,
    ...(progress.targets > 0 ? [`${count(progress.reached)} of ${count(progress.targets)} ${progress.targetNoun} reached`] : []),
    plural(progress.findings, 'finding'),
    `${count(progress.inputsKept)} inputs kept`,
  ];
  return `${progress.name}: ${options.bar ? `${bar(fraction)} ` : ''}${parts.join(', ')}`;
}

function bar(fraction: number): string {
  const filled = Math.round(fraction * BAR_WIDTH);
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`;
}

/**
 * A campaign event listener that reports the campaign's progress (see `progressLine`): on a live
 * terminal a bar redrawn twice a second, elsewhere a log line every few seconds; and a finding as
 * soon as it is found, so a job's log shows it before the campaign ends or is cut short. It only
 * reads the clock to decide when to print, never to steer the search.
 */
export function progressReporter(
  campaign: Pick<CampaignProgress, 'name' | 'budget' | 'targets' | 'targetNoun'>,
  logger: Logger,
  clock: Clock,
): (event: CampaignEvent) => void {
  const interval = logger.live ? LIVE_INTERVAL_MS : LOG_INTERVAL_MS;
  const started = clock();
  let next = started + interval;
  const reached = new Set<number>();
  const progress: CampaignProgress = { ...campaign, elapsedMs: 0, transactions: 0, reached: 0, findings: 0, inputsKept: 0 };
  return (event) => {
    if (event.kind === 'input-added') progress.inputsKept = event.corpusSize;
    if (event.kind === 'target-reached') reached.add(event.target);
    if (event.kind === 'finding') {
      progress.findings++;
      logger.info(`${campaign.name}: found: ${event.finding.failure.message}`);
    }
    if (event.kind === 'transactions') progress.transactions += event.count;
    else if (event.kind === 'transaction') {
      progress.transactions++;
      // Checking the clock on every transaction would cost more than the check is worth.
      if (progress.transactions % 256 !== 0) return;
    } else return;
    const now = clock();
    if (now < next) return;
    next = now + interval;
    progress.elapsedMs = now - started;
    progress.reached = reached.size;
    logger.progress(progressLine(progress, { bar: logger.live }));
  };
}
