import { Corpus, type CorpusEntry } from '../../../src/fuzz/corpus/corpus.js';
import { Rng } from '../../../src/rng.js';

function fuzz(corpus: Corpus, path: string, times: number): void {
  for (let i = 0; i < times; i++) corpus.recordExecution(path);
}

describe('Corpus.next (AFLFast search strategy)', () => {
  it('is undefined for an empty corpus', () => {
    expect(new Corpus().next()).toBeUndefined();
  });

  it('picks the input selected least often, then the one with the rarest path, then the oldest', () => {
    const corpus = new Corpus();
    const [a, b, c] = ['a', 'b', 'c'].map((path) => corpus.add([], path));
    fuzz(corpus, 'a', 5);
    fuzz(corpus, 'b', 2);
    fuzz(corpus, 'c', 2);
    expect(corpus.next()).toBe(b); // all unselected; b and c tie on hits, b is older
    b.selected = 1;
    c.selected = 1;
    expect(corpus.next()).toBe(a);
    a.selected = 1;
    fuzz(corpus, 'b', 1);
    expect(corpus.next()).toBe(c);
  });

  it('lets an input added late catch up before older ones are picked again', () => {
    const corpus = new Corpus();
    const old = corpus.add([], 'old');
    old.selected = 12;
    const late = corpus.add([], 'late');
    const picks: string[] = [];
    for (let i = 0; i < 14; i++) {
      const entry = corpus.next()!;
      entry.selected++;
      picks.push(entry.pathId);
    }
    expect(picks).toEqual([...Array(12).fill('late'), 'old', 'late']);
    expect(late.selected).toBe(13);
  });
});

describe('Corpus.next with LIDs (Bran Sect. III: inputs told apart by their no-target-ahead prefix)', () => {
  const lookahead = (lid: string) => ({ lid, splitPoints: [0] });

  it('gives a LID shared by many paths one turn per round, not one per path', () => {
    const corpus = new Corpus();
    const loops = ['w1', 'w2', 'w3', 'w4', 'w5'].map((path) => corpus.add([], path, lookahead('loops')));
    const rare = corpus.add([], 'other', lookahead('other'));
    const picks: string[] = [];
    for (let i = 0; i < 10; i++) {
      const entry = corpus.next()!;
      entry.selected++;
      picks.push(entry.pathId);
    }
    // Per path, 'other' would get 2 of these 10 picks; per LID it gets every other one.
    expect(picks.filter((p) => p === 'other')).toHaveLength(5);
    expect(rare.selected).toBe(5);
    // Within the shared LID the inputs take turns, oldest first.
    expect(picks.filter((p) => p !== 'other')).toEqual(['w1', 'w2', 'w3', 'w4', 'w5']);
    expect(loops.every((e) => e.selected === 1)).toBe(true);
  });

  it('breaks a tie between LIDs by the LID exercised least, and a new path of a LID does not make it new', () => {
    const corpus = new Corpus();
    const a = corpus.add([], 'a', lookahead('A'));
    const b = corpus.add([], 'b', lookahead('B'));
    fuzz(corpus, 'a', 3);
    fuzz(corpus, 'b', 1);
    expect(corpus.next()).toBe(b);
    b.selected = 1;
    a.selected = 1;
    const a2 = corpus.add([], 'a2', lookahead('A'));
    // A has been picked once (through a); the fresh a2 does not put A ahead of B, whose LID is rarer.
    expect(corpus.next()).toBe(b);
    b.selected = 2;
    expect(corpus.next()).toBe(a2);
  });
});

describe('Corpus.next with inputs of several transactions', () => {
  it('picks them by their own path: their LID does not see the state their earlier calls set up', () => {
    const call = { sender: 0, to: 0, target: { kind: 'receive' as const }, args: [], value: 0n, blockDelay: 0, timeDelay: 0 };
    const corpus = new Corpus();
    const single = ['p1', 'p2'].map((path) => corpus.add([call], path, { lid: 'L', splitPoints: [0] }));
    const longer = ['q1', 'q2'].map((path) => corpus.add([call, call], path, { lid: 'L', splitPoints: [0] }));
    const picks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const entry = corpus.next()!;
      entry.selected++;
      picks.push(entry.pathId);
    }
    // Three identities (L, q1, q2) take turns; p2 waits for L's next turn.
    expect(picks).toEqual(['p1', 'q1', 'q2']);
    expect(single[1].selected).toBe(0);
    expect(longer.every((e) => e.selected === 1)).toBe(true);
  });
});

describe('Corpus.next with inputs whose earlier calls left the deployed state', () => {
  it('picks them under their LID: their last call ran on deployed storage, which the LID speaks of', () => {
    const call = { sender: 0, to: 0, target: { kind: 'receive' as const }, args: [], value: 0n, blockDelay: 0, timeDelay: 0 };
    const corpus = new Corpus();
    const loops = ['p1', 'q1', 'q2'].map((path, i) => corpus.add(i === 0 ? [call] : [call, call], path, { lid: 'L', splitPoints: [0] }));
    for (const e of loops.slice(1)) e.prefixSetsUp = false;
    const rare = corpus.add([call], 'r', { lid: 'R', splitPoints: [0] });
    const picks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const entry = corpus.next()!;
      entry.selected++;
      picks.push(entry.pathId);
    }
    // Two identities (L, R) take turns, so the rare LID's input gets every other pick.
    expect(picks).toEqual(['p1', 'r', 'q1', 'r']);
    expect(rare.selected).toBe(2);
  });
});

