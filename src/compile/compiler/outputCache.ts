import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SolcCompiler } from './types.js';

export const OUTPUT_CACHE_VARIABLE = 'LOOKOUT_COMPILE_CACHE';

/**
 * A compiler whose outputs are kept in `dir` by input: one solc build given one standard-JSON input
 * (every source's content in it) answers the same, so a run that compiles what an earlier one did
 * (the same base for two pull requests, a re-run, the test suites' shared fixtures) reads the answer
 * back. Opt-in (`LOOKOUT_COMPILE_CACHE`): outputs are megabytes, and nothing evicts them.
 */
export function withOutputCache(compiler: SolcCompiler, dir: string): SolcCompiler {
  return {
    ...compiler,
    async compile(input: object): Promise<unknown> {
      const text = JSON.stringify(input);
      const key = createHash('sha256').update(compiler.longVersion).update('\0').update(text).digest('hex');
      const file = path.join(dir, `${key}.json`);
      const kept = read(file);
      if (kept !== undefined) return kept;
      const output = await compiler.compile(input);
      write(file, output);
      return output;
    },
  };
}

function read(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Through a temporary file and a rename, so a reader in another process never sees half an output. */
function write(file: string, output: unknown): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(output));
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written is only slower.
  }
}
