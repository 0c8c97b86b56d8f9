import type { CostVector } from '../harvey/costs.js';
import type { TxSequence } from '../../abi/index.js';

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
 * exercised each path id, LID and split point — the `fuzz(·)` counts the power schedules read.
 */
export class Corpus {
  readonly entries: CorpusEntry[] = [];
  private readonly byPath = new Map<string, CorpusEntry>();
  private readonly pathHits = new Map<string, number>();
  private readonly lidHits = new Map<string, number>();
  private readonly splitPointHits = new Map<number, number>();
  private readonly identities = new Identities();

  has(pathId: string): boolean {
    return this.byPath.has(pathId);
  }

  add(
    sequence: TxSequence,
    pathId: string,
    lookahead?: { lid: string; splitPoints: readonly number[]; prefixBranches?: ReadonlySet<number> },
    goal?: string,
  ): CorpusEntry {
    const entry: CorpusEntry = { id: this.entries.length, sequence, pathId, selected: 0, goal, ...lookahead };
    this.entries.push(entry);
    this.byPath.set(pathId, entry);
    if (lookahead) {
      if (!this.lidHits.has(lookahead.lid)) this.lidHits.set(lookahead.lid, 0);
      for (const p of lookahead.splitPoints) if (!this.splitPointHits.has(p)) this.splitPointHits.set(p, 0);
    }
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
    // Indexed by identity number; `order` keeps the identities in the order their first entry came.
    const picks: number[] = [];
    const best: CorpusEntry[] = [];
    const order: number[] = [];
    for (const e of this.entries) {
      const id = this.identities.of(e);
      const group = best[id];
      if (group === undefined) {
        best[id] = e;
        picks[id] = e.selected;
        order.push(id);
        continue;
      }
      picks[id] += e.selected;
      if (e.selected < group.selected || (e.selected === group.selected && this.hitsOfPath(e.pathId) < this.hitsOfPath(group.pathId))) best[id] = e;
    }
    let chosen: number | undefined;
    for (const id of order) {
      if (chosen === undefined || picks[id] < picks[chosen]) chosen = id;
      else if (picks[id] === picks[chosen] && this.hitsOfLidOrPath(best[id]) < this.hitsOfLidOrPath(best[chosen])) chosen = id;
    }
    return chosen === undefined ? undefined : best[chosen];
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

  /** Mean `fuzz(pid)` over the paths in the corpus (AFLFast's μ). */
  meanPathHits(): number {
    if (this.entries.length === 0) return 0;
    let sum = 0;
    for (const e of this.entries) sum += this.hitsOfPath(e.pathId);
    return sum / this.entries.length;
  }

  /**
   * The fewest fuzzed inputs of any LID, counting the path of an entry without one as its LID (as
   * `hitsOfLidOrPath` does): a goal entry the analysis did not run for competes with the LIDs, so
   * the cutoff must see it. Over LIDs alone, a fixture whose inputs share one LID has it as its own
   * minimum, and it stays rare however often it is fuzzed next to a near-miss input (Quadratic, B:
   * 517 -> 440 median transactions over 10 seeds).
   */
  minLidHits(): number {
    let min = minOf(this.lidHits.values());
    for (const e of this.entries) if (e.lid === undefined) min = Math.min(min, this.hitsOfPath(e.pathId));
    return min;
  }

  minSplitPointHits(): number {
    return minOf(this.splitPointHits.values());
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

/**
 * Each entry's identity as a small number, kept until what it is made of changes: `next` reads every
 * entry's on every pick, and a new string each time (a path id is long), hashed into a map, made most of
 * a long campaign's time (40% of the CPU at 5,000 inputs; the pace fell from 1,006 to 121 transactions
 * per second over 200,000).
 */
class Identities {
  private readonly numbers = new Map<string, number>();
  /** By entry id. */
  private readonly kept: { sequence: TxSequence; lid?: string; setsUpState?: boolean; prefixSetsUp?: boolean; id: number }[] = [];

  of(entry: CorpusEntry): number {
    const kept = this.kept[entry.id];
    if (
      kept !== undefined &&
      kept.sequence === entry.sequence &&
      kept.lid === entry.lid &&
      kept.setsUpState === entry.setsUpState &&
      kept.prefixSetsUp === entry.prefixSetsUp
    )
      return kept.id;
    const identity = identityOf(entry);
    let id = this.numbers.get(identity);
    if (id === undefined) this.numbers.set(identity, (id = this.numbers.size));
    this.kept[entry.id] = { sequence: entry.sequence, lid: entry.lid, setsUpState: entry.setsUpState, prefixSetsUp: entry.prefixSetsUp, id };
    return id;
  }
}

function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) if (v < min) min = v;
  return min;
}
