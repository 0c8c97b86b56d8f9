import type { ContractId } from '../compile/index.js';
import type { LineSpan } from '../diff/index.js';

/** `i` jumps into a function, `o` returns from one, `-` is an ordinary jump (or no jump). */
export type JumpKind = 'i' | 'o' | '-';

/** One decoded source-map entry; entry k describes the instruction with index k. */
export interface SourceMapEntry {
  /** Byte offset into the source (UTF-8), -1 when unknown. */
  start: number;
  /** Length in bytes, -1 when unknown. */
  length: number;
  /** Source id; -1 for compiler-internal code, ids ≥ the number of sources are generated sources. */
  file: number;
  jump: JumpKind;
  modifierDepth: number;
}

/**
 * 'code' when some instruction was compiled from the line; 'no-code' when it holds code that compiled
 * to nothing; 'unused' when it is code of a library or abstract contract that no deployable contract
 * of the build compiles in (nothing here can execute it).
 */
export type TargetKind = 'code' | 'no-code' | 'unused';

/** One changed line of one deployable contract with the instructions compiled from it. */
export interface Target {
  /** Source unit path (relative to the project root, forward slashes). */
  file: string;
  /** 1-based line in the head revision. */
  line: number;
  /** The deployable contract whose bytecode holds the line's code. */
  contract: ContractId;
  /** pcs in the deployed (runtime) code, ascending. */
  pcs: number[];
  /** pcs in the creation code (constructor, state variable initializers), ascending. */
  creationPcs: number[];
  /** The line declares a public state variable: the getter whose code runs it. */
  getter?: string;
  /**
   * Base-revision lines the change removed just before this line: the line is a target because its
   * code now runs where theirs ran (the next statement, or the function's return).
   */
  removed?: LineSpan;
  status: TargetKind;
}
