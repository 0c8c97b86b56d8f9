import { OPCODES, Op } from '../bytecode/index.js';
import { calldataWord } from './frame.js';
import { abstractResult, environmentResult } from './intervals.js';
import { between, unknown, type AbsValue } from './lattice.js';
import type { AnalyzedProgram } from './program.js';
import { STACK_LIMIT, clobberMemory, exposeDepth, hashMemory, loadWord, storeWord, type AbstractState } from './state.js';

/**
 * What one instruction does to control flow. The state is updated in place; `next` and `halt` are
 * shared constants so the common case allocates nothing.
 */
export type Effect = { kind: 'next' } | { kind: 'halt' } | { kind: 'jump'; target: AbsValue } | { kind: 'branch'; target: AbsValue; condition: AbsValue };

const NEXT: Effect = { kind: 'next' };
const HALT: Effect = { kind: 'halt' };

const CALLS = new Set<number>([Op.CALL, Op.CALLCODE, Op.DELEGATECALL, Op.STATICCALL, Op.CREATE, Op.CREATE2]);

/** Instructions that run other code, which may reach targets (or re-enter this one). */
export function isCall(opcode: number): boolean {
  return CALLS.has(opcode);
}

/** Opcodes whose result is a known constant of the program rather than Top. */
function programConstant(program: AnalyzedProgram, pc: number, opcode: number): bigint | undefined {
  if (opcode === 0x58) return BigInt(pc); // PC
  if (opcode === 0x38) return BigInt(program.code.length); // CODESIZE
  return program.pushAt.get(pc); // PUSH0..PUSH32
}

/**
 * Applies the instruction at `pc` to `state`. Never throws: stack underflow (of a stack of known
 * height), overflow, unknown opcodes and terminators halt, as the EVM does; unmodelled results are
 * fresh unknowns. A JUMPI leaves the refinement on its condition to the caller (refine.ts).
 */
export function transfer(state: AbstractState, pc: number, program: AnalyzedProgram): Effect {
  const opcode = program.opAt[pc];
  const info = OPCODES[opcode];
  if (state.stack.length < info.pops) {
    if (!state.open) return HALT;
    exposeDepth(state, info.pops);
  }
  const stack = state.stack;
  if (!state.open && stack.length - info.pops + info.pushes > STACK_LIMIT) return HALT;
  if (info.terminates && opcode !== Op.JUMP) return HALT;

  if (opcode >= 0x80 && opcode <= 0x8f) {
    stack.push(stack[stack.length - 1 - (opcode - 0x80)]);
    return NEXT;
  }
  if (opcode >= 0x90 && opcode <= 0x9f) {
    const top = stack.length - 1;
    const other = top - (opcode - 0x8f);
    const swapped = stack[top];
    stack[top] = stack[other];
    stack[other] = swapped;
    return NEXT;
  }
  const constant = programConstant(program, pc, opcode);
  if (constant !== undefined) {
    stack.push(constant);
    return NEXT;
  }
  // Pop the arguments, top of the stack first.
  const args = stack.splice(stack.length - info.pops, info.pops).reverse();
  switch (opcode) {
    case Op.JUMP:
      return { kind: 'jump', target: args[0] };
    case Op.JUMPI:
      return { kind: 'branch', target: args[0], condition: args[1] };
    case 0x34: // CALLVALUE
      stack.push(state.input?.value ?? unknown());
      return NEXT;
    case 0x35: // CALLDATALOAD
      stack.push(calldataWord(state.input, args[0]));
      return NEXT;
    case 0x36: // CALLDATASIZE
      stack.push(state.input?.size ?? unknown());
      return NEXT;
    case 0x51: // MLOAD
      stack.push(loadWord(state, args[0]));
      return NEXT;
    case 0x52: // MSTORE
      storeWord(state, args[0], args[1]);
      return NEXT;
    case 0x53: // MSTORE8
      clobberMemory(state, args[0], 1n);
      return NEXT;
    case 0x20: // KECCAK256
      stack.push(hashMemory(state, args[0], args[1]));
      return NEXT;
    case 0x37: // CALLDATACOPY
    case 0x39: // CODECOPY
    case 0x3e: // RETURNDATACOPY
    case 0x5e: // MCOPY
      clobberMemory(state, args[0], args[2]);
      return NEXT;
    case 0x3c: // EXTCODECOPY
      clobberMemory(state, args[1], args[3]);
      return NEXT;
    case Op.CALL:
    case Op.CALLCODE:
      clobberMemory(state, args[5], args[6]);
      stack.push(between(0n, 1n));
      return NEXT;
    case Op.DELEGATECALL:
    case Op.STATICCALL:
      clobberMemory(state, args[4], args[5]);
      stack.push(between(0n, 1n));
      return NEXT;
  }
  if (info.pushes === 1) stack.push(opcode < 0x20 ? abstractResult(opcode, args) : info.pops === 0 ? environmentResult(opcode) : unknown());
  return NEXT;
}
