import { BranchConditions, holds } from './branchConditions.js';
import type { CodeRegistry } from './codeRegistry.js';
import { slotId } from './journaledState.js';
import { ANY_SLOT } from './probeMemo.js';
import { SlotOrigins } from './slotOrigins.js';
import type { Address, BalanceRead, BranchComparison, CalleeFrame, CallEffect, EffectKind, StorageAccess, StorageWrite, TxTrace } from './types.js';

export interface TraceLimits {
  /** Jumps of the outermost frame kept per transaction (each a pc → destination pair). */
  maxJumps: number;
  /** Branch comparisons kept per transaction. */
  maxComparisons: number;
  /** SLOADs and SSTOREs kept per transaction, each. */
  maxStorageAccesses: number;
  /** Calls, delegatecalls and selfdestructs kept per transaction. */
  maxEffects: number;
  /** `balanceOf(address)` answers kept per transaction. */
  maxBalanceReads: number;
  /** Callee frames (depth 1 to MAX_CALLEE_DEPTH) kept per transaction, and their jumps, all frames together. */
  maxCalleeFrames: number;
  maxCalleeJumps: number;
}

export const DEFAULT_TRACE_LIMITS: TraceLimits = {
  maxJumps: 8192,
  maxComparisons: 4096,
  maxStorageAccesses: 4096,
  maxEffects: 256,
  maxBalanceReads: 64,
  maxCalleeFrames: 256,
  maxCalleeJumps: 8192,
};

/**
 * Callee frames whose jumps are kept: the depth the lookahead follows calls to (analysis/reachability.ts
 * MAX_CALL_DEPTH), as Bran's callee LIDs (§IV-C) need no deeper frame.
 */
export const MAX_CALLEE_DEPTH = 4;

// Call depth is bounded by 1024 in the EVM.
const MAX_FRAMES = 1100;
const TWO_POW_32 = 2 ** 32;

/**
 * Writes one transaction's instrumentation into buffers allocated once: the opcode hooks call it
 * with plain numbers and the bigints the EVM already holds, so nothing is allocated per opcode
 * (new distinct edges, blocks and pooled records aside). `trace()` returns views into these buffers.
 */
export class TraceRecorder {
  /** Off while deploying and during views, so those leave the last transaction's trace alone. */
  recording = false;
  /** Also keep comparisons no JUMPI reads (during property probes), located at the comparison. */
  keepUnbranched = false;
  /** While set, every hook call is also kept here, to be replayed (`replay`) instead of running the call again. */
  private taping: (() => void)[] | undefined;
  /** The storage slots (`slotId`) read or written (SSTORE's gas reads the slot) while taping. */
  private readonly tapedSlots = new Set<string>();
  /** Code id and depth of the running frame (depth −1 between transactions). */
  codeId = 0;
  depth = -1;

  private readonly frameCodeIds = new Int32Array(MAX_FRAMES);
  private readonly frameAddresses: Address[] = new Array(MAX_FRAMES).fill('0x');
  private address: Address = '0x';
  /** Whether the running frame's code counts for paths and comparisons (CodeRegistry.isObserved). */
  private observed = true;
  /**
   * Re-entries: frames of observed code that unobserved code (Lookout's attacker) called back. The
   * edges they hit are journaled, so that one that fails leaves the path as if it never ran: it
   * changed nothing, and each way of failing would otherwise be a corpus entry of its own.
   */
  private readonly reentryMarks = new Int32Array(MAX_FRAMES);
  private readonly reentryEdges: number[] = [];
  private reentries = 0;
  private blockSet: Set<number> | undefined;

  /** Hits per distinct edge, in first-hit order. */
  private readonly edgeHits = new Map<number, number>();
  /** Re-iterable view of the edges hit (consumers iterate it more than once). */
  private readonly edges: Iterable<number> = { [Symbol.iterator]: () => this.edgeHits.keys() };
  private hashA = 0;
  private hashB = 0;
  private readonly jumps: Uint32Array;
  private jumpCount = 0;
  private jumpsTruncated = false;
  private readonly blocks = new Map<number, Set<number>>();
  private readonly blockSetsByCode: Set<number>[] = [];

