/**
 * Issue 17: forge's verdicts on the calls of an invariant sequence. A handler whose assertion raises
 * DSTest's failure flag (ds-test, forge-std before 1.8) fails the run although its call does not
 * revert; with `fail_on_revert` (foundry.toml or inline `forge-config`) a reverting target call
 * fails it. Each is a finding of the campaign from setUp(), with a reproducer that Lookout's runner
 * compiles and runs (real solc, real EVM), failing as forge would.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isForgeAvailable } from '../../src/compile/forge/index.js';
import { runWithForge } from '../../src/reproducers/forge.js';
import { forgeBinary, serveSolcWrappers } from '../helpers/solcWrapper.js';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { ALL_TECHNIQUES } from '../../src/config/defaults.js';
import { FLAGGED_FAILURE_MESSAGE } from '../../src/evm/cheatcodes/failFlag.js';
import { discoverSuites } from '../../src/foundryTests/discover.js';
import { failOnRevertInvariants } from '../../src/foundryTests/failOnRevert.js';
import { runSuite } from '../../src/foundryTests/runSuite.js';
import { openSuiteWorld } from '../../src/foundryTests/suiteWorld.js';
import { FLAGGED_CALL_MESSAGE, REVERTED_CALL_MESSAGE } from '../../src/oracles/evidence.js';
import type { TestSuite } from '../../src/foundryTests/types.js';
import { fuzzContract, type ContractCampaignResult } from '../../src/fuzz/campaign/setup.js';
import { Rng } from '../../src/rng.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { toReportFinding } from '../../src/report/entries.js';
import { reproducerSource } from '../../src/reproducers/source/source.js';
import { suitePlan } from '../../src/reproducers/suitePlan.js';
import { runReproducer, type RunOutcome } from '../../src/reproducers/verify.js';
import { memoryLogger } from '../../src/logger.js';
import { planSuites } from '../../src/run/plans.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const PROJECT = path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault');

let project: CompiledProject;
beforeAll(async () => {
  project = await compileProject({ root: PROJECT, paths: ['src', 'test/fidelity'] });
}, 120_000);

const forgeRuns = await isForgeAvailable({ forge: forgeBinary() });
if (!forgeRuns) console.warn(`not running reproducers with forge: ${forgeBinary()} does not run on this machine`);

/** `forge test` on the reproducer in a copy of the fixture project (forge writes out/ and cache/), its solc a solc-js stand-in. */
async function forgeRun(source: string, contract: string): Promise<RunOutcome> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lookout-forge-'));
  try {
    await cp(PROJECT, path.join(dir, 'project'), { recursive: true });
    await serveSolcWrappers(path.join(dir, 'home', '.svm'), ['0.8.37']);
    const env = { ...process.env, HOME: path.join(dir, 'home') };
    const [outcome] = await runWithForge(path.join(dir, 'project'), [{ file: `${contract}.t.sol`, contract, source, solidityVersion: '0.8.37' }], {
      forge: forgeBinary(),
      env,
    });
    return outcome;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const suiteNamed = (name: string): TestSuite => discoverSuites(project).find((s) => s.contract.name === name)!;

/**
 * Each campaign stops at its first finding; seed 3 finds each bug here within 8 transactions
 * (DSTestOnlyInvariantTest's; FlaggedHandlerInvariantTest's after 3, FailOnRevertInlineTest's after 1),
 * so a safe twin proves its silence on 100.
 */
const BUDGET = 100;

async function campaign(
  name: string,
  failOnRevert?: readonly string[],
): Promise<{ result: ContractCampaignResult; reproduce: (i: number) => Promise<{ source: string; run: RunOutcome }> }> {
  const contract = project.contracts.find((c) => c.name === name)!;
  const opened = await openSuiteWorld({
    kind: 'suite',
    contracts: project.contracts,
    suite: contract.id,
    mode: 'invariant',
    ...(failOnRevert && { failOnRevert }),
  });
  if (!('world' in opened)) throw new Error(opened.reason);
  const { world } = opened;
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
  const reproduce = async (i: number) => {
    const found = result.findings[i];
    // As the pull-request pipeline names it: a property is the test contract's, anything else the code that failed.
    const failedIn =
      found.failure.property === undefined ? world.contracts[world.executor.deployments.findIndex((d) => d.codeId === found.failure.codeId)] : undefined;
    const finding = { ...toReportFinding(project, result, found, undefined, failedIn), harness: { file: contract.file, contract: name } };
    const start = suitePlan(world, finding.harness, project, []);
    const plan = { ...start, finding, file: `${name}.reproducer.t.sol`, contract: `${name}Reproducer`, solidityVersion: '0.8.37' };
    const { source } = reproducerSource(plan);
    return { source, run: await runReproducer(PROJECT, { file: plan.file, contract: plan.contract, source, solidityVersion: plan.solidityVersion }) };
  };
  return { result, reproduce };
}

describe('a suite without forge-std: no `vm`, an external invariant', () => {
  it('the reproducer brings its own vm and calls the invariant through `this`; it fails as the campaign did', async () => {
    const { result, reproduce } = await campaign('DSTestOnlyInvariantTest');
    expect(result.findings.map((f) => f.failure.message)).toEqual(['invariant_countsEveryCall() reverted: Error("a call went uncounted")']);
    const { source, run } = await reproduce(0);
    expect(source).toContain('LookoutVm internal constant vm = LookoutVm(');
    expect(source).toMatch(/\n\s+this\.invariant_countsEveryCall\(\);\n/);
    expect(run).toEqual({ outcome: 'failed', reason: 'Error("a call went uncounted")' });
    if (forgeRuns) expect(await forgeRun(source, 'DSTestOnlyInvariantTestReproducer')).toMatchObject({ outcome: 'failed' });
  }, 240_000);
});

describe('a handler call that raises the failure flag', () => {
  it('is an assertion finding of the campaign, and its reproducer fails on the flag', async () => {
    const { result, reproduce } = await campaign('FlaggedHandlerInvariantTest');
    expect(result.findings.map((f) => [f.failure.kind, f.failure.message, f.failure.evidence])).toEqual([
      ['assertion', `${FLAGGED_CALL_MESSAGE} (forge fails the invariant run)`, { kind: 'assertion', how: 'failure-flag' }],
    ]);
    const { source, run } = await reproduce(0);
    expect(source).toMatch(/try flaggedAssertingHandler\.deposit\((true|false), [\d_]+(e\d+)?\) \{\} catch \{\}\n\s+\}/);
    expect(run).toEqual({ outcome: 'failed', reason: `Error("${FLAGGED_FAILURE_MESSAGE}")` });
    // forge fails a test on the flag without a reason of its own: `[FAIL] test_reproduce()`.
    if (forgeRuns) expect(await forgeRun(source, 'FlaggedHandlerInvariantTestReproducer')).toEqual({ outcome: 'failed', reason: 'failed' });
  }, 240_000);

  it('the safe twin: nothing found', async () => {
    expect((await campaign('FlaggedHandlerSafeInvariantTest')).result.findings).toEqual([]);
  }, 240_000);

  it("fails forge's blind invariant mode in Lookout's runner too", async () => {
    const result = await runSuite(project, suiteNamed('FlaggedHandlerInvariantTest'), { seed: 5, invariantRuns: 16, invariantDepth: 8 });
    expect(result.results.map((r) => [r.name, r.status, r.reason])).toEqual([
      ['invariant_sharesBacked', 'failed', expect.stringContaining(FLAGGED_CALL_MESSAGE)],
    ]);
  }, 120_000);
});

