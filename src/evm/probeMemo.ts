import { bytesToHex } from '@ethereumjs/util';
import type { RecorderTape } from './traceRecorder.js';

export interface ProbeAnswer {
  success: boolean;
  returnData: Uint8Array;
}

/** The block a probe ran in. */
export interface ProbeBlock {
  number: bigint;
  timestamp: bigint;
}

export interface ProbeRecord {
  /** The state version it ran on (`StateVersions`). */
  state: number;
  block: ProbeBlock;
  /** Whether it read the block (`BlockReads`). */
  readBlock: boolean;
  answer: ProbeAnswer;
  /** What it added to the trace of the transaction before it, and the storage slots it read or wrote. */
  tape: RecorderTape;
}

/** The version of the snapshot state. */
export const SNAPSHOT_STATE = 0;
/** In a tape's slots: it read storage of an account it could not name, so any slot written matters. */
export const ANY_SLOT = '*';

/**
 * Names the executor's states since its snapshot and remembers, within one sequence, what changed
 * from one to the next: the storage slots (`slotId`), or `undefined` for anything more (balances,
 * code, accounts, writes made outside a transaction).
 */
export class StateVersions {
  private count = SNAPSHOT_STATE;
  private current = SNAPSHOT_STATE;
  /** Whether the state differs from the snapshot in storage slots alone (`ProbeMemo`'s records by value hold there). */
  private slotsOnly = true;
  /** The version `history` starts from. */
  private base = SNAPSHOT_STATE;
  private readonly history: { version: number; slots: ReadonlySet<string> | undefined }[] = [];

  get version(): number {
    return this.current;
  }

  /** Whether the state differs from the snapshot's in storage alone: balances, code and accounts are the snapshot's. */
  get storageOnly(): boolean {
    return this.slotsOnly;
  }

  /** Back to the snapshot state. */
  reset(): void {
    this.current = this.base = SNAPSHOT_STATE;
    this.history.length = 0;
    this.slotsOnly = true;
  }

  /** The state changed: `slots` when only those storage slots did. */
  moved(slots?: ReadonlySet<string>): void {
    this.current = ++this.count;
    if (slots === undefined) this.slotsOnly = false;
    // A run that never resets (deployment, a long replay) keeps no more than a sequence's worth.
    if (this.history.length >= MAX_HISTORY) {
      this.history.length = 0;
      this.base = this.current;
      return;
    }
    this.history.push({ version: this.current, slots });
  }

  /** Whether the state went from version `since` to now changing no slot of `read` and nothing but slots. */
  unchangedFor(since: number, read: ReadonlySet<string>): boolean {
    const anySlot = read.has(ANY_SLOT);
    for (let i = this.history.length - 1; i >= 0; i--) {
      const { version, slots } = this.history[i];
      if (version === since) return true;
      if (slots === undefined || (anySlot && slots.size > 0)) return false;
      for (const slot of slots) if (read.has(slot)) return false;
    }
    return since === this.base;
  }
}

const MAX_HISTORY = 256;

/**
 * The last run of each probe (a property after a transaction), and its last run on the snapshot
 * state: run again where nothing it read changed (the slots it read, and the block when it read
 * the block), a call answers the same and adds the same to the trace, so the executor replays it
 * instead. On the shapes bench most transactions change nothing a property reads (a revert, a loop
 * that only reads, a setter of another variable or storing what is there).
 *
 * Runs on states that differ from the snapshot in storage alone are also kept by the values of the
 * slots they read: on another such state where those slots hold the same values, the call executes
 * the same instructions, reads the same values and answers the same (balances, code and the block
 * it read being the same too). A property re-checked after a setter finds a value it saw before
 * most of the time (a dictionary's values recur): on the shapes bench 71 % of Simple's runs, 90 %
 * of Structs' and all but 9 of Strings' 9,729.
 */
