import type { Corpus, CorpusEntry } from '../corpus/corpus.js';

/** Energy bound K of the schedules (AFLFast's cut-off M; Bran uses 1024). */
export const MAX_ENERGY = 1024;

/**
 * AFLFast's β, the constant dividing AFL's score α(i): AFL scores an average input 100, and 100
 * makes its α/β one mutant, the unit energy of the other schedules.
 */
export const BETA = 100;

/** How many mutants of a picked input to run: `ASSIGNENERGY` of Alg. 1. */
export interface PowerSchedule {
  readonly name: string;
  energy(entry: CorpusEntry, corpus: Corpus): number;
}

/**
 * AFLFast's FAST schedule on path ids (the papers' configuration A): p(i) = min(α(i)/β · 2^s(i) /
 * f(i), M), s(i) the times the input was picked, f(i) the fuzzed inputs that exercised its path.
 * Energy grows with picks but is divided by how often the path was already exercised, so high-
 * frequency paths get little and low-frequency ones much; unlike the cut-off exponential it never
 * starves an input, and every pick runs at least one mutant.
 */
export const fast: PowerSchedule = {
  name: 'baseline',
  energy(entry, corpus) {
    const factor = (performanceScore(entry, corpus) / BETA) * 2 ** Math.min(entry.selected, 30);
    const energy = factor / Math.max(1, corpus.hitsOfPath(entry.pathId));
    return Math.max(1, Math.min(Math.round(energy), MAX_ENERGY));
  },
};

/**
 * AFLFast's α(i), AFL's own score of an input, by its execution-speed steps: 100 for an input of
 * average cost, down to 10 for one over 10 times costlier and up to 300 for one 4 times cheaper.
 * The cost is the sequence's transactions (each an EVM call; AFL measures microseconds).
 */
export function performanceScore(entry: CorpusEntry, corpus: Corpus): number {
  const ratio = entry.sequence.length / Math.max(1, corpus.meanSequenceLength());
  if (ratio > 10) return 10;
  if (ratio > 4) return 25;
  if (ratio > 2) return 50;
  if (ratio > 4 / 3) return 75;
  if (ratio < 1 / 4) return 300;
  if (ratio < 1 / 3) return 200;
  if (ratio < 1 / 2) return 150;
  return 100;
}

export function exponential(selected: number): number {
  return selected >= 10 ? MAX_ENERGY : Math.min(2 ** selected, MAX_ENERGY);
}