describe('Corpus.next with one-transaction inputs that set up a new state', () => {
  it('picks them by their own path: the state they leave sets up the calls after them', () => {
    const corpus = new Corpus();
    const readers = ['r1', 'r2'].map((path) => corpus.add([], path, { lid: 'L', splitPoints: [0] }));
    const writers = ['w1', 'w2'].map((path) => corpus.add([], path, { lid: 'L', splitPoints: [0] }));
    for (const w of writers) w.setsUpState = true;
    const picks: string[] = [];
    for (let i = 0; i < 3; i++) {
      const entry = corpus.next()!;
      entry.selected++;
      picks.push(entry.pathId);
    }
    // Three identities (L, w1, w2) take turns; r2 waits for L's next turn.
    expect(picks).toEqual(['r1', 'w1', 'w2']);
    expect(readers[1].selected).toBe(0);
  });
});

describe('goal entries', () => {
  it('count the mutants fuzzed from them and start over when replaced by a closer input', () => {
    const corpus = new Corpus();
    const entry = corpus.add([], 'p~goal', undefined, 'goal');
    expect(entry.goal).toBe('goal');
    fuzz(corpus, entry.pathId, 7);
    entry.selected = 4;
    const closer = [{ sender: 0, to: 0, target: { kind: 'receive' as const }, args: [], value: 0n, blockDelay: 0, timeDelay: 0 }];
    corpus.replaceSequence(entry, closer);
    expect(entry.sequence).toBe(closer);
    expect(entry.selected).toBe(0);
    expect(corpus.hitsOfPath(entry.pathId)).toBe(0);
    expect(corpus.has('p~goal')).toBe(true);
  });
});

describe('Corpus.next kept as entries come and counts grow', () => {
  const call = { sender: 0, to: 0, target: { kind: 'receive' as const }, args: [], value: 0n, blockDelay: 0, timeDelay: 0 };

  /** The order spelled out as a scan of every entry, as `next` defines it. */
  function scanned(corpus: Corpus): CorpusEntry | undefined {
    const identity = (e: CorpusEntry) =>
      e.lid === undefined || (e.sequence.length > 1 && e.prefixSetsUp !== false) || e.setsUpState === true ? `path:${e.pathId}` : `lid:${e.lid}`;
    const groups = new Map<string, CorpusEntry[]>();
    for (const e of corpus.entries) groups.set(identity(e), [...(groups.get(identity(e)) ?? []), e]);
    const ranked = [...groups.values()].map((members) => {
      const best = members.reduce((b, e) =>
        e.selected < b.selected || (e.selected === b.selected && corpus.hitsOfPath(e.pathId) < corpus.hitsOfPath(b.pathId)) ? e : b,
      );
      const picks = members.reduce((sum, e) => sum + e.selected, 0);
      return { best, rank: [picks, corpus.hitsOfLidOrPath(best), members[0].id] };
    });
    ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2]);
    return ranked[0]?.best;
  }

  it('picks what a scan of every entry picks, through additions, picks, hits, flags and replacements', () => {
    for (const seed of [1, 2, 3]) {
      const rng = new Rng(seed);
      const corpus = new Corpus();
      for (let step = 0; step < 3000; step++) {
        const roll = rng.int(100);
        if (roll < 8 || corpus.entries.length === 0) {
          const lid = rng.chance(0.7) ? { lid: `L${rng.int(6)}`, splitPoints: [rng.int(4)] } : undefined;
          const entry = corpus.add(rng.chance(0.5) ? [call] : [call, call], `p${step}`, lid, rng.chance(0.1) ? `g${step}` : undefined);
          entry.setsUpState = rng.chance(0.3);
          entry.prefixSetsUp = rng.chance(0.5);
        } else if (roll < 60) corpus.recordExecution(`p${rng.int(step)}`);
        else if (roll < 63) corpus.replaceSequence(rng.pick(corpus.entries), rng.chance(0.5) ? [call] : [call, call]);
        else if (roll < 65) rng.pick(corpus.entries).prefixSetsUp = rng.chance(0.5);
        else {
          const expected = scanned(corpus);
          const picked = corpus.next();
          expect(picked).toBe(expected);
          picked!.selected++;
        }
        const lidless = corpus.entries.filter((e) => e.lid === undefined).map((e) => corpus.hitsOfPath(e.pathId));
        const lids = [...new Set(corpus.entries.flatMap((e) => (e.lid === undefined ? [] : [e.lid])))].map((l) => corpus.hitsOfLid(l));
        expect(corpus.minLidHits()).toBe(Math.min(...lidless, ...lids));
        expect(corpus.meanSequenceLength()).toBe(corpus.entries.reduce((sum, e) => sum + e.sequence.length, 0) / corpus.entries.length);
      }
    }
  });
});
