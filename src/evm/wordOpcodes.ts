import type { Common } from '@ethereumjs/common';
import { getOpcodesForHF } from '@ethereumjs/evm';
import { bytesToBigInt } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { type CustomOpcode, type OpHandler, replaceOpcode, type RunState } from './instrumentation.js';
import { Op } from '../bytecode/index.js';

/** The interpreter's memory internals: writing the store directly skips a 32-byte copy. */
interface MemoryInternals {
  _store: Uint8Array;
  extend(offset: number, size: number): void;
  read(offset: number, size: number, avoidCopy?: boolean): Uint8Array;
}

/** Inputs up to this size are memoized by KECCAK256: mapping and array slots (64 and 32 bytes) and short strings. */
const MEMO_INPUT_BYTES = 96;
/** Entries before the memo starts over: bounds memory on a campaign that hashes ever new keys. */
const MEMO_ENTRIES = 1 << 16;

/** Nibble value of a lowercase hex digit's char code. */
function nibble(charCode: number): number {
  return charCode <= 0x39 ? charCode - 0x30 : charCode - 0x57;
}

/**
 * Writes `word` big-endian into `target[offset, offset + 32)`. The library's MSTORE goes through
 * `setLengthLeft(bigIntToBytes(word), 32)`, which spreads both arrays into a third: 5 % of a struct
 * campaign's profile (ABI decoding is MSTORE-heavy). One hex string is all this allocates.
 */
export function writeWord(target: Uint8Array, offset: number, word: bigint): void {
  const hex = word.toString(16);
  let digit = hex.length;
  for (let i = offset + 31; i >= offset; i--) {
    const low = digit > 0 ? nibble(hex.charCodeAt(--digit)) : 0;
    const high = digit > 0 ? nibble(hex.charCodeAt(--digit)) : 0;
    target[i] = (high << 4) | low;
  }
}

/** A 32-byte storage key, as the library builds it for SLOAD, without its array spreads. */
export function wordBytes(word: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  writeWord(bytes, 0, word);
  return bytes;
}

/**
 * KECCAK256 with the hashes of short inputs remembered. Solidity hashes a mapping's key with its
 * slot on every access, and a fuzzing campaign accesses the same few keys over and over: on the
 * shapes bench's Blockhash contract (30 mapping accesses per call) hashing was 8 % of the campaign's
 * time, nearly all of it repeats. Gas is the library's (its dynamic gas function is kept).
 */
function memoizedKeccak(): OpHandler {
  const memo = new Map<string, bigint>();
  return (runState, common) => {
    const [offset, length] = runState.stack.popN(2);
    const data = length === 0n ? new Uint8Array(0) : (runState.memory as unknown as MemoryInternals).read(Number(offset), Number(length), true);
    const hash = common.customCrypto.keccak256 ?? keccak_256;
    if (data.length > MEMO_INPUT_BYTES) {
      runState.stack.push(bytesToBigInt(hash(data)));
      return;
    }
    // One char per byte: a Map key that is cheap to build and equal exactly for equal inputs.
    const key = String.fromCharCode.apply(null, data as unknown as number[]);
    let word = memo.get(key);
    if (word === undefined) {
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      word = bytesToBigInt(hash(data));
      memo.set(key, word);
    }
    runState.stack.push(word);
  };
}

/**
 * MSTORE and SLOAD handlers that do what the library's do with less allocation (a loop of MSTORE,
 * SLOAD and a hooked JUMPI ran 25 % faster, interleaved A/B, 8 rounds), and KECCAK256 memoized
 * (`memoizedKeccak`). Gas stays the
 * library's (its dynamic gas functions are kept), and so does every other opcode. Hooks that wrap
 * these (tracing, cheatcodes) must be built over them: `getOpcodesForHF(common, wordOpcodes(common))`.
 */
export function wordOpcodes(common: Common): CustomOpcode[] {
  const table = getOpcodesForHF(common);
  return [
    replaceOpcode(table, Op.MSTORE, () => (runState: RunState) => {
      const [offset, word] = runState.stack.popN(2);
      const memory = runState.memory as unknown as MemoryInternals;
      const at = Number(offset);
      memory.extend(at, 32);
      writeWord(memory._store, at, word);
    }),
    replaceOpcode(table, Op.SLOAD, () => async (runState: RunState) => {
      const value = await runState.interpreter.storageLoad(wordBytes(runState.stack.pop()));
      runState.stack.push(value.length > 0 ? bytesToBigInt(value) : 0n);
    }),
    replaceOpcode(table, Op.KECCAK256, memoizedKeccak),
  ];
}
