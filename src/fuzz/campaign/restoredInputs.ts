import type { CampaignSetup } from './loop.js';
import type { CampaignState } from './state.js';
import { evaluate } from './evaluation.js';

/**
 * Replays the inputs earlier runs kept, before the seeds, so that the paths, targets and failures
 * they reached are this campaign's from its first transactions. Each is judged as any input (kept
 * only for a path this campaign has not seen); one whose first call reverts on this build no longer
 * executes what it was kept for and is dropped, counted.
 */
export async function replayRestored(state: CampaignState, setup: CampaignSetup, turn: () => Promise<void>): Promise<void> {
  for (const input of setup.restored ?? []) {
    if (state.done()) break;
    let executes = true;
    state.replayingRestored = true;
    try {
      await evaluate(state, setup, input, (steps) => (executes = steps[0]?.reverted !== true));
    } finally {
      state.replayingRestored = false;
    }
    if (executes) state.restored.replayed++;
    else state.restored.reverted++;
    await turn();
  }
}
