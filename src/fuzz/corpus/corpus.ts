import type { CostVector } from '../harvey/costs.js';
import type { TxSequence } from '../../abi/index.js';
import { LazyMin, type Rank } from './lazyMin.js';

/** One input of the test suite: a sequence, keyed by its path id (`sequencePathId`, Harvey Sect. 5). */
export interface CorpusEntry {
  readonly id: number;
  /** Replaced only for an entry kept for a goal (see `replaceSequence`). */
  sequence: TxSequence;
  readonly pathId: string;
  /**
   * The goal (untaken branch direction, probe slot; see NearMisses) this entry is the closest input
   * to. It has no path of its own: its mutants count as exercising it.
   */
  readonly goal?: string;
  /** Times this entry was picked for fuzzing: `selected(I)` of the schedules. */
  selected: number;
  /** Lookahead identifier and split points of its no-target-ahead prefix, when the analysis ran. */
  lid?: string;
  splitPoints?: readonly number[];
  prefixBranches?: ReadonlySet<number>;
  /** Its cost metrics, the x of Harvey's secant step when a mutant of it changes one number. */
  costs?: CostVector;
  /** Whether its last transaction left a storage state no input kept before it left: set by whoever keeps it. */
  setsUpState?: boolean;
  /** Whether its calls before the last one left state other than the deployed one (unknown: they did); set by whoever keeps it. */
  prefixSetsUp?: boolean;
}

/**
 * The PIDs structure of Alg. 1: inputs in insertion order (determinism), plus how many fuzzed inputs
 * exercised each path id, LID and split point — the `fuzz(·)` counts the power schedules read. Each
 * pick, and each count the schedules read, costs a logarithm of the corpus, not a scan of it: a long
 * campaign's pace does not fall as its corpus grows (a scan per pick made 40% of a 200,000-transaction
 * run's CPU; it fell from 1,006 to 121 transactions per second).
 */
export class Corpus {
  readonly entries: CorpusEntry[] = [];
  private readonly byPath = new Map<string, CorpusEntry>();
  private readonly pathHits = new Map<string, number>();
  private readonly lidHits = new Map<string, number>();
  private readonly splitPointHits = new Map<number, number>();
  private readonly groups = new IdentityGroups(this);
  /** The LIDs and the paths of entries without one, by fewest fuzzed inputs (`minLidHits`). */
  private readonly rarest = new LazyMin<string>((key) => [key.startsWith(LID) ? this.hitsOfLid(key.slice(LID.length)) : this.hitsOfPath(key), 0, 0]);
  private transactions = 0;
  /** What an entry tells when what it is picked by changes. */
  private readonly watcher: EntryWatcher = {
    resequenced: (entry, before) => {
      this.transactions += entry.sequence.length - before.length;
      this.groups.moved(entry);
    },
    moved: (entry) => this.groups.moved(entry),
    picked: (entry, rise) => this.groups.picked(entry, rise),
  };

  has(pathId: string): boolean {
    return this.byPath.has(pathId);
  }

  add(
    sequence: TxSequence,
    pathId: string,
    lookahead?: { lid: string; splitPoints: readonly number[]; prefixBranches?: ReadonlySet<number> },
    goal?: string,
  ): CorpusEntry {
    const entry = new Entry(this.entries.length, sequence, pathId, goal, lookahead, this.watcher);
    this.entries.push(entry);
    this.byPath.set(pathId, entry);
    this.transactions += sequence.length;
    if (lookahead) {
      if (!this.lidHits.has(lookahead.lid)) {
        this.lidHits.set(lookahead.lid, 0);
        this.rarest.refresh(LID + lookahead.lid);
      }
      for (const p of lookahead.splitPoints) if (!this.splitPointHits.has(p)) this.splitPointHits.set(p, 0);
    } else this.rarest.refresh(pathId);
    this.groups.join(entry);
    return entry;
  }

