import { keccak_256 } from '@noble/hashes/sha3.js';
import { TOP, joinValues, showValue, type AbsValue } from './lattice.js';

/** EVM stack limit: pushing beyond it halts the frame. */
export const STACK_LIMIT = 1024;

/**
 * Abstract machine state at one program point: the stack (index 0 is the bottom) and the known
 * memory words. Storage, calldata, the environment and the rest of memory are Top.
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
  memory: Map<number, bigint>;
}

/** Offsets past this are never tracked (touching them costs more gas than a block has). */
const MAX_TRACKED_OFFSET = 2 ** 32;

export function initialState(): AbstractState {
  return { stack: [], open: false, memory: new Map() };
}

export function copyState(state: AbstractState): AbstractState {
  return { stack: state.stack.slice(), open: state.open, memory: new Map(state.memory) };
}

/** Makes an open stack hold at least `depth` values by adding Top at the bottom. */
export function exposeDepth(state: AbstractState, depth: number): void {
  if (state.stack.length < depth) state.stack.unshift(...new Array<AbsValue>(depth - state.stack.length).fill(TOP));
}

/**
 * Least upper bound of two states, or undefined when `incoming` adds nothing to `current` (so the
 * fixpoint knows nothing changed). Stacks are aligned at the top; different heights make it open.
 */
export function joinInto(current: AbstractState, incoming: AbstractState): AbstractState | undefined {
  const height = Math.min(current.stack.length, incoming.stack.length);
  const open = current.open || incoming.open || current.stack.length !== incoming.stack.length;
  let changed = open !== current.open || height !== current.stack.length;
  const stack = current.stack.slice(current.stack.length - height);
  const offset = incoming.stack.length - height;
  for (let i = 0; i < height; i++) {
    const joined = joinValues(stack[i], incoming.stack[offset + i]);
    if (joined !== stack[i]) {
      stack[i] = joined;
      changed = true;
    }
  }
  const memory = new Map<number, bigint>();
  for (const [offset, word] of current.memory) {
    if (incoming.memory.get(offset) === word) memory.set(offset, word);
    else changed = true;
  }
  return changed ? { stack, open, memory } : undefined;
}

/** Exact text of a state, for the suffix-check cache. */
export function fingerprint(state: AbstractState): string {
  let text = (state.open ? '…' : '') + state.stack.map(showValue).join(',');
  if (state.memory.size > 0) {
    const words = [...state.memory].sort((x, y) => x[0] - y[0]);
    text += '|' + words.map(([offset, word]) => `${offset}=${word.toString(16)}`).join(',');
  }
  return text;
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

export function storeWord(state: AbstractState, offset: AbsValue, value: AbsValue): void {
  clobberMemory(state, offset, 32n);
  const start = trackedOffset(offset);
  if (start !== undefined && value !== TOP) state.memory.set(start, value as bigint);
}

export function loadWord(state: AbstractState, offset: AbsValue): AbsValue {
  const start = trackedOffset(offset);
  if (start === undefined) return TOP;
  return state.memory.get(start) ?? TOP;
}

/** KECCAK256 of memory made only of known words (solc's mapping slots); Top otherwise. */
export function hashMemory(state: AbstractState, offset: AbsValue, size: AbsValue): AbsValue {
  const start = trackedOffset(offset);
  const length = trackedOffset(size);
  if (start === undefined || length === undefined || length % 32 !== 0 || length > 32 * 64) return TOP;
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 32) {
    const word = state.memory.get(start + at);
    if (word === undefined) return TOP;
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
