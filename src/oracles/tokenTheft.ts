import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToBigInt, encodeFunctionData, hexToBytes, parseAbi } from 'viem';
import type { Address, Deployment, StorageAccess, Tx, TxResult } from '../evm/index.js';
import { failureOf, type TokenTheftEvidence } from './evidence.js';
import type { Failure } from './failure.js';
import type { ChainView, SequenceOracle } from './types.js';

const ERC20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function allowance(address, address) view returns (uint256)']);
const TRANSFER_FROM = hexToBytes('0x23b872dd');
const UNKNOWN = -1n;

/** One deployed ERC-20-shaped contract to watch, with its storage layout (slots and type labels). */
export interface WatchedToken {
  /** Deployment index (`Tx.to`). */
  index: number;
  deployment: Deployment;
  layout: readonly { label: string; slot: bigint; type: string }[];
  /** Whether its ABI has `decimals()`: then messages write amounts in whole tokens. */
  hasDecimals: boolean;
}

/** More decimals than a uint256 has digits is no token's real `decimals()`. */
const MAX_DECIMALS = 77n;
const DECIMALS = hexToBytes(encodeFunctionData({ abi: parseAbi(['function decimals() view returns (uint8)']), functionName: 'decimals' }));

/**
 * Variable names under which Solidity tokens (OpenZeppelin, solmate, most hand-written ones) keep
 * `balanceOf` and `allowance` as plain uint256 mappings: their slots hold exactly what the getters
 * return, so reading storage replaces a call (measured: the calls cost about a third of the
 * throughput on an ERC-20 campaign). Any other layout is read through the getters.
 */
const BALANCE_VARIABLES = new Set(['balanceOf', '_balanceOf', 'balances', '_balances']);
const ALLOWANCE_VARIABLES = new Set(['allowance', '_allowance', 'allowances', '_allowances', 'allowed', '_allowed']);

/**
 * Token theft (ILF/sFuzz's leak, for ERC-20 balances). Holders are the senders and the deployed
 * contracts; after each successful transaction that wrote the token's storage:
 * - a holder's `balanceOf` fell although the holder neither sent the transaction nor called the token
 *   in it, and no caller of the token had an `allowance` from the holder that covers the drop
 *   (`transferFrom` moving more than the allowance is this case);
 * - an `allowance(owner, spender)` rose although the owner neither sent the transaction nor called the
 *   token: not the owner's `approve`. (A `permit` relayed by someone else also lands here, rightly:
 *   the fuzzer signs nothing, so a permit that succeeds skipped the owner's signature.)
 * Transactions from the deployer are left alone: an owner's clawback or wipe is a power by design.
 * The factory leaves out test helpers (see `isTestHelper`).
 *
 * Values are what `balanceOf`/`allowance` return (read from storage when the layout names the
 * mappings, see BALANCE_VARIABLES, else by calling them), re-read only where the transaction wrote:
 * Solidity's mapping slots for the holders (keccak(key . slot)) select single entries, a write to a
 * plain variable (`totalSupply`, a rebasing factor) re-reads every balance, and in a layout without
 * address mappings (assembly or proxied storage) any write re-reads everything.
 */