  /** Counts one fuzzed input that exercised `pathId` (and, through its corpus entry, its LID and split points). */
  recordExecution(pathId: string): void {
    this.pathHits.set(pathId, (this.pathHits.get(pathId) ?? 0) + 1);
    const entry = this.byPath.get(pathId);
    if (entry?.lid === undefined) return;
    this.lidHits.set(entry.lid, (this.lidHits.get(entry.lid) ?? 0) + 1);
    for (const p of entry.splitPoints ?? []) this.splitPointHits.set(p, (this.splitPointHits.get(p) ?? 0) + 1);
  }

  /**
   * The input to fuzz next (AFLFast's search strategy, over the identities the schedules count):
   * the identity picked least often — an entry's LID when the lookahead analysis gave it one, else
   * its path id — then the one exercised least, then the oldest; within it, the input picked least
   * often, then the one whose path was exercised least, then the oldest. New identities go first and
   * catch up. Picking per LID is Bran's "inputs are no longer distinguished by the path they exercise
   * but by their no-target-ahead prefix" (Sect. III): picked per path, each of the hundreds of loop
   * paths behind one proven prefix got its own turn and one mutant (energy 1) per round, so the rare
   * prefix's input waited a whole round between picks and B lost to D on Fig. 2 (issue 16). Without
   * LIDs every identity holds one input and this is the per-input order.
   */
  next(): CorpusEntry | undefined {
    return this.groups.next();
  }

  /** Fuzzed inputs that exercised the entry's LID, or its path when it has none. */
  hitsOfLidOrPath(entry: CorpusEntry): number {
    return entry.lid === undefined ? this.hitsOfPath(entry.pathId) : this.hitsOfLid(entry.lid);
  }

  /** A goal entry got a closer input: it is fuzzed as if new. */
  replaceSequence(entry: CorpusEntry, sequence: TxSequence): void {
    entry.sequence = sequence;
    entry.selected = 0;
    this.pathHits.set(entry.pathId, 0);
    if (entry.lid === undefined) this.rarest.refresh(entry.pathId);
    this.groups.fell(entry);
  }

  hitsOfPath(pathId: string): number {
    return this.pathHits.get(pathId) ?? 0;
  }

  hitsOfLid(lid: string): number {
    return this.lidHits.get(lid) ?? 0;
  }

  hitsOfSplitPoint(pc: number): number {
    return this.splitPointHits.get(pc) ?? 0;
  }

  /** The mean transactions of an input (AFL's mean execution cost, for `performanceScore`). */
  meanSequenceLength(): number {
    return this.entries.length === 0 ? 0 : this.transactions / this.entries.length;
  }

  /**
   * The fewest fuzzed inputs of any LID, counting the path of an entry without one as its LID (as
   * `hitsOfLidOrPath` does): a goal entry the analysis did not run for competes with the LIDs, so
   * the cutoff must see it. Over LIDs alone, a fixture whose inputs share one LID has it as its own
   * minimum, and it stays rare however often it is fuzzed next to a near-miss input (Quadratic, B:
   * 517 -> 440 median transactions over 10 seeds).
   */
  minLidHits(): number {
    return this.rarest.min()?.rank[0] ?? Infinity;
  }

  minSplitPointHits(): number {
    return minOf(this.splitPointHits.values());
  }
}

/** Marks a LID's key among `Corpus.rarest`'s, apart from path ids. */
const LID = '\u0000lid:';

interface EntryWatcher {
  resequenced(entry: CorpusEntry, before: TxSequence): void;
  moved(entry: CorpusEntry): void;
  picked(entry: CorpusEntry, rise: number): void;
}

/**
 * A corpus entry that tells its corpus when what it is picked by changes: its sequence,
 * its state flags (set by whoever keeps it, after adding), and its picks.
 */
class Entry implements CorpusEntry {
  readonly lid?: string;
  readonly splitPoints?: readonly number[];
  readonly prefixBranches?: ReadonlySet<number>;
  costs?: CostVector;
  private picks = 0;
  private flags: { sequence: TxSequence; setsUpState?: boolean; prefixSetsUp?: boolean };

  constructor(
    readonly id: number,
    sequence: TxSequence,
    readonly pathId: string,
    readonly goal: string | undefined,
    lookahead: { lid: string; splitPoints: readonly number[]; prefixBranches?: ReadonlySet<number> } | undefined,
    private readonly watcher: EntryWatcher,
  ) {
    this.flags = { sequence };
    if (lookahead) ({ lid: this.lid, splitPoints: this.splitPoints, prefixBranches: this.prefixBranches } = lookahead);
  }

