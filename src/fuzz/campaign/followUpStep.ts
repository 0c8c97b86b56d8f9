import { functionKey } from '../search/ddsf.js';
import type { Corpus } from '../search/corpus.js';
import type { Call } from '../types.js';
import type { CampaignSetup } from './campaign.js';
import type { CampaignState } from './campaignState.js';
import { evaluate } from './evaluation.js';

/** Runs the follow-ups due on new storage states (StateFollowUps) as regular inputs. */
export async function followNewStates(state: CampaignState, setup: CampaignSetup): Promise<void> {
  const { ddsf, followUps } = state;
  if (!ddsf || !followUps) return;
  const callsFor = () => newestCalls(state.corpus, ddsf.enabledFunctions);
  while (!state.done()) {
    const input = followUps.next(state.meter.transactions, callsFor);
    if (input === undefined) return;
    await evaluate(state, setup, input);
  }
}

/** For each function key, the last call of the newest corpus input ending in it (none when no input does). */
function newestCalls(corpus: Corpus, keys: readonly string[]): Call[] {
  const calls: Call[] = [];
  for (const key of keys) {
    for (let i = corpus.entries.length - 1; i >= 0; i--) {
      const sequence = corpus.entries[i].sequence;
      const last = sequence[sequence.length - 1];
      if (last !== undefined && functionKey(last) === key) {
        calls.push(last);
        break;
      }
    }
  }
  return calls;
}
