import type { Address, Executor, TxResult, TxTrace } from '../../evm/index.js';
import type { Dictionary } from '../inputs/dictionary.js';
import { MUTATION_WEIGHTS, type SequenceMutation } from '../inputs/mutations.js';
import type { Rng } from '../../rng.js';
import { toTx } from '../campaign/sequenceRunner.js';
import type { Call, TxSequence } from '../../abi/index.js';

/**
 * Demand-driven sequence fuzzing (Harvey Sect. 5). Path ids span only the last transaction; with a
 * small probability, for a function not enabled yet, the campaign fuzzes the storage that
 * transaction reads directly (aggressive mode), as inputs: a read value meets the values it was
 * compared with, which is what input prediction would solve for. When that reaches edges of the function that regular inputs never did, the input is thrown
 * away (that state may be unreachable) but the function is marked as needing state set up first:
 * from then on inputs ending in it may grow transactions before it, drawn from two pools of
 * transactions and sequences that increased coverage and left storage in a state not seen before.
 * A regular input whose state-changing prefix gives the function new edges proves the same without
 * fuzzing storage, and enables it too (the campaign does that: it knows the prefix). So does a
 * function reading a slot that a pooled input wrote: a transaction before it can change what it
 * reads, so longer sequences may reach new paths of it — without waiting for aggressive mode to draw
 * the one value a guard wants (Foo's x == 42). Functions reading only what nothing writes (constants,
 * constructor state) stay single transactions. A state holding what a function compared a slot it
 * read with (at a comparison site that always compared it with that value) is followed up by that
 * function's call at once (`StateFollowUps`), not left for mutations to draw.
 */

/** p_a of the paper. */
export const AGGRESSIVE_PROBABILITY = 0.125;

/** The mutations that put transactions before the last one: off until a function needs them. */
export const LENGTHENING_MUTATIONS: readonly SequenceMutation[] = ['insert-call', 'replace-prefix', 'duplicate-call', 'splice'];

const DEFAULT_POOL_LIMIT = 256;

/** A storage slot of one account. */
export interface StorageSlot {
  address: Address;
  slot: bigint;
}

/** Which function a call invokes, as the key of the per-function state: its selector, or the entry kind. */
export function functionKey(call: Call): string {
  return call.target.kind === 'function' ? call.target.selector : call.target.kind;
}

/** Distinct slots a transaction read (copied out of the trace's reused buffers). */
export function slotsRead(trace: TxTrace): StorageSlot[] {
  return distinctSlots(trace.sloads);
}

/** Distinct slots a transaction wrote (copied out of the trace's reused buffers). */
export function slotsWritten(trace: TxTrace): StorageSlot[] {
  return distinctSlots(trace.sstores);
}

function slotKey(slot: StorageSlot): string {
  return `${slot.address}:${slot.slot}`;
}

function distinctSlots(accesses: readonly StorageSlot[]): StorageSlot[] {
  const seen = new Map<string, StorageSlot>();
  for (const a of accesses) {
    const key = slotKey(a);
    if (!seen.has(key)) seen.set(key, { address: a.address, slot: a.slot });
  }
  return [...seen.values()];
}

/** The two values one comparison of a transaction compared (a `BranchComparison`'s operands). */
export type ComparedValues = readonly [bigint, bigint];

/** The operand pairs of a transaction's branch comparisons (copied out of the trace's reused buffers). */
export function comparedValues(trace: TxTrace): ComparedValues[] {
  return trace.comparisons.map((c) => [c.left, c.right] as const);
}

/** The current values of `slots`, as a string that is equal exactly when the values are. */
export function storageFingerprint(executor: Executor, slots: readonly StorageSlot[]): string {
  return distinctSlots(slots)
    .map((s) => `${s.address}:${s.slot.toString(16)}=${executor.getStorage(s.address, s.slot).toString(16)}`)
    .sort()
    .join(',');
}

export interface DemandDrivenOptions {
  /** Probability of an aggressive run per generated input (default p_a = 0.125). */
  probability?: number;
  /** Most entries per pool; the oldest go first (default 256). */
  poolLimit?: number;
}

