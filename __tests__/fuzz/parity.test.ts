/**
 * Capabilities Echidna's and Medusa's own test suites expect, end to end: `lookout fuzz` with a fixed
 * seed and a transaction budget finds each fixture of __fixtures__/parity and stays silent on its twin.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/pipeline.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

async function fuzz(file: string, budget: string): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/parity/${file}`], { budget: parseBudget(budget), seed: 1 });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  return report;
}

// Each KZG proof check costs ~40 ms (two pairings): the point-evaluation cases get small budgets.
const bugs: { file: string; budget: string; kind: ReportFinding['kind']; calls: string[]; message: RegExp }[] = [
  { file: 'PointEvaluation.sol', budget: '100x', kind: 'assertion', calls: ['claim(uint256,uint256)'], message: /Assertion failed/ },
];
const twins: { file: string; budget: string }[] = [{ file: 'PointEvaluationSafe.sol', budget: '100x' }];

describe.each(bugs)('$file', (bug) => {
  it(`is found as ${bug.kind}`, async () => {
    const report = await fuzz(bug.file, bug.budget);
    expect(report.errors ?? []).toEqual([]);
    expect(report.findings.map((f) => f.kind)).toEqual([bug.kind]);
    expect(report.findings[0].message).toMatch(bug.message);
    expect(report.findings[0].sequence.map((c) => c.function)).toEqual(bug.calls);
  });
});

describe.each(twins)('safe twin $file', ({ file, budget }) => {
  it('reports nothing at the same budget', async () => {
    const report = await fuzz(file, budget);
    expect(report.errors ?? []).toEqual([]);
    expect(report.findings).toEqual([]);
    expect(report.stats.transactions).toBeGreaterThanOrEqual(Number.parseInt(budget, 10));
  });
});
