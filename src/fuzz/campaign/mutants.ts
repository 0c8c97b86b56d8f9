import type { Techniques } from '../../config/index.js';
import type { CorpusEntry } from '../corpus/corpus.js';
import { functionKey } from '../harvey/ddsf.js';
import { applyMutation, mutateSequence, type MutationContext } from '../inputs/mutations.js';
import type { Rng } from '../../rng.js';
import type { TxSequence } from '../../abi/index.js';
import type { CampaignState } from './state.js';

/** Share of mutants that change a single argument when input prediction is on. */
const SINGLE_CHANGE_SHARE = 0.3;

/**
 * How the picked entry is mutated: prefixes and inserted transactions come from the DDSF pools
 * (prefixes else from the corpus), and a function that DDSF enabled gets the weights that grow
 * longer sequences.
 */
export function mutationFor(entry: CorpusEntry, base: MutationContext, state: CampaignState): MutationContext {
  const { ddsf, corpus } = state;
  const last = entry.sequence[entry.sequence.length - 1];
  const prefixSource = (r: Rng) => ddsf?.drawPrefix(r) ?? (corpus.entries.length > 0 ? r.pick(corpus.entries).sequence : undefined);
  return {
    ...base,
    prefixSource: base.prefixSource ?? prefixSource,
    pooledCall: base.pooledCall ?? (ddsf ? (r: Rng) => ddsf.drawTransaction(r) : undefined),
    weights: ddsf && last ? ddsf.sequenceMutationWeights(functionKey(last), base.weights) : base.weights,
  };
}

/**
 * One mutant of the entry, or undefined when no mutation applies. Prediction needs mutants that
 * differ in one number (Harvey Alg. 1 line 17): stacked havoc mutations rarely do, so a share of
 * mutants are single argument changes.
 */
export function nextMutant(entry: CorpusEntry, mutation: MutationContext, techniques: Techniques, rng: Rng): TxSequence | undefined {
  const single = techniques.prediction && rng.chance(SINGLE_CHANGE_SHARE);
  return (single && applyMutation(entry.sequence, 'mutate-arg', mutation)) || mutateSequence(entry.sequence, mutation);
}
