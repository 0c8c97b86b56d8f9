import type { CompiledCode, SourceFile } from '../compile/index.js';
import { blockStarts } from '../bytecode/index.js';
import { codeLocations } from './codeLocations.js';
import type { LineIndex } from './lineIndex.js';

/** Source path → 1-based line → hits: every line that has instructions, 0 when none of them ran. */
export type LineHits = Map<string, Map<number, number>>;

/**
 * The lines of one bytecode (deployed or creation), located as targets are (`codeLocations`), each
 * with the most hits of the basic blocks holding its instructions (`blockHits`: block start → hits):
 * a statement a branch splits ran as often as its busiest part. Sources without a line index are left out.
 */
export function codeLineHits(
  code: CompiledCode,
  sources: readonly SourceFile[],
  lineIndexes: ReadonlyMap<string, LineIndex>,
  blockHits: ReadonlyMap<number, number>,
): LineHits {
  const startOf = blockStarts(code.bytecode);
  const hits: LineHits = new Map();
  for (const [file, lines] of codeLocations(code, sources, lineIndexes).byLine) {
    const counted = new Map<number, number>();
    for (const [line, pcs] of lines) counted.set(line, Math.max(...pcs.map((pc) => blockHits.get(startOf.get(pc) ?? -1) ?? 0)));
    hits.set(file, counted);
  }
  return hits;
}

/** Hits of several bytecodes (contracts compiling one library, campaigns fuzzing one contract) added up per line. */
export function sumLineHits(parts: readonly LineHits[]): LineHits {
  const sum: LineHits = new Map();
  for (const part of parts) {
    for (const [file, lines] of part) {
      const into = sum.get(file) ?? new Map<number, number>();
      sum.set(file, into);
      for (const [line, count] of lines) into.set(line, (into.get(line) ?? 0) + count);
    }
  }
  return sum;
}
