import { OPCODES, Op, type OpcodeInfo } from './opcodes.js';

/**
 * One instruction with both coordinates: `pc` is the byte offset the EVM uses, `index` the
 * instruction number solc's source maps use. Keeping them apart avoids the classic off-by-PUSH bug.
 */
export interface Instruction {
  readonly pc: number;
  readonly index: number;
  readonly op: OpcodeInfo;
  /** PUSH immediate as an unsigned integer (zero-padded when the code ends inside it), else undefined. */
  readonly push?: bigint;
}

export function* instructions(code: Uint8Array): Generator<Instruction> {
  let index = 0;
  for (let pc = 0; pc < code.length; index++) {
    const op = OPCODES[code[pc]];
    if (op.immediate > 0) {
      let value = 0n;
      for (let i = 1; i <= op.immediate; i++) value = (value << 8n) | BigInt(code[pc + i] ?? 0);
      yield { pc, index, op, push: value };
    } else if (op.code === Op.PUSH0) {
      yield { pc, index, op, push: 0n };
    } else {
      yield { pc, index, op };
    }
    pc += 1 + op.immediate;
  }
}

/** pc of each instruction index, and the instruction index of each pc (-1 inside PUSH data). */
export interface InstructionIndex {
  readonly pcOfIndex: Uint32Array;
  readonly indexOfPc: Int32Array;
}

export function indexInstructions(code: Uint8Array): InstructionIndex {
  const indexOfPc = new Int32Array(code.length).fill(-1);
  const pcs: number[] = [];
  for (const ins of instructions(code)) {
    indexOfPc[ins.pc] = ins.index;
    pcs.push(ins.pc);
  }
  return { pcOfIndex: Uint32Array.from(pcs), indexOfPc };
}

/** Valid JUMPDEST positions (not inside PUSH data), as a byte-per-pc bitmap. */
export function jumpDestinations(code: Uint8Array): Uint8Array {
  const dests = new Uint8Array(code.length);
  for (const ins of instructions(code)) if (ins.op.code === Op.JUMPDEST) dests[ins.pc] = 1;
  return dests;
}

/**
 * solc appends CBOR metadata (and, for creation code, constructor arguments follow the code).
 * The metadata's length sits in the last two bytes; strip it so it is not disassembled as code.
 */
export function stripMetadata(code: Uint8Array): Uint8Array {
  if (code.length < 2) return code;
  const length = (code[code.length - 2] << 8) | code[code.length - 1];
  const start = code.length - 2 - length;
  // CBOR map header 0xa1..0xa5 marks solc metadata.
  if (start > 0 && code[start] >= 0xa1 && code[start] <= 0xa5) return code.subarray(0, start);
  return code;
}
