import path from 'node:path';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { ALL_TECHNIQUES } from '../../src/config/defaults.js';
import { FLAGGED_FAILURE_MESSAGE } from '../../src/evm/cheatcodes/failFlag.js';
import { discoverSuites } from '../../src/foundryTests/discover.js';
import { runSuite } from '../../src/foundryTests/runSuite.js';
import { openSuiteWorld } from '../../src/foundryTests/suiteWorld.js';
import type { SuiteResult } from '../../src/foundryTests/types.js';
import { fuzzContract } from '../../src/fuzz/campaign/setup.js';
import { Rng } from '../../src/rng.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { toReportCall } from '../../src/report/entries.js';
import { accountNames, callText } from '../../src/report/sequence.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

// Runner fidelity with real projects' forge-std (issue 17): assertions of ds-test and of forge-std
// before 1.8 raise a failure flag instead of reverting; forge starts tests at block 1, timestamp 1;
// two instances of one contract are told apart by address.
const PROJECT = path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault');

let project: CompiledProject;
beforeAll(async () => {
  project = await compileProject({ root: PROJECT, paths: ['src', 'test/fidelity'] });
}, 120_000);

async function run(name: string): Promise<SuiteResult> {
  const suite = discoverSuites(project).find((s) => s.contract.name === name);
  if (suite === undefined) throw new Error(`no suite ${name}`);
  return runSuite(project, suite, { seed: 5, invariantRuns: 16, invariantDepth: 8 });
}

/**
 * The campaigns from setUp() stop at their first finding; seed 3 breaks FlaggedCapInvariantTest's
 * invariant after 3 transactions and TwoVaultsInvariantTest's after 15, so a safe twin proves its
 * silence on 50.
 */
const BUDGET = 50;

const outcomes = (result: SuiteResult) => Object.fromEntries(result.results.map((r) => [r.name, [r.status, r.reason]]));

test('a raised failure flag fails the test; one taken back by a revert does not', async () => {
  expect(outcomes(await run('FlaggedUnitTest'))).toEqual({
    test_flagRaised: ['failed', `Error("${FLAGGED_FAILURE_MESSAGE}")`],
    test_flagRaisedInRevertedCall: ['passed', undefined],
  });
}, 60_000);

test('an invariant asserting through the flag breaks; its safe twin holds', async () => {
  const broken = (await run('FlaggedCapInvariantTest')).results[0];
  expect([broken.status, broken.reason]).toEqual(['failed', expect.stringContaining(FLAGGED_FAILURE_MESSAGE)]);
  expect(outcomes(await run('FlaggedSupplyInvariantTest'))).toEqual({ invariant_sharesWithinSupply: ['passed', undefined] });
}, 60_000);

test('a campaign from setUp() finds the flagged invariant, and nothing in the safe twin', async () => {
  const findings = async (name: string) => {
    const opened = await openSuiteWorld({
      kind: 'suite',
      contracts: project.contracts,
      suite: project.contracts.find((c) => c.name === name)!.id,
      mode: 'invariant',
    });
    if (!('world' in opened)) throw new Error(opened.reason);
    const result = await fuzzContract({
      project,
      world: opened.world,
      targets: [],
      budget: { kind: 'executions', executions: BUDGET },
      rng: new Rng(3),
      clock: () => 0,
      schedule: 'baseline',
      panicCodes: DEFAULT_PANIC_CODES,
      techniques: ALL_TECHNIQUES,
      maxSequenceLength: 8,
      stopWhen: 'finding',
    });
    // A finding that is not a broken property (a panic in a handler) shows by its kind: none may hide.
    return result.findings.map((f) => f.failure.property ?? f.failure.kind);
  };
  expect(await findings('FlaggedCapInvariantTest')).toEqual(['invariant_sharesWithinCap']);
  expect(await findings('FlaggedSupplyInvariantTest')).toEqual([]);
}, 120_000);

test("setUp() and the tests run from forge's start: block 1, timestamp 1", async () => {
  expect(outcomes(await run('ForgeStartTest'))).toEqual({ test_setUpSawForgeStart: ['passed', undefined] });
}, 60_000);

test('two instances of one contract from setUp(): the report names and addresses the one called', async () => {
  const opened = await openSuiteWorld({
    kind: 'suite',
    contracts: project.contracts,
    suite: project.contracts.find((c) => c.name === 'TwoVaultsInvariantTest')!.id,
    mode: 'invariant',
  });
  if (!('world' in opened)) throw new Error(opened.reason);
  const { world } = opened;
  const vaults = world.executor.deployments.flatMap((d, i) => (world.contracts[i].name === 'Vault' ? [d.address] : []));
  expect(vaults).toHaveLength(2);
  const result = await fuzzContract({
    project,
    world,
    targets: [],
    budget: { kind: 'executions', executions: BUDGET },
    rng: new Rng(3),
    clock: () => 0,
    schedule: 'baseline',
    panicCodes: DEFAULT_PANIC_CODES,
    techniques: ALL_TECHNIQUES,
    maxSequenceLength: 8,
    stopWhen: 'finding',
  });
  expect(result.findings.map((f) => [f.failure.kind, f.failure.property])).toEqual([['property', 'invariant_busyVaultSmall']]);
  const calls = result.findings[0].sequence.map((call) => toReportCall(call, result));
  expect(new Set(calls.map((c) => c.address))).toEqual(new Set([vaults[1]]));
  const names = accountNames({ deployments: world.executor.deployments.map((d, i) => ({ contract: world.contracts[i].name, address: d.address })) });
  expect(callText(calls[0], names)).toMatch(/^vault2\.deposit\(/);
}, 120_000);
