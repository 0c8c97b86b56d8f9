import { branchEdge } from '../harvey/costs.js';
import type { CorpusEntry } from '../corpus/corpus.js';
import {
  diffSingleNumeric,
  evaluatePrediction,
  pickPrediction,
  predict,
  readNumeric,
  withNumeric,
  type PreferMetric,
  type UncoveredMetric,
} from '../harvey/prediction.js';
import type { Rng } from '../../rng.js';
import type { TxSequence } from '../../abi/index.js';
import type { CampaignSetup } from './loop.js';
import type { CampaignState } from './state.js';
import { evaluate, type Execution } from './evaluation.js';

/**
 * Harvey Alg. 1 lines 17–22, iterated as in Learning-inputs Sect. 3.2 while steps make progress: a
 * mutant that changed one number of the entry is followed by predicted inputs (secant steps on a
 * cost metric), run even past the entry's energy.
 */
export async function followPrediction(
  state: CampaignState,
  setup: CampaignSetup,
  step: { entry: CorpusEntry; mutant: TxSequence; ran: Execution; rng: Rng },
): Promise<void> {
  const { entry, mutant, ran } = step;
  const site = diffSingleNumeric(entry.sequence, mutant);
  if (!site || !entry.costs) return;
  const x = readNumeric(entry.sequence, site);
  const x2 = readNumeric(mutant, site);
  let next = pickPrediction(predict(site, x, entry.costs, x2, ran.costs, preferFor(entry), uncoveredIn(state)), step.rng);
  while (next && !state.done()) {
    // A predicted msg.value above what a call may carry would only fail for lack of balance.
    if (site.kind === 'value' && (next.value < 0n || next.value > setup.mutation.maxValue)) return;
    const tried = await evaluate(state, setup, withNumeric(mutant, site, next.value));
    const outcome = evaluatePrediction(next, tried.costs);
    state.prediction.record(next, outcome);
    next = outcome.kind === 'miss' ? outcome.next : undefined;
  }
}

/** With the lookahead analysis, predictions aim first at branches of the entry's no-target-ahead prefix. */
function preferFor(entry: CorpusEntry): PreferMetric | undefined {
  const branches = entry.prefixBranches;
  const lastTx = entry.sequence.length - 1;
  return branches && ((cost) => cost.kind === 'branch' && cost.tx === lastTx && branches.has(cost.pc));
}

/** Branch directions no input took yet; store probes count as uncovered (writing one is a finding, not coverage). */
function uncoveredIn(state: CampaignState): UncoveredMetric {
  const covered = state.nearMisses.coveredEdges;
  return (cost) => cost.kind !== 'branch' || !covered.has(branchEdge(cost));
}
