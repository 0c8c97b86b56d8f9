/**
 * Acceptance for issue 13's fixtures: with the default configuration, fixed seeds and transaction
 * budgets, the 2-transaction owner-then-call out-of-bounds and the equal-length calldata arrays bug
 * are found with their minimal sequences, their safe twins stay silent, and loops no longer flood the
 * corpus with one input per iteration count.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/** `until: 'finding'`: the bug's campaign ends at it, the budget bounding when it must come. */
async function fuzz(file: string, budget: string, until?: 'finding'): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/speed/${file}`], { budget: parseBudget(budget), stopWhen: until });
  return (await runPipeline(config, { logger: memoryLogger() })).report;
}

/** `budget`: the bug must be found within it, and its safe twin runs all of it; about twice the transactions the default seed takes. */
describe.each([
  // Found after 463 transactions.
  { file: 'OwnerIndex.sol', budget: '1000x', panicCode: '0x32', line: 40, calls: ['open(uint256)', 'claim(uint256,uint256)'] },
  // After 49.
  { file: 'EqualArrays.sol', budget: '100x', panicCode: '0x12', line: 26, calls: ['settle(address[],uint256[])'] },
])('$file', ({ file, budget, panicCode, line, calls }) => {
  it(`finds panic ${panicCode} at line ${line} with ${calls.join(', ')}; the safe twin reports nothing`, async () => {
    const report = await fuzz(file, budget, 'finding');
    expect(report.findings.map((f) => [f.kind, f.panicCode, f.line])).toEqual([['panic', panicCode, line]]);
    expect(report.findings[0].sequence.map((c) => c.function)).toEqual(calls);
    const twin = await fuzz(file.replace('.sol', 'Safe.sol'), budget);
    expect(twin.findings).toEqual([]);
    expect(twin.stats.transactions).toBeGreaterThanOrEqual(Number.parseInt(budget, 10));
  });
});

describe('Loops.sol (Bran Fig. 2 at the paper size)', () => {
  it('keeps a few dozen inputs, not one per loop count (AFL hit-count buckets)', async () => {
    const report = await fuzz('Loops.sol', '1000x');
    expect(report.stats.transactions).toBeGreaterThanOrEqual(1000);
    // Exact loop counts keep 273 inputs at this budget; two loops of 9 buckets each, two ways in,
    // and the gate's few paths keep 93.
    expect(report.stats.inputsKept).toBeLessThan(150);
  });
});
