import type { Common } from '@ethereumjs/common';
import { type CustomPrecompile, type EVM, EVMError, type EVMResult, type ExecResult, getOpcodesForHF, type PrecompileFunc } from '@ethereumjs/evm';
import { Address as EthAddress, bytesToHex, createAddressFromString } from '@ethereumjs/util';
import { type CustomOpcode, replaceOpcode, type RunState } from '../instrumentation.js';
import type { JournaledState } from '../journaledState.js';
import type { Address } from '../types.js';
import { loadSlot, writeAccount } from './chainAccess.js';
import { countExpectedCalls, unmetExpectedCalls } from './expectCall.js';
import { captureExpectedLog, emitsAwaitedBy, judgeExpectedEmits } from './expectEmit.js';
import { FAILED_SLOT, FLAGGED_FAILURE_MESSAGE } from './failFlag.js';
import { type MockAnswer, mockedAnswer, mockedFunctionCode } from './mockCalls.js';
import { judgeExpectedRevert } from './expectRevert.js';
import { takePrank } from './pranks.js';
import { dispatch, errorData } from './registry.js';
import { CheatState, type ExpectedEmit } from './state.js';
import { recordAccess } from './storageAccesses.js';
import { type Artifact, CHEATCODE_ADDRESS, type Chain, type EmittedLog, type MutableHeader } from './types.js';
import { UnsupportedCheatcodeError } from './unsupported.js';

export interface CheatcodeOptions {
  /** Compiled contracts `getCode`/`getDeployedCode` (and so forge-std's `deployCode`) can name. */
  artifacts?: readonly Artifact[];
}

/** The message the EVM hands its events (only the fields read or changed here). */
interface Message {
  caller: EthAddress;
  data: Uint8Array;
  value: bigint;
  to?: EthAddress;
  depth: number;
  delegatecall: boolean;
  /** Set before the EVM loads the callee's code: a function runs instead of it (how a mocked call answers). */
  code?: Uint8Array | PrecompileFunc;
  isCompiled?: boolean;
}

/** One running message and what the cheatcodes do when it ends. */
interface Frame {
  address: Address | undefined;
  caller: Address;
  depth: number;
  toCheatcodes: boolean;
  /** tx.origin to put back (a prank with an origin). */
  origin: EthAddress | undefined;
  watchesRevert: boolean;
  /** The first account whose frame reverted inside this one (for `expectRevert(…, reverter)`). */
  revertedBy: Address | undefined;
  awaitedEmits: readonly ExpectedEmit[];
}

// forge answers an expected revert with zeros, enough for the caller to ABI-decode any return type.
const DUMMY_OUTPUT = new Uint8Array(8192);
const DUMMY_CREATE_ADDRESS = createAddressFromString('0x0000000000000000000000000000000000000001');
const OP_CHAINID = 0x46;
const OP_LOG0 = 0xa0;
const OP_SLOAD = 0x54;
const OP_SSTORE = 0x55;

/** EVM internals the cheatcodes reach: the running transaction's origin, read when each frame starts. */
interface TxContext {
  _tx: { origin: EthAddress };
}

/**
 * forge's cheatcodes on one EVM: a precompile at forge's cheatcode address runs them, message events
 * apply pranks and judge expectations, LOG and CHAINID hooks feed `expectEmit`, `recordLogs` and
 * `chainId`. Only an executor opened with cheatcodes has any of this: the plain one runs unchanged.
 */
export class CheatcodeSession {
  readonly state = new CheatState();
  /** Contracts created since the last reset, in creation order (a test's `setUp` deploys its system so). */
  readonly created: Address[] = [];
  private readonly frames: Frame[] = [];
  private evm: EVM | undefined;
  private chain: Chain | undefined;
  private baseFee = 0n;

  constructor(
    private readonly journaled: JournaledState,
    private readonly options: CheatcodeOptions,
  ) {}

  /**
   * Gives the cheatcode address one byte of code, as forge does: Solidity checks a callee has code
   * before a call that returns nothing. The precompile runs instead of it.
   */
  async placeMarkerCode(): Promise<void> {
    await this.journaled.putCode(createAddressFromString(CHEATCODE_ADDRESS), new Uint8Array([0]));
  }

  precompiles(): CustomPrecompile[] {
    return [{ address: createAddressFromString(CHEATCODE_ADDRESS), function: (input) => this.runCheatcode(input.data) }];
  }

