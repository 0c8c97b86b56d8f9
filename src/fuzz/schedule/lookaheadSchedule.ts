import type { Corpus, CorpusEntry } from '../corpus/corpus.js';
import { exponential, type PowerSchedule } from './schedule.js';

/**
 * The dynamic rarity cutoff of Def. 5 and 6: the smallest power of two strictly above the fewest
 * fuzzed inputs any LID (split point) has, so the rarest one is always rare. For a minimum that is
 * not a power of two this is the paper's 2^i with 2^(i−1) < min ≤ 2^i (42 → 64); for a power of two
 * the paper's bound would equal the minimum and make nothing rare, so we take FairFuzz's reading
 * (hits < 2^(⌊log2 min⌋ + 1)), which the definition cites. A never-fuzzed LID (min 0) gives cutoff 1:
 * 0 is rare. An empty set (min = Infinity) gives cutoff 0: nothing is rare.
 */
export function rarityCutoff(min: number): number {
  if (min === Infinity) return 0;
  if (min < 1) return 1;
  return 2 ** (Math.floor(Math.log2(min)) + 1);
}

/**
 * Whether the entry's LID or one of the split points along its no-target-ahead prefix is rare.
 * Without a LID (no analysis ran for it) the path id stands in for the LID, in the cutoff and
 * against it: the entry is then judged like a whole-path prefix.
 */
export function isRare(entry: CorpusEntry, corpus: Corpus): boolean {
  const lidCutoff = rarityCutoff(corpus.minLidHits());
  if (corpus.hitsOfLidOrPath(entry) < lidCutoff) return true;
  const points = entry.splitPoints ?? [];
  if (points.length === 0) return false;
  const pointCutoff = rarityCutoff(corpus.minSplitPointHits());
  return points.some((pc) => corpus.hitsOfSplitPoint(pc) < pointCutoff);
}

/**
 * Bran's specialised schedule (configuration B; C with the imprecise analysis): min(2^selected, K)
 * for an input whose LID or some split point along its prefix is rare, else 1.
 */
export const lookaheadSchedule: PowerSchedule = {
  name: 'lookahead',
  energy(entry, corpus) {
    return isRare(entry, corpus) ? exponential(entry.selected) : 1;
  },
};

/**
 * AFLFast's cut-off exponential on LIDs instead of path ids (configuration D, RQ3): no energy for
 * an input whose LID was fuzzed more often than the mean over the corpus's distinct LIDs, else
 * 2^selected up to K. An entry without a LID counts under its path id.
 */
export const lidCutOffExponential: PowerSchedule = {
  name: 'lid-aflfast',
  energy(entry, corpus) {
    if (corpus.hitsOfLidOrPath(entry) > meanLidHits(corpus)) return 0;
    return exponential(entry.selected);
  },
};

/** Mean `fuzz(λ)` over the distinct LIDs of the corpus (AFLFast's μ, with LIDs as the identities). */
function meanLidHits(corpus: Corpus): number {
  const seen = new Set<string>();
  let sum = 0;
  for (const entry of corpus.entries) {
    const key = entry.lid === undefined ? `path:${entry.pathId}` : entry.lid;
    if (seen.has(key)) continue;
    seen.add(key);
    sum += corpus.hitsOfLidOrPath(entry);
  }
  return seen.size === 0 ? 0 : sum / seen.size;
}