  private readonly calleeFrames: CalleeFrame[];
  private calleeFrameCount = 0;
  /** Triples [frame index, pc, destination] of the callee frames' jumps, in execution order. */
  private readonly calleeJumps: Uint32Array;
  private calleeJumpCount = 0;
  /** Index in `calleeFrames` of the frame running at each depth: −1 for the outermost, −2 when not kept. */
  private readonly keptFrameAt = new Int32Array(MAX_CALLEE_DEPTH + 1);
  /** Jumps each kept callee frame has recorded so far (what its own callees' `callerJumps` read). */
  private readonly calleeJumpsOf: Int32Array;

  private readonly conditions = new BranchConditions();

  private readonly comparisons: BranchComparison[];
  private comparisonCount = 0;
  private readonly sloads: StorageAccess[];
  private sloadCount = 0;
  private readonly sstores: StorageWrite[];
  private sstoreCount = 0;
  private readonly effects: CallEffect[];
  private effectCount = 0;
  /** Grown as read (a transaction asks a few balances, most none): four strings each, not per opcode. */
  private readonly balanceReads: BalanceRead[] = [];
  private readonly maxBalanceReads: number;
  private readonly origins = new SlotOrigins();

  constructor(
    private readonly registry: CodeRegistry,
    limits: TraceLimits = DEFAULT_TRACE_LIMITS,
  ) {
    this.jumps = new Uint32Array(limits.maxJumps * 2);
    this.comparisons = Array.from({ length: limits.maxComparisons }, () => ({
      codeId: 0,
      pc: 0,
      cmpPc: 0,
      op: 0,
      left: 0n,
      right: 0n,
      negations: 0,
      taken: false,
    }));
    const access = (): StorageAccess => ({ codeId: 0, pc: 0, address: '0x', slot: 0n, origin: 'plain', key: 0n, base: 0n });
    this.sloads = Array.from({ length: limits.maxStorageAccesses }, access);
    this.sstores = Array.from({ length: limits.maxStorageAccesses }, (): StorageWrite => ({ ...access(), value: 0n }));
    this.maxBalanceReads = limits.maxBalanceReads;
    this.effects = Array.from({ length: limits.maxEffects }, (): CallEffect => ({ kind: 'call', codeId: 0, pc: 0, from: '0x', to: 0n, value: 0n }));
    this.calleeFrames = Array.from({ length: limits.maxCalleeFrames }, (): CalleeFrame => ({ parent: -1, codeId: 0, code: new Uint8Array(0), callerJumps: 0 }));
    this.calleeJumps = new Uint32Array(limits.maxCalleeJumps * 3);
    this.calleeJumpsOf = new Int32Array(limits.maxCalleeFrames);
    this.keptFrameAt[0] = -1;
  }

  begin(): void {
    this.recording = true;
    this.depth = -1;
    this.edgeHits.clear();
    this.reentryEdges.length = 0;
    this.reentries = 0;
    this.jumpCount = 0;
    this.jumpsTruncated = false;
    this.blocks.clear();
    this.comparisonCount = 0;
    this.sloadCount = 0;
    this.sstoreCount = 0;
    this.origins.clear();
    this.effectCount = 0;
    this.balanceReads.length = 0;
    this.calleeFrameCount = 0;
    this.calleeJumpCount = 0;
  }

  /** Starts keeping the hook calls: what a call adds to the trace, given the trace it extends. */
  startTape(): void {
    this.taping = [];
    this.tapedSlots.clear();
  }

  /** The hook calls since `startTape`. */
  endTape(): RecorderTape {
    const tape = { calls: this.taping ?? [], slots: new Set(this.tapedSlots) };
    this.taping = undefined;
    return tape;
  }

  /**
   * Makes the hook calls of a tape again: the trace grows as it would if the call that made the tape
   * ran again on the same state, in the same block (execution is deterministic), without the EVM.
   */
  replay(tape: RecorderTape): void {
    for (const call of tape.calls) call();
  }