/** Per-campaign state of demand-driven sequence fuzzing. */
export class DemandDrivenState {
  readonly probability: number;
  aggressiveRuns = 0;
  /** Aggressive runs that increased their function's coverage. */
  aggressiveHits = 0;
  private readonly poolLimit: number;
  private readonly coverage = new Map<string, Set<number>>();
  private readonly enabled = new Set<string>();
  private readonly transactions: Call[] = [];
  private readonly sequences: TxSequence[] = [];
  private readonly states = new Set<string>();
  /** Slots the pooled inputs wrote (`slotKey`). */
  private readonly written = new Set<string>();

  constructor(options: DemandDrivenOptions = {}) {
    this.probability = options.probability ?? AGGRESSIVE_PROBABILITY;
    this.poolLimit = options.poolLimit ?? DEFAULT_POOL_LIMIT;
  }

  /**
   * Whether to fuzz the storage an input ending in `key` read. Aggressive runs serve only to enable
   * a function: once it is enabled their transactions would be budget taken from regular inputs.
   */
  shouldRunAggressive(rng: Rng, key: string): boolean {
    return !this.enabled.has(key) && rng.chance(this.probability);
  }

  /** Whether inputs ending in this function may grow transactions before it. */
  enabledFor(key: string): boolean {
    return this.enabled.has(key);
  }

  enable(key: string): void {
    this.enabled.add(key);
  }

  /** Functions that needed longer sequences, in the order found. */
  get enabledFunctions(): readonly string[] {
    return [...this.enabled];
  }

  /** Adds the edges a regular run's last transaction hit to its function's coverage; returns how many were new. */
  recordCoverage(key: string, edges: Iterable<number>): number {
    let covered = this.coverage.get(key);
    if (covered === undefined) {
      covered = new Set();
      this.coverage.set(key, covered);
    }
    let added = 0;
    for (const edge of edges) {
      if (covered.has(edge)) continue;
      covered.add(edge);
      added++;
    }
    return added;
  }

  /** How many of `edges` the function's recorded coverage lacks (nothing is recorded). */
  newEdges(key: string, edges: Iterable<number>): number {
    const covered = this.coverage.get(key);
    let count = 0;
    for (const edge of edges) if (covered === undefined || !covered.has(edge)) count++;
    return count;
  }

  /**
   * Offers an input that increased coverage, with the fingerprint of the storage it left: a state
   * not seen before puts the sequence in the sequence pool and its last call in the transaction pool.
   */
  offer(sequence: TxSequence, fingerprint: string, written: readonly StorageSlot[] = []): boolean {
    if (sequence.length === 0 || this.states.has(fingerprint)) return false;
    this.states.add(fingerprint);
    for (const slot of written) this.written.add(slotKey(slot));
    push(this.sequences, sequence, this.poolLimit);
    push(this.transactions, sequence[sequence.length - 1], this.poolLimit);
    return true;
  }

  /**
   * Enables `key` when its last run read a slot a pooled input writes (the state it depends on can
   * be set up before it); returns whether this enabled it.
   */
  enableIfDependent(key: string, reads: readonly StorageSlot[]): boolean {
    if (this.enabled.has(key) || !reads.some((slot) => this.written.has(slotKey(slot)))) return false;
    this.enabled.add(key);
    return true;
  }

  get poolSizes(): { transactions: number; sequences: number } {
    return { transactions: this.transactions.length, sequences: this.sequences.length };
  }

  /**
   * A prefix for `replace-prefix` and `splice` (MutationContext.prefixSource): a pooled sequence or a
   * pooled transaction on its own, half each when both pools have entries; undefined when both are empty.
   */
  drawPrefix(rng: Rng): TxSequence | undefined {
    const fromSequences = this.sequences.length > 0 && (this.transactions.length === 0 || rng.chance(0.5));
    if (fromSequences) return rng.pick(this.sequences);
    return this.transactions.length > 0 ? [rng.pick(this.transactions)] : undefined;
  }

  /** A pooled transaction for Harvey's insertion before the last call (MutationContext.pooledCall). */
  drawTransaction(rng: Rng): Call | undefined {
    return this.transactions.length > 0 ? rng.pick(this.transactions) : undefined;
  }

  /** The weight table for mutating an input ending in `key`: lengthening mutations off until enabled. */
  sequenceMutationWeights(key: string, base: Readonly<Record<SequenceMutation, number>> = MUTATION_WEIGHTS): Readonly<Record<SequenceMutation, number>> {
    if (this.enabled.has(key)) return base;
    const weights = { ...base };
    for (const kind of LENGTHENING_MUTATIONS) weights[kind] = 0;
    return weights;
  }
}

