import type { CompiledContract, CompiledProject } from '../build/types.js';
import { codeLocations } from './codeLocations.js';
import { LineIndex, parseSrc } from './lineIndex.js';

export interface SourceLine {
  file: string;
  line: number;
}

/** Maps a failing pc of one contract's runtime code back to a line of user source. */
export interface FailureLocator {
  /**
   * `jumps` is the outermost frame's jump log ([pc, destination] pairs). Panics revert inside
   * compiler-generated helpers that map to no user line, so the latest jump made from a user line
   * (the call into the helper) locates them instead.
   */
  locate(pc: number, jumps?: Uint32Array): SourceLine | null;
  /** The line declaring function `name` of this contract or its bases (for property failures). */
  functionLine(name: string): SourceLine | null;
}

export function failureLocator(project: CompiledProject, contract: CompiledContract): FailureLocator {
  const lineIndexes = new Map(project.sources.map((s) => [s.id, new LineIndex(s.content)]));
  const byPc = new Map<number, SourceLine>();
  for (const ins of codeLocations(contract.deployed, project.sources, lineIndexes).mapped) {
    byPc.set(ins.pc, { file: project.sources[ins.file].path, line: lineIndexes.get(ins.file)!.lineOf(ins.start) });
  }
  return {
    locate(pc, jumps) {
      const direct = byPc.get(pc);
      if (direct) return direct;
      if (!jumps) return null;
      for (let i = jumps.length - 2; i >= 0; i -= 2) {
        const from = byPc.get(jumps[i]);
        if (from) return from;
      }
      return null;
    },
    functionLine(name) {
      for (const declaring of [contract.name, ...contract.bases]) {
        const found = findFunction(project, declaring, name);
        if (found) return found;
      }
      return null;
    },
  };
}

interface AstNode {
  nodeType?: string;
  name?: string;
  src?: string;
  nodes?: AstNode[];
}

function findFunction(project: CompiledProject, contractName: string, functionName: string): SourceLine | null {
  for (const source of project.sources) {
    const unit = project.asts[source.path] as AstNode | undefined;
    const contract = unit?.nodes?.find((n) => n.nodeType === 'ContractDefinition' && n.name === contractName);
    const fn = contract?.nodes?.find((n) => n.nodeType === 'FunctionDefinition' && n.name === functionName);
    if (fn?.src) return { file: source.path, line: new LineIndex(source.content).lineOf(parseSrc(fn.src).start) };
  }
  return null;
}