  enterFrame(code: Uint8Array, address: Address): void {
    this.taping?.push(() => this.enterFrame(code, address));
    if (this.depth + 1 >= MAX_FRAMES) throw new Error('TraceRecorder: frame stack overflow');
    const calledBack = this.depth > 0 && !this.observed;
    this.depth++;
    const codeId = this.registry.idOf(code);
    this.frameCodeIds[this.depth] = codeId;
    this.frameAddresses[this.depth] = address;
    this.conditions.enterFrame(codeId, code, this.depth);
    this.enter(codeId, address);
    if (this.depth > 0 && this.depth <= MAX_CALLEE_DEPTH) this.keepCalleeFrame(codeId, code);
    const reentry = calledBack && this.observed;
    this.reentryMarks[this.depth] = reentry ? this.reentryEdges.length : -1;
    if (reentry) this.reentries++;
    this.blockSet?.add(0);
  }

  exitFrame(failed = false): void {
    this.taping?.push(() => this.exitFrame(failed));
    const mark = this.reentryMarks[this.depth];
    if (mark >= 0) {
      this.reentries--;
      if (failed) this.forgetEdgesSince(mark);
      if (this.reentries === 0) this.reentryEdges.length = 0;
    }
    this.depth--;
    if (this.depth < 0) return;
    const codeId = this.frameCodeIds[this.depth];
    this.conditions.resume(codeId, this.registry.code(codeId), this.depth);
    this.enter(codeId, this.frameAddresses[this.depth]);
  }

  /** Starts keeping the jumps of the frame just entered, when its caller's are kept and there is room. */
  private keepCalleeFrame(codeId: number, code: Uint8Array): void {
    const parent = this.keptFrameAt[this.depth - 1];
    if (parent === -2 || this.calleeFrameCount >= this.calleeFrames.length) {
      this.keptFrameAt[this.depth] = -2;
      return;
    }
    const index = this.calleeFrameCount++;
    const frame = this.calleeFrames[index];
    frame.parent = parent;
    frame.codeId = codeId;
    frame.code = code;
    frame.callerJumps = parent === -1 ? this.jumpCount : this.calleeJumpsOf[parent];
    this.calleeJumpsOf[index] = 0;
    this.keptFrameAt[this.depth] = index;
  }

  private enter(codeId: number, address: Address): void {
    this.codeId = codeId;
    this.address = address;
    this.observed = this.registry.isObserved(codeId);
    let set = this.blocks.get(codeId);
    if (set === undefined) {
      set = this.blockSetsByCode[codeId] ?? new Set();
      this.blockSetsByCode[codeId] = set;
      set.clear();
      this.blocks.set(codeId, set);
    }
    this.blockSet = set;
  }

  /** A JUMPI at `pc` (the opcode's own pc) with its condition, before the original handler runs. */
  jumpi(pc: number, destination: bigint, condition: bigint): void {
    this.taping?.push(() => this.jumpi(pc, destination, condition));
    const taken = condition !== 0n;
    if (!this.observed) {
      // Lookout's attacker forwarding a call is the call itself: only what the project's code does
      // (re-entered, it runs its edges again) may make a new path.
      // Its comparisons are never decided here, so they become no cost metric either.
      if (this.depth === 0) this.jumpTo(pc, taken ? jumpDestination(destination) : pc + 1);
      return;
    }
    const key = this.codeId * TWO_POW_32 + pc * 2 + (taken ? 1 : 0);
    this.edgeHits.set(key, (this.edgeHits.get(key) ?? 0) + 1);
    if (this.reentries > 0) this.reentryEdges.push(key);
    if (!taken) this.blockSet?.add(pc + 1);
    this.jumpTo(pc, taken ? jumpDestination(destination) : pc + 1);
    if (this.comparisonCount >= this.comparisons.length) return;
    const record = this.comparisons[this.comparisonCount];
    if (!this.conditions.decide(pc, condition, record)) return;
    record.codeId = this.codeId;
    record.pc = pc;
    record.taken = taken;
    this.comparisonCount++;
  }

  private forgetEdgesSince(mark: number): void {
    for (let i = this.reentryEdges.length - 1; i >= mark; i--) {
      const key = this.reentryEdges[i];
      const hits = this.edgeHits.get(key)! - 1;
      if (hits === 0) this.edgeHits.delete(key);
      else this.edgeHits.set(key, hits);
    }
    this.reentryEdges.length = mark;
  }

