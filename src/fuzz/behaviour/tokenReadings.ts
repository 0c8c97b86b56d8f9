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

/** A token view's value after a transaction; `undefined` when the view reverted. */
export type Readings = ReadonlyMap<string, bigint | undefined>;

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

  /** `previous` with the views of the named tokens read again. */
  async read(executor: Executor, tokens: Iterable<string>, previous: Readings): Promise<Readings> {
    const readings = new Map(previous);
    for (const token of tokens) {
      for (const { key, to, data } of this.reads.get(token) ?? []) {
        const { success, returnData } = await executor.view(to, data);
        readings.set(key, success && returnData.length >= 32 ? hexToBigInt(bytesToHex(returnData.subarray(0, 32))) : undefined);
      }
    }
    return readings;
  }
}

/** The views whose value differs between two readings, in reading order. */
export function tokenChanges(before: Readings, after: Readings): TokenChange[] {
  const changes: TokenChange[] = [];
  for (const [key, value] of after) {
    if (before.get(key) !== value) changes.push({ key, before: before.get(key), after: value });
  }
  return changes;
}

function calldata(fn: string, addresses: readonly string[]): Uint8Array {
  const args = encodeAbiParameters(addresses.map(() => ({ type: 'address' })), addresses);
  return hexToBytes(concatHex([toFunctionSelector(fn), args]));
}
