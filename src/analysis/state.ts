import { keccak_256 } from '@noble/hashes/sha3.js';
import type { FrameInput } from './frame.js';
import { between, high, isConst, joinValues, low, showValue, unknown, type AbsValue, type Range } from './lattice.js';

/** EVM stack limit: pushing beyond it halts the frame. */
export const STACK_LIMIT = 1024;

/**
 * Abstract machine state at one program point: the stack (index 0 is the bottom) and the known
 * memory words. Storage, calldata, the environment and the rest of memory are Top. Slots holding
 * the same interval object hold the same runtime value (see lattice.ts).
 */
export interface AbstractState {
  stack: AbsValue[];
  /**
   * The stack may hold more (unknown) values below `stack[0]`: set when states of different heights
   * are joined. Popping below then yields Top instead of halting on underflow.
   */
  open: boolean;
  /**
   * 32-byte words known to hold a constant, keyed by their constant byte offset. A missing offset is
   * Top. Writes at unknown offsets clear the map, overlapping writes remove what they overlap.
   */
  memory: Map<number, MemoryWord>;
  /** The calldata and value of a callee frame, as far as its caller knew them (frame.ts); absent: Top. */
  input?: FrameInput;
}

/**
 * A known memory word: a constant, or an interval whose bounds share the leading bytes that are
 * known (a constant partly overwritten by an unknown word: a call's selector before its arguments).
 */
export type MemoryWord = bigint | Range;

/** Offsets past this are never tracked (touching them costs more gas than a block has). */
const MAX_TRACKED_OFFSET = 2 ** 32;

export function initialState(): AbstractState {
  return { stack: [], open: false, memory: new Map() };
}

export function copyState(state: AbstractState): AbstractState {
  return withInput({ stack: state.stack.slice(), open: state.open, memory: new Map(state.memory) }, state.input);
}

/** One frame's states share its input: it is carried along, never joined. */
function withInput(state: AbstractState, input: FrameInput | undefined): AbstractState {
  if (input !== undefined) state.input = input;
  return state;
}

/**
 * The state as a block entry keeps it: comparison tests are dropped (they serve the JUMPI of the
 * block that computed them), keeping which slots share a value. The fingerprint then says it all.
 */
export function entryState(state: AbstractState): AbstractState {
  const plain = new Map<AbsValue, AbsValue>();
  const stack = state.stack.map((value) => {
    if (isConst(value) || value.test === undefined) return value;
    let copy = plain.get(value);
    if (copy === undefined) plain.set(value, (copy = { lo: value.lo, hi: value.hi }));
    return copy;
  });
  return withInput({ stack, open: state.open, memory: new Map(state.memory) }, state.input);
}

/** Makes an open stack hold at least `depth` values by adding unknowns at the bottom. */
export function exposeDepth(state: AbstractState, depth: number): void {
  const missing = depth - state.stack.length;
  if (missing > 0) state.stack.unshift(...Array.from({ length: missing }, unknown));
}

/**
 * Upper bound of two states (widened at `thresholds`, see `joinValues`), or undefined when
 * `incoming` adds nothing to `current` (so the fixpoint knows nothing changed). Stacks are aligned
 * at the top; different heights make it open. Two slots share a value afterwards only when they
 * share one in both states.
 */
export function joinInto(current: AbstractState, incoming: AbstractState, thresholds: readonly bigint[] = []): AbstractState | undefined {
  // Most joins add nothing (a return to every JUMPDEST joins one state into hundreds of partitions):
  // answering those without building the join halved a large contract's entry analysis.
  if (covers(current, incoming)) return undefined;
  const height = Math.min(current.stack.length, incoming.stack.length);
  const open = current.open || incoming.open || current.stack.length !== incoming.stack.length;
  const [mine, theirs] = [current.stack, incoming.stack];
  const [mineFrom, theirsFrom] = [mine.length - height, theirs.length - height];
  const stack = mine.slice(mineFrom);
  for (let i = 0; i < height; i++) {
    const [m, t] = [mine[mineFrom + i], theirs[theirsFrom + i]];
    if (m === t) continue;
    // One joined object per pair of objects, so slots equal in both states stay equal (a scan: stacks are short).
    let j = 0;
    while (j < i && (mine[mineFrom + j] !== m || theirs[theirsFrom + j] !== t)) j++;
    stack[i] = j < i ? stack[j] : joinValues(m, t, thresholds);
  }
  const memory = new Map<number, MemoryWord>();
  for (const [offset, word] of current.memory) {
    const theirs = incoming.memory.get(offset);
    if (theirs !== undefined && low(theirs) === low(word) && high(theirs) === high(word)) memory.set(offset, word);
  }
  // With the frame's input, or a callee frame's states would differ from themselves (`#key`) and never settle.
  return withInput({ stack, open, memory }, current.input);
}

/**
 * Whether the join of `incoming` into `current` is `current` again, allocating nothing: the same
 * height (or an open `current` no higher), every value within its bounds (a constant only by
 * itself), slots that share a value in `current` sharing one in `incoming`, and every known memory
 * word known alike.
 */