describe('fail_on_revert', () => {
  it('is on for the invariants foundry.toml or an inline forge-config puts it on; a function’s own setting beats its contract’s', () => {
    const on = (name: string, failOnRevert: boolean, profile = 'default') => failOnRevertInvariants(project, suiteNamed(name), { failOnRevert, profile });
    expect(on('FailOnRevertInlineTest', false)).toEqual(['invariant_sharesWithinSupply']);
    expect(on('FailOnRevertOverriddenTest', false)).toEqual(['invariant_sharesWithinSupply']);
    expect(on('FailOnRevertDefaultTest', false)).toEqual([]);
    expect(on('FailOnRevertDefaultTest', true)).toEqual(['invariant_sharesWithinSupply']);
    expect(on('FailOnRevertOverriddenTest', true, 'ci')).toEqual(['invariant_sharesWithinSupply']);
  });

  it('a reverting target call fails the invariant, with the revert; the reproducer fails with it', async () => {
    const { result, reproduce } = await campaign('FailOnRevertInlineTest', ['invariant_sharesWithinSupply']);
    expect(result.findings.length).toBeGreaterThan(0);
    const [first] = result.findings;
    expect(first.failure).toMatchObject({ kind: 'property', property: 'invariant_sharesWithinSupply' });
    expect(first.failure.message).toMatch(new RegExp(`^invariant_sharesWithinSupply failed: ${REVERTED_CALL_MESSAGE}: Error\\("(zero deposit|allowance)"\\)$`));
    expect(first.failure.evidence).toEqual({
      kind: 'property',
      property: 'invariant_sharesWithinSupply',
      failed: 'target-call-reverted',
      reason: expect.stringMatching(/^Error\("(zero deposit|allowance)"\)$/),
    });
    const { source, run } = await reproduce(0);
    expect(source).toMatch(/vm\.prank\((\w+), \1\);\n\s+vault\.deposit\([\d_]+\);\n\s+\}/);
    expect(run.outcome).toBe('failed');
    expect(first.failure.message).toContain(run.reason);
    if (forgeRuns)
      expect(await forgeRun(source, 'FailOnRevertInlineTestReproducer')).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('allowance') });
  }, 240_000);

  it("lookout pr's plans carry it: foundry.toml's setting, or the inline one, into the invariant campaign's recipe", async () => {
    // Vault.deposit's first line changed: every suite deploying the vault is planned.
    const changes = [{ path: 'src/Vault.sol', status: 'modified' as const, addedLines: [36], deletions: [] }];
    const recipes = async (failOnRevert: boolean) => {
      const { plans } = await planSuites([project], changes, { folder: 'test', failOnRevert, profile: 'default' }, memoryLogger());
      const of = (name: string) => plans.find((p) => p.harness?.contract === name && p.harness.mode === 'invariant')!.world.recipe;
      return [of('FailOnRevertDefaultTest'), of('FailOnRevertInlineTest')].map((recipe) => (recipe?.kind === 'suite' ? recipe.failOnRevert : 'not a suite'));
    };
    expect(await recipes(false)).toEqual([undefined, ['invariant_sharesWithinSupply']]);
    expect(await recipes(true)).toEqual([['invariant_sharesWithinSupply'], ['invariant_sharesWithinSupply']]);
  }, 240_000);

  it('off: the same reverts are passed over', async () => {
    expect((await campaign('FailOnRevertDefaultTest')).result.findings).toEqual([]);
  }, 240_000);
});
