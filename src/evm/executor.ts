import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { type EVM, EVMError, type EVMResult, createEVM, paramsEVM } from '@ethereumjs/evm';
import {
  Account,
  type Address as EthAddress,
  bigIntToBytes,
  bytesToHex,
  bytesToUnprefixedHex,
  createAddressFromBigInt,
  createZeroAddress,
  setLengthLeft,
} from '@ethereumjs/util';
import { ConfigurationError } from '../errors.js';
import { type CheatcodeOptions, CheatcodeSession } from './cheatcodes/session.js';
import { CodeRegistry } from './codeRegistry.js';
import { type FrameExit, instrumentedOpcodes, trackFrames } from './instrumentation.js';
import { JournaledState, slotId } from './journaledState.js';
import { enableEipLookup } from './eipLookup.js';
import { enableJumpAnalysisCache } from './jumpAnalysisCache.js';
import { enableStepLoop } from './stepLoop.js';
import { enableLeanFrameResults } from './frameResults.js';
import { storageOpcodes } from './storageOpcodes.js';
import { BlockHashes, blockHashOpcode } from './blockHashes.js';
import { BlockReads, blockReadOpcodes } from './blockReads.js';
import { memoryGasOpcodes } from './memoryGas.js';
import { namedAccounts } from './namedAccounts.js';
import { keepSynchronous } from './syncOpcodes.js';
import { wordOpcodes } from './wordOpcodes.js';
import { pointEvaluationKzg } from './pointEvaluation.js';
import { decodeRevert, describeRevert } from '../abi/index.js';
import { DEFAULT_GAS_LIMIT, SENDER_ADDRESSES } from '../config/index.js';
import { DEFAULT_TRACE_LIMITS, type TraceLimits, TraceRecorder } from './traceRecorder.js';
import { type ProbeAnswer, ProbeMemo, StateVersions } from './probeMemo.js';
import { intrinsicGas, transactionGasUsed } from './txGas.js';
import { viewFrame, viewFrameFits } from './viewFrame.js';
import type { Address, CreationRequest, DeployOutcome, DeployRequest, Deployment, Tx, TxOutcome, TxResult, TxTrace } from './types.js';

export interface ExecutorOptions {
  /** Gas limit of each transaction, intrinsic gas included (default 12,500,000, as Echidna and Medusa). */
  gasLimit?: bigint;
  /**
   * The funded accounts: the deployer (account 0) and the senders `Tx.sender` indexes (default: the
   * three SENDER_ADDRESSES, the first deploying). The deployer sends transactions only if listed.
   */
  accounts?: ChainAccounts;
  traceLimits?: Partial<TraceLimits>;
  /** forge's cheatcodes at its cheatcode address (Foundry tests); without it the EVM has none of their hooks. */
  cheatcodes?: CheatcodeOptions;
  /** False: no opcode hooks, so traces stay empty (the throughput benchmark's control for what instrumentation costs). */
  instrumented?: boolean;
  /**
   * Give the point-evaluation precompile (0x0a) its KZG library (default true). Off, a call to 0x0a
   * is an internal error of the EVM library, which fails that one transaction.
   */
  pointEvaluation?: boolean;
  /** The block the chain starts at (default START_BLOCK, START_TIMESTAMP; forge's tests start at block 1, timestamp 1). */
  start?: ChainStart;
}

export interface ChainStart {
  number: bigint;
  timestamp: bigint;
}

export interface ChainAccounts {
  deployer: Address;
  senders: readonly Address[];
}

/** The note a transaction fails with when the EVM library throws instead of returning a result. */
export const EVM_INTERNAL_ERROR = 'EVM internal error';

export const SENDER_BALANCE = 1_000_000n * 10n ** 18n;
export const START_BLOCK = 1n;
export const START_TIMESTAMP = 1_700_000_000n;
const DEFAULT_ACCOUNTS: ChainAccounts = { deployer: SENDER_ADDRESSES[0], senders: SENDER_ADDRESSES };

/** Gas of a creation transaction, unless the configured gas limit is higher (a constructor that needs more). */
export const DEPLOY_GAS = 30_000_000n;
// Prague precompiles 0x01..0x11 and the coinbase are warm in every transaction (EIP-2929, EIP-3651).
const ALWAYS_WARM = [...Array.from({ length: 0x11 }, (_, i) => (i + 1).toString(16).padStart(40, '0')), '0'.repeat(40)];
const OP_INVALID = 0xfe;

