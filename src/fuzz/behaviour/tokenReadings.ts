import { bytesToHex, concatHex, encodeAbiParameters, hexToBigInt, hexToBytes, toFunctionSelector, type Abi } from 'viem';
import type { Executor } from '../../evm/executor.js';
import { signature } from '../inputs/abi.js';
import type { AddressBook } from './wording.js';
import type { RevisionWorld } from './types.js';

const TOKEN_FUNCTIONS = ['balanceOf(address)', 'totalSupply()', 'allowance(address,address)'];

/** One view of a token: `Token.balanceOf(alice)` and its calldata. */
interface TokenRead {
  key: string;
  to: number;
  data: Uint8Array;
}

/**
 * A token view's value after a transaction (`undefined` when the view reverted), and the storage it
 * read to compute it (undefined: more than the trace holds).
 */
export interface Reading {
  value: bigint | undefined;
  reads: ReadonlySet<string> | undefined;
}

export type Readings = ReadonlyMap<string, Reading>;

/** A token view whose value a transaction changed. */
export interface TokenChange {
  key: string;
  before: bigint | undefined;
  after: bigint | undefined;
}

/** ERC-20 by its ABI (ERC-4626 vaults are ERC-20s of their shares). */
export function isTokenShaped(abi: Abi): boolean {
  const signatures = new Set(abi.flatMap((item) => (item.type === 'function' ? [signature(item)] : [])));
  return TOKEN_FUNCTIONS.every((s) => signatures.has(s));
}

/**
 * The token views of one revision's world: for every token-shaped deployment, its supply, and the
 * balance of and allowances between the senders and deployments. Read through `executor.view`, which
 * rolls back, so reading never changes what a sequence does.
 */
export class TokenReadings {
  /** Each token's views, by the token's account name. */
  private readonly reads = new Map<string, TokenRead[]>();

  constructor(world: RevisionWorld, book: AddressBook) {
    const holders = book.accounts;
    world.contracts.forEach((contract, to) => {
      if (!isTokenShaped(contract.abi)) return;
      const token = book.name(world.executor.deployments[to].address);
      const read = (fn: string, args: readonly string[]) => ({
        key: `${token}.${fn.slice(0, fn.indexOf('('))}(${args.map((a) => book.name(a)).join(', ')})`,
        to,
        data: calldata(fn, args),
      });
      this.reads.set(token, [
        read('totalSupply()', []),
        ...holders.map((holder) => read('balanceOf(address)', [holder])),
        ...holders.flatMap((owner) => holders.filter((spender) => spender !== owner).map((spender) => read('allowance(address,address)', [owner, spender]))),
      ]);
    });
  }

  /** Account names of the token-shaped deployments. */
  get tokens(): Iterable<string> {
    return this.reads.keys();
  }

  /**
   * `previous` with the views of the named tokens read again — but a view whose reads (for its
   * previous reading) `since` did not touch keeps its value: it would run the same path on the same storage.
   */
  async read(executor: Executor, tokens: Iterable<string>, previous: Readings, since?: StateChange): Promise<Readings> {
    const readings = new Map(previous);
    for (const token of tokens) {
      const everything = since === undefined || since.everything || since.ether.has(token);
      for (const { key, to, data } of this.reads.get(token) ?? []) {
        const reads = previous.get(key)?.reads;
        if (!everything && reads !== undefined && !intersects(reads, since.storage)) continue;
        const view = await executor.view(to, data, 0, { recordReads: true });
        const value = view.success && view.returnData.length >= 32 ? hexToBigInt(bytesToHex(view.returnData.subarray(0, 32))) : undefined;
        readings.set(key, { value, reads: view.reads });
      }
    }
    return readings;
  }
}

/** What a transaction changed that views may read: storage slots (`storageKey`s) and ether balances (account names). */
export interface StateChange {
  storage: ReadonlySet<string>;
  ether: ReadonlySet<string>;
  /** Time or block number moved, or the writes did not all fit the trace: every view is read again. */
  everything: boolean;
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const key of a) if (b.has(key)) return true;
  return false;
}

/** The views whose value differs between two readings, in reading order. */
export function tokenChanges(before: Readings, after: Readings): TokenChange[] {
  const changes: TokenChange[] = [];
  for (const [key, { value }] of after) {
    const previous = before.get(key)?.value;
    if (previous !== value) changes.push({ key, before: previous, after: value });
  }
  return changes;
}

function calldata(fn: string, addresses: readonly string[]): Uint8Array {
  const args = encodeAbiParameters(addresses.map(() => ({ type: 'address' })), addresses);
  return hexToBytes(concatHex([toFunctionSelector(fn), args]));
}