export function tokenTheftOracle(token: WatchedToken, contracts: readonly Address[]): SequenceOracle {
  const address = token.deployment.address;
  let watch: Watch | undefined;
  const initial = new WeakMap<ChainView, { balances: bigint[]; allowances: bigint[]; decimals: number | undefined }>();
  let decimals: number | undefined;
  let balances: bigint[] = [];
  let allowances: bigint[] = [];

  return {
    async begin(chain) {
      watch ??= new Watch(token, [...new Set([...chain.senderAddresses, ...contracts])]);
      let start = initial.get(chain);
      if (start === undefined) {
        start = { balances: await watch.readAll(chain, 'balance'), allowances: await watch.readAll(chain, 'allowance'), decimals: await readDecimals(chain) };
        initial.set(chain, start);
      }
      decimals = start.decimals;
      balances = start.balances.slice();
      allowances = start.allowances.slice();
    },
    check(chain, tx, result) {
      if (result.outcome.kind !== 'success' || watch === undefined) return null;
      const writes = result.trace.sstores.filter((s) => s.address === address);
      return writes.length === 0 ? null : judge(chain, tx, result, writes, watch);
    },
  };

  /** Re-reads what the writes may have changed and judges every change. */
  async function judge(chain: ChainView, tx: Tx, result: TxResult, writes: StorageAccess[], watch: Watch): Promise<Failure | null> {
    // The deployer's transactions update what is known but are not judged.
    const judged = tx.sender !== 0;
    const sender = chain.senderAddresses[tx.sender];
    const dirty = watch.dirty(writes);
    const callers = tokenCallers(chain, tx, result, token);
    const before = allowances.slice();
    for (const pair of dirty.allowances) {
      const now = await watch.read(chain, 'allowance', pair);
      const was = allowances[pair];
      allowances[pair] = now;
      const [owner, spender] = watch.pair(pair);
      if (judged && was !== UNKNOWN && now !== UNKNOWN && now > was && !callers.has(owner)) {
        return theft(watch.lastWrite(writes, 'allowance', pair), { theft: 'allowance', owner, spender, before: was, after: now, sender });
      }
    }
    for (const holder of dirty.balances) {
      const now = await watch.read(chain, 'balance', holder);
      const was = balances[holder];
      balances[holder] = now;
      const owner = watch.holders[holder];
      if (!judged || was === UNKNOWN || now === UNKNOWN || now >= was || callers.has(owner)) continue;
      const drop = was - now;
      const allowed = [...callers].map((spender) => watch.allowanceOf(before, owner, spender));
      if (allowed.some((a) => a === UNKNOWN || a >= drop)) continue;
      const cover = allowed.reduce((a, b) => (a > b ? a : b), 0n);
      const transferFrom = startsWith(tx.data, TRANSFER_FROM);
      return theft(watch.lastWrite(writes, 'balance', holder), { theft: 'balance', holder: owner, amount: drop, allowance: cover, transferFrom, sender });
    }
    return null;
  }

  function theft(at: StorageAccess, what: TheftFacts): Failure {
    return failureOf({ kind: 'token-theft', token: address, tokenName: token.deployment.name, ...(decimals !== undefined && { decimals }), ...what }, at);
  }

  async function readDecimals(chain: ChainView): Promise<number | undefined> {
    if (!token.hasDecimals) return undefined;
    const result = await chain.view(token.index, DECIMALS);
    const value = result.success && result.returnData.length >= 32 ? bytesToBigInt(result.returnData.subarray(0, 32)) : undefined;
    return value !== undefined && value <= MAX_DECIMALS ? Number(value) : undefined;
  }
}

/** What a theft is beyond the token it is of. */
type TheftFacts = TokenTheftEvidence extends infer E ? (E extends unknown ? Omit<E, 'kind' | 'token' | 'tokenName'> : never) : never;

/** Who called the token in the transaction: the sender when it called the token directly, and every contract that CALLed it. */
function tokenCallers(chain: ChainView, tx: Tx, result: TxResult, token: WatchedToken): Set<Address> {
  const callers = new Set<Address>();
  if (tx.to === token.index) callers.add(chain.senderAddresses[tx.sender]);
  const self = BigInt(token.deployment.address);
  for (const effect of result.trace.effects) if (effect.kind === 'call' && effect.to === self) callers.add(effect.from);
  return callers;
}

type Entry = { kind: 'balance'; index: number } | { kind: 'allowance'; index: number };
type Read = Entry['kind'];

/** The token's holders, the calls that read their balances and allowances, and the slots that hold them. */
class Watch {
  private readonly calls: Record<Read, Uint8Array[]> = { balance: [], allowance: [] };
  /** The storage slot of each balance / allowance when the layout says where the getter reads it. */
  private readonly raw: Record<Read, bigint[] | undefined> = { balance: undefined, allowance: undefined };
  private readonly slots = new Map<bigint, Entry>();
  private readonly plainSlots = new Set<bigint>();
  private readonly hasAddressMappings: boolean;