function push<T>(pool: T[], item: T, limit: number): void {
  pool.push(item);
  if (pool.length > limit) pool.shift();
}

export interface AggressiveRequest {
  executor: Executor;
  state: DemandDrivenState;
  /** The input just run in regular mode; its prefix is replayed, its last call runs on fuzzed storage. */
  sequence: TxSequence;
  /** Slots the last call read in the regular run (`slotsRead` of its trace). */
  slots: readonly StorageSlot[];
  rng: Rng;
  dictionary?: Dictionary;
  /** What the last call compared in the regular run (`comparedValues`): a read value's partners flip its branches. */
  comparisons?: readonly ComparedValues[];
}

export interface AggressiveOutcome {
  /** The values written before the last call. */
  writes: (StorageSlot & { value: bigint })[];
  /** Edges of the last call its function's coverage lacked. */
  newEdges: number;
  /** This run enabled longer sequences for the function (it was not enabled before). */
  enabled: boolean;
  /** Transactions executed (count them against the budget). */
  transactions: number;
  /** The last call's result on fuzzed storage; never judged by oracles (the state may be unreachable). */
  result: TxResult;
}

/**
 * One aggressive run: replays the prefix from the snapshot, overwrites some of `slots` with
 * dictionary, small, boundary or random words, and runs the last call. New edges for its function
 * enable longer sequences for it. The executor is left dirty: reset it before the next sequence.
 */
export async function aggressiveRun(request: AggressiveRequest): Promise<AggressiveOutcome | undefined> {
  const { executor, state, sequence, slots, rng } = request;
  if (sequence.length === 0 || slots.length === 0) return undefined;
  state.aggressiveRuns++;
  await executor.reset();
  for (let i = 0; i < sequence.length - 1; i++) await executor.run(toTx(sequence[i]));
  const chosen = slots.filter(() => rng.chance(0.5));
  if (chosen.length === 0) chosen.push(rng.pick(slots));
  const writes = chosen.map((s) => {
    const current = executor.getStorage(s.address, s.slot);
    return { ...s, value: fuzzWord(current, rng, request.dictionary, partnersOf(current, request.comparisons ?? [])) };
  });
  for (const w of writes) executor.setStorage(w.address, w.slot, w.value);
  const last = sequence[sequence.length - 1];
  const result = await executor.run(toTx(last));
  const key = functionKey(last);
  const newEdges = state.newEdges(key, result.trace.edges);
  const enabled = newEdges > 0 && !state.enabledFor(key);
  if (newEdges > 0) state.aggressiveHits++;
  if (enabled) state.enable(key);
  return { writes, newEdges, enabled, transactions: sequence.length, result };
}

const WORD_MASK = (1n << 256n) - 1n;

/**
 * The values `current` was compared with: where the slot's value met a comparison, the other operand
 * is the value that flips it (Harvey fuzzes the state as inputs, and input prediction solves such
 * checks; this is its one-step form for a value read straight from storage, e.g. Foo's x == 42).
 */
function partnersOf(current: bigint, comparisons: readonly ComparedValues[]): bigint[] {
  const partners = new Set<bigint>();
  for (const [left, right] of comparisons) {
    if (left === current && right !== current) partners.add(right);
    else if (right === current && left !== current) partners.add(left);
  }
  return [...partners];
}

/**
 * A read value's comparison partners or their neighbours (an inequality's bound), dictionary words
 * (the constants a check compares against), small numbers, ±1, boundaries, random words.
 */
function fuzzWord(current: bigint, rng: Rng, dictionary: Dictionary | undefined, partners: readonly bigint[]): bigint {
  const choice = rng.weighted([dictionary === undefined ? 0 : 5, 2, 2, 1, 1, partners.length > 0 ? 6 : 0]);
  if (choice === 0 && dictionary !== undefined) return dictionary.draw(rng, 256, false);
  switch (choice) {
    case 5:
      return (rng.pick(partners) + BigInt(rng.weighted([1, 4, 1]) - 1)) & WORD_MASK;
    case 1:
      return BigInt(rng.range(0, 16));
    case 2:
      return (current + (rng.chance(0.5) ? 1n : -1n)) & WORD_MASK;
    case 3:
      return rng.chance(0.5) ? WORD_MASK : 1n << 255n;
    default:
      return rng.bits(256);
  }
}
