import type { CompiledProject } from '../compile/index.js';
import { codeLines } from './codeLines.js';
import { LineIndex } from './lineIndex.js';

/**
 * The added lines of `file` that hold code, read from the AST of whichever build compiled it (a test
 * file's comments, pragmas and imports are no lines to fuzz); all of them when no build did.
 */
export function changedCodeLines(file: string, addedLines: readonly number[], builds: readonly CompiledProject[]): number[] {
  const build = builds.find((b) => b.asts[file] !== undefined && b.sources.some((s) => s.path === file));
  if (build === undefined) return [...addedLines];
  const source = build.sources.find((s) => s.path === file)!;
  const { unitsByLine } = codeLines(build.asts[file], new LineIndex(source.content));
  return addedLines.filter((line) => unitsByLine.has(line));
}