  get sequence(): TxSequence {
    return this.flags.sequence;
  }
  set sequence(sequence: TxSequence) {
    const before = this.flags.sequence;
    this.flags.sequence = sequence;
    this.watcher.resequenced(this, before);
  }
  get setsUpState(): boolean | undefined {
    return this.flags.setsUpState;
  }
  set setsUpState(value: boolean | undefined) {
    this.flags.setsUpState = value;
    this.watcher.moved(this);
  }
  get prefixSetsUp(): boolean | undefined {
    return this.flags.prefixSetsUp;
  }
  set prefixSetsUp(value: boolean | undefined) {
    this.flags.prefixSetsUp = value;
    this.watcher.moved(this);
  }
  get selected(): number {
    return this.picks;
  }
  set selected(picks: number) {
    const rise = picks - this.picks;
    this.picks = picks;
    this.watcher.picked(this, rise);
  }
}

/** The entries of one identity, oldest first, ranked as `best` picks among them, and their picks. */
interface Group {
  members: CorpusEntry[];
  ranked: LazyMin<CorpusEntry>;
  picks: number;
  /** All members share the LID: it alone breaks ties between groups. */
  lid?: string;
  /** The key of the `TieSource` it is ranked in. */
  source?: string;
}

/**
 * Groups whose ties are broken by the same count, ranked among themselves by (picks, oldest member):
 * a LID's group with every path group whose one input has that LID, or a LID-less path group alone.
 * A LID's hits rise with every input of it run, which would re-rank thousands of path groups one by
 * one; ranked as one source, it re-ranks once (the pace of a 200,000-transaction campaign fell by half
 * with the corpus's share at 43% of the CPU).
 */
interface TieSource {
  groups: LazyMin<number>;
  /** How many groups it ranks. */
  size: number;
  tie: () => number;
}

/**
 * The corpus's entries grouped by identity (see `identityOf`), with the groups ranked for `next`:
 * (picks, hits of the best member's LID or path, oldest member). Picks and hits only grow, so the
 * ranks are kept lazily (`LazyMin`), per tie source and across them; an entry that changes identity,
 * or whose picks or hits are reset, re-ranks its group. Identities are settled at the next pick:
 * whoever keeps an entry sets its flags right after adding it.
 */
class IdentityGroups {
  private readonly numbers = new Map<string, number>();
  private readonly groups: Group[] = [];
  /** Each entry's group number, by entry id. */
  private readonly groupOf: number[] = [];
  private readonly unsettled = new Set<CorpusEntry>();
  private readonly sources = new Map<string, TieSource>();
  private readonly ranked = new LazyMin<string>((key) => this.rankSource(this.sources.get(key)!));

  constructor(private readonly corpus: Corpus) {}

  join(entry: CorpusEntry): void {
    this.unsettled.add(entry);
  }

  moved(entry: CorpusEntry): void {
    if (this.groupOf[entry.id] !== undefined) this.unsettled.add(entry);
  }

  picked(entry: CorpusEntry, rise: number): void {
    const n = this.groupOf[entry.id];
    if (n === undefined) return;
    const group = this.groups[n]!;
    group.picks += rise;
    if (rise < 0) this.fell(entry);
  }

  /** The entry's picks or hits fell. */
  fell(entry: CorpusEntry): void {
    const n = this.groupOf[entry.id];
    if (n === undefined) return;
    const group = this.groups[n]!;
    group.ranked.refresh(entry);
    this.rerank(n, group);
  }

  next(): CorpusEntry | undefined {
    for (const entry of this.unsettled) this.settle(entry);
    this.unsettled.clear();
    const least = this.ranked.min();
    if (least === undefined) return undefined;
    const n = this.sources.get(least.key)!.groups.min()!.key;
    return this.best(this.groups[n]!);
  }

