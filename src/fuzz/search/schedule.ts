import type { Corpus, CorpusEntry } from './corpus.js';

/** Energy bound K of both schedules (AFLFast's M; Bran uses 1024). */
export const MAX_ENERGY = 1024;

/** How many mutants of a picked input to run: `ASSIGNENERGY` of Alg. 1. */
export interface PowerSchedule {
  readonly name: string;
  energy(entry: CorpusEntry, corpus: Corpus): number;
}

/**
 * AFLFast's cut-off exponential schedule on path ids (the papers' configuration A): no energy for
 * paths exercised more often than the mean, otherwise 2^selected up to K.
 */
export const cutOffExponential: PowerSchedule = {
  name: 'baseline',
  energy(entry, corpus) {
    if (corpus.hitsOfPath(entry.pathId) > corpus.meanPathHits()) return 0;
    return exponential(entry.selected);
  },
};

export function exponential(selected: number): number {
  return selected >= 10 ? MAX_ENERGY : Math.min(2 ** selected, MAX_ENERGY);
}
