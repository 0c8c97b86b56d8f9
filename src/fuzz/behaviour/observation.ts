import {
  bytesToHex,
  decodeAbiParameters,
  decodeErrorResult,
  decodeEventLog,
  toEventSelector,
  toFunctionSelector,
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type Hex,
} from 'viem';
import { type Address, storageKey, type TxResult } from '../../evm/index.js';
import { argumentsText, type Call, customErrorText, decodeRevert, describeRevert, etherChangeText, valueText } from '../../abi/index.js';
import { toTx } from '../campaign/sequenceRunner.js';
import { TokenReadings, tokenChanges, type Readings, type StateChange, type TokenChange } from './tokenReadings.js';
import { contractOfRuntime, type DeployedWorld } from '../../deploy/index.js';
import { AddressBook } from './addressBook.js';

/** What a caller can observe of one transaction, in words that do not depend on addresses or gas. */
export interface TxObservation {
  /** `reverts with …` or `fails: …`; undefined when the transaction succeeded. */
  failure?: string;
  /** The return data decoded by the called function's outputs ('' when it returns nothing). */
  returns: string;
  /** `Token.Transfer(alice, bob, 5)`, in emission order. */
  events: string[];
  /** Nonzero ether balance changes of the senders and deployments (`alice +1 ether`), in account order. */
  ether: string[];
  /** Token views the transaction changed. */
  tokens: TokenChange[];
}

type AbiError = Extract<Abi[number], { type: 'error' }>;

/** One call's observation, its token changes still to be read, and the accounts it touched (by name). */
export interface TxRun {
  observation: TxObservation;
  /** Accounts whose storage the transaction wrote or whose ether balance it changed. */
  touched: ReadonlySet<string>;
}

/** ABI items found by selector, each with the deployment whose ABI declares it. */
type Declarations<T> = Map<string, { to: number; item: T }[]>;

/**
 * Runs calls on one revision's world and observes them. The executor is reset by `reset()`; the token
 * views after the last transaction are kept, so a transaction's token changes cost one reading of
 * the tokens it touched.
 */
export class RevisionObserver {
  private readonly events: Declarations<AbiEvent>;
  private readonly errors: Declarations<AbiError>;
  private readonly indexOf: Map<string, number>;
  private current: Readings;
  /** What the last call changed, for the token views to read again. */
  private lastChange?: StateChange;

  private constructor(
    readonly world: DeployedWorld,
    readonly book: AddressBook,
    private readonly tokens: TokenReadings,
    private readonly initial: Readings,
  ) {
    this.events = declarations(world, 'event', (e) => toEventSelector(e));
    // viem hashes an error's signature as a function's (typed for functions only).
    this.errors = declarations(world, 'error', (e) => toFunctionSelector(e as unknown as AbiFunction));
    this.indexOf = new Map(world.executor.deployments.map((d, i) => [d.address.toLowerCase(), i]));
    this.current = initial;
  }

  /** Reads the token views of the deployed state once: every sequence starts from it. */
  static async create(world: DeployedWorld): Promise<RevisionObserver> {
    const book = new AddressBook(world);
    world.executor.reset();
    const tokens = await TokenReadings.create(world, book);
    return new RevisionObserver(world, book, tokens, await tokens.read(world.executor, tokens.views(tokens.tokens), new Map()));
  }

  reset(): void {
    this.world.executor.reset();
    this.book.forgetCreated();
    this.current = this.initial;
  }

  /**
   * Runs one call and observes it, all but its token changes: those are read by `tokenChanges` for
   * the tokens either revision touched, so that both revisions read their views at the same points.
   * `observe` sees the transaction's result before anything else runs (its trace is still its own).
   */
  async run(call: Call, observe?: (result: TxResult) => void): Promise<TxRun> {
    const { executor } = this.world;
    const accounts = this.book.accounts;
    const before = accounts.map((a) => executor.balanceOf(a));
    const result = await executor.run(toTx(call));
    observe?.(result);
    for (const address of result.created) this.book.created(address, this.createdContract(address));
    const touched = new Set<string>();
    const etherMoved = new Set<string>();
    const ether = accounts.flatMap((a, i) => {
      const change = executor.balanceOf(a) - before[i];
      if (change === 0n) return [];
      touched.add(this.book.name(a));
      etherMoved.add(this.book.name(a));
      return [`${this.book.name(a)} ${etherChangeText(change)}`];
    });
    const { sstores } = result.trace;
    this.lastChange = {
      storage: new Set(sstores.map((write) => storageKey(write.address, write.slot))),
      ether: etherMoved,
      everything: sstores.length >= executor.traceLimits.maxStorageAccesses,
    };
    if (result.outcome.kind !== 'success') {
      return { observation: { failure: this.failure(result, call.to), returns: '', events: [], ether, tokens: [] }, touched };
    }
    for (const write of result.trace.sstores) touched.add(this.book.name(write.address));
    const observation = { returns: this.returns(call, result.returnData), events: result.logs.map((log) => this.event(log)), ether, tokens: [] };
    return { observation, touched };
  }

