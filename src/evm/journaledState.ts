import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { Account, type Address, bytesToBigInt, bytesToUnprefixedHex } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';

/** One state write, with what to put back when its checkpoint is reverted. */
type Undo =
  | { kind: 'account'; key: string; previous: Account | undefined }
  | { kind: 'code'; key: string; previous: Uint8Array | undefined }
  | { kind: 'slot'; key: string; slot: string; previous: Uint8Array | undefined }
  | { kind: 'storage'; key: string; previous: Map<string, Uint8Array> | undefined };

const EMPTY = new Uint8Array(0);

/**
 * A point of the undo log (forge's `snapshotState`): the state can be rewound to it while the writes
 * before it are still logged. `last` is the entry just before it, so that a log truncated by a revert
 * and written again is told apart from the one marked; `epoch` counts the times the log was emptied.
 */
export interface StateMark {
  readonly length: number;
  readonly last: object | undefined;
  readonly epoch: number;
}

function copyAccount(account: Account): Account {
  return new Account(account.nonce, account.balance, account.storageRoot, account.codeHash);
}

/**
 * In-memory state with an undo log. SimpleStateManager copies every map at each checkpoint (one per
 * call frame), which measured 430 calls/s with 10,000 slots against 2,420 for an undo log: here a
 * checkpoint is a log length and a revert undoes only what was written since.
 *
 * Accounts are copied on the way in and out because the EVM mutates the objects it reads before
 * writing them back; a shared object would change state without an undo entry.
 * Code arrays are returned as stored, so their identity can key per-code caches.
 */
export class JournaledState implements StateManagerInterface {
  /** Slot values as the running transaction found them (EIP-2200's original values); the executor clears it per transaction. */
  readonly originalStorageCache: OriginalStorage;
  private readonly accounts = new Map<string, Account>();
  private readonly codes = new Map<string, Uint8Array>();
  private readonly storage = new Map<string, Map<string, Uint8Array>>();
  private readonly log: Undo[] = [];
  private readonly checkpoints: number[] = [];
  /** Bumped whenever the log is emptied (its writes become the base state): older marks are gone. */
  private epoch = 0;

  constructor() {
    this.originalStorageCache = new OriginalStorage((address, key) => this.slotAt(address, key));
  }

  /** Open checkpoints, including any the owner keeps as a snapshot. */
  get depth(): number {
    return this.checkpoints.length;
  }

  accountAt(address: Address): Account | undefined {
    const account = this.accounts.get(address.toString());
    return account === undefined ? undefined : copyAccount(account);
  }

  /** `accountAt(address)?.balance`, without the copy. */
  balanceAt(address: Address): bigint {
    return this.accounts.get(address.toString())?.balance ?? 0n;
  }

  codeAt(address: Address): Uint8Array {
    return this.codes.get(address.toString()) ?? EMPTY;
  }

  slotAt(address: Address, key: Uint8Array): Uint8Array {
    return this.storage.get(address.toString())?.get(bytesToUnprefixedHex(key)) ?? EMPTY;
  }

  /** What the slot a `slotId` names holds, as the bytes stored (empty for zero). */
  slotAtId(id: string): Uint8Array {
    const { account, slot } = slotOfId(id);
    return this.storage.get(account)?.get(slot) ?? EMPTY;
  }

  /** `slotAt` for a slot number, as a number. */
  slotValue(address: Address, slot: bigint): bigint {
    const value = this.storage.get(address.toString())?.get(slot.toString(16).padStart(64, '0'));
    return value === undefined ? 0n : bytesToBigInt(value);
  }

  writeAccount(address: Address, account: Account | undefined): void {
    const key = address.toString();
    if (this.checkpoints.length > 0) this.log.push({ kind: 'account', key, previous: this.accounts.get(key) });
    if (account === undefined) this.accounts.delete(key);
    else this.accounts.set(key, copyAccount(account));
  }

  writeSlot(address: Address, key: Uint8Array, value: Uint8Array): void {
    const addressKey = address.toString();
    const slot = bytesToUnprefixedHex(key);
    let slots = this.storage.get(addressKey);
    if (slots === undefined) {
      slots = new Map();
      this.storage.set(addressKey, slots);
    }
    if (this.checkpoints.length > 0) this.log.push({ kind: 'slot', key: addressKey, slot, previous: slots.get(slot) });
    // Zero is absence: the EVM stores zero as an empty array.
    if (value.length === 0 || value.every((byte) => byte === 0)) slots.delete(slot);
    else slots.set(slot, value);
  }

  checkpointSync(): void {
    this.checkpoints.push(this.log.length);
  }

