import { instructions, type Instruction, stripMetadata } from './instructions.js';
import { Op } from './opcodes.js';

export interface BasicBlock {
  /** pc of the first instruction. */
  start: number;
  /** pc of the last instruction. */
  end: number;
  instructions: Instruction[];
}

/**
 * Splits code (metadata already stripped) into basic blocks: a block starts at pc 0, at every
 * JUMPDEST and after every JUMPI or terminating instruction.
 */
export function basicBlocks(code: Uint8Array): BasicBlock[] {
  const blocks: BasicBlock[] = [];
  let current: Instruction[] = [];
  const close = () => {
    if (current.length > 0) blocks.push({ start: current[0].pc, end: current[current.length - 1].pc, instructions: current });
    current = [];
  };
  for (const ins of instructions(code)) {
    if (ins.op.code === Op.JUMPDEST) close();
    current.push(ins);
    if (ins.op.terminates || ins.op.code === Op.JUMPI) close();
  }
  close();
  return blocks;
}

/** pc → start pc of its basic block, for code with its metadata still on. */
export function blockStarts(code: Uint8Array): Map<number, number> {
  const startOf = new Map<number, number>();
  for (const block of basicBlocks(stripMetadata(code))) {
    for (const ins of block.instructions) startOf.set(ins.pc, block.start);
  }
  return startOf;
}