type Header = { number: bigint; timestamp: bigint };

/**
 * Runs transactions against contracts deployed once, from a snapshot restored cheaply between
 * sequences. Uses `evm.runCall` rather than `runTx` (−47 % for the tx object and receipts, far
 * worse when signing) and so redoes what a transaction boundary does: warm sets, the original-storage
 * cache and transient storage are cleared after every transaction, the caller's nonce is bumped by
 * `runCall`, and `gasUsed` adds the intrinsic cost.
 *
 * Lifecycle: `open()` (funded senders, nothing deployed) → `deploy()` any number of times →
 * `snapshot()` → `run` / `reset` / `view`. `create()` does all three for a list of contracts.
 */
export class Executor {
  private readonly block = {
    header: {
      number: START_BLOCK,
      timestamp: START_TIMESTAMP,
      coinbase: createZeroAddress(),
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: 30_000_000n,
      baseFeePerGas: 0n,
      getBlobGasPrice: () => 1n,
    },
  };
  /** The deployer first, then every sender that is not the deployer: what `deploy` indexes. */
  private readonly accounts: readonly Address[];
  private readonly accountAddresses: readonly EthAddress[];
  /** What `Tx.sender` indexes: the configured senders, then those `addSender` named. */
  private readonly senderList: Address[];
  private readonly senders: EthAddress[];
  private readonly targets: EthAddress[] = [];
  private readonly deployed: Deployment[] = [];
  /** Creation transactions by deployment index (adopted contracts have none). */
  private readonly creations = new Map<number, CreationRequest>();
  private readonly snapshotHeader: Header = { number: START_BLOCK, timestamp: START_TIMESTAMP };
  /** The state `snapshot()` took, without checkpoints: what `fresh()` starts from. */
  private baseline: JournaledState | undefined;
  private outermostExit: FrameExit | undefined;
  /** The last `run`'s transaction and the block it started from: what `beforeLastTransaction` rewinds. */
  private lastTx: Tx | undefined;
  private readonly lastHeader: Header = { number: START_BLOCK, timestamp: START_TIMESTAMP };
  private readonly gasLimit: bigint;
  private readonly deployGas: bigint;
  /** What changed from state to state in the running sequence (`JournaledState.changedSlotsSince`): what `probes` rest on. */
  private readonly versions = new StateVersions();
  /** Property probes' last runs; none with cheatcodes, whose session keeps state of its own (pranks, warps, snapshots). */
  private readonly probes: ProbeMemo | undefined;

  private constructor(
    private readonly evm: EVM,
    private readonly state: JournaledState,
    private readonly recorder: TraceRecorder,
    private readonly registry: CodeRegistry,
    private readonly options: ExecutorOptions,
    /** forge's cheatcodes, when the executor was opened with them. */
    readonly cheatcodes: CheatcodeSession | undefined,
    private readonly blockReads: BlockReads,
  ) {
    this.probes = cheatcodes === undefined ? new ProbeMemo(this.versions, (slot) => bytesToUnprefixedHex(state.slotAtId(slot))) : undefined;
    this.gasLimit = options.gasLimit ?? DEFAULT_GAS_LIMIT;
    this.deployGas = this.gasLimit > DEPLOY_GAS ? this.gasLimit : DEPLOY_GAS;
    const start = options.start ?? { number: START_BLOCK, timestamp: START_TIMESTAMP };
    for (const header of [this.block.header, this.snapshotHeader, this.lastHeader]) Object.assign(header, start);
    const accounts = options.accounts ?? DEFAULT_ACCOUNTS;
    this.accounts = accountsOf(accounts);
    this.accountAddresses = this.accounts.map(ethAddress);
    this.senderList = [...accounts.senders];
    this.senders = this.senderList.map(ethAddress);
    cheatcodes?.attach(evm, this.block.header);
    trackFrames(evm, recorder, (exit) => {
      this.outermostExit = exit;
    });
  }

  /** A chain with the funded senders and nothing deployed yet. */
  static async open(options: ExecutorOptions = {}): Promise<Executor> {
    const state = new JournaledState();
    for (const account of accountsOf(options.accounts ?? DEFAULT_ACCOUNTS)) {
      state.writeAccount(ethAddress(account), new Account(0n, SENDER_BALANCE));
    }
    return Executor.onState(state, new CodeRegistry(), options);
  }