  private settle(entry: CorpusEntry): void {
    const identity = identityOf(entry);
    let n = this.numbers.get(identity);
    if (n === undefined) {
      this.numbers.set(identity, (n = this.groups.length));
      const ranked = new LazyMin<CorpusEntry>((e) => [e.selected, this.corpus.hitsOfPath(e.pathId), e.id]);
      this.groups.push({ members: [], ranked, picks: 0, lid: identity.startsWith('lid:') ? entry.lid : undefined });
    }
    const from = this.groupOf[entry.id];
    if (from === n) return;
    if (from !== undefined) {
      const left = this.groups[from]!;
      left.members.splice(left.members.indexOf(entry), 1);
      left.ranked.remove(entry);
      left.picks -= entry.selected;
      this.rerank(from, left);
    }
    const joined = this.groups[n]!;
    const at = joined.members.findIndex((m) => m.id > entry.id);
    joined.members.splice(at === -1 ? joined.members.length : at, 0, entry);
    joined.ranked.refresh(entry);
    joined.picks += entry.selected;
    this.groupOf[entry.id] = n;
    this.rerank(n, joined);
  }

  /** The group's rank may have fallen, or its tie source changed: ranked again where it now belongs. */
  private rerank(n: number, group: Group): void {
    const tied = group.members.length === 0 ? undefined : this.tiedBy(n, group);
    if (group.source !== undefined && group.source !== tied?.key) {
      const left = this.sources.get(group.source)!;
      left.groups.remove(n);
      if (--left.size === 0) this.ranked.remove(group.source);
      else this.ranked.refresh(group.source);
    }
    const joins = group.source !== tied?.key;
    group.source = tied?.key;
    if (tied === undefined) return;
    let source = this.sources.get(tied.key);
    if (source === undefined) {
      const groups = new LazyMin<number>((m) => [this.groups[m]!.picks, 0, this.groups[m]!.members[0]!.id]);
      this.sources.set(tied.key, (source = { groups, size: 0, tie: tied.tie }));
    }
    if (joins) source.size++;
    source.groups.refresh(n);
    this.ranked.refresh(tied.key);
  }

  /** A LID's group and the one-input path groups of that LID tie by the LID's hits; any other group by its own. */
  private tiedBy(n: number, group: Group): { key: string; tie: () => number } {
    const lid = group.lid ?? (group.members.length === 1 ? group.members[0]!.lid : undefined);
    if (lid !== undefined) return { key: `lid:${lid}`, tie: () => this.corpus.hitsOfLid(lid) };
    if (group.members.length > 1) return { key: `group:${n}`, tie: () => this.corpus.hitsOfLidOrPath(this.best(group)) };
    const { pathId } = group.members[0]!;
    return { key: `path:${pathId}`, tie: () => this.corpus.hitsOfPath(pathId) };
  }

  private rankSource(source: TieSource): Rank {
    const n = source.groups.min()!.key;
    const group = this.groups[n]!;
    return [group.picks, source.tie(), group.members[0]!.id];
  }

  /** The member picked least often, then the one whose path was exercised least, then the oldest. */
  private best(group: Group): CorpusEntry {
    return group.ranked.min()!.key;
  }
}

/**
 * What inputs are picked by: the LID of an input whose last call ran on deployed state and set up no
 * new state; else the path id (a goal's is its own). The LID speaks of the last transaction on any
 * storage: inputs with earlier calls that set up state differ in it, which the LID does not see
 * (merging them lost Harvey's Foo, LongSequence and Airlock their state-setting inputs' turns: B 356
 * -> 2,172 median transactions on Airlock). Earlier calls that left the deployed state set up
 * nothing: picked per path, CalleeFig2's hundreds of `bar; bar` loop paths each took a turn ahead of
 * the rare LID's input. Likewise a call that left a new state is the setup later calls need,
 * whatever its own prefix reaches: merged under its LID, Thermostat's setSetpoint waited that LID's
 * turn.
 */
function identityOf(entry: CorpusEntry): string {
  const afterSetup = entry.sequence.length > 1 && entry.prefixSetsUp !== false;
  return entry.lid === undefined || afterSetup || entry.setsUpState === true ? `path:${entry.pathId}` : `lid:${entry.lid}`;
}

function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) if (v < min) min = v;
  return min;
}
