import { bytesToHex, concatHex, encodeAbiParameters, hexToBigInt, hexToBytes, toFunctionSelector, type Abi } from 'viem';
import type { Executor } from '../../evm/index.js';
import { hasDecimals, signature } from '../../abi/index.js';
import type { AddressBook } from './addressBook.js';
import type { DeployedWorld } from '../../deploy/index.js';

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

/** A token view whose value a transaction changed; `decimals`: the token's `decimals()`, null when it has none. */
export interface TokenChange {
  key: string;
  before: bigint | undefined;
  after: bigint | undefined;
  decimals: number | null;
}

/** More decimals than a uint256 has digits is no token's real `decimals()`: amounts are then shown as integers. */
const MAX_DECIMALS = 77;

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
  /** Each view's token's `decimals()` (read once, deployed state), by view key. */
  private readonly decimals = new Map<string, number | null>();

  private constructor(world: DeployedWorld, book: AddressBook, decimals: ReadonlyMap<string, number>) {
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
      for (const { key } of this.reads.get(token)!) this.decimals.set(key, decimals.get(token) ?? null);
    });
  }

  /** The views of one revision's world, each token's `decimals()` read on its deployed state (an amount is shown in whole tokens). */
  static async create(world: DeployedWorld, book: AddressBook): Promise<TokenReadings> {
    const decimals = new Map<string, number>();
    for (const [to, contract] of world.contracts.entries()) {
      // A token without `decimals()` in its ABI might answer the call from its fallback: not asked.
      if (!isTokenShaped(contract.abi) || !hasDecimals(contract.abi)) continue;
      const view = await world.executor.view(to, hexToBytes(toFunctionSelector('decimals()')), 0);
      const value = view.success && view.returnData.length >= 32 ? hexToBigInt(bytesToHex(view.returnData.subarray(0, 32))) : undefined;
      if (value !== undefined && value <= MAX_DECIMALS) decimals.set(book.name(world.executor.deployments[to].address), Number(value));
    }
    return new TokenReadings(world, book, decimals);
  }

  /** The `decimals()` of the token a view reads, null when it has none. */
  decimalsOf(key: string): number | null {
    return this.decimals.get(key) ?? null;
  }

  /** Account names of the token-shaped deployments. */
  get tokens(): Iterable<string> {
    return this.reads.keys();
  }

  /**
   * The views of the named tokens that `since` may have changed: those whose reads (for their
   * previous reading) it wrote, every view of a token whose ether moved, and any view whose reads are
   * unknown. The others would run the same path on the same storage.
   */
  stale(tokens: Iterable<string>, previous: Readings, since: StateChange | undefined): Set<string> {
    const stale = new Set<string>();
    for (const token of tokens) {
      const everything = since === undefined || since.everything || since.ether.has(token);
      for (const { key } of this.reads.get(token) ?? []) {
        const reads = previous.get(key)?.reads;
        if (everything || reads === undefined || intersects(reads, since.storage)) stale.add(key);
      }
    }
    return stale;
  }

  /** `previous` with the given views read again, each with the storage it read. */
  async read(executor: Executor, views: ReadonlySet<string>, previous: Readings): Promise<Readings> {
    const readings = new Map(previous);
    for (const reads of this.reads.values()) {
      for (const { key, to, data } of reads) {
        if (!views.has(key)) continue;
        const view = await executor.view(to, data, 0, { recordReads: true });
        const value = view.success && view.returnData.length >= 32 ? hexToBigInt(bytesToHex(view.returnData.subarray(0, 32))) : undefined;
        readings.set(key, { value, reads: view.reads });
      }
    }
    return readings;
  }

  /** Every view of the named tokens. */
  views(tokens: Iterable<string>): Set<string> {
    return new Set([...tokens].flatMap((token) => (this.reads.get(token) ?? []).map((read) => read.key)));
  }
}

/** What a transaction changed that views may read: storage slots (`storageKey`s) and ether balances (account names). */
export interface StateChange {
  storage: ReadonlySet<string>;
  ether: ReadonlySet<string>;
  /** The writes did not all fit the trace: every view of the token is read again. */
  everything: boolean;
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const key of a) if (b.has(key)) return true;
  return false;
}

/** The views whose value differs between two readings, in reading order. */
export function tokenChanges(before: Readings, after: Readings, decimalsOf: (key: string) => number | null): TokenChange[] {
  const changes: TokenChange[] = [];
  for (const [key, { value }] of after) {
    const previous = before.get(key)?.value;
    if (previous !== value) changes.push({ key, before: previous, after: value, decimals: decimalsOf(key) });
  }
  return changes;
}

function calldata(fn: string, addresses: readonly string[]): Uint8Array {
  const args = encodeAbiParameters(
    addresses.map(() => ({ type: 'address' })),
    addresses,
  );
  return hexToBytes(concatHex([toFunctionSelector(fn), args]));
}
