/**
 * Issue 17: a finding in one overload of an overloaded function. `overloaded.put(1001)` is ambiguous
 * (the literal fits `put(uint256)` and `put(int256)`), so the reproducer names the overload through
 * an interface of its own; Lookout's runner compiles and runs it, and it fails as the finding does.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * Seed 1 finds the bug after 2 transactions: its campaign stops there; the safe twin runs what the
 * catalogue's twins run, twice that and at least 100.
 */
async function fuzz(file: string, stopWhen?: 'finding'): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/engine/${file}`], { budget: parseBudget('100x'), workers: 1, stopWhen });
  return (await runPipeline(config, { logger: memoryLogger() })).report;
}

test('the bug in put(int256) is found, and its reproducer calls that overload and fails with the assertion', async () => {
  const report = await fuzz('Overloaded.sol', 'finding');
  const finding = report.findings.find((f) => f.kind === 'assertion')!;
  expect(finding.function).toBe('put(int256)');
  const reproducer = finding.reproducer!;
  expect(reproducer.source).toContain('interface Overload_put_int256 {\n    function put(int256) external;\n}');
  // The failing call is made as a low-level call (only its panic fails the test), encoded through the overload's interface.
  expect(reproducer.source).toMatch(/abi\.encodeCall\(Overload_put_int256\.put, \(\d+\)\)/);
  // Only the overload called is declared.
  expect(reproducer.source).not.toContain('Overload_put_uint256');
  expect(reproducer).toMatchObject({ verified: true, reason: null });
  expect(reproducer.runs.find((r) => r.runner === 'lookout')).toEqual({
    runner: 'lookout',
    revision: 'head',
    outcome: 'failed',
    reason: 'Panic 0x01: assertion failed',
  });
}, 240_000);

test('the safe twin: nothing found', async () => {
  expect((await fuzz('OverloadedSafe.sol')).findings).toEqual([]);
}, 240_000);
