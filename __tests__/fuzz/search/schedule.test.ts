import { Corpus } from '../../../src/fuzz/corpus/corpus.js';
import { BETA, MAX_ENERGY, fast, performanceScore } from '../../../src/fuzz/schedule/schedule.js';
import type { Call, TxSequence } from '../../../src/abi/types.js';

/** A sequence of `length` calls; the schedule reads only how many there are. */
const callsOf = (length: number): TxSequence =>
  Array.from({ length }, (): Call => ({ sender: 0, to: 0, target: { kind: 'receive' }, args: [], value: 0n, blockDelay: 0, timeDelay: 0 }));

function corpusOf(lengths: number[]): Corpus {
  const corpus = new Corpus();
  lengths.forEach((length, i) => corpus.add(callsOf(length), `p${i}`));
  return corpus;
}

function exercise(corpus: Corpus, path: string, times: number): void {
  for (let i = 0; i < times; i++) corpus.recordExecution(path);
}

describe('AFLFast FAST schedule (configuration A)', () => {
  it('is α/β · 2^s / f: doubling with picks, divided by how often the path was exercised', () => {
    const corpus = corpusOf([2, 2]);
    const [rare, common] = corpus.entries;
    exercise(corpus, 'p0', 1);
    exercise(corpus, 'p1', 64);
    expect(performanceScore(rare, corpus) / BETA).toBe(1); // average cost
    for (const [selected, rareEnergy, commonEnergy] of [
      [0, 1, 1],
      [3, 8, 1],
      [6, 64, 1],
      [8, 256, 4],
      [12, MAX_ENERGY, 64],
    ]) {
      rare.selected = common.selected = selected;
      expect([fast.energy(rare, corpus), fast.energy(common, corpus)]).toEqual([rareEnergy, commonEnergy]);
    }
  });

  it('never starves an input above the mean, unlike the cut-off exponential', () => {
    const corpus = corpusOf([1, 1, 1]);
    exercise(corpus, 'p0', 1000);
    expect(fast.energy(corpus.entries[0], corpus)).toBe(1);
  });

  it('scores inputs by their cost against the corpus mean, in AFL steps', () => {
    const corpus = corpusOf([1, 1, 1, 1, 1, 1, 1, 1, 1, 40]); // mean 4.9
    const [short] = corpus.entries;
    const long = corpus.entries[9];
    expect([performanceScore(short, corpus), performanceScore(long, corpus)]).toEqual([300, 25]);
    exercise(corpus, 'p0', 1);
    exercise(corpus, 'p9', 1);
    short.selected = long.selected = 4;
    expect([fast.energy(short, corpus), fast.energy(long, corpus)]).toEqual([48, 4]);
  });
});
