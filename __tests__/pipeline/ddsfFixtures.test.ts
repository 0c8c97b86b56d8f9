/**
 * The demand-driven sequence fixtures of issue 16 (__fixtures__/ddsf): with the default configuration,
 * a fixed seed and transaction budget, each bug is found through the sequence it needs, and each
 * safe twin stays silent.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import type { FuzzConfig } from '../../src/config/types.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

async function fuzz(file: string, budget: string, overrides: Partial<FuzzConfig> = {}): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/ddsf/${file}`], { budget: parseBudget(budget), seed: 1, ...overrides });
  return (await runPipeline(config, { logger: memoryLogger() })).report;
}

/**
 * Each bug's campaign stops at it and must find it within the budget its safe twin runs whole: about
 * twice the transactions seed 1 takes.
 */
// Found after 43 transactions.
const THERMOSTAT = '100x';
// After 398.
const AIRLOCK = '800x';

describe('Thermostat (Harvey Fig. 2-style)', () => {
  it('fails vent with setSetpoint(759) and commit before it', async () => {
    const report = await fuzz('Thermostat.sol', THERMOSTAT, { stopWhen: 'finding' });
    const [finding] = report.findings.filter((f) => f.kind === 'assertion');
    expect(finding).toMatchObject({ line: 28, function: 'vent()' });
    expect(finding.sequence.map((c) => [c.function, c.args])).toEqual([
      ['setSetpoint(uint256)', ['759']],
      ['commit()', []],
      ['vent()', []],
    ]);
  });

  it('safe twin reports nothing', async () => {
    const report = await fuzz('ThermostatSafe.sol', THERMOSTAT);
    expect(report.findings).toEqual([]);
  });
});

describe('Airlock (LongSequence-style)', () => {
  it('fails enter after the three doors, four transactions in order', async () => {
    const report = await fuzz('Airlock.sol', AIRLOCK, { stopWhen: 'finding' });
    const [finding] = report.findings.filter((f) => f.kind === 'assertion');
    expect(finding).toMatchObject({ line: 41, function: 'enter(uint256)' });
    expect(finding.sequence.map((c) => c.function)).toEqual(['openOuter(uint256)', 'pressurize(uint256)', 'openInner(uint256)', 'enter(uint256)']);
  });

  it('safe twin gets through all four steps and reports nothing', async () => {
    const file = '__fixtures__/ddsf/AirlockSafe.sol';
    // Line 37 is reached in the 152nd sequence.
    const report = await fuzz('AirlockSafe.sol', AIRLOCK, { targets: [{ file, line: 37 }] });
    expect(report.targets.map((t) => t.status)).toEqual(['reached']);
    expect(report.findings).toEqual([]);
  });
});
