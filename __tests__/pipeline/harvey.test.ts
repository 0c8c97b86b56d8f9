/**
 * Acceptance for Harvey's techniques: with the default configuration (prediction and demand-driven
 * sequences on), fixed seeds and transaction budgets, every Harvey fixture bug is found and every
 * safe twin stays silent.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import type { FuzzConfig } from '../../src/config/types.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const ROOT = REPO_ROOT;
const FIG1 = '__fixtures__/harvey/Fig1Paths.sol';

async function fuzz(file: string, budget: string, overrides: Partial<FuzzConfig> = {}): Promise<Report> {
  const config = fuzzConfig(ROOT, [`__fixtures__/harvey/${file}`], { budget: parseBudget(budget), ...overrides });
  return (await runPipeline(config, { logger: memoryLogger() })).report;
}

/**
 * By bug fixture: the bug must be found within its budget, and its safe twin runs all of it; about
 * twice the transactions the default seed takes to find it (search power is `npm run bench`'s).
 */
const BUDGETS: Record<string, string> = {
  // The assertion after 44; with the five paths as targets, all reached and the assertion found after 94.
  'Fig1Paths.sol': '200x',
  // After 78.
  'Fig2StateBug.sol': '200x',
  // After 62.
  'Quadratic.sol': '200x',
  // The storage write after 95, the owner takeover too by 141.
  'BonusCodeWallet.sol': '300x',
  // After 987.
  'LongSequence.sol': '2000x',
};

const runs = new Map<string, Promise<Report>>();
/**
 * Tests reading the same default-configuration campaign share its run: same seed and budget, same
 * report. `stopWhen: 'finding'` ends a campaign whose one bug is the point at that bug.
 */
function campaign(file: string, stopWhen?: 'finding'): Promise<Report> {
  const key = `${file}@${stopWhen}`;
  if (!runs.has(key)) runs.set(key, fuzz(file, BUDGETS[file], stopWhen && { stopWhen }));
  return runs.get(key)!;
}

const found = (report: Report, kind: ReportFinding['kind']) => report.findings.filter((f) => f.kind === kind);

describe('Fig1Paths (Harvey Fig. 1)', () => {
  it('covers all five paths of baz, and the assertion on path 2', async () => {
    const returns = [20, 23, 26, 29, 31]; // return 1, assert(false) on path 2, return 3, 4, 5
    const report = await fuzz('Fig1Paths.sol', BUDGETS['Fig1Paths.sol'], { targets: returns.map((line) => ({ file: FIG1, line })) });
    expect(report.targets.map((t) => [t.line, t.status])).toEqual(returns.map((line) => [line, 'reached']));
    expect(found(report, 'assertion')).toMatchObject([{ line: 23, function: 'baz(int256,int256,int256)' }]);
    expect(report.findings[0].sequence).toHaveLength(1);
  });
});

describe.each([
  { file: 'Fig2StateBug.sol', kind: 'assertion' as const, line: 13, calls: 3, stopWhen: 'finding' as const },
  { file: 'Quadratic.sol', kind: 'assertion' as const, line: 15, calls: 1, stopWhen: 'finding' as const },
  // Two findings: its takeover (below) comes from the same run.
  { file: 'BonusCodeWallet.sol', kind: 'arbitrary-storage-write' as const, line: 37, calls: 2, stopWhen: undefined },
  { file: 'LongSequence.sol', kind: 'assertion' as const, line: 21, calls: 5, stopWhen: 'finding' as const },
])('$file', ({ file, kind, line, calls, stopWhen }) => {
  it(`finds the ${kind} at line ${line} with a ${calls}-transaction sequence`, async () => {
    const report = await campaign(file, stopWhen);
    const [finding] = found(report, kind);
    expect(finding).toMatchObject({ line });
    expect(finding.sequence).toHaveLength(calls);
  });
});

describe('BonusCodeWallet owner takeover (Harvey Fig. 3)', () => {
  it('breaks property_owner_unchanged with the index 2^256 − keccak(1), which is no constant of the code', async () => {
    const report = await campaign('BonusCodeWallet.sol');
    const [takeover] = found(report, 'property');
    expect(takeover.function).toBe('property_owner_unchanged()');
    const setCode = takeover.sequence.find((c) => c.function === 'SetCodeAt(uint256,uint256)')!;
    const keccakOfSlot1 = 0xb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6n;
    expect(BigInt(setCode.args[0] as string)).toBe((1n << 256n) - keccakOfSlot1);
  });
});

describe.each(['Fig1PathsSafe.sol', 'Fig2StateBugSafe.sol', 'QuadraticSafe.sol', 'BonusCodeWalletSafe.sol'])('safe twin %s', (file) => {
  it('reports nothing', async () => {
    const report = await fuzz(file, BUDGETS[file.replace('Safe.sol', '.sol')]);
    expect(report.findings).toEqual([]);
  });
});

describe('safe twin LongSequenceSafe.sol', () => {
  it('completes all five steps and reports nothing', async () => {
    const file = '__fixtures__/harvey/LongSequenceSafe.sol';
    // Line 18 is reached within 328 transactions.
    const report = await fuzz('LongSequenceSafe.sol', BUDGETS['LongSequence.sol'], { targets: [{ file, line: 18 }], schedule: 'baseline' });
    expect(report.targets.map((t) => t.status)).toEqual(['reached']);
    expect(report.findings).toEqual([]);
  });
});

describe('prediction statistics', () => {
  it('reports the one-shot success rate of input prediction', async () => {
    const report = await campaign('Quadratic.sol', 'finding');
    expect(report.stats.prediction!.oneShot).toBeGreaterThan(0);
    expect(report.stats.prediction!.oneShotSuccessRate).toBeCloseTo(report.stats.prediction!.oneShotHits / report.stats.prediction!.oneShot);
  });
});