  constructor(
    private readonly token: WatchedToken,
    readonly holders: readonly Address[],
  ) {
    for (const owner of holders) {
      this.calls.balance.push(hexToBytes(encodeFunctionData({ abi: ERC20, functionName: 'balanceOf', args: [owner] })));
      for (const spender of holders) {
        this.calls.allowance.push(hexToBytes(encodeFunctionData({ abi: ERC20, functionName: 'allowance', args: [owner, spender] })));
      }
    }
    let mappings = false;
    for (const variable of token.layout) {
      if (variable.type.startsWith('mapping(address => mapping(address =>')) {
        mappings = true;
        const slots = holders.flatMap((owner) => {
          const inner = mappingSlot(BigInt(owner), variable.slot);
          return holders.map((spender) => mappingSlot(BigInt(spender), inner));
        });
        slots.forEach((slot, index) => this.slots.set(slot, { kind: 'allowance', index }));
        if (ALLOWANCE_VARIABLES.has(variable.label) && variable.type === 'mapping(address => mapping(address => uint256))') this.raw.allowance = slots;
      } else if (variable.type.startsWith('mapping(address =>')) {
        mappings = true;
        const slots = holders.map((holder) => mappingSlot(BigInt(holder), variable.slot));
        slots.forEach((slot, index) => this.slots.set(slot, { kind: 'balance', index }));
        if (BALANCE_VARIABLES.has(variable.label) && variable.type === 'mapping(address => uint256)') this.raw.balance = slots;
      } else {
        this.plainSlots.add(variable.slot);
      }
    }
    this.hasAddressMappings = mappings;
  }

  /** Which balances and allowances the written slots may have changed. */
  dirty(writes: readonly StorageAccess[]): { balances: Set<number>; allowances: Set<number> } {
    const balances = new Set<number>();
    const allowances = new Set<number>();
    for (const write of writes) {
      const entry = this.slots.get(write.slot);
      if (entry !== undefined) (entry.kind === 'balance' ? balances : allowances).add(entry.index);
      else if (!this.hasAddressMappings) {
        this.calls.balance.forEach((_, i) => balances.add(i));
        this.calls.allowance.forEach((_, i) => allowances.add(i));
      } else if (this.plainSlots.has(write.slot)) this.calls.balance.forEach((_, i) => balances.add(i));
    }
    return { balances, allowances };
  }

  /** The last write to the entry's slot (located the finding), else the last write to the token. */
  lastWrite(writes: readonly StorageAccess[], kind: Read, index: number): StorageAccess {
    const own = writes.findLast((w) => {
      const entry = this.slots.get(w.slot);
      return entry !== undefined && entry.kind === kind && entry.index === index;
    });
    return own ?? writes[writes.length - 1];
  }

  async read(chain: ChainView, kind: Read, index: number): Promise<bigint> {
    const slot = this.raw[kind]?.[index];
    if (slot !== undefined) return chain.getStorage(this.token.deployment.address, slot);
    const result = await chain.view(this.token.index, this.calls[kind][index]);
    return result.success && result.returnData.length >= 32 ? bytesToBigInt(result.returnData.subarray(0, 32)) : UNKNOWN;
  }

  async readAll(chain: ChainView, kind: Read): Promise<bigint[]> {
    const values: bigint[] = [];
    for (let i = 0; i < this.calls[kind].length; i++) values.push(await this.read(chain, kind, i));
    return values;
  }

  pair(index: number): [Address, Address] {
    return [this.holders[Math.floor(index / this.holders.length)], this.holders[index % this.holders.length]];
  }

  /** The allowance in `values` (by pair), UNKNOWN when the spender is not a holder the oracle reads. */
  allowanceOf(values: readonly bigint[], owner: Address, spender: Address): bigint {
    const o = this.holders.indexOf(owner);
    const s = this.holders.indexOf(spender);
    return o < 0 || s < 0 ? UNKNOWN : values[o * this.holders.length + s];
  }
}

/** Solidity's slot of `mapping[key]` for a mapping at `slot`: keccak256(key . slot), both 32-byte words. */
function mappingSlot(key: bigint, slot: bigint): bigint {
  const preimage = new Uint8Array(64);
  writeWord(preimage, 0, key);
  writeWord(preimage, 32, slot);
  return bytesToBigInt(keccak_256(preimage));
}

function writeWord(into: Uint8Array, at: number, value: bigint): void {
  for (let i = 31; i >= 0; i--) {
    into[at + i] = Number(value & 0xffn);
    value >>= 8n;
  }
}

function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  return data.length >= prefix.length && prefix.every((b, i) => data[i] === b);
}
