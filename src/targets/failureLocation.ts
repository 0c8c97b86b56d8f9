import type { CompiledContract, CompiledProject } from '../compile/index.js';
import { functionJumps, openCalls } from './callStack.js';
import { codeLocations } from './codeLocations.js';
import { LineIndex, parseSrc } from './lineIndex.js';

export interface SourceLine {
  file: string;
  line: number;
}

/** Where a failure is: a line of the project's own code whenever the failing call passed through one. */
export interface FailureLine extends SourceLine {
  /** The library line (node_modules/, foundry.toml's `libs`) the failing instruction is on, when that is not `file:line`. */
  library?: SourceLine;
}

/** Maps a failing pc of one contract's runtime code back to a line of user source. */
export interface FailureLocator {
  /**
   * `jumps` is the failing frame's jump log ([pc, destination] pairs). Panics revert inside
   * compiler-generated helpers that map to no user line, so the latest jump made from a user line
   * (the call into the helper) locates them instead. A failure in library code is located at the
   * deepest call on the frame's internal call stack made from the project's own code: the line a
   * pull request can change (a review thread, an annotation in the repository), with the library line beside it.
   */
  locate(pc: number, jumps?: Uint32Array): FailureLine | null;
  /** The line declaring function `name` of this contract or its bases (for property failures). */
  functionLine(name: string): SourceLine | null;
}

export function failureLocator(project: CompiledProject, contract: CompiledContract): FailureLocator {
  const lineIndexes = new Map(contract.sources.map((s) => [s.path, new LineIndex(s.content)]));
  const byPc = new Map<number, SourceLine>();
  const wholeContracts = contractRanges(project, contract);
  for (const ins of codeLocations(contract.deployed, contract.sources, lineIndexes).mapped) {
    // via-IR maps shared helpers (a panic's revert among them) to the whole contract: no line to blame.
    if (wholeContracts.has(`${ins.file}:${ins.start}:${ins.length}`)) continue;
    byPc.set(ins.pc, { file: ins.file, line: lineIndexes.get(ins.file)!.lineOf(ins.start) });
  }
  const inLibrary = libraryCode(project.libraryFolders);
  const own = (pc: number, jumps?: Uint32Array): SourceLine | null => {
    const direct = byPc.get(pc);
    if (direct || !jumps) return direct ?? null;
    for (let i = jumps.length - 2; i >= 0; i -= 2) {
      const from = byPc.get(jumps[i]);
      if (from) return from;
    }
    return null;
  };
  return {
    locate(pc, jumps) {
      const library = own(pc, jumps);
      if (library === null || !inLibrary(library.file) || !jumps) return library;
      const calls = openCalls(jumps, functionJumps(contract.deployed), pc);
      for (let i = calls.length - 1; i >= 0; i--) {
        const caller = byPc.get(calls[i]);
        if (caller && !inLibrary(caller.file)) return { ...caller, library };
      }
      return library;
    },
    functionLine(name) {
      for (const declaring of [contract.name, ...contract.bases]) {
        const found = findFunction(project, contract, declaring, name);
        if (found) return found;
      }
      return null;
    },
  };
}

/** Whether a source path lies in one of the project's library folders. */
function libraryCode(folders: readonly string[]): (file: string) => boolean {
  const prefixes = folders.map((folder) => `${folder}/`);
  return (file) => prefixes.some((prefix) => file.startsWith(prefix));
}

/** `file:start:length` of every contract definition in the contract's compilation. */
function contractRanges(project: CompiledProject, contract: CompiledContract): Set<string> {
  const ranges = new Set<string>();
  for (const source of contract.sources) {
    const unit = project.asts[source.path] as AstNode | undefined;
    for (const node of unit?.nodes ?? []) {
      if (node.nodeType !== 'ContractDefinition' || !node.src) continue;
      const { start, length } = parseSrc(node.src);
      ranges.add(`${source.path}:${start}:${length}`);
    }
  }
  return ranges;
}

interface AstNode {
  nodeType?: string;
  name?: string;
  src?: string;
  nodes?: AstNode[];
}

/** Searches the contract's own compilation, so a same-named contract elsewhere is never taken. */
function findFunction(project: CompiledProject, compiled: CompiledContract, contractName: string, functionName: string): SourceLine | null {
  for (const source of compiled.sources) {
    const unit = project.asts[source.path] as AstNode | undefined;
    const contract = unit?.nodes?.find((n) => n.nodeType === 'ContractDefinition' && n.name === contractName);
    const fn = contract?.nodes?.find((n) => n.nodeType === 'FunctionDefinition' && n.name === functionName);
    if (fn?.src) return { file: source.path, line: new LineIndex(source.content).lineOf(parseSrc(fn.src).start) };
  }
  return null;
}
