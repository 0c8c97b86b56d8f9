import { Op } from '../bytecode/index.js';
import { isConst, showValue, unknown, type AbsValue } from './lattice.js';
import { copyWord, type AbstractState, type MemoryWord } from './state.js';

/**
 * What a callee frame starts with, as far as its caller's abstract state knew it at the call
 * (Bran §IV-C): the calldata words the caller had in memory at constant offsets, the calldata size
 * and the call value. Storage, return data and the rest stay Top.
 */
export interface FrameInput {
  /** Calldata words by their byte offset in the calldata (each entirely inside it). */
  readonly words: ReadonlyMap<number, MemoryWord>;
  readonly size: AbsValue;
  readonly value: AbsValue;
  /** Text of all of the above: states of frames with different inputs never share a cache entry. */
  readonly key: string;
}

/** A call's callee address, and its arguments, read off the stack before CALL, STATICCALL or DELEGATECALL runs. */
export function callOperands(opcode: number, state: AbstractState): { to: AbsValue; input: () => FrameInput } | undefined {
  if (opcode !== Op.CALL && opcode !== Op.STATICCALL && opcode !== Op.DELEGATECALL) return undefined;
  const stack = state.stack;
  const at = (i: number): AbsValue => stack[stack.length - 1 - i] ?? unknown();
  const withValue = opcode === Op.CALL ? 1 : 0;
  const value = (): AbsValue => {
    if (opcode === Op.CALL) return at(2);
    // A delegate call runs with the caller's value; a static call has none.
    return opcode === Op.STATICCALL ? 0n : (state.input?.value ?? unknown());
  };
  return { to: at(1), input: () => frameInput(state.memory, at(2 + withValue), at(3 + withValue), value()) };
}

/** The callee's input when the caller passes memory [offset, offset + size) as calldata. */
function frameInput(memory: ReadonlyMap<number, MemoryWord>, offset: AbsValue, size: AbsValue, value: AbsValue): FrameInput {
  const words = new Map<number, MemoryWord>();
  if (isConst(offset) && isConst(size)) {
    for (const [at, word] of memory) {
      const inside = BigInt(at) - offset;
      if (inside >= 0n && inside + 32n <= size) words.set(Number(inside), word);
    }
  }
  const shown = [...words].sort((x, y) => x[0] - y[0]).map(([at, word]) => `${at}=${showValue(word)}`);
  return { words, size, value, key: `${showValue(size)};${showValue(value)};${shown.join(',')}` };
}

/** CALLDATALOAD at `offset` in a frame with `input` (Top when the frame's input is unknown). */
export function calldataWord(input: FrameInput | undefined, offset: AbsValue): AbsValue {
  if (input === undefined || !isConst(offset) || !isConst(input.size)) return unknown();
  if (offset >= input.size) return 0n; // past the end, calldata reads as zeros
  return copyWord(offset <= BigInt(Number.MAX_SAFE_INTEGER) ? input.words.get(Number(offset)) : undefined);
}