  /** Keeps the writes since the last checkpoint; they now belong to the enclosing one (if any). */
  commitSync(): void {
    this.checkpoints.pop();
    if (this.checkpoints.length > 0) return;
    this.log.length = 0;
    this.epoch++;
  }

  revertSync(): void {
    const mark = this.checkpoints.pop();
    if (mark === undefined) throw new Error('JournaledState: revert without a checkpoint');
    for (let i = this.log.length - 1; i >= mark; i--) this.undo(this.log[i]);
    this.log.length = mark;
  }

  /** Where the state is now, for `rewind` (undefined without an open checkpoint: writes are not logged then). */
  mark(): StateMark | undefined {
    if (this.checkpoints.length === 0) return undefined;
    return { length: this.log.length, last: this.log[this.log.length - 1], epoch: this.epoch };
  }

  /**
   * Undoes every write since `mark`, inside the open checkpoints (those opened after it now start at
   * it); false, changing nothing, when the log no longer holds the writes that led to it.
   */
  rewind(mark: StateMark): boolean {
    const { log } = this;
    if (mark.epoch !== this.epoch || log.length < mark.length || log[mark.length - 1] !== mark.last) return false;
    for (let i = log.length - 1; i >= mark.length; i--) this.undo(log[i]);
    log.length = mark.length;
    for (let i = 0; i < this.checkpoints.length; i++) this.checkpoints[i] = Math.min(this.checkpoints[i], mark.length);
    return true;
  }

  /**
   * The storage slots (`slotId`) whose values the writes logged since `mark` changed: empty when they
   * put back what was there. Undefined when they changed more than storage
   * — a balance or code, an account appearing or going, a contract's nonce (its next CREATE address)
   * — or the log no longer leads to `mark`. The nonce of an account without code (no opcode reads it)
   * and an empty account touched and cleared are no change.
   */
  changedSlotsSince(mark: StateMark): Set<string> | undefined {
    const { log } = this;
    if (mark.epoch !== this.epoch || log.length < mark.length || log[mark.length - 1] !== mark.last) return undefined;
    const slots = new Set<string>();
    // The first entry for a key holds its value at `mark`. Keys seen, by account for slots and by kind otherwise (no key strings built per entry).
    const seen = new Map<string, Set<string>>();
    for (let i = mark.length; i < log.length; i++) {
      const entry = log[i];
      const group = entry.kind === 'slot' ? entry.key : entry.kind;
      const member = entry.kind === 'slot' ? entry.slot : entry.key;
      let members = seen.get(group);
      if (members === undefined) seen.set(group, (members = new Set()));
      if (members.has(member)) continue;
      members.add(member);
      if (entry.kind !== 'slot') {
        if (this.differs(entry)) return undefined;
      } else if (!sameBytes(entry.previous ?? EMPTY, this.storage.get(entry.key)?.get(entry.slot) ?? EMPTY))
        slots.add(slotId(entry.key, BigInt(`0x${entry.slot}`)));
    }
    return slots;
  }

  private differs(entry: Exclude<Undo, { kind: 'slot' }>): boolean {
    switch (entry.kind) {
      case 'account':
        return !sameAccount(entry.previous, this.accounts.get(entry.key), (this.codes.get(entry.key)?.length ?? 0) > 0);
      case 'code':
        return !sameBytes(entry.previous ?? EMPTY, this.codes.get(entry.key) ?? EMPTY);
      case 'storage': {
        const after = this.storage.get(entry.key);
        return entry.previous !== after && (entry.previous?.size ?? 0) + (after?.size ?? 0) > 0;
      }
    }
  }

  private undo(entry: Undo): void {
    switch (entry.kind) {
      case 'account':
        if (entry.previous === undefined) this.accounts.delete(entry.key);
        else this.accounts.set(entry.key, entry.previous);
        return;
      case 'code':
        if (entry.previous === undefined) this.codes.delete(entry.key);
        else this.codes.set(entry.key, entry.previous);
        return;
      case 'slot': {
        const slots = this.storage.get(entry.key);
        if (slots === undefined) return;
        if (entry.previous === undefined) slots.delete(entry.slot);
        else slots.set(entry.slot, entry.previous);
        return;
      }
      case 'storage':
        if (entry.previous === undefined) this.storage.delete(entry.key);
        else this.storage.set(entry.key, entry.previous);
        return;
    }
  }

  // StateManagerInterface: async wrappers around the synchronous core.

  async getAccount(address: Address): Promise<Account | undefined> {
    return this.accountAt(address);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    this.writeAccount(address, account);
  }

