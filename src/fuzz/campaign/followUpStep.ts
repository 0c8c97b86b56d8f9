import type { CampaignSetup } from './loop.js';
import type { CampaignState } from './state.js';
import { evaluate } from './evaluation.js';

/** Runs the follow-ups due on states that met a function's comparison (StateFollowUps) as regular inputs. */
export async function followNewStates(state: CampaignState, setup: CampaignSetup): Promise<void> {
  const { followUps } = state;
  if (!followUps) return;
  while (!state.done()) {
    const input = followUps.next(state.meter.transactions);
    if (input === undefined) return;
    await evaluate(state, setup, input);
  }
}
