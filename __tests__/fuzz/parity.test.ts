/**
 * Capabilities Echidna's and Medusa's own test suites expect, end to end: `lookout fuzz` with a fixed
 * seed and a transaction budget finds each fixture of __fixtures__/parity and stays silent on its twin.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { delayText } from '../../src/report/sequence.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * A test that expects one finding stops the campaign at it (`until: 'finding'`): the budget is then only
 * the bound within which it must be found, and no time goes to fuzzing past it. Silence is tested at
 * the whole budget.
 */
async function campaign(file: string, budget: string, configFile?: string, until?: 'finding'): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/parity/${file}`], {
    budget: parseBudget(budget),
    seed: 1,
    configFile: configFile && `${REPO_ROOT}/__fixtures__/parity/${configFile}`,
    stopWhen: until,
  });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  return report;
}

const runs = new Map<string, Promise<Report>>();
/** Tests reading the same campaign (same fixture, budget, lookout.toml and stop) share its run. */
function fuzz(file: string, budget: string, configFile?: string, until?: 'finding'): Promise<Report> {
  const key = JSON.stringify([file, budget, configFile, until]);
  if (!runs.has(key)) runs.set(key, campaign(file, budget, configFile, until));
  return runs.get(key)!;
}

interface Bug {
  kind: ReportFinding['kind'];
  calls: string[];
  message: RegExp;
}
/**
 * `budget`: the bug must be found within it, and its safe twin (`…Safe.sol`) runs all of it; about
 * twice the transactions seed 1 takes to find the bugs (in the campaign of the contract that has
 * them, which gets its share when the file deploys two), and at least 100.
 */
const bugs: { file: string; budget: string; twinBudget?: string; found: Bug[] }[] = [
  // Found after 255 transactions. Each KZG proof check costs ~40 ms (two pairings): the twin gets a smaller budget.
  {
    file: 'PointEvaluation.sol',
    budget: '400x',
    twinBudget: '100x',
    found: [{ kind: 'assertion', calls: ['claim(uint256,uint256)'], message: /Assertion failed/ }],
  },
  // After 43.
  {
    file: 'PropertyOnlyCompare.sol',
    budget: '100x',
    found: [
      {
        kind: 'property',
        calls: [expect.stringMatching(/^set[AB]\(uint256\)$/), expect.stringMatching(/^set[AB]\(uint256\)$/)],
        message: /echidna_pair\(\) returned false/,
      },
    ],
  },
  // After 1, Registry's campaign (Ledger's runs the other half).
  { file: 'CreatedInConstructor.sol', budget: '100x', found: [{ kind: 'property', calls: ['wipe()'], message: /echidna_ledger_kept\(\) returned false/ }] },
  // After 47, CreatedAtRuntime's campaign (Child's runs the other half).
  { file: 'CreatedAtRuntime.sol', budget: '200x', found: [{ kind: 'assertion', calls: ['spawn()', 'poke(address)'], message: /Assertion failed/ }] },
  // After 85.
  {
    file: 'CreatedByCall.sol',
    budget: '200x',
    found: [{ kind: 'property', calls: ['make()', 'open(uint256)'], message: /echidna_sealed\(\) returned false/ }],
  },
  // After 55.
  { file: 'SelfCallback.sol', budget: '200x', found: [{ kind: 'property', calls: ['relay(bytes)'], message: /echidna_not_released\(\) returned false/ }] },
  // After 53.
  { file: 'RawBytesString.sol', budget: '200x', found: [{ kind: 'assertion', calls: ['tag(string)'], message: /Assertion failed/ }] },
  // After 4.
  {
    file: 'RevertProperty.sol',
    budget: '100x',
    found: [{ kind: 'property', calls: ['unlock(uint256)'], message: /echidna_revert_sealed\(\) returned instead of reverting/ }],
  },
  // The property after 1, the assertion within 24.
  {
    file: 'BrokenPropertyBeside.sol',
    budget: '100x',
    found: [
      { kind: 'property', calls: [expect.any(String)], message: /echidna_fresh\(\) returned false/ },
      { kind: 'assertion', calls: ['arm(uint256)', 'fire()'], message: /Assertion failed/ },
    ],
  },
];
const twins = bugs.map(({ file, budget, twinBudget }) => ({ file: file.replace('.sol', 'Safe.sol'), budget: twinBudget ?? budget }));

describe.each(bugs)('$file', (bug) => {
  it(`is found as ${bug.found.map((f) => f.kind).join(' and ')}`, async () => {
    const report = await fuzz(bug.file, bug.budget, undefined, bug.found.length === 1 ? 'finding' : undefined);
    expect(report.errors ?? []).toEqual([]);
    const found = [...report.findings].sort((a, b) => a.kind.localeCompare(b.kind) || a.message.localeCompare(b.message));
    const expected = [...bug.found].sort((a, b) => a.kind.localeCompare(b.kind));
    expect(found.map((f) => ({ kind: f.kind, calls: f.sequence.map((c) => c.function), message: f.message }))).toEqual(
      expected.map((f) => ({ kind: f.kind, calls: f.calls, message: expect.stringMatching(f.message) })),
    );
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

// The chain model of lookout.toml: each contract fails under one setting and not under the other.
// Each failure is found within 47 transactions (TimeLock's); the silent setting runs as many as it gets.
const CHAIN_BUDGET = '100x';
const chain: { file: string; config?: string; found: ReportFinding['kind'] | null; panicCode?: string }[] = [
  { file: 'chain/TimeLock.sol', found: 'assertion' },
  { file: 'chain/TimeLock.sol', config: 'chain/time-frozen.toml', found: null },
  { file: 'chain/PrecompileSender.sol', config: 'chain/precompile-senders.toml', found: 'assertion' },
  { file: 'chain/PrecompileSender.sol', found: null },
  { file: 'chain/Overflow.sol', config: 'chain/report-overflow.toml', found: 'panic', panicCode: '0x11' },
  { file: 'chain/Overflow.sol', found: null },
  { file: 'chain/GasHungry.sol', found: 'assertion' },
  { file: 'chain/GasHungry.sol', config: 'chain/small-gas.toml', found: null },
];

describe.each(chain)('$file with $config', ({ file, config, found, panicCode }) => {
  it(found ? `is found as ${found}` : 'reports nothing', async () => {
    const report = await fuzz(file, CHAIN_BUDGET, config, found ? 'finding' : undefined);
    expect(report.errors ?? []).toEqual([]);
    expect(report.findings.map((f) => [f.kind, f.panicCode])).toEqual(found ? [[found, panicCode ?? (found === 'assertion' ? '0x01' : null)]] : []);
  });
});

it('names the accounts lookout.toml configures in the report, deployer first, and the sender at 0x1 sends the failing call', async () => {
  const report = await fuzz('chain/PrecompileSender.sol', CHAIN_BUDGET, 'chain/precompile-senders.toml', 'finding');
  expect(report.senders).toEqual([
    { name: 'deployer', address: '0x0000000000000000000000000000000000030000' },
    { name: 'alice', address: '0x0000000000000000000000000000000000000001' },
    { name: 'bob', address: '0x0000000000000000000000000000000000020000' },
  ]);
  expect(report.findings[0].sequence.at(-1)!.sender).toBe('0x0000000000000000000000000000000000000001');
});

it('reports the time jump a sequence needs, in the JSON and in the rendered call', async () => {
  const report = await fuzz('chain/TimeLock.sol', CHAIN_BUDGET, undefined, 'finding');
  const [finding] = report.findings;
  expect(finding.sequence.map((c) => c.function)).toEqual(['lock()', 'release()']);
  expect(finding.sequence[1].timeDelay).toBeGreaterThanOrEqual(3 * 24 * 3600);
  expect(delayText(finding.sequence[1])).toMatch(/^after \d+ days?( \d+ h)?( \d+ min)?( \d+ s)?( and \d+ blocks?)?: $/);
});

it('fuzzes a contract a constructor created with its creator, and reports where it came from', async () => {
  const report = await fuzz('CreatedInConstructor.sol', bugs.find((b) => b.file === 'CreatedInConstructor.sol')!.budget, undefined, 'finding');
  const [finding] = report.findings;
  expect(finding).toMatchObject({ contract: 'Registry', sequence: [{ contract: 'Ledger', function: 'wipe()' }] });
  const registry = report.deployments!.find((d) => d.contract === 'Registry' && d.from !== 'created')!;
  expect(report.deployments).toContainEqual(expect.objectContaining({ contract: 'Ledger', from: 'created', deployer: registry.address }));
});

it('leaves out a function that only runs out of gas and finds the bug beside it', async () => {
  const report = await fuzz('GasHog.sol', '3000x', 'chain/hog-gas.toml', 'finding');
  expect(report.errors ?? []).toEqual([]);
  expect(report.findings.map((f) => [f.kind, f.sequence.map((c) => c.function)])).toEqual([['property', ['set(uint256)']]]);
});

it('ends a campaign whose only function runs out of gas, with nothing reported', async () => {
  const report = await fuzz('GasHogSafe.sol', '3000x', 'chain/hog-gas.toml');
  expect(report.errors ?? []).toEqual([]);
  expect(report.findings).toEqual([]);
  // Left out after GAS_HOG_RUNS calls (per seed and mutant), nothing else is left to run.
  expect(report.stats.transactions).toBeLessThan(20);
});