export class ProbeMemo {
  private readonly last = new Map<string, ProbeRecord>();
  private readonly atSnapshot = new Map<string, ProbeRecord>();
  /** By call, the sets of slots its runs read, each with those runs by the values the slots held. */
  private readonly byValues = new Map<string, ReadSlots[]>();
  /** Hook calls the tapes in `byValues` hold: what bounds its memory. */
  private tapedByValues = 0;

  /** `valueOf` spells what a slot (`slotId`) holds now; `maxTaped` bounds the hook calls kept by value. */
  constructor(
    private readonly versions: StateVersions,
    private readonly valueOf: (slot: string) => string,
    private readonly maxTaped = MAX_TAPED_BY_VALUES,
  ) {}

  /** Whether any probe ran yet: until then what transactions change need not be worked out. */
  get active(): boolean {
    return this.last.size > 0;
  }

  /** A record of the call that still answers for the current state in `block`. */
  lookup(to: number, data: Uint8Array, sender: number, block: ProbeBlock): ProbeRecord | undefined {
    const key = callKey(to, data, sender);
    const last = this.last.get(key);
    if (last !== undefined && this.holds(last, block)) return last;
    const atSnapshot = this.atSnapshot.get(key);
    if (atSnapshot !== undefined && this.holds(atSnapshot, block)) return atSnapshot;
    if (!this.versions.storageOnly) return undefined;
    for (const read of this.byValues.get(key) ?? []) {
      const known = read.runs.get(this.values(read.slots));
      if (known === undefined || (known.readBlock && !sameBlock(known.block, block))) continue;
      // Now a run on this state: while the next transactions change none of its slots it is `last`.
      const restamped = { ...known, state: this.versions.version, block };
      this.last.set(key, restamped);
      return restamped;
    }
    return undefined;
  }

  keep(to: number, data: Uint8Array, sender: number, record: ProbeRecord): void {
    const key = callKey(to, data, sender);
    this.last.set(key, record);
    if (record.state === SNAPSHOT_STATE) this.atSnapshot.set(key, record);
    if (this.versions.storageOnly && !record.tape.slots.has(ANY_SLOT)) this.keepByValues(key, record);
  }

  private keepByValues(key: string, record: ProbeRecord): void {
    // Bounded by what the tapes hold (a big property's runs weigh more): past it, start again.
    const size = record.tape.calls.length;
    if (size > this.maxTaped) return;
    if (this.tapedByValues + size > this.maxTaped) {
      this.byValues.clear();
      this.tapedByValues = 0;
    }
    const slots = [...record.tape.slots].sort();
    const spelled = slots.join(',');
    let reads = this.byValues.get(key);
    if (reads === undefined) this.byValues.set(key, (reads = []));
    let read = reads.find((r) => r.spelled === spelled);
    if (read === undefined) {
      // A property reads one or a few sets of slots (a `&&` reads its second operand's only sometimes).
      if (reads.length >= MAX_READ_SETS) reads.shift();
      reads.push((read = { slots, spelled, runs: new Map() }));
    }
    this.tapedByValues += size;
    read.runs.set(this.values(slots), record);
  }

  private values(slots: readonly string[]): string {
    let spelled = '';
    for (const slot of slots) spelled += `${this.valueOf(slot)},`;
    return spelled;
  }

  private holds(record: ProbeRecord, block: ProbeBlock): boolean {
    if (record.readBlock && !sameBlock(record.block, block)) return false;
    return this.versions.unchangedFor(record.state, record.tape.slots);
  }
}

/** Runs of one call that read the same slots, by the values those held. */
interface ReadSlots {
  /** Sorted. */
  slots: readonly string[];
  spelled: string;
  runs: Map<string, ProbeRecord>;
}

const MAX_READ_SETS = 8;
/** Hook calls kept in tapes by value, over all calls (a small property's run tapes about a hundred; each is a closure of ~100 bytes). */
const MAX_TAPED_BY_VALUES = 500_000;

function sameBlock(a: ProbeBlock, b: ProbeBlock): boolean {
  return a.number === b.number && a.timestamp === b.timestamp;
}

function callKey(to: number, data: Uint8Array, sender: number): string {
  return `${to}:${sender}:${bytesToHex(data)}`;
}