  /** A JUMP. */
  jump(pc: number, destination: bigint): void {
    this.taping?.push(() => this.jump(pc, destination));
    this.jumpTo(pc, jumpDestination(destination));
  }

  /** A jump (JUMP, or JUMPI with the pc it continues at) of the outermost frame or of a kept callee frame. */
  private jumpTo(pc: number, destination: number): void {
    if (this.depth !== 0) {
      if (this.depth <= MAX_CALLEE_DEPTH) this.calleeJump(pc, destination);
      return;
    }
    if (this.jumpCount * 2 >= this.jumps.length) {
      this.jumpsTruncated = true;
      return;
    }
    this.jumps[this.jumpCount * 2] = pc;
    this.jumps[this.jumpCount * 2 + 1] = destination;
    this.jumpCount++;
  }

  /** Past the buffer the callee frames' paths end early: their lookahead then assumes targets ahead. */
  private calleeJump(pc: number, destination: number): void {
    const frame = this.keptFrameAt[this.depth];
    if (frame < 0 || this.calleeJumpCount * 3 >= this.calleeJumps.length || !this.observed) return;
    const at = this.calleeJumpCount * 3;
    this.calleeJumps[at] = frame;
    this.calleeJumps[at + 1] = pc;
    this.calleeJumps[at + 2] = destination;
    this.calleeJumpCount++;
    this.calleeJumpsOf[frame]++;
  }

  jumpdest(pc: number): void {
    this.taping?.push(() => this.jumpdest(pc));
    this.blockSet?.add(pc);
  }

  comparison(pc: number, op: number, left: bigint, right: bigint): void {
    this.taping?.push(() => this.comparison(pc, op, left, right));
    this.conditions.record(pc, left, right);
    // A property answers with the comparison it returns, which no JUMPI reads: keep it as one.
    if (this.keepUnbranched) this.keepUnbranchedComparison(pc, op, left, right);
  }

  /** SUB: solc's `a != b` test when a condition reads it (legacy codegen jumps on a − b ≠ 0). */
  difference(pc: number, left: bigint, right: bigint): void {
    this.taping?.push(() => this.difference(pc, left, right));
    this.conditions.record(pc, left, right);
  }

  /** ISZERO: a negation, or a zero test of a number, depending on what it reads. */
  iszero(pc: number, operand: bigint): void {
    this.taping?.push(() => this.iszero(pc, operand));
    this.conditions.record(pc, operand, 0n);
  }

  sload(pc: number, slot: bigint): void {
    if (this.taping !== undefined) this.tape(() => this.sload(pc, slot), slot);
    if (this.sloadCount < this.sloads.length) this.access(this.sloads[this.sloadCount++], pc, slot);
  }

  sstore(pc: number, slot: bigint, value: bigint): void {
    if (this.taping !== undefined) this.tape(() => this.sstore(pc, slot, value), slot);
    if (this.sstoreCount >= this.sstores.length) return;
    const record = this.sstores[this.sstoreCount++];
    this.access(record, pc, slot);
    record.value = value;
  }

  /** A CALL, CALLCODE, DELEGATECALL or SELFDESTRUCT about to run (operands read off the stack). */
  effect(kind: EffectKind, pc: number, to: bigint, value: bigint): void {
    this.taping?.push(() => this.effect(kind, pc, to, value));
    if (this.effectCount >= this.effects.length) return;
    const record = this.effects[this.effectCount++];
    record.kind = kind;
    record.codeId = this.codeId;
    record.pc = pc;
    record.from = this.address;
    record.to = to;
    record.value = value;
  }

  /** A call of the running frame asked `token` for `holder`'s balance and got `value` back. */
  balanceRead(token: bigint, holder: bigint, value: bigint): void {
    this.taping?.push(() => this.balanceRead(token, holder, value));
    if (this.balanceReads.length >= this.maxBalanceReads) return;
    this.balanceReads.push({ token: wordAddress(token), holder: wordAddress(holder), reader: this.address, value, comparisonsBefore: this.comparisonCount });
  }

  /** A KECCAK256 produced `hash` from the words `key` and `base` when `keyed` (64 bytes; see SlotOrigins). */
  hashed(hash: bigint, keyed: boolean, key: bigint, base: bigint): void {
    this.taping?.push(() => this.hashed(hash, keyed, key, base));
    this.origins.hashed(hash, keyed, key, base);
  }