  /** LOG, CHAINID, SLOAD and SSTORE hooks, each wrapping the handler `base` (the executor's instrumentation) gives it. */
  opcodes(common: Common, base: CustomOpcode[]): CustomOpcode[] {
    const table = getOpcodesForHF(common, base);
    const logs = [0, 1, 2, 3, 4].map((topics) =>
      replaceOpcode(table, OP_LOG0 + topics, (original) => (runState, opCommon) => {
        original(runState, opCommon);
        this.onLog(runState);
      }),
    );
    const chainId = replaceOpcode(table, OP_CHAINID, (original) => (runState, opCommon) => {
      original(runState, opCommon);
      if (this.state.chainId === undefined) return;
      runState.stack.pop();
      runState.stack.push(this.state.chainId);
    });
    const storage = (code: number, written: boolean) =>
      replaceOpcode(table, code, (original) => (runState, opCommon) => {
        if (this.state.accesses !== undefined)
          recordAccess(this.state, runState.interpreter.getAddress().toString() as Address, runState.stack.peek(1)[0], written);
        return original(runState, opCommon);
      });
    return [...logs, chainId, storage(OP_SLOAD, false), storage(OP_SSTORE, true)];
  }

  /** Starts listening to the EVM's messages; `header` is the block object the executor passes to every call. */
  attach(evm: EVM, header: MutableHeader): void {
    this.evm = evm;
    this.chain = { state: this.journaled, header };
    this.baseFee = header.baseFeePerGas;
    evm.events.on('beforeMessage', (message: Message) => this.beforeMessage(message));
    evm.events.on('afterMessage', (result: EVMResult) => this.afterMessage(result));
  }

  /** Forgets pranks, expectations and recordings (a new test from the snapshot); block fields the header reset does not cover. */
  reset(): void {
    this.state.reset();
    this.frames.length = 0;
    this.created.length = 0;
    if (this.chain !== undefined) this.chain.header.baseFeePerGas = this.baseFee;
  }

  /** What the test's call left unmet: an `expectRevert` or `expectEmit` no call consumed. */
  unmetExpectations(): string[] {
    const unmet = [...this.state.failures, ...unmetExpectedCalls(this.state)];
    if (this.state.expectedRevert !== undefined && this.state.expectedRevert.count > 0) unmet.push('next call did not revert as expected');
    if (this.state.expectedEmits.length > 0) unmet.push('expected an emit, but no call followed to emit it');
    return unmet;
  }

  private async runCheatcode(data: Uint8Array): Promise<ExecResult> {
    const frame = this.frames[this.frames.length - 1];
    const chain = this.chain!;
    const caller = { address: frame.caller, depth: frame.depth };
    const outcome = await dispatch(data, { caller, chain, state: this.state, artifacts: this.options.artifacts ?? [] });
    if (outcome.ok) return { executionGasUsed: 0n, returnValue: outcome.output };
    if (outcome.error instanceof UnsupportedCheatcodeError) this.state.unsupported ??= outcome.error.cheatcode;
    return { executionGasUsed: 0n, returnValue: outcome.data, exceptionError: new EVMError(EVMError.errorMessages.REVERT) };
  }

