import type { Logger } from '../../logger.js';
import type { Clock } from '../../clock.js';
import type { CampaignEvent } from './loop.js';

/** How often a running campaign reports, in wall-clock ms. */
const PROGRESS_INTERVAL_MS = 5000;

/**
 * A campaign event listener that logs one progress line every few seconds (transactions, rate,
 * corpus, findings), and a finding as soon as it is found: a job's log shows it before the campaign
 * ends, or is cut short. It only reads the clock to decide when to print, never to steer the search.
 */
export function progressReporter(name: string, logger: Logger, clock: Clock): (event: CampaignEvent) => void {
  const started = clock();
  let next = started + PROGRESS_INTERVAL_MS;
  let transactions = 0;
  let corpus = 0;
  let findings = 0;
  return (event) => {
    if (event.kind === 'input-added') corpus = event.corpusSize;
    if (event.kind === 'finding') {
      findings++;
      logger.info(`${name}: found: ${event.finding.failure.message}`);
    }
    if (event.kind === 'transactions') transactions += event.count;
    else if (event.kind === 'transaction') {
      transactions++;
      // Checking the clock on every transaction would cost more than the check is worth.
      if (transactions % 256 !== 0) return;
    } else return;
    const now = clock();
    if (now < next) return;
    next = now + PROGRESS_INTERVAL_MS;
    const rate = Math.round((transactions * 1000) / (now - started));
    const n = (value: number) => value.toLocaleString('en-US');
    logger.info(`${name}: ${n(transactions)} transactions (${n(rate)}/s), ${n(corpus)} inputs kept, ${findings} finding(s)`);
  };
}
