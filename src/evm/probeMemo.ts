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
  /** The version `history` starts from. */
  private base = SNAPSHOT_STATE;
  private readonly history: { version: number; slots: ReadonlySet<string> | undefined }[] = [];

  get version(): number {
    return this.current;
  }

  /** Back to the snapshot state. */
  reset(): void {
    this.current = this.base = SNAPSHOT_STATE;
    this.history.length = 0;
  }

  /** The state changed: `slots` when only those storage slots did. */
  moved(slots?: ReadonlySet<string>): void {
    this.current = ++this.count;
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
 */
export class ProbeMemo {
  private readonly last = new Map<string, ProbeRecord>();
  private readonly atSnapshot = new Map<string, ProbeRecord>();

  constructor(private readonly versions: StateVersions) {}

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
    return atSnapshot !== undefined && this.holds(atSnapshot, block) ? atSnapshot : undefined;
  }

  keep(to: number, data: Uint8Array, sender: number, record: ProbeRecord): void {
    const key = callKey(to, data, sender);
    this.last.set(key, record);
    if (record.state === SNAPSHOT_STATE) this.atSnapshot.set(key, record);
  }

  private holds(record: ProbeRecord, block: ProbeBlock): boolean {
    if (record.readBlock && (record.block.number !== block.number || record.block.timestamp !== block.timestamp)) return false;
    return this.versions.unchangedFor(record.state, record.tape.slots);
  }
}

function callKey(to: number, data: Uint8Array, sender: number): string {
  return `${to}:${sender}:${bytesToHex(data)}`;
}
