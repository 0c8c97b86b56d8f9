import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CampaignState } from './state.js';

/**
 * Transactions between turns of the event loop. The loop's awaits settle as microtasks, so without a
 * turn no timer, message or signal handler runs until the campaign ends: a SIGTERM would wait for the
 * whole budget. At a few thousand transactions a second a turn comes every few tens of milliseconds;
 * it costs microseconds and changes nothing the campaign computes (same seed, same report).
 */
const TURN_EVERY = 64;

/** Yields to the event loop every TURN_EVERY transactions, so that an interruption is seen promptly. */
export function eventLoopTurns(state: CampaignState): () => Promise<void> {
  let next = TURN_EVERY;
  return async () => {
    if (state.meter.transactions < next) return;
    next = state.meter.transactions + TURN_EVERY;
    await nextTurn();
  };
}
