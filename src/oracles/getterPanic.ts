import type { Abi } from 'viem';
import { toFunctionSelector } from 'viem';
import { Op } from '../bytecode/index.js';
import type { Tx, TxResult } from '../evm/index.js';

/** Whether a transaction calls a `view` or `pure` function of the deployment it is sent to. */
export type ReadOnlyCalls = (tx: Tx) => boolean;

/** For a world whose deployments' ABIs are unknown: no call is taken for a read-only one. */
export const NO_READ_ONLY_CALLS: ReadOnlyCalls = () => false;

/**
 * The read-only calls of a world whose `abis[i]` is deployment i's ABI: `view` and `pure` functions,
 * the getters solc generates for public state variables among them (the ABI marks those `view`).
 */
export function readOnlyCalls(abis: readonly (Abi | undefined)[]): ReadOnlyCalls {
  const selectors = abis.map(
    (abi) =>
      new Set(
        (abi ?? []).flatMap((item) =>
          item.type === 'function' && (item.stateMutability === 'view' || item.stateMutability === 'pure')
            ? [Number.parseInt(toFunctionSelector(item).slice(2), 16)]
            : [],
        ),
      ),
  );
  return (tx) => tx.data.length >= 4 && (selectors[tx.to]?.has(selectorOf(tx.data)) ?? false);
}

/**
 * Whether a Panic 0x32 is a getter refusing an index: a read-only call whose failing bounds check
 * compared an index equal to one of the call's argument words. Solidity's getters (a public array's,
 * `getRoleMember(role, i)` over EnumerableSet's array, `checkpoints(account, pos)`) answer an index
 * past the end this way; it is how they say "no such entry", not a bug. A function that changes
 * state indexing past the end, and a view function whose own loop runs past the end (the index is
 * no argument), stay failures.
 *
 * The failing check is the transaction's last recorded comparison: solc compiles the bounds check as
 * LT(index, length) (legacy and IR, optimised or not) and jumps from it straight to the panic. It must
 * lie in the outermost frame (a panic bubbled up from another contract was no getter of this call's)
 * among the last two jumps it made (the check's JUMPI, perhaps a JUMP into solc's panic helper after
 * it), which also tells a full comparison buffer, whose last record is older, from the real check.
 */
export function isGetterIndexPanic(tx: Tx, result: TxResult, readsOnly: ReadOnlyCalls): boolean {
  const { outcome, trace } = result;
  if (outcome.kind !== 'revert' || trace.jumpsTruncated || !readsOnly(tx)) return false;
  const check = trace.comparisons[trace.comparisons.length - 1];
  if (check === undefined || check.codeId !== outcome.codeId || !lastJumpsFrom(trace.jumps, check.pc)) return false;
  const index = failedIndex(check.op, check.left, check.right);
  return index !== undefined && argumentWords(tx.data).includes(index);
}

/** The index of a bounds check that failed: `index < length` false. */
function failedIndex(op: number, left: bigint, right: bigint): bigint | undefined {
  if (op === Op.LT && left >= right) return left;
  if (op === Op.GT && right >= left) return right;
  return undefined;
}

/** Whether one of the last two jumps of the outermost frame (pairs [pc, destination]) was made at `pc`. */
function lastJumpsFrom(jumps: Uint32Array, pc: number): boolean {
  const pairs = jumps.length / 2;
  return (pairs >= 1 && jumps[(pairs - 1) * 2] === pc) || (pairs >= 2 && jumps[(pairs - 2) * 2] === pc);
}

/** The calldata's 32-byte words after the selector (the ABI-encoded arguments, and what they point to). */
function argumentWords(data: Uint8Array): bigint[] {
  const words: bigint[] = [];
  for (let at = 4; at + 32 <= data.length; at += 32) {
    let word = 0n;
    for (let i = at; i < at + 32; i++) word = (word << 8n) | BigInt(data[i]);
    words.push(word);
  }
  return words;
}

function selectorOf(data: Uint8Array): number {
  return ((data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]) >>> 0;
}