  /**
   * The views of the `touched` tokens the transaction just run may have changed (see
   * `TokenReadings.stale`). Both revisions read the union of theirs, so a view that also changes with
   * time alone (interest accrual) is read at the same points on both: when either writes what it reads.
   */
  staleViews(touched: ReadonlySet<string>): Set<string> {
    return this.tokens.stale(
      [...this.tokens.tokens].filter((token) => touched.has(token)),
      this.current,
      this.lastChange,
    );
  }

  /** How the transaction just run changed the given token views. */
  async tokenChanges(views: ReadonlySet<string>): Promise<TokenChange[]> {
    if (views.size === 0) return [];
    const after = await this.tokens.read(this.world.executor, views, this.current);
    const changes = tokenChanges(this.current, after, (key) => this.tokens.decimalsOf(key));
    this.current = after;
    return changes;
  }

  /** The compiled contract a created address runs (by its runtime code), for its name. */
  private createdContract(address: Address): string {
    const { executor } = this.world;
    const codeId = executor.codeIdOf(address);
    return (codeId === undefined ? undefined : contractOfRuntime(executor.code(codeId), this.world.contracts))?.name ?? 'contract';
  }

  private failure(result: TxResult, to: number): string {
    const outcome = result.outcome;
    if (outcome.kind === 'invalid') return 'fails: INVALID opcode';
    if (outcome.kind !== 'revert') return `fails: ${outcome.kind === 'error' ? outcome.error : outcome.kind}`;
    const reason = decodeRevert(outcome.data);
    if (reason.kind === 'empty') return 'reverts without data';
    if (reason.kind !== 'other') return `reverts with ${describeRevert(reason)}`;
    const custom = this.decoded(this.errors, reason.data.slice(0, 10), to, (error) => {
      const { args } = decodeErrorResult({ abi: [error], data: reason.data });
      return customErrorText(error.name, error.inputs, args ?? [], this.book.names);
    });
    return `reverts with ${custom ?? describeRevert(reason)}`;
  }

  private returns(call: Call, data: Uint8Array): string {
    if (data.length === 0) return '';
    const target = call.target;
    if (target.kind !== 'function') return bytesToHex(data);
    try {
      const values = decodeAbiParameters(target.fn.outputs, data);
      const outputs = target.fn.outputs;
      return outputs.length === 1 ? valueText(outputs[0], values[0], this.book.names) : argumentsText(outputs, values, this.book.names);
    } catch {
      return bytesToHex(data);
    }
  }

  private event(log: TxResult['logs'][number]): string {
    const emitter = this.book.name(log.address);
    const topics = log.topics.map((t) => bytesToHex(t)) as [Hex, ...Hex[]];
    const data = bytesToHex(log.data);
    const decoded =
      topics.length === 0
        ? undefined
        : this.decoded(this.events, topics[0], this.indexOf.get(log.address.toLowerCase()), (event) => {
            const { args } = decodeEventLog({ abi: [event], topics, data, strict: true });
            return `${event.name}${argumentsText(event.inputs, args, this.book.names)}`;
          });
    return `${emitter}.${decoded ?? `log(topics [${topics.join(', ')}], data ${data})`}`;
  }

  /** The first declaration with this selector that decodes, the one `preferred` declares tried first. */
  private decoded<T>(declared: Declarations<T>, selector: string, preferred: number | undefined, decode: (item: T) => string): string | undefined {
    const candidates = [...(declared.get(selector) ?? [])].sort((a, b) => Number(b.to === preferred) - Number(a.to === preferred));
    for (const { item } of candidates) {
      try {
        return decode(item);
      } catch {
        // Same selector, other parameters (an indexed-ness mismatch): try the next declaration.
      }
    }
    return undefined;
  }
}

function declarations<T extends AbiEvent | AbiError>(world: DeployedWorld, type: T['type'], selector: (item: T) => string): Declarations<T> {
  const found: Declarations<T> = new Map();
  world.contracts.forEach((contract, to) => {
    for (const item of contract.abi) {
      if (item.type !== type) continue;
      const key = selector(item as T);
      found.set(key, [...(found.get(key) ?? []), { to, item: item as T }]);
    }
  });
  return found;
}