  private tape(call: () => void, slot: bigint): void {
    this.taping!.push(call);
    // A frame creating a contract has no address here: the slot could be any account's.
    this.tapedSlots.add(this.address === '0x' ? ANY_SLOT : slotId(this.address, slot));
  }

  private access(record: StorageAccess, pc: number, slot: bigint): void {
    record.codeId = this.codeId;
    record.pc = pc;
    record.address = this.address;
    record.slot = slot;
    this.origins.describe(record, slot);
  }

  private keepUnbranchedComparison(pc: number, op: number, left: bigint, right: bigint): void {
    if (this.comparisonCount >= this.comparisons.length) return;
    const record = this.comparisons[this.comparisonCount++];
    record.codeId = this.codeId;
    record.pc = pc;
    record.cmpPc = pc;
    record.op = op;
    record.left = left;
    record.right = right;
    record.negations = 0;
    record.taken = holds(op, left, right);
  }

  /**
   * The path id: each edge in first-hit order with its hit count in AFL's buckets, so that a loop
   * running 37 or 38 times is one path (every count its own path kept half of all inputs on Bran's
   * Fig. 2 loops, issue 13) while 1, 2, 3 and each power-of-two range still tell loops apart.
   */
  private pathId(): string {
    this.hashA = 0x811c9dc5;
    this.hashB = 0x9747b28c;
    for (const [key, hits] of this.edgeHits) {
      const codeId = Math.floor(key / TWO_POW_32);
      this.mix(codeId);
      this.mix(key - codeId * TWO_POW_32);
      this.mix(hitBucket(hits));
    }
    return (this.hashA >>> 0).toString(16).padStart(8, '0') + (this.hashB >>> 0).toString(16).padStart(8, '0');
  }

  // Two independent 32-bit multiplicative hashes (FNV-1a and a murmur-style mix): a 64-bit path id.
  private mix(word: number): void {
    this.hashA = Math.imul(this.hashA ^ word, 0x01000193);
    let b = Math.imul(word, 0xcc9e2d51);
    b = Math.imul((b << 15) | (b >>> 17), 0x1b873593);
    this.hashB ^= b;
    this.hashB = Math.imul((this.hashB << 13) | (this.hashB >>> 19), 5) + 0xe6546b64;
  }

  trace(): TxTrace {
    return {
      pathId: this.pathId(),
      edges: this.edges,
      jumps: this.jumps.subarray(0, this.jumpCount * 2),
      jumpsTruncated: this.jumpsTruncated,
      comparisons: this.comparisons.slice(0, this.comparisonCount),
      sloads: this.sloads.slice(0, this.sloadCount),
      sstores: this.sstores.slice(0, this.sstoreCount),
      effects: this.effects.slice(0, this.effectCount),
      balanceReads: this.balanceReads.slice(),
      blocks: this.blocks,
      calleeFrames: this.calleeFrames.slice(0, this.calleeFrameCount),
      calleeJumps: this.calleeJumps.subarray(0, this.calleeJumpCount * 3),
    };
  }
}

/** A call's hook calls, in order, and the storage slots it read or wrote (`TraceRecorder.startTape`). */
export interface RecorderTape {
  calls: readonly (() => void)[];
  slots: ReadonlySet<string>;
}

/** The low 20 bytes of a word, as the EVM reads an address operand (lower case, as frame addresses are). */
function wordAddress(word: bigint): Address {
  return `0x${(word & ((1n << 160n) - 1n)).toString(16).padStart(40, '0')}`;
}

/** An out-of-range destination fails the jump anyway; clamped so it fits a Uint32Array. */
function jumpDestination(destination: bigint): number {
  return destination > 0xffffffffn ? 0xffffffff : Number(destination);
}

/** AFL's hit-count classes: 1, 2, 3, 4–7, 8–15, 16–31, 32–127, 128+. */
function hitBucket(hits: number): number {
  if (hits <= 3) return hits;
  if (hits < 8) return 4;
  if (hits < 16) return 5;
  if (hits < 32) return 6;
  return hits < 128 ? 7 : 8;
}