function covers(current: AbstractState, incoming: AbstractState): boolean {
  const mine = current.stack;
  const theirs = incoming.stack;
  if (mine.length > theirs.length || (!current.open && (incoming.open || mine.length !== theirs.length))) return false;
  const offset = theirs.length - mine.length;
  for (let i = 0; i < mine.length; i++) {
    const m = mine[i];
    const t = theirs[offset + i];
    if (isConst(m)) {
      if (m !== t) return false;
      continue;
    }
    if (m !== t && (low(t) < m.lo || high(t) > m.hi)) return false;
    for (let j = 0; j < i; j++) {
      if (mine[j] !== m) continue;
      if (theirs[offset + j] !== t) return false;
      break;
    }
  }
  for (const at of current.memory.keys()) {
    const word = current.memory.get(at)!;
    const other = incoming.memory.get(at);
    if (other === undefined || low(other) !== low(word) || high(other) !== high(word)) return false;
  }
  return true;
}

/** Exact text of a state, for the suffix-check cache: values, and which slots share one (`=k`). */
export function fingerprint(state: AbstractState): string {
  const firstSlot = new Map<AbsValue, number>();
  const shown = state.stack.map((value, i) => {
    if (isConst(value)) return showValue(value);
    const first = firstSlot.get(value);
    if (first !== undefined) return `=${first}`;
    firstSlot.set(value, i);
    return showValue(value);
  });
  let text = (state.open ? '…' : '') + shown.join(',');
  if (state.memory.size > 0) {
    const words = [...state.memory].sort((x, y) => x[0] - y[0]);
    text += '|' + words.map(([offset, word]) => `${offset}=${showValue(word)}`).join(',');
  }
  return state.input === undefined ? text : `${text}#${state.input.key}`;
}

function trackedOffset(value: AbsValue): number | undefined {
  return typeof value === 'bigint' && value < BigInt(MAX_TRACKED_OFFSET) ? Number(value) : undefined;
}

/** Forgets what a write of `size` bytes at `offset` may overwrite. */
export function clobberMemory(state: AbstractState, offset: AbsValue, size: AbsValue): void {
  if (size === 0n || state.memory.size === 0) return;
  const start = trackedOffset(offset);
  const length = trackedOffset(size);
  if (start === undefined || length === undefined) {
    state.memory = new Map();
    return;
  }
  for (const key of [...state.memory.keys()]) {
    if (key < start + length && key + 32 > start) state.memory.delete(key);
  }
}

/**
 * MSTORE. What it writes over stays known where it can: a constant over constants splices them, and
 * any word keeps the known leading bytes of a word it overwrites the end of (solc writes a call's
 * selector word, then its arguments 4 bytes further: the callee's calldata needs the selector).
 */
export function storeWord(state: AbstractState, offset: AbsValue, value: AbsValue): void {
  const start = trackedOffset(offset);
  if (start === undefined) return clobberMemory(state, offset, 32n);
  for (const [key, word] of [...state.memory]) {
    if (key === start || key <= start - 32 || key >= start + 32) continue;
    const merged = overlay(word, key - start, value);
    if (merged === undefined) state.memory.delete(key);
    else state.memory.set(key, merged);
  }
  if (isConst(value)) state.memory.set(start, value);
  else state.memory.delete(start);
}

/** The word `shift` bytes (−31…31) from a write of `value`, which held `word` before; undefined when unknown. */
function overlay(word: MemoryWord, shift: number, value: AbsValue): MemoryWord | undefined {
  if (shift > 0) return isConst(word) && isConst(value) ? ((value << BigInt(8 * shift)) & WORD_MASK) | keepTail(word, shift) : undefined;
  const head = keepHead(low(word), -shift);
  if (head !== keepHead(high(word), -shift)) return undefined;
  if (isConst(value)) return head | (value >> BigInt(-8 * shift));
  return between(head, head | keepTail(WORD_MASK, 32 + shift));
}

/** The first `bytes` bytes of `word`, the rest zero. */
function keepHead(word: bigint, bytes: number): bigint {
  const rest = BigInt(8 * (32 - bytes));
  return (word >> rest) << rest;
}

/** The last `bytes` bytes of `word`. */
function keepTail(word: bigint, bytes: number): bigint {
  return word & ((1n << BigInt(8 * bytes)) - 1n);
}

const WORD_MASK = (1n << 256n) - 1n;

export function loadWord(state: AbstractState, offset: AbsValue): AbsValue {
  const start = trackedOffset(offset);
  if (start === undefined) return unknown();
  return copyWord(state.memory.get(start));
}

/** KECCAK256 of memory made only of known words (solc's mapping slots); Top otherwise. */
export function hashMemory(state: AbstractState, offset: AbsValue, size: AbsValue): AbsValue {
  const start = trackedOffset(offset);
  const length = trackedOffset(size);
  if (start === undefined || length === undefined || length % 32 !== 0 || length > 32 * 64) return unknown();
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 32) {
    const word = state.memory.get(start + at);
    if (word === undefined || !isConst(word)) return unknown();
    bytes.set(wordBytes(word), at);
  }
  let hash = 0n;
  for (const byte of keccak_256(bytes)) hash = (hash << 8n) | BigInt(byte);
  return hash;
}

function wordBytes(word: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  let rest = word;
  for (let i = 31; i >= 0; i--) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

/** A memory word pushed on a stack: an interval as a fresh value (its own identity), Top when unknown. */
export function copyWord(word: MemoryWord | undefined): AbsValue {
  if (word === undefined) return unknown();
  return isConst(word) ? word : between(word.lo, word.hi);
}
