import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withOutputCache } from '../../../src/compile/compiler/outputCache.js';
import type { SolcCompiler } from '../../../src/compile/compiler/types.js';

function countingCompiler(longVersion = '0.8.17+commit.8df45f5f'): SolcCompiler & { calls: number } {
  const compiler = {
    version: '0.8.17',
    longVersion,
    source: 'cache' as const,
    calls: 0,
    async compile(input: object): Promise<unknown> {
      compiler.calls++;
      return { echoed: input, call: compiler.calls };
    },
  };
  return compiler;
}

describe('withOutputCache', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-output-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers an input it has seen from the cache, across compiler instances', async () => {
    const input = { language: 'Solidity', sources: { 'A.sol': { content: 'contract A {}' } } };
    const first = countingCompiler();
    expect(await withOutputCache(first, dir).compile(input)).toEqual({ echoed: input, call: 1 });
    const second = countingCompiler();
    expect(await withOutputCache(second, dir).compile(input)).toEqual({ echoed: input, call: 1 });
    expect(second.calls).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('compiles again when a source or the compiler build differs', async () => {
    const compiler = countingCompiler();
    const cached = withOutputCache(compiler, dir);
    await cached.compile({ sources: { 'A.sol': { content: 'contract A {}' } } });
    await cached.compile({ sources: { 'A.sol': { content: 'contract A { uint x; }' } } });
    expect(compiler.calls).toBe(2);
    const other = countingCompiler('0.8.17+commit.other');
    await withOutputCache(other, dir).compile({ sources: { 'A.sol': { content: 'contract A {}' } } });
    expect(other.calls).toBe(1);
  });

  it('still compiles when the cache folder cannot be written', async () => {
    const compiler = countingCompiler();
    // A file where the folder should be: nothing can be written under it.
    writeFileSync(path.join(dir, 'blocker'), '');
    const cached = withOutputCache(compiler, path.join(dir, 'blocker', 'outputs'));
    expect(await cached.compile({ a: 1 })).toEqual({ echoed: { a: 1 }, call: 1 });
    expect(await cached.compile({ a: 1 })).toEqual({ echoed: { a: 1 }, call: 2 });
  });
});
