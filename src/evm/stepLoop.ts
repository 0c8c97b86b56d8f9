import { type EVM, EVMError } from '@ethereumjs/evm';
import { interpreterPrototype } from './interpreterPrototype.js';

/**
 * The library's interpreter awaits `runStep`, an async method, for every opcode: a promise and at
 * least one microtask per step even when the opcode and its gas are synchronous, which is most of
 * them. That costs most where a transaction runs many opcodes (ABI-decoding a struct, a loop of
 * mappings): issue 14's shapes bench. This loop runs a step synchronously and awaits only a step
 * whose gas function or handler returned a promise (CALL, CREATE, BALANCE, ...; `storageOpcodes`,
 * `memoryGasOpcodes` and `blockHashOpcode` make the frequent ones synchronous), doing what
 * `Interpreter.run` and `runStep` do, in the same order, for legacy code on a fork without
 * EOF, Verkle or Amsterdam rules. Anything else (EOF code, a `step` listener, debug logging, the
 * profiler, those forks) runs the library's own loop. Measured on the executor alone (the shapes
 * fixtures, 4-transaction sequences with a property probe after each, CPU time, 2 interleaved runs):
 * −38 % per transaction on Blockhash, −25 % on Structs, −35 % on Arrays, −7 % on Simple.
 */

interface Opcode {
  code: number;
  name: string;
  fee: number;
  feeBigInt: bigint;
  isAsync: boolean;
  isInvalid: boolean;
  dynamicGas: boolean;
}

interface OpcodeEntry {
  opcodeInfo: Opcode;
  opHandler: (runState: RunState, common: unknown) => unknown;
  gasHandler: (runState: RunState, gas: bigint, common: unknown) => bigint | Promise<bigint>;
}

interface RunState {
  programCounter: number;
  opCode: number;
  code: Uint8Array;
  validJumps: Uint8Array;
  cachedPushes: unknown;
  shouldDoJumpAnalysis: boolean;
  env: { accessWitness?: { commit(): void; revert(): void } };
}

interface Interpreter {
  _evm: { DEBUG: boolean; events: { listenerCount(event: string): number } };
  _runState: RunState;
  common: { isActivatedEIP(eip: number): boolean };
  profilerOpts?: { enabled?: boolean };
  run(code: Uint8Array, opts?: { pc?: number }): Promise<RunResult>;
  lookupOpInfo(op: number): OpcodeEntry;
  useGas(amount: bigint, context: Opcode): void;
  _getValidJumpDestinations(code: Uint8Array): { jumps: Uint8Array; pushes: unknown; opcodesCached: OpcodeEntry[] };
}

interface RunResult {
  runState: RunState;
  exceptionError: unknown;
}

const OP_JUMP = 0x56;
const OP_JUMPI = 0x57;
const OP_JUMPSUB = 0x5e;
const EOF_FORMAT = 0xef;
// EIPs whose rules add work to a step or a frame that this loop does not do: EOF (3540), Verkle and
// binary-tree witnesses (6800, 7864), block access lists (7928), state gas (8037).
const UNSUPPORTED_EIPS = [3540, 6800, 7864, 7928, 8037];

const enabled = new WeakSet<object>();
const wrapped = new WeakSet<object>();

/** Runs this EVM's legacy code through the synchronous step loop (a no-op on a fork it does not support). */
export async function enableStepLoop(evm: EVM): Promise<void> {
  if (UNSUPPORTED_EIPS.some((eip) => evm.common.isActivatedEIP(eip))) return;
  const prototype = (await interpreterPrototype(evm)) as Interpreter;
  if (typeof prototype.run !== 'function' || typeof prototype.useGas !== 'function' || typeof prototype.lookupOpInfo !== 'function') {
    throw new Error('@ethereumjs/evm changed: Interpreter.run, useGas or lookupOpInfo not found');
  }
  enabled.add(evm);
  if (wrapped.has(prototype)) return;
  wrapped.add(prototype);
  const libraryRun = prototype.run;
  prototype.run = function (this: Interpreter, code: Uint8Array, opts: { pc?: number } = {}) {
    const own = enabled.has(this._evm) && code[0] !== EOF_FORMAT && this.profilerOpts?.enabled !== true;
    if (!own || this._evm.DEBUG || this._evm.events.listenerCount('step') > 0) return libraryRun.call(this, code, opts);
    return runLoop(this, code, opts);
  };
}

/** `Interpreter.run` for legacy code, timers and EOF left out. */
async function runLoop(interpreter: Interpreter, code: Uint8Array, opts: { pc?: number }): Promise<RunResult> {
  const runState = interpreter._runState;
  runState.code = code;
  runState.programCounter = opts.pc ?? runState.programCounter;
  const pc = runState.programCounter;
  if (pc !== 0 && (pc < 0 || pc >= runState.code.length)) throw new Error('Internal error: program counter not in range');
  let err: unknown;
  let cachedOpcodes: OpcodeEntry[] | undefined;
  while (runState.programCounter < runState.code.length) {
    const programCounter = runState.programCounter;
    let opCode: number;
    let entry: OpcodeEntry | undefined;
    if (cachedOpcodes === undefined) {
      opCode = runState.code[programCounter];
      // As the library: the jump analysis runs at the first jump, and from then on the per-pc opcode table serves.
      if (opCode === OP_JUMP || opCode === OP_JUMPI || opCode === OP_JUMPSUB) {
        const { jumps, pushes, opcodesCached } = interpreter._getValidJumpDestinations(runState.code);
        runState.validJumps = jumps;
        runState.cachedPushes = pushes;
        runState.shouldDoJumpAnalysis = false;
        cachedOpcodes = opcodesCached;
      }
    } else {
      entry = cachedOpcodes[programCounter];
      opCode = entry.opcodeInfo.code;
    }
    runState.opCode = opCode;
    try {
      const pending = step(interpreter, entry ?? interpreter.lookupOpInfo(opCode));
      if (pending !== undefined) await pending;
    } catch (e) {
      runState.env.accessWitness?.revert();
      if (!isEVMError(e)) throw e;
      if (e.error !== 'stop') err = e;
      break;
    }
  }
  return { runState, exceptionError: err };
}

/** `Interpreter.runStep`: a promise only when the gas function or the handler returned one. */
function step(interpreter: Interpreter, entry: OpcodeEntry): Promise<void> | undefined {
  const info = entry.opcodeInfo;
  if (!info.dynamicGas) return execute(interpreter, entry, info.feeBigInt);
  const gas = entry.gasHandler(interpreter._runState, info.feeBigInt, interpreter.common);
  if (gas instanceof Promise) return gas.then((resolved) => execute(interpreter, entry, resolved));
  return execute(interpreter, entry, gas);
}

function execute(interpreter: Interpreter, entry: OpcodeEntry, gas: bigint): Promise<void> | undefined {
  const info = entry.opcodeInfo;
  const runState = interpreter._runState;
  if (info.isInvalid) throw new EVMError(EVMError.errorMessages.INVALID_OPCODE);
  interpreter.useGas(gas, info);
  runState.programCounter++;
  const result = entry.opHandler(runState, interpreter.common);
  if (info.isAsync && result instanceof Promise) return result.then(() => runState.env.accessWitness?.commit());
  runState.env.accessWitness?.commit();
  return undefined;
}

/** Matched by shape, as the library does (`errorType` is its EVMErrorTypeString). */
function isEVMError(error: unknown): error is EVMError {
  return typeof error === 'object' && error !== null && (error as EVMError).errorType === EVM_ERROR_TYPE;
}

const EVM_ERROR_TYPE = new EVMError(EVMError.errorMessages.STOP).errorType;