  private beforeMessage(message: Message): void {
    const to = message.to?.toString() as Address | undefined;
    const caller = message.caller.toString() as Address;
    const depth = message.depth;
    const frame: Frame = {
      address: to,
      caller,
      depth,
      toCheatcodes: to === CHEATCODE_ADDRESS,
      origin: undefined,
      watchesRevert: false,
      revertedBy: undefined,
      awaitedEmits: [],
    };
    this.frames.push(frame);
    if (frame.toCheatcodes) return;
    if (this.state.expectedCalls.length > 0 && to !== undefined) countExpectedCalls(this.state, to, message.data, message.value);
    const expected = this.state.expectedRevert;
    frame.watchesRevert = expected !== undefined && expected.depth === depth && expected.caller === caller;
    frame.awaitedEmits = emitsAwaitedBy(this.state, caller, depth);
    // A mocked call answers before any prank applies (a `prank` waits for the next real call, as in forge).
    const mocked =
      to !== undefined && !message.delegatecall && this.state.mocks.size > 0 ? mockedAnswer(this.state, to, message.data, message.value) : undefined;
    if (mocked !== undefined) return answerWith(message, mocked);
    const runs =
      to !== undefined && !message.delegatecall && this.state.mockedFunctions.size > 0 ? mockedFunctionCode(this.state, to, message.data) : undefined;
    if (runs !== undefined) {
      // The EVM loads code only when the message has none: the target's runs at the callee's address.
      message.code = this.journaled.codeAt(createAddressFromString(runs));
      message.isCompiled = false;
    }
    const prank = takePrank(this.state.pranks, { caller, depth, delegatecall: message.delegatecall });
    if (prank === undefined) return;
    message.caller = createAddressFromString(prank.sender);
    // A pranked CREATE is made from the pranked sender's nonce, as its own creation would be.
    if (to === undefined) writeAccount(this.chain!, prank.sender, (account) => void (account.nonce += 1n));
    if (prank.origin !== undefined) {
      const tx = (this.evm as unknown as TxContext)._tx;
      frame.origin = tx.origin;
      tx.origin = createAddressFromString(prank.origin);
    }
  }

  private afterMessage(result: EVMResult): void {
    const frame = this.frames.pop();
    if (frame === undefined) return;
    if (frame.origin !== undefined) (this.evm as unknown as TxContext)._tx.origin = frame.origin;
    const exec = result.execResult;
    const reverted = exec.exceptionError?.error === EVMError.errorMessages.REVERT;
    const address = frame.address ?? (result.createdAddress?.toString() as Address | undefined);
    if (frame.address === undefined && exec.exceptionError === undefined && address !== undefined) this.created.push(address);
    if (reverted && !frame.toCheatcodes) {
      for (const open of [frame, ...this.frames]) if (open.watchesRevert && open.revertedBy === undefined) open.revertedBy = address;
    }
    if (frame.depth === 0 && this.state.failFlagRaised) {
      this.state.failFlagRaised = false;
      // A frame that reverted after raising it took the write back with it, as in forge.
      if (exec.exceptionError === undefined && loadSlot(this.chain!, CHEATCODE_ADDRESS, FAILED_SLOT) !== 0n) fail(exec, FLAGGED_FAILURE_MESSAGE);
    }
    if (frame.awaitedEmits.length > 0) {
      const emitted: EmittedLog[] = (exec.logs ?? []).map(([emitter, topics, data]) => ({ emitter: bytesToHex(emitter) as Address, topics, data }));
      const failure = judgeExpectedEmits(this.state, frame.awaitedEmits, exec.exceptionError === undefined ? emitted : []);
      if (failure !== undefined && exec.exceptionError === undefined) fail(exec, failure);
    }
    if (!frame.watchesRevert) return;
    const verdict = judgeExpectedRevert(this.state, { reverted, data: exec.returnValue, revertedBy: frame.revertedBy });
    if (verdict.kind === 'failed') fail(exec, verdict.message);
    if (verdict.kind !== 'expected') return;
    exec.exceptionError = undefined;
    exec.returnValue = frame.address === undefined ? new Uint8Array(0) : DUMMY_OUTPUT;
    if (frame.address === undefined) result.createdAddress = DUMMY_CREATE_ADDRESS;
  }

  private onLog(runState: RunState): void {
    const logs = (runState.interpreter as unknown as { _result: { logs: [Uint8Array, Uint8Array[], Uint8Array][] } })._result.logs;
    const [emitter, topics, data] = logs[logs.length - 1];
    const log: EmittedLog = { emitter: bytesToHex(emitter) as Address, topics, data };
    captureExpectedLog(this.state, log, runState.env.depth);
    this.state.recordedLogs?.push(log);
  }
}

/** The call runs `answer` instead of the callee's code, moving no value (forge returns a mocked call's data without making the call). */
function answerWith(message: Message, answer: MockAnswer): void {
  message.value = 0n;
  message.isCompiled = true;
  message.code = () => ({
    executionGasUsed: 0n,
    returnValue: answer.data,
    exceptionError: answer.reverts ? new EVMError(EVMError.errorMessages.REVERT) : undefined,
  });
}

function fail(exec: ExecResult, message: string): void {
  exec.exceptionError = new EVMError(EVMError.errorMessages.REVERT);
  exec.returnValue = errorData(message);
  exec.logs = [];
}
