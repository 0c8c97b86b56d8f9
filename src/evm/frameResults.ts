import { type EVM, EVMError } from '@ethereumjs/evm';
import { Account, createZeroAddress } from '@ethereumjs/util';
import { interpreterPrototype } from './interpreterPrototype.js';

/**
 * `EVM.runInterpreter` (one call per frame that runs code) returns, beside the frame's result, a
 * `runState` merging copies of the interpreter's run state, its result and its environment: two
 * object spreads that took V8's slow path, 8 % of a Simple campaign's CPU profile (evm.js
 * lines 1040–1042), for fields nothing reads. This is the library's method with the interpreter's
 * own run state returned instead (what `trackFrames` reads: its pc and opcode; `interpreterPrototype`:
 * its interpreter). With Verkle witnesses (EIP-7864) the library's method stays.
 */

interface Message {
  to?: ReturnType<typeof createZeroAddress>;
  caller?: ReturnType<typeof createZeroAddress>;
  data?: Uint8Array;
  value?: bigint;
  code?: unknown;
  isStatic?: boolean;
  isCreate?: boolean;
  depth?: number;
  codeAddress?: unknown;
  gasRefund?: bigint;
  chargeCodeAccesses?: boolean;
  blobVersionedHashes?: unknown[];
  accessWitness?: { commit(): void };
  createdAddresses?: Set<string>;
  selfdestruct?: Map<string, unknown>;
  gasLimit: bigint;
}

interface RunState {
  gasLeft: bigint;
  gasRefund: bigint;
  stateGasSpilled: bigint;
}

interface FrameResult {
  logs: unknown[];
  returnValue?: Uint8Array;
  selfdestruct: Map<string, unknown>;
  createdAddresses?: Set<string>;
}

interface Interpreter {
  _result: FrameResult;
  _env: unknown;
  run(code: unknown, opts: unknown): Promise<{ runState: RunState; exceptionError?: { error: string } }>;
}

type InterpreterClass = new (...args: unknown[]) => Interpreter;

interface EvmInternals {
  stateManager: { getAccount(address: unknown): Promise<Account | undefined> };
  blockchain: unknown;
  journal: unknown;
  performanceLogger: unknown;
  _optsCached: { profiler?: unknown };
  _tx?: { gasPrice: bigint; origin?: unknown };
  _block?: unknown;
  common: { isActivatedEIP(eip: number): boolean };
  runInterpreter(message: Message, opts?: { initialLogs?: unknown[]; pc?: number }): Promise<unknown>;
}

export async function enableLeanFrameResults(evm: EVM): Promise<void> {
  const internals = evm as unknown as EvmInternals;
  if (internals.common.isActivatedEIP(7864)) return;
  const prototype = await interpreterPrototype(evm);
  const InterpreterOf = prototype.constructor as InterpreterClass;
  const library = internals.runInterpreter.bind(evm);
  const { REVERT, INVALID_EOF_FORMAT } = EVMError.errorMessages;
  internals.runInterpreter = async function (this: EvmInternals, message: Message, opts: { initialLogs?: unknown[]; pc?: number } = {}) {
    // runCall and runCode set both before any frame runs.
    if (this._block === undefined || this._tx === undefined) return library(message, opts);
    const address = message.to ?? createZeroAddress();
    const contract = (await this.stateManager.getAccount(address)) ?? new Account();
    const env = {
      address,
      caller: message.caller ?? createZeroAddress(),
      callData: message.data ?? Uint8Array.from([0]),
      callValue: message.value ?? 0n,
      code: message.code,
      isStatic: message.isStatic ?? false,
      isCreate: message.isCreate ?? false,
      depth: message.depth ?? 0,
      gasPrice: this._tx.gasPrice,
      origin: this._tx.origin ?? message.caller ?? createZeroAddress(),
      block: this._block,
      contract,
      codeAddress: message.codeAddress,
      gasRefund: message.gasRefund,
      chargeCodeAccesses: message.chargeCodeAccesses,
      blobVersionedHashes: message.blobVersionedHashes ?? [],
      accessWitness: message.accessWitness,
      createdAddresses: message.createdAddresses,
      initialLogs: opts.initialLogs,
    };
    const interpreter = new InterpreterOf(
      this,
      this.stateManager,
      this.blockchain,
      env,
      message.gasLimit,
      this.journal,
      this.performanceLogger,
      this._optsCached.profiler,
    );
    if (message.selfdestruct) interpreter._result.selfdestruct = message.selfdestruct;
    if (message.createdAddresses) interpreter._result.createdAddresses = message.createdAddresses;
    const { runState, exceptionError } = await interpreter.run(message.code, opts);
    let result = interpreter._result;
    let gasUsed = message.gasLimit - runState.gasLeft;
    if (exceptionError) {
      if (exceptionError.error !== REVERT && exceptionError.error !== INVALID_EOF_FORMAT) gasUsed = message.gasLimit;
      result = { ...result, logs: [], selfdestruct: new Map(), createdAddresses: new Set() };
    }
    message.accessWitness?.commit();
    return {
      ...result,
      runState,
      exceptionError,
      gas: runState.gasLeft,
      executionGasUsed: gasUsed,
      gasRefund: runState.gasRefund,
      stateGasSpilled: runState.stateGasSpilled,
      returnValue: result.returnValue ?? new Uint8Array(0),
    };
  };
}
