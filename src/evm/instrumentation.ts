import type { Common } from '@ethereumjs/common';
import { type EVM, type EVMOpts, getOpcodesForHF } from '@ethereumjs/evm';
import { bytesToBigInt, bytesToInt } from '@ethereumjs/util';
import { Op } from '../bytecode/index.js';
import type { TraceRecorder } from './traceRecorder.js';
import type { Address } from './types.js';

/** `balanceOf(address)`'s selector. */
const BALANCE_OF = 0x70a08231;

export type CustomOpcode = NonNullable<EVMOpts['customOpcodes']>[number];
type AddOpcode = Extract<CustomOpcode, { logicFunction: unknown }>;
export type OpHandler = AddOpcode['logicFunction'];
export type RunState = Parameters<OpHandler>[0];
type OpcodeTable = ReturnType<typeof getOpcodesForHF>;

/** A customOpcodes entry with the opcode's own gas and a handler made from the original one. */
export function replaceOpcode(table: OpcodeTable, code: number, handler: (original: OpHandler) => OpHandler): AddOpcode {
  const original = table.handlers.get(code);
  const info = table.opcodes.get(code);
  if (original === undefined || info === undefined) throw new Error(`opcode 0x${code.toString(16)} missing`);
  return { opcode: code, opcodeName: info.name, baseFee: info.fee, gasFunction: table.dynamicGasHandlers.get(code), logicFunction: handler(original) };
}

/** The interpreter's stack internals: reading them avoids the array `peek()` allocates per call. */
interface StackInternals {
  _store: bigint[];
  _len: number;
}

/** The n-th word from the top; on a shorter stack, the library's own stack-underflow error (from `peek`). */
export function top(runState: RunState, n: number): bigint {
  const stack = runState.stack as unknown as StackInternals;
  if (stack._len <= n) runState.stack.peek(n + 1);
  return stack._store[stack._len - 1 - n];
}

/**
 * customOpcodes entries that record into `recorder` and then run the original handler, so the
 * bytecode is untouched and gas is unchanged. Handlers see the pc already past the opcode, hence
 * `programCounter - 1`. Operands are read before the original pops them. `base` are the handlers
 * wrapped where they replace the library's (`wordOpcodes`).
 */
export function instrumentedOpcodes(common: Common, recorder: TraceRecorder, base: CustomOpcode[]): CustomOpcode[] {
  const table = getOpcodesForHF(common, base);
  const wrap = (code: number, before: (runState: RunState, pc: number) => void): AddOpcode =>
    replaceOpcode(table, code, (original) => (runState, opCommon) => {
      if (recorder.recording) before(runState, runState.programCounter - 1);
      return original(runState, opCommon);
    });
  // KECCAK256's output exists only after it ran: the origin of the slots computed from it (SlotOrigins).
  const keccak = replaceOpcode(table, Op.KECCAK256, (original) => (runState, opCommon) => {
    if (!recorder.recording) return original(runState, opCommon);
    const [offset, length] = [top(runState, 0), top(runState, 1)];
    original(runState, opCommon);
    if (length !== 64n) return recorder.hashed(top(runState, 0), false, 0n, 0n);
    // Two words per mapping lookup: what its slot's origin needs (SlotOrigins), read without a copy.
    const input = runState.memory.read(Number(offset), 64, true);
    recorder.hashed(top(runState, 0), true, bytesToBigInt(input.subarray(0, 32)), bytesToBigInt(input.subarray(32)));
  });
  // `balanceOf(address)` asked by a CALL or STATICCALL (its input at stack words `argsAt`, `argsAt` + 1):
  // what it answers exists only once the callee returned, so only such calls wait for it.
  const balanceQuery = (inner: AddOpcode, argsAt: number): AddOpcode => ({
    ...inner,
    logicFunction: (runState, opCommon) => {
      if (!recorder.recording || top(runState, argsAt + 1) < 36n) return inner.logicFunction(runState, opCommon);
      const input = runState.memory.read(Number(top(runState, argsAt)), 36, true);
      if (bytesToInt(input.subarray(0, 4)) !== BALANCE_OF) return inner.logicFunction(runState, opCommon);
      const token = top(runState, 1);
      const holder = bytesToBigInt(input.subarray(4, 36));
      return Promise.resolve(inner.logicFunction(runState, opCommon)).then(() => {
        const answer = runState.returnBytes;
        if (recorder.recording && top(runState, 0) === 1n && answer.length >= 32) recorder.balanceRead(token, holder, bytesToBigInt(answer.subarray(0, 32)));
      });
    },
  });
  const comparison = (code: number) => wrap(code, (runState, pc) => recorder.comparison(pc, code, top(runState, 0), top(runState, 1)));
  return [
    wrap(Op.JUMPI, (runState, pc) => recorder.jumpi(pc, top(runState, 0), top(runState, 1))),
    wrap(Op.JUMP, (runState, pc) => recorder.jump(pc, top(runState, 0))),
    wrap(Op.JUMPDEST, (_runState, pc) => recorder.jumpdest(pc)),
    comparison(Op.LT),
    comparison(Op.GT),
    comparison(Op.SLT),
    comparison(Op.SGT),
    comparison(Op.EQ),
    // SUB is hooked as solc's equality test (unoptimised `a == b` compiles to SUB; JUMPI).
    wrap(Op.SUB, (runState, pc) => recorder.difference(pc, top(runState, 0), top(runState, 1))),
    wrap(Op.ISZERO, (runState, pc) => recorder.iszero(pc, top(runState, 0))),
    keccak,
    wrap(Op.SLOAD, (runState, pc) => recorder.sload(pc, top(runState, 0))),
    wrap(Op.SSTORE, (runState, pc) => recorder.sstore(pc, top(runState, 0), top(runState, 1))),
    // Stack: gas, to, value, … for CALL/CALLCODE; gas, to, … for DELEGATECALL; beneficiary for SELFDESTRUCT.
    balanceQuery(
      wrap(Op.CALL, (runState, pc) => recorder.effect('call', pc, top(runState, 1), top(runState, 2))),
      3,
    ),
    balanceQuery(
      replaceOpcode(table, Op.STATICCALL, (original) => original),
      2,
    ),
    wrap(Op.CALLCODE, (runState, pc) => recorder.effect('callcode', pc, top(runState, 1), top(runState, 2))),
    wrap(Op.DELEGATECALL, (runState, pc) => recorder.effect('delegatecall', pc, top(runState, 1), 0n)),
    wrap(Op.SELFDESTRUCT, (runState, pc) => recorder.effect('selfdestruct', pc, top(runState, 0), 0n)),
  ];
}