  async deleteAccount(address: Address): Promise<void> {
    const key = address.toString();
    this.writeAccount(address, undefined);
    this.replaceCode(key, undefined);
    this.replaceStorage(key, undefined);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = this.accountAt(address) ?? new Account();
    account.nonce = fields.nonce ?? account.nonce;
    account.balance = fields.balance ?? account.balance;
    account.storageRoot = fields.storageRoot ?? account.storageRoot;
    account.codeHash = fields.codeHash ?? account.codeHash;
    this.writeAccount(address, account);
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    this.replaceCode(address.toString(), value);
    await this.modifyAccountFields(address, { codeHash: keccak_256(value) });
  }

  async getCode(address: Address): Promise<Uint8Array> {
    return this.codeAt(address);
  }

  async getCodeSize(address: Address): Promise<number> {
    return this.codeAt(address).length;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.slotAt(address, key);
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.writeSlot(address, key, value);
  }

  async clearStorage(address: Address): Promise<void> {
    this.replaceStorage(address.toString(), new Map());
  }

  async checkpoint(): Promise<void> {
    this.checkpointSync();
  }

  async commit(): Promise<void> {
    this.commitSync();
  }

  async revert(): Promise<void> {
    this.revertSync();
  }

  private replaceCode(key: string, code: Uint8Array | undefined): void {
    if (this.checkpoints.length > 0) this.log.push({ kind: 'code', key, previous: this.codes.get(key) });
    if (code === undefined) this.codes.delete(key);
    else this.codes.set(key, code);
  }

  private replaceStorage(key: string, slots: Map<string, Uint8Array> | undefined): void {
    if (this.checkpoints.length > 0) this.log.push({ kind: 'storage', key, previous: this.storage.get(key) });
    if (slots === undefined) this.storage.delete(key);
    else this.storage.set(key, slots);
  }

  clearCaches(): void {
    this.originalStorageCache.clear();
  }

  /** Addresses (0x-hex) given code since the innermost checkpoint, in the order written. */
  codeWrittenSince(): string[] {
    const mark = this.checkpoints[this.checkpoints.length - 1] ?? 0;
    const written = new Set<string>();
    for (let i = mark; i < this.log.length; i++) {
      const undo = this.log[i];
      if (undo.kind === 'code' && (this.codes.get(undo.key)?.length ?? 0) > 0) written.add(undo.key);
    }
    return [...written];
  }

  /** A copy of the current state without its checkpoints. */
  shallowCopy(): JournaledState {
    const copy = new JournaledState();
    for (const [key, account] of this.accounts) copy.accounts.set(key, account);
    for (const [key, code] of this.codes) copy.codes.set(key, code);
    for (const [key, slots] of this.storage) copy.storage.set(key, new Map(slots));
    return copy;
  }

  // No state trie: roots are not supported.
  async getStateRoot(): Promise<Uint8Array> {
    throw new Error('JournaledState has no state root');
  }

  async setStateRoot(): Promise<void> {
    throw new Error('JournaledState has no state root');
  }

  async hasStateRoot(): Promise<boolean> {
    throw new Error('JournaledState has no state root');
  }
}

/** One storage slot of one account (`address` as @ethereumjs writes it: 0x, lower case). */
export function slotId(address: string, slot: bigint): string {
  return `${address}:${slot.toString(16)}`;
}

/** The account and the slot (as `storage` keys them: 64 hex digits) a `slotId` names. */
function slotOfId(id: string): { account: string; slot: string } {
  const colon = id.lastIndexOf(':');
  return { account: id.slice(0, colon), slot: id.slice(colon + 1).padStart(64, '0') };
}

function sameAccount(before: Account | undefined, after: Account | undefined, hasCode: boolean): boolean {
  if (before === undefined || after === undefined) return before === after;
  return (
    before.balance === after.balance &&
    (before.nonce === after.nonce || !hasCode) &&
    sameBytes(before.codeHash, after.codeHash) &&
    sameBytes(before.storageRoot, after.storageRoot)
  );
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The library's OriginalStorageCache (the value a slot had when first read in the transaction),
 * also answering synchronously (`at`), for the synchronous SSTORE gas (`storageOpcodes`): one cache,
 * so the library's SSTORE and Lookout's agree on what was original.
 */
export class OriginalStorage {
  private readonly slots = new Map<string, Map<string, Uint8Array>>();

  constructor(private readonly read: (address: Address, key: Uint8Array) => Uint8Array) {}

  at(address: Address, key: Uint8Array): Uint8Array {
    const addressKey = address.toString();
    const slot = bytesToUnprefixedHex(key);
    let slots = this.slots.get(addressKey);
    if (slots === undefined) {
      slots = new Map();
      this.slots.set(addressKey, slots);
    }
    let value = slots.get(slot);
    if (value === undefined) {
      value = this.read(address, key);
      slots.set(slot, value);
    }
    return value;
  }

  async get(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.at(address, key);
  }

  clear(): void {
    this.slots.clear();
  }
}
