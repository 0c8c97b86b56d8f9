import type { CompiledCode, SourceFile } from '../compile/index.js';
import { instructions, stripMetadata } from '../bytecode/index.js';
import type { LineIndex } from './lineIndex.js';
import { decodeSourceMap } from './sourceMap.js';
import type { JumpKind } from './types.js';

/** One mapped instruction of one bytecode: its pc and the source range it was compiled from. */
export interface MappedInstruction {
  pc: number;
  /** Source unit path. */
  file: string;
  start: number;
  length: number;
  /** Whether the instruction jumps into a function, out of one, or neither (solc's source-map mark). */
  jump: JumpKind;
}

/** Where the instructions of one bytecode (deployed or creation) came from. */
export interface CodeLocations {
  /** Instructions attributed to a user source, in instruction order. */
  mapped: MappedInstruction[];
  /** Source path → line → pcs (ascending). */
  byLine: Map<string, Map<number, number[]>>;
}

/**
 * Attributes each instruction to the line where its source range STARTS. solc gives an instruction
 * the range of the smallest AST node it was generated for, so a statement's instructions start on
 * the statement's line, a loop's back jump and condition JUMPI on the `for` header, and the
 * function-entry/exit code (whose range is the whole function) on the header line — never on every
 * line the range spans. Instructions of generated sources (ids ≥ sources.length) and compiler
 * internals (id -1) are left out, and so are sources `lineIndexes` has no entry for.
 *
 * `sources` are the compilation's own (its ids are what the source map says); locations come out by
 * path, so contracts of different compilations compare.
 */
export function codeLocations(code: CompiledCode, sources: readonly SourceFile[], lineIndexes: ReadonlyMap<string, LineIndex>): CodeLocations {
  const entries = decodeSourceMap(code.sourceMap);
  const mapped: MappedInstruction[] = [];
  const byLine = new Map<string, Map<number, number[]>>();
  // Creation code carries the runtime code after it: stop at the last mapped instruction.
  for (const ins of instructions(stripMetadata(code.bytecode))) {
    if (ins.index >= entries.length) break;
    const entry = entries[ins.index];
    if (entry.file < 0 || entry.file >= sources.length || entry.start < 0) continue;
    const file = sources[entry.file].path;
    const lines = lineIndexes.get(file);
    if (!lines) continue;
    mapped.push({ pc: ins.pc, file, start: entry.start, length: entry.length, jump: entry.jump });
    const line = lines.lineOf(entry.start);
    const fileLines = byLine.get(file) ?? new Map<number, number[]>();
    byLine.set(file, fileLines);
    const pcs = fileLines.get(line) ?? [];
    fileLines.set(line, pcs);
    pcs.push(ins.pc);
  }
  return { mapped, byLine };
}
