import type { CompiledCode } from '../compile/index.js';
import { instructions, stripMetadata } from '../bytecode/index.js';
import { decodeSourceMap } from './sourceMap.js';

/** What reading a frame's internal call stack needs of its code. */
export interface FunctionJumps {
  /** pc → solc's mark of every JUMP that enters (`i`) or leaves (`o`) a function, generated helpers' included (their returns close calls too). */
  marks: ReadonlyMap<number, 'i' | 'o'>;
  /** pcs of the instructions that end straight-line code (JUMP, STOP, RETURN, REVERT, …), ascending. */
  ends: readonly number[];
}

export function functionJumps(code: CompiledCode): FunctionJumps {
  const entries = decodeSourceMap(code.sourceMap);
  const marks = new Map<number, 'i' | 'o'>();
  const ends: number[] = [];
  for (const ins of instructions(stripMetadata(code.bytecode))) {
    if (ins.op.terminates) ends.push(ins.pc);
    const jump = ins.index < entries.length ? entries[ins.index].jump : '-';
    if (jump !== '-' && ins.op.name === 'JUMP') marks.set(ins.pc, jump);
  }
  return { marks, ends };
}

/**
 * The internal call stack when a frame last ran instruction `pc`, from the frame's jump log ([pc,
 * destination] pairs): the pcs of the calls not yet returned from, outermost first. Between two
 * jumps the frame runs straight through a range of pcs (a JUMPI not taken falls through), the last
 * range up to the instruction that ended the frame; the last range holding `pc` is that moment (a
 * failing SSTORE may be followed by more of the transaction). Empty when no range holds it. A return
 * with no open call (a log that starts inside a function) is skipped.
 */
export function openCalls(jumps: Uint32Array, code: FunctionJumps, pc: number): number[] {
  const pairs = jumps.length / 2;
  let last = -2;
  // Range k runs from jump k's destination (the code's start for k = -1) to jump k + 1's pc.
  for (let k = -1; k < pairs; k++) {
    const start = k < 0 ? 0 : jumps[2 * k + 1];
    const end = k + 1 < pairs ? jumps[2 * k + 2] : (code.ends.find((at) => at >= start) ?? Infinity);
    if (start <= pc && pc <= end) last = k;
  }
  const open: number[] = [];
  for (let k = 0; k <= last; k++) {
    const mark = code.marks.get(jumps[2 * k]);
    if (mark === 'i') open.push(jumps[2 * k]);
    else if (mark === 'o') open.pop();
  }
  return open;
}
