import type { CompiledContract } from '../compile/index.js';
import { codeLocations } from './codeLocations.js';
import { LineIndex } from './lineIndex.js';

/** A conditional branch in the source: where it is and its condition as written. */
export interface BranchSource {
  file: string;
  line: number;
  condition: string;
}

/** Longest condition text shown; longer ones end in `…`. */
const MAX_CONDITION = 100;

/** Maps a JUMPI pc of the contract's runtime code to the source of its condition (null when unmapped). */
export function branchLocator(contract: CompiledContract): (pc: number) => BranchSource | null {
  const lineIndexes = new Map(contract.sources.map((s) => [s.path, new LineIndex(s.content)]));
  const bytes = new Map(contract.sources.map((s) => [s.path, Buffer.from(s.content, 'utf8')]));
  const byPc = new Map(codeLocations(contract.deployed, contract.sources, lineIndexes).mapped.map((ins) => [ins.pc, ins]));
  return (pc) => {
    const ins = byPc.get(pc);
    if (!ins) return null;
    const text = bytes
      .get(ins.file)!
      .subarray(ins.start, ins.start + ins.length)
      .toString('utf8');
    return { file: ins.file, line: lineIndexes.get(ins.file)!.lineOf(ins.start), condition: conditionText(text) };
  };
}

/**
 * The condition of what a JUMPI maps to: `if (…)` / `while (…)` / `require(…)` up to its closing
 * parenthesis (not the body after it), whitespace collapsed.
 */
export function conditionText(source: string): string {
  const open = /^\s*(if|while|for|require|assert)\s*\(/.exec(source);
  let text = source;
  if (open) {
    let depth = 0;
    for (let i = open[0].length - 1; i < source.length; i++) {
      if (source[i] === '(') depth++;
      else if (source[i] === ')' && --depth === 0) {
        text = source.slice(0, i + 1);
        break;
      }
    }
  }
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > MAX_CONDITION ? `${collapsed.slice(0, MAX_CONDITION - 1)}…` : collapsed;
}
