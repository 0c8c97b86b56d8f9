import { Corpus } from '../../../src/fuzz/corpus/corpus.js';
import { isRare, lidCutOffExponential, lookaheadSchedule, rarityCutoff } from '../../../src/fuzz/schedule/lookaheadSchedule.js';
import { MAX_ENERGY } from '../../../src/fuzz/schedule/schedule.js';

/** A corpus of one-call-free entries: only path ids, LIDs and split points matter to the schedules. */
function corpusOf(entries: { path: string; lid?: string; splitPoints?: number[] }[]): Corpus {
  const corpus = new Corpus();
  for (const e of entries) {
    corpus.add([], e.path, e.lid === undefined ? undefined : { lid: e.lid, splitPoints: e.splitPoints ?? [] });
  }
  return corpus;
}

function fuzz(corpus: Corpus, path: string, times: number): void {
  for (let i = 0; i < times; i++) corpus.recordExecution(path);
}

describe('rarityCutoff (Def. 5, 6)', () => {
  it.each([
    [0, 1], // a never-fuzzed LID is rare
    [1, 2],
    [2, 4],
    [3, 4],
    [42, 64], // the paper's example
    [63, 64],
    [64, 128], // the rarest stays rare at a power of two
  ])('min %i gives cutoff %i', (min, cutoff) => {
    expect(rarityCutoff(min)).toBe(cutoff);
    expect(min).toBeLessThan(rarityCutoff(min));
  });

  it('makes nothing rare when there is nothing to compare with', () => {
    expect(rarityCutoff(Infinity)).toBe(0);
  });
});

describe('lookaheadSchedule (configuration B)', () => {
  it('gives 2^selected up to K to an entry with a rare LID and 1 to the others', () => {
    const corpus = corpusOf([
      { path: 'p1', lid: 'common', splitPoints: [0, 10] },
      { path: 'p2', lid: 'common', splitPoints: [0, 10] },
      { path: 'p3', lid: 'rare', splitPoints: [0, 20] },
    ]);
    fuzz(corpus, 'p1', 40);
    fuzz(corpus, 'p2', 40);
    fuzz(corpus, 'p3', 5); // LIDs and split points: min 5 → cutoff 8; common, 0 and 10 are far above
    const [p1, , p3] = corpus.entries;
    expect(lookaheadSchedule.energy(p1, corpus)).toBe(1);
    expect(lookaheadSchedule.energy(p3, corpus)).toBe(1);
    p3.selected = 3;
    expect(lookaheadSchedule.energy(p3, corpus)).toBe(8);
    p3.selected = 30;
    expect(lookaheadSchedule.energy(p3, corpus)).toBe(MAX_ENERGY);
    p1.selected = 3;
    expect(lookaheadSchedule.energy(p1, corpus)).toBe(1);
  });

  it('counts a new LID (fuzzed 0 times) as rare', () => {
    const corpus = corpusOf([
      { path: 'old', lid: 'a', splitPoints: [0, 5] },
      { path: 'older', lid: 'a', splitPoints: [0, 6] },
    ]);
    fuzz(corpus, 'old', 100);
    fuzz(corpus, 'older', 100);
    corpus.add([], 'new', { lid: 'b', splitPoints: [0, 5, 6] });
    // split points 5 and 6 (100 each) are the rarest, so the shared pc 0 (200) is not rare: only LIDs decide
    expect(corpus.minSplitPointHits()).toBe(100);
    expect(isRare(corpus.entries[2], corpus)).toBe(true);
    expect(isRare(corpus.entries[0], corpus)).toBe(true); // 5 is among the rarest split points
  });

  it('gives energy to an entry whose LID is common but which passes a rare split point', () => {
    // Fig. 2 with the comments: paths through the loops make fresh LIDs all the time, while the
    // prefix through line 21 is old; its split point 21 stays rare and keeps it fuzzed.
    const corpus = corpusOf([
      { path: 'old', lid: 'l-old', splitPoints: [0, 21] },
      { path: 'loop1', lid: 'l1', splitPoints: [0, 11] },
      { path: 'loop2', lid: 'l2', splitPoints: [0, 11] },
    ]);
    fuzz(corpus, 'old', 9);
    fuzz(corpus, 'loop1', 9);
    fuzz(corpus, 'loop2', 9); // every LID at 9 → cutoff 16: all LIDs rare so far
    expect(isRare(corpus.entries[0], corpus)).toBe(true);
    fuzz(corpus, 'loop1', 40);
    fuzz(corpus, 'loop2', 40);
    corpus.add([], 'loop3', { lid: 'l3', splitPoints: [0, 11] }); // a fresh LID: min 0, cutoff 1
    fuzz(corpus, 'old', 20); // l-old at 29 is no longer a rare LID
    // split points: 0 → 127, 11 → 98, 21 → 29: min 29 → cutoff 32, so 21 is rare and 11 is not
    expect(isRare(corpus.entries[0], corpus)).toBe(true);
    expect(isRare(corpus.entries[1], corpus)).toBe(false);
    expect(isRare(corpus.entries[3], corpus)).toBe(true); // its LID is new
  });

  it('judges an entry without a LID by its path id', () => {
    const corpus = corpusOf([{ path: 'analysed', lid: 'a', splitPoints: [0] }, { path: 'plain' }]);
    fuzz(corpus, 'analysed', 10); // min LID 10 → cutoff 16
    fuzz(corpus, 'plain', 3);
    expect(isRare(corpus.entries[1], corpus)).toBe(true);
    fuzz(corpus, 'plain', 30);
    expect(isRare(corpus.entries[1], corpus)).toBe(false);
  });

  it('counts a path standing in for a LID toward the cutoff: one shared LID is then not rare by itself', () => {
    // A prediction fixture: every input shares one LID, and a near-miss goal entry has none.
    const corpus = corpusOf([{ path: 'p1', lid: 'only' }, { path: 'p2', lid: 'only' }, { path: 'goal' }]);
    fuzz(corpus, 'p1', 40);
    fuzz(corpus, 'goal', 5); // min 5 → cutoff 8; over LIDs alone the min would be 40, and 'only' rare
    expect(isRare(corpus.entries[0], corpus)).toBe(false);
    expect(lookaheadSchedule.energy(corpus.entries[1], corpus)).toBe(1);
    expect(isRare(corpus.entries[2], corpus)).toBe(true);
  });
});

describe('lidCutOffExponential (configuration D)', () => {
  it('cuts off LIDs fuzzed more than the mean over distinct LIDs, however many paths share them', () => {
    const corpus = corpusOf([
      { path: 'p1', lid: 'shared', splitPoints: [0] },
      { path: 'p2', lid: 'shared', splitPoints: [0] },
      { path: 'p3', lid: 'alone', splitPoints: [0] },
    ]);
    fuzz(corpus, 'p1', 10);
    fuzz(corpus, 'p2', 10); // shared: 20, alone: 4 → mean 12
    fuzz(corpus, 'p3', 4);
    const [p1, p2, p3] = corpus.entries;
    p1.selected = p2.selected = p3.selected = 2;
    expect(lidCutOffExponential.energy(p1, corpus)).toBe(0);
    expect(lidCutOffExponential.energy(p2, corpus)).toBe(0);
    expect(lidCutOffExponential.energy(p3, corpus)).toBe(4);
  });
});