  /** Deploys each request from the deployer (in order) and snapshots the result; a revert is a ConfigurationError. */
  static async create(requests: readonly DeployRequest[], options: ExecutorOptions = {}): Promise<Executor> {
    const executor = await Executor.open(options);
    for (const request of requests) {
      const outcome = await executor.deploy({ file: request.file ?? '', name: request.name, creationCode: request.creationCode });
      if (outcome.kind === 'failed') {
        throw new ConfigurationError(`Deploying ${request.name} with no constructor arguments failed: the constructor ${outcome.reason}`);
      }
    }
    await executor.snapshot();
    return executor;
  }

  private static async onState(state: JournaledState, registry: CodeRegistry, options: ExecutorOptions): Promise<Executor> {
    const kzg = options.pointEvaluation === false ? undefined : pointEvaluationKzg();
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM, customCrypto: { kzg } });
    enableEipLookup(common);
    const recorder = new TraceRecorder(registry, { ...DEFAULT_TRACE_LIMITS, ...options.traceLimits });
    const cheatcodes = options.cheatcodes === undefined ? undefined : new CheatcodeSession(state, options.cheatcodes);
    await cheatcodes?.placeMarkerCode();
    const blockHashes = new BlockHashes();
    const blockReads = new BlockReads();
    const replaced = [...wordOpcodes(common), ...storageOpcodes(common, state), ...blockHashOpcode(common, blockHashes)];
    const words = [...replaced, ...memoryGasOpcodes(common, replaced), ...blockReadOpcodes(common, replaced, blockReads)];
    const hooked = options.instrumented === false ? words : [...words, ...instrumentedOpcodes(common, recorder, words)];
    const customOpcodes = cheatcodes === undefined ? hooked : [...hooked, ...cheatcodes.opcodes(common, hooked)];
    const evm = await createEVM({
      common,
      stateManager: state,
      blockchain: blockHashes,
      customOpcodes,
      customPrecompiles: cheatcodes?.precompiles(),
      // Fuzzed projects are often compiled without the optimizer, past the 24 KiB limit.
      allowUnlimitedContractSize: true,
      allowUnlimitedInitCodeSize: true,
    });
    keepSynchronous(evm, common, customOpcodes);
    await enableJumpAnalysisCache(evm);
    await enableStepLoop(evm);
    await enableLeanFrameResults(evm);
    return new Executor(evm, state, recorder, registry, options, cheatcodes, blockReads);
  }

  /** Contracts deployed so far, in order: `Tx.to` indexes them. */
  get deployments(): readonly Deployment[] {
    return this.deployed;
  }

  /**
   * Runs one creation transaction. When it fails, nothing of it stays (the deployer's nonce
   * included) and the outcome says why, the revert data decoded.
   */
  async deploy(request: CreationRequest): Promise<DeployOutcome> {
    if (this.baseline !== undefined) throw new Error('Executor.deploy after snapshot()');
    const deployer = request.deployer ?? 0;
    const caller = this.creatorOf(request);
    const value = request.value ?? 0n;
    this.state.checkpointSync();
    const result = await this.containedCall({
      block: this.block,
      caller,
      origin: caller,
      data: request.creationCode,
      value,
      gasLimit: this.deployGas,
    });
    await this.endTransaction();
    if (typeof result === 'string') {
      this.state.revertSync();
      return { kind: 'failed', reason: `failed with ${result}` };
    }
    const error = result.execResult.exceptionError;
    if (error !== undefined || result.createdAddress === undefined) {
      this.state.revertSync();
      if (error !== undefined && ranOutOfGas(error.error)) {
        const gas = this.deployGas.toLocaleString('en-US');
        return { kind: 'failed', reason: `ran out of gas (${gas} gas for its run and 200 gas a byte of the code it deposits)`, outOfGas: true };
      }
      const why =
        error?.error === 'revert' ? `reverted with ${describeRevert(decodeRevert(result.execResult.returnValue))}` : (error?.error ?? 'created no contract');
      return { kind: 'failed', reason: why };
    }
    const address = result.createdAddress;
    const created = this.state
      .codeWrittenSince()
      .filter((other) => other !== address.toString())
      .map((other) => ({ address: other as Address, code: this.state.codeAt(ethAddress(other as Address)) }));
    this.state.commitSync();
    const code = this.state.codeAt(address);
    const deployment: Deployment = {
      file: request.file,
      name: request.name,
      address: address.toString() as Address,
      deployer,
      value,
      code,
      codeId: this.registry.idOf(code),
      creationBlocks: new Set(),
      // Constructor arguments end the creation input, so its words are counted from the end.
      namedSenders: namedAccounts(request.creationCode, this.senderAddresses.map(BigInt), request.creationCode.length % 32),
    };
    this.deployed.push(deployment);
    this.creations.set(this.deployed.length - 1, request);
    this.targets.push(address);
    return { kind: 'deployed', index: this.deployed.length - 1, deployment, created };
  }

  /**
   * Makes a contract a transaction created (one a constructor created, Echidna's `allContracts`; one
   * a Foundry test's `setUp` created) a deployment `Tx.to` can address, with a code id like any
   * deployment, before `snapshot()`. Its creation blocks stay unknown (no creation transaction of its own).
   */
  adopt(contract: { file: string; name: string; address: Address }, deployer = 0): number {
    if (this.baseline !== undefined) throw new Error('Executor.adopt after snapshot()');
    const at = ethAddress(contract.address);
    const code = this.state.codeAt(at);
    if (code.length === 0) throw new Error(`Executor.adopt: no code at ${contract.address}`);
    this.deployed.push({
      file: contract.file,
      name: contract.name,
      address: contract.address,
      deployer,
      value: 0n,
      code,
      codeId: this.registry.idOf(code),
      creationBlocks: new Set(),
      namedSenders: [],
    });
    this.targets.push(at);
    return this.deployed.length - 1;
  }

  /**
   * Makes a contract a transaction creates (Echidna's `allContracts` at run time) a deployment
   * `Tx.to` can address, after `snapshot()` too: its address is fixed by its creator's nonce, so the
   * sequences that create it create it there; before that, a call to it reaches an empty account.
   * The index of a deployment at that address already, if any.
   */
  adoptCreated(contract: { file: string; name: string; address: Address; code: Uint8Array }, deployer = 0): number {
    const known = this.deployed.findIndex((d) => d.address === contract.address);
    if (known >= 0) return known;
    const { file, name, address, code } = contract;
    this.deployed.push({ file, name, address, deployer, value: 0n, code, codeId: this.registry.idOf(code), creationBlocks: new Set(), namedSenders: [] });
    this.targets.push(ethAddress(address));
    return this.deployed.length - 1;
  }

  /** Whether deployment `to` has code now (one a transaction creates has it only after that transaction). */
  hasCode(to: number): boolean {
    return this.state.codeAt(this.target(to)).length > 0;
  }

  /**
   * Ends deployment: fills each deployment's `creationBlocks` and makes the current state the one
   * `reset()` and `fresh()` return to.
   */
  async snapshot(): Promise<void> {
    if (this.baseline !== undefined) throw new Error('Executor.snapshot called twice');
    // Transactions before it (a Foundry setUp(), the senders' funding) opened checkpoints of their own: they belong to the snapshot, not to what reset() undoes.
    while (this.state.depth > 0) this.state.commitSync();
    // Traced after all deployments, so that runtime codes keep the ids 0..n-1.
    for (const [i, request] of this.creations) {
      for (const pc of await this.constructorBlocks(request)) (this.deployed[i].creationBlocks as Set<number>).add(pc);
    }
    this.baseline = this.state.shallowCopy();
    this.snapshotHeader.number = this.block.header.number;
    this.snapshotHeader.timestamp = this.block.header.timestamp;
    this.state.checkpointSync();
    this.versions.reset();
  }

  /**
   * Another executor (its own EVM) in this one's snapshot state, with the same deployments and code
   * ids: for replaying a finding on a fresh chain.
   */
  async fresh(): Promise<Executor> {
    if (this.baseline === undefined) throw new Error('Executor.fresh before snapshot()');
    const copy = await Executor.onState(this.baseline.shallowCopy(), this.registry, this.options);
    copy.deployed.push(...this.deployed);
    copy.targets.push(...this.targets);
    for (const sender of this.senderList) copy.addSender(sender);
    copy.baseline = this.baseline;
    copy.snapshotHeader.number = copy.block.header.number = this.snapshotHeader.number;
    copy.snapshotHeader.timestamp = copy.block.header.timestamp = this.snapshotHeader.timestamp;
    copy.state.checkpointSync();
    return copy;
  }

  /**
   * Constructor lines are targets in creation code: which of its blocks a deployment runs. Replays
   * the constructor with tracing on and rolls the state back.
   */
  private async constructorBlocks(request: CreationRequest): Promise<ReadonlySet<number>> {
    const caller = this.creatorOf(request);
    this.state.checkpointSync();
    this.recorder.begin();
    try {
      await this.containedCall({
        block: this.block,
        caller,
        origin: caller,
        data: request.creationCode,
        value: request.value ?? 0n,
        gasLimit: this.deployGas,
      });
      return new Set(this.recorder.trace().blocks.get(this.registry.idOf(request.creationCode)));
    } finally {
      this.recorder.recording = false;
      await this.endTransaction();
      this.state.revertSync();
    }
  }

  /** Back to the state right after deployment: undoes every write since, in O(writes). */
  reset(): void {
    if (this.baseline === undefined) throw new Error('Executor.reset before snapshot()');
    while (this.state.depth > 0) this.state.revertSync();
    this.state.checkpointSync();
    this.evm.journal.cleanJournal();
    this.clearTransactionCaches();
    this.cheatcodes?.reset();
    this.block.header.number = this.snapshotHeader.number;
    this.block.header.timestamp = this.snapshotHeader.timestamp;
    this.lastTx = undefined;
    this.versions.reset();
  }

  /**
   * Runs a transaction. Each one opens a checkpoint (a log length: free) that `reset()` closes, so
   * that `beforeLastTransaction` can rewind it.
   */
  async run(tx: Tx): Promise<TxResult> {
    const caller = this.sender(tx.sender);
    const to = this.target(tx.to);
    this.lastTx = tx;
    this.lastHeader.number = this.block.header.number;
    this.lastHeader.timestamp = this.block.header.timestamp;
    this.state.checkpointSync();
    const before = this.state.mark()!;
    this.block.header.number += BigInt(tx.blockDelay);
    this.block.header.timestamp += BigInt(tx.timeDelay);
    this.outermostExit = undefined;
    this.recorder.begin();
    const intrinsic = intrinsicGas(tx.data);
    const balance = this.state.balanceAt(caller);
    if (balance < tx.value || intrinsic > this.gasLimit) {
      this.recorder.recording = false;
      const error = balance < tx.value ? 'insufficient balance' : 'intrinsic gas exceeds the gas limit';
      const outcome: TxOutcome = { kind: 'error', error, pc: 0, codeId: this.codeIdOf(this.deployments[tx.to].address) ?? -1 };
      return { outcome, returnData: new Uint8Array(0), gasUsed: 0n, logs: [], trace: this.recorder.trace(), created: [] };
    }
    this.warmTransactionAddresses(caller, to);
    let result: EVMResult | string;
    try {
      result = await this.containedCall({
        block: this.block,
        caller,
        origin: caller,
        to,
        data: tx.data,
        value: tx.value,
        gasLimit: this.gasLimit - intrinsic,
      });
    } finally {
      this.recorder.recording = false;
    }
    await this.endTransaction();
    // A campaign without properties never asks what changed: the state counts as moved.
    const changed = this.probes?.active ? this.state.changedSlotsSince(before) : undefined;
    if (changed === undefined || changed.size > 0) this.versions.moved(changed);
    if (typeof result === 'string') {
      const outcome: TxOutcome = { kind: 'error', error: result, pc: 0, codeId: this.codeIdOf(this.deployments[tx.to].address) ?? -1 };
      return { outcome, returnData: new Uint8Array(0), gasUsed: this.gasLimit, logs: [], trace: this.recorder.trace(), created: [] };
    }
    const exec = result.execResult;
    return {
      outcome: this.outcome(result),
      returnData: exec.returnValue,
      gasUsed: transactionGasUsed(tx.data, exec.executionGasUsed, exec.gasRefund ?? 0n),
      logs: (exec.logs ?? []).map(([address, topics, data]) => ({ address: bytesToHex(address) as Address, topics, data })),
      trace: this.recorder.trace(),
      created: exec.createdAddresses === undefined ? [] : ([...exec.createdAddresses] as Address[]),
    };
  }

  /**
   * Counterfactuals (the reentrancy oracle's "same calls without re-entry"): runs `alternative` in the
   * state and block before the last `run`, then undoes whatever it did and runs that transaction
   * again, which puts back the state after it (execution is deterministic) and its trace buffers.
   */
  async beforeLastTransaction<T>(alternative: (chain: this) => Promise<T>): Promise<T> {
    const tx = this.lastTx;
    if (tx === undefined) throw new Error('Executor.beforeLastTransaction without a transaction since reset()');
    const { number, timestamp } = this.lastHeader;
    this.state.revertSync();
    this.stateMoved();
    const depth = this.state.depth;
    this.state.checkpointSync();
    try {
      this.block.header.number = number;
      this.block.header.timestamp = timestamp;
      return await alternative(this);
    } finally {
      while (this.state.depth > depth) this.state.revertSync();
      this.stateMoved();
      this.block.header.number = number;
      this.block.header.timestamp = timestamp;
      await this.run(tx);
    }
  }

  /**
   * Calls without changing state. With `recordReads`, also the storage the call read (as
   * `storageKey`s), or undefined when it read more than the trace holds.
   */
  async view(
    to: number,
    data: Uint8Array,
    sender = 0,
    options: { recordReads?: boolean; extendLastTrace?: boolean } = {},
  ): Promise<{ success: boolean; returnData: Uint8Array; reads?: ReadonlySet<string> }> {
    const caller = this.sender(sender);
    const target = this.target(to);
    this.state.checkpointSync();
    if (options.recordReads) this.recorder.begin();
    else if (options.extendLastTrace) this.recorder.recording = this.recorder.keepUnbranched = true;
    try {
      this.warmTransactionAddresses(caller, target);
      const result = await this.viewCall(caller, target, data);
      this.recorder.recording = false;
      this.endView();
      if (typeof result === 'string') return { success: false, returnData: new Uint8Array(0) };
      const success = result.execResult.exceptionError === undefined;
      if (!options.recordReads) return { success, returnData: result.execResult.returnValue };
      const { sloads } = this.recorder.trace();
      const reads = sloads.length >= this.traceLimits.maxStorageAccesses ? undefined : new Set(sloads.map((a) => storageKey(a.address, a.slot)));
      return { success, returnData: result.execResult.returnValue, reads };
    } finally {
      this.recorder.recording = this.recorder.keepUnbranched = false;
      this.state.revertSync();
    }
  }

  /**
   * `view`, traced as part of the last transaction (for property probes): the branches and
   * comparisons of a property join that transaction's trace (`lastTrace()`), so what only a
   * property reads still guides the search (coverage, distances) towards the sequence breaking it.
   */
  async probe(to: number, data: Uint8Array, sender = 0): Promise<ProbeAnswer> {
    const { probes, recorder } = this;
    const block = { number: this.block.header.number, timestamp: this.block.header.timestamp };
    // Before the snapshot, deployments change state without a version of their own.
    if (probes === undefined || this.baseline === undefined) return this.view(to, data, sender, { extendLastTrace: true });
    const known = probes.lookup(to, data, sender, block);
    if (known !== undefined) {
      recorder.recording = recorder.keepUnbranched = true;
      recorder.replay(known.tape);
      recorder.recording = recorder.keepUnbranched = false;
      return known.answer;
    }
    this.blockReads.seen = false;
    recorder.startTape();
    let answer: ProbeAnswer;
    try {
      answer = await this.view(to, data, sender, { extendLastTrace: true });
    } catch (error) {
      recorder.endTape();
      throw error;
    }
    probes.keep(to, data, sender, { state: this.versions.version, block, readBlock: this.blockReads.seen, answer, tape: recorder.endTape() });
    return answer;
  }

  /** The last transaction's trace, with the probes run since. */
  lastTrace(): TxTrace {
    return this.recorder.trace();
  }

  /** How much one transaction's trace holds. */
  get traceLimits(): TraceLimits {
    return { ...DEFAULT_TRACE_LIMITS, ...this.options.traceLimits };
  }

  getStorage(address: Address, slot: bigint): bigint {
    return this.state.slotValue(ethAddress(address), slot);
  }

  /** Writes a slot directly (demand-driven sequences); `reset()` undoes it like any other write. */
  setStorage(address: Address, slot: bigint, value: bigint): void {
    const at = ethAddress(address);
    this.versions.moved(new Set([slotId(at.toString(), slot)]));
    this.state.writeSlot(at, slotKey(slot), value === 0n ? new Uint8Array(0) : bigIntToBytes(value));
  }

  /** Sets an account's balance directly (forge funds its test contract so); `reset()` undoes it after `snapshot()`. */
  setBalance(address: Address, wei: bigint): void {
    this.updateAccount(address, (account) => (account.balance = wei));
  }

  /** Sets an account's nonce directly (forge's sender starts at 1, which places its test contract). */
  setNonce(address: Address, nonce: bigint): void {
    this.updateAccount(address, (account) => (account.nonce = nonce));
  }

  private updateAccount(address: Address, update: (account: Account) => void): void {
    this.stateMoved();
    const at = ethAddress(address);
    const account = this.state.accountAt(at) ?? new Account();
    update(account);
    this.state.writeAccount(at, account);
  }

  balanceOf(address: Address): bigint {
    return this.state.balanceAt(ethAddress(address));
  }

  /** The wei an account held when the chain opened, before anything was deployed: SENDER_BALANCE for the funded accounts. */
  openingBalance(address: Address): bigint {
    return this.accounts.includes(address) ? SENDER_BALANCE : 0n;
  }

  /** Code id of a code, or of the code at an address (undefined when it has none). */
  codeIdOf(codeOrAddress: Uint8Array | Address): number | undefined {
    const code = typeof codeOrAddress === 'string' ? this.state.codeAt(ethAddress(codeOrAddress)) : codeOrAddress;
    return code.length === 0 ? undefined : this.registry.idOf(code);
  }

  /** The code a trace's code id stands for. */
  code(codeId: number): Uint8Array {
    return this.registry.code(codeId);
  }

  get blockNumber(): bigint {
    return this.block.header.number;
  }

  get timestamp(): bigint {
    return this.block.header.timestamp;
  }

  /** Sender addresses by `Tx.sender` index. */
  get senderAddresses(): readonly Address[] {
    return this.senderList;
  }

  /** Funded accounts by `CreationRequest.deployer` index: the deployer, then the other senders. */
  get deployerAddresses(): readonly Address[] {
    return this.accounts;
  }

  /** The deployment at `index` is Lookout's own code (its attacker): see CodeRegistry.leaveUnobserved. */
  leaveUnobserved(index: number): void {
    this.registry.leaveUnobserved(this.deployed[index].codeId);
  }

  /** Another account `Tx.sender` can name (an invariant suite's `targetSenders`); its index. Not funded. */
  addSender(address: Address): number {
    const known = this.senderList.indexOf(address);
    if (known >= 0) return known;
    this.senderList.push(address);
    this.senders.push(ethAddress(address));
    return this.senderList.length - 1;
  }

  /** The state changed outside a transaction: nothing known of it. */
  private stateMoved(): void {
    this.versions.moved();
  }

  private outcome(result: EVMResult): TxOutcome {
    const exec = result.execResult;
    const error = exec.exceptionError?.error;
    if (error === undefined) return { kind: 'success' };
    const exit = this.outermostExit;
    const pc = exit?.pc ?? 0;
    const codeId = exit?.codeId ?? -1;
    if (error === 'revert') return { kind: 'revert', pc, codeId, data: exec.returnValue };
    if (error === 'invalid opcode' && exit?.opcode === OP_INVALID) return { kind: 'invalid', pc, codeId };
    return { kind: 'error', error, pc, codeId };
  }

  /**
   * `runCall`, except that an exception thrown from inside the EVM library (an unsupported
   * precompile, a bug of the library) undoes what the call wrote and comes back as a note instead
   * of ending the run: one transaction fails, the campaign goes on.
   */
  private containedCall(options: Parameters<EVM['runCall']>[0]): Promise<EVMResult | string> {
    return this.contained(() => this.evm.runCall(options));
  }

  /** A view's call: its own frame where it fits (`viewFrame`), else `runCall`'s. */
  private viewCall(caller: EthAddress, to: EthAddress, data: Uint8Array): Promise<EVMResult | string> {
    const code = this.state.codeAt(to);
    if (!viewFrameFits(this.evm, code)) {
      return this.containedCall({ block: this.block, caller, origin: caller, to, data, gasLimit: this.gasLimit, skipNonceIncrement: true });
    }
    return this.contained(async () => ({ execResult: await viewFrame(this.evm, { block: this.block, caller, to, code, data, gasLimit: this.gasLimit }) }));
  }

  private async contained(call: () => Promise<EVMResult>): Promise<EVMResult | string> {
    const depth = this.state.depth;
    try {
      return await call();
    } catch (error) {
      while (this.state.depth > depth) this.state.revertSync();
      this.evm.journal.cleanJournal();
      return `${EVM_INTERNAL_ERROR}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /**
   * A view's transaction boundary: its state is reverted next, so the touched accounts that
   * `endTransaction` would delete when empty need not be looked at.
   */
  private endView(): void {
    this.evm.journal.cleanJournal();
    this.clearTransactionCaches();
  }

  private warmTransactionAddresses(caller: EthAddress, to: EthAddress): void {
    const journal = this.evm.journal;
    for (const address of ALWAYS_WARM) journal.addAlwaysWarmAddress(address);
    journal.addAlwaysWarmAddress(bytesToUnprefixedHex(caller.bytes));
    journal.addAlwaysWarmAddress(bytesToUnprefixedHex(to.bytes));
  }

  /** What a transaction boundary resets: EIP-2929 warm sets (and EIP-161 cleanup), EIP-2200 originals, EIP-1153. */
  private async endTransaction(): Promise<void> {
    await this.evm.journal.cleanup();
    this.clearTransactionCaches();
  }

  private clearTransactionCaches(): void {
    this.state.originalStorageCache.clear();
    this.evm.transientStorage.clear();
  }

  private creatorOf(request: CreationRequest): EthAddress {
    return request.creator !== undefined ? ethAddress(request.creator) : this.account(request.deployer ?? 0);
  }

  private account(index: number): EthAddress {
    const account = this.accountAddresses[index];
    if (account === undefined) throw new RangeError(`no account ${index} (there are ${this.accountAddresses.length})`);
    return account;
  }

  private sender(index: number): EthAddress {
    const sender = this.senders[index];
    if (sender === undefined) throw new RangeError(`no sender ${index} (there are ${this.senders.length})`);
    return sender;
  }

  private target(index: number): EthAddress {
    const target = this.targets[index];
    if (target === undefined) throw new RangeError(`no deployment ${index} (there are ${this.targets.length})`);
    return target;
  }
}

function accountsOf({ deployer, senders }: ChainAccounts): Address[] {
  return [deployer, ...senders.filter((sender) => sender !== deployer)];
}

/** The library's address objects, made once per address: oracles ask balances and slots of the same few accounts after every transaction. */
const ethAddresses = new Map<Address, EthAddress>();
const MAX_ETH_ADDRESSES = 4096;

function ethAddress(address: Address): EthAddress {
  let at = ethAddresses.get(address);
  if (at === undefined) {
    if (ethAddresses.size >= MAX_ETH_ADDRESSES) ethAddresses.clear();
    at = createAddressFromBigInt(BigInt(address));
    ethAddresses.set(address, at);
  }
  return at;
}

function slotKey(slot: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(slot), 32);
}

/** One storage slot of one account, as a key: what a view read and a transaction wrote are compared by it. */
export function storageKey(address: Address, slot: bigint): string {
  return `${address.toLowerCase()}:${slot.toString(16)}`;
}

/**
 * A creation that ran out of gas, in the constructor or paying for the code it deposits. The EVM
 * library reports the latter as "exceeds maximum code size" for code over 24 KiB even though the
 * executor allows any size (`allowUnlimitedContractSize`): without enough gas it takes that branch first.
 */
function ranOutOfGas(error: string): boolean {
  const { OUT_OF_GAS, CODESTORE_OUT_OF_GAS, CODESIZE_EXCEEDS_MAXIMUM } = EVMError.errorMessages;
  return error === OUT_OF_GAS || error === CODESTORE_OUT_OF_GAS || error === CODESIZE_EXCEEDS_MAXIMUM;
}