/** How the outermost frame ended, located at the instruction that ended it. */
export interface FrameExit {
  error: string | undefined;
  pc: number;
  opcode: number;
  codeId: number;
}

// Errors raised by an opcode's handler, after the interpreter moved the pc past the opcode.
// The JUMP/JUMPI message carries a location suffix, hence the prefix test.
function raisedAfterAdvance(error: string): boolean {
  return error === 'revert' || error === 'stack underflow' || error === 'stack overflow' || error.startsWith('invalid JUMP');
}

type RunInterpreter = (
  message: { code?: unknown; to?: { toString(): string }; depth: number },
  opts?: unknown,
) => Promise<{
  exceptionError?: { error: string };
  runState?: { programCounter: number; opCode: number; code: Uint8Array };
}>;

/**
 * Tracks call frames by wrapping this EVM instance's `runInterpreter` (one call per frame that runs
 * code): the recorder learns the running code id and address, and `onOutermostExit` where the
 * outermost frame stopped (the pc of a REVERT or INVALID, or of the instruction that failed).
 */
export function trackFrames(evm: EVM, recorder: TraceRecorder, onOutermostExit: (exit: FrameExit) => void): void {
  // runInterpreter is protected in the typings; it is the only per-frame entry point.
  const target = evm as unknown as { runInterpreter: RunInterpreter };
  const run = target.runInterpreter.bind(evm);
  target.runInterpreter = async (message, opts) => {
    if (!recorder.recording) return run(message, opts);
    const code = message.code as Uint8Array;
    recorder.enterFrame(code, (message.to?.toString() ?? '0x') as Address);
    const codeId = recorder.codeId;
    const outermost = recorder.depth === 0;
    let failed = true;
    try {
      const result = await run(message, opts);
      failed = result.exceptionError !== undefined;
      if (outermost && result.runState !== undefined) {
        const { programCounter, opCode } = result.runState;
        const error = result.exceptionError?.error;
        const advanced = error !== undefined && (raisedAfterAdvance(error) || code[programCounter] !== opCode);
        onOutermostExit({ error, pc: advanced ? programCounter - 1 : programCounter, opcode: opCode, codeId });
      }
      return result;
    } finally {
      recorder.exitFrame(failed);
    }
  };
}
