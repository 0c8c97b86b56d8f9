/**
 * Issue 17 part 2 end to end: `lookout pr` on a Foundry project whose own test contracts become the
 * campaigns (fixture __fixtures__/foundry-tests/pool-pr: a handler-based invariant suite, a testFuzz_
 * with vm.assume, a setUp() that reverts, a test file that does not compile), on real git repositories.
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportFinding } from '../../src/report/types.js';
import { forgeRuns } from '../helpers/forgeVerdicts.js';
import { lookoutPr, PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/foundry-tests/pool-pr/', import.meta.url));
/** Lookout's own forge-std stand-in, shared with the runner's fixture project. */
const FORGE_STD = fileURLToPath(new URL('../../__fixtures__/foundry-tests/vault/lib/', import.meta.url));

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/** base/ with lib/ as the base commit; head/ and then the PR's own files as the head commit. */
export async function poolRepository(pr: 'bug' | 'safe'): Promise<PrRepo> {
  const repo = await PrRepo.create();
  repos.push(repo);
  await cp(path.join(FIXTURE, 'base'), repo.dir, { recursive: true });
  await cp(FORGE_STD, path.join(repo.dir, 'lib'), { recursive: true });
  await repo.commit('base');
  for (const overlay of ['head', pr]) await cp(path.join(FIXTURE, overlay), repo.dir, { recursive: true, force: true });
  await repo.commit('head');
  return repo;
}

/**
 * The PR that drops the accounting line from an exit() the base already had: base/, head/ and the
 * safe exit() as the base commit, the bug as the head. The test files are the same on both.
 */
async function droppedLineRepository(): Promise<PrRepo> {
  const repo = await PrRepo.create();
  repos.push(repo);
  await cp(path.join(FIXTURE, 'base'), repo.dir, { recursive: true });
  await cp(FORGE_STD, path.join(repo.dir, 'lib'), { recursive: true });
  for (const overlay of ['head', 'safe']) await cp(path.join(FIXTURE, overlay), repo.dir, { recursive: true, force: true });
  // forge builds the whole project before it runs a test: this one has no test file that does not compile.
  await repo.remove('test/DoesNotCompile.t.sol');
  await repo.commit('base');
  await cp(path.join(FIXTURE, 'bug'), repo.dir, { recursive: true, force: true });
  await repo.commit('head');
  return repo;
}

/** Lookout's own runs of a reproducer (forge's, when on PATH, may be offline: it cannot fetch a compiler). */
const lookoutRuns = (finding: ReportFinding) => finding.reproducer!.runs.filter((r) => r.runner === 'lookout').map((r) => [r.revision, r.outcome, r.reason]);

/**
 * The budget splits over the campaigns by their targets. On one worker (seed 1) the invariant breaks
 * after 53 transactions of its campaign and the testFuzz_ after 54: 400x gives each about 123 (the
 * safe twin's as many). On two workers the second worker breaks the invariant after 33 of its own
 * transactions: 600x gives each of the invariant campaign's workers 92.
 */
const BUDGETS = { 1: '400x', 2: '600x' };

const runs = new Map<string, PrRun>();
/** One run per PR and worker count, shared by the tests that read it. */
async function pr(name: 'bug' | 'safe', workers: 1 | 2 = 1): Promise<PrRun> {
  const key = `${name}/${workers}`;
  // On two workers only the invariant break is looked at: no behaviour comparison (each worker would build the base's setUp() world for it).
  const extra = ['--workers', String(workers), ...(workers === 2 ? ['--no-behaviour-diff'] : [])];
  if (!runs.has(key)) runs.set(key, await lookoutPr(await poolRepository(name), { budget: BUDGETS[workers], extra, forge: workers === 1 }));
  return runs.get(key)!;
}

const found = (run: PrRun) =>
  run.report.findings.filter((f) => f.kind !== 'behaviour-change').map((f) => [f.kind, f.function, f.contract, f.harness?.file, f.introduced]);
const SLOW = 900_000;

describe("lookout pr fuzzes from the project's own test contracts", () => {
  it(
    "finds the missing accounting line through the handler-based suite's invariant and through the testFuzz_",
    async () => {
      const run = await pr('bug');
      expect(found(run)).toEqual(
        expect.arrayContaining([
          ['property', 'invariant_poolHoldsTotalDeposits()', 'PoolInvariantTest', 'test/invariant/PoolInvariant.t.sol', true],
          ['property', 'testFuzz_depositThenExit()', 'PoolTest', 'test/Pool.t.sol', true],
        ]),
      );
      const invariant = run.report.findings.find((f) => f.function === 'invariant_poolHoldsTotalDeposits()')!;
      expect(invariant).toMatchObject({
        file: 'test/invariant/PoolInvariant.t.sol',
        harness: { file: 'test/invariant/PoolInvariant.t.sol', contract: 'PoolInvariantTest' },
      });
      expect(invariant.message).toMatch(/pool balance != total deposits/);
      // Through the handler, the only target, into the changed exit().
      expect(invariant.sequence.map((c) => c.contract)).toEqual(invariant.sequence.map(() => 'PoolHandler'));
      expect(invariant.sequence.map((c) => c.function)).toContain('exit(uint256)');
      expect(invariant.enteredLines).toContainEqual({ file: 'src/Pool.sol', line: 32 });
      expect(run.status).toBe(1);
    },
    SLOW,
  );

  it(
    'says which harness each campaign used, skips the reverting setUp() with its reason and the test file that does not compile',
    async () => {
      const run = await pr('bug');
      const deployments = run.report.deployments!.map((d) => [d.contract, d.from, d.source, d.skipped]);
      expect(deployments).toEqual(
        expect.arrayContaining([
          ['Fees', 'synthesised', 'synthesised', null],
          ['Token', 'setUp', 'test/invariant/PoolInvariant.t.sol:PoolInvariantTest', null],
          ['Pool', 'setUp', 'test/invariant/PoolInvariant.t.sol:PoolInvariantTest', null],
          ['PoolHandler', 'setUp', 'test/invariant/PoolInvariant.t.sol:PoolInvariantTest', null],
          ['Pool', 'setUp', 'test/Pool.t.sol:PoolTest', null],
          ['BrokenSetUpTest', null, 'test/Broken.t.sol:BrokenSetUpTest', 'setUp() failed: Error("only the minter mints")'],
        ]),
      );
      // Pool is fuzzed from the test contracts only: Lookout does not deploy it again.
      expect(deployments.filter(([contract, from]) => contract === 'Pool' && from !== 'setUp')).toEqual([]);
      expect(run.log).toContainEqual(
        expect.stringMatching(/A test file does not compile, so its test contracts are not run: test\/DoesNotCompile\.t\.sol:\d+:\d+: TypeError/),
      );
      // Each changed line of Pool once, reached, though two test contracts fuzzed it.
      const pool = run.report.targets.filter((t) => t.file === 'src/Pool.sol');
      expect(pool.length).toBeGreaterThan(0);
      expect(new Set(pool.map((t) => t.line)).size).toBe(pool.length);
      expect(pool.filter((t) => t.pcs.length > 0).every((t) => t.status === 'reached')).toBe(true);
    },
    SLOW,
  );

  it(
    'gives each a verified Foundry reproducer that inherits the test contract; the base, whose handler has no exit(), cannot compile it',
    async () => {
      const run = await pr('bug');
      const invariant = run.report.findings.find((f) => f.function === 'invariant_poolHoldsTotalDeposits()')!;
      expect(invariant.reproducer).toMatchObject({
        file: 'PoolInvariantTest.property.t.sol',
        contract: 'PoolInvariantTestPropertyTest',
        verified: true,
        reason: null,
      });
      const { source } = invariant.reproducer!;
      expect(source).toContain('import {PoolHandler, PoolInvariantTest} from "test/invariant/PoolInvariant.t.sol";');
      expect(source).toContain('contract PoolInvariantTestPropertyTest is PoolInvariantTest {');
      expect(source).toMatch(/try poolHandler\.exit\(.+\) \{\} catch \{\}\n\s+invariant_poolHoldsTotalDeposits\(\);\n/);
      expect(lookoutRuns(invariant)).toEqual([
        ['head', 'failed', expect.stringMatching(/^Error\("pool balance != total deposits: \d+ != \d+"\)$/)],
        ['base', 'does-not-compile', expect.stringMatching(/Member "exit" not found/)],
      ]);
      const fuzz = run.report.findings.find((f) => f.function === 'testFuzz_depositThenExit()')!;
      expect(fuzz.reproducer).toMatchObject({ contract: 'PoolTestPropertyTest', verified: true });
      expect(fuzz.reproducer!.source).toMatch(/function test_reproduce\(\) public \{\n\s+testFuzz_depositThenExit\([^)]+\);\n\s+\}/);
      expect(lookoutRuns(fuzz)[0]).toEqual(['head', 'failed', expect.stringMatching(/^Error\("exit left deposits owed: \d+ != 0"\)$/)]);
    },
    SLOW,
  );

  it(
    'finds the dropped accounting line of an existing exit() through the invariant; its reproducer fails on head and passes on the base, by Lookout’s runner and by forge',
    async () => {
      const repo = await droppedLineRepository();
      // Seed 1: the invariant breaks after 37 transactions of its campaign, and the testFuzz_ first
      // behaves otherwise after 60; 400x gives each of the three campaigns 133.
      // forge checks every verified reproducer on head and base too (lookoutPr fails the test where it disagrees).
      const run = await lookoutPr(repo, { budget: '400x', forge: true });
      const invariant = run.report.findings.find((f) => f.function === 'invariant_poolHoldsTotalDeposits()')!;
      expect(invariant).toMatchObject({ introduced: true, harness: { file: 'test/invariant/PoolInvariant.t.sol', contract: 'PoolInvariantTest' } });
      expect(invariant.reproducer).toMatchObject({ verified: true, reason: null });
      expect(lookoutRuns(invariant)).toEqual([
        ['head', 'failed', expect.stringMatching(/^Error\("pool balance != total deposits/)],
        ['base', 'passed', null],
      ]);
      // The testFuzz_ that passes on the base and reverts on head is a behaviour change: its reproducer expects the base's outcome, replayed on the base's setUp().
      // Its group's representative: the one example of a group with a reproducer.
      const change = run.report.findings.find((f) => f.kind === 'behaviour-change' && f.harness !== undefined && f.behaviour?.representative)!;
      expect(change).toMatchObject({
        function: 'testFuzz_depositThenExit(uint256)',
        harness: { contract: 'PoolTest' },
        behaviour: { difference: 'outcome', base: 'succeeds' },
      });
      expect(change.reproducer).toMatchObject({ contract: 'PoolTestBehaviourChangeTest', verified: true, reason: null });
      expect(lookoutRuns(change)).toEqual([
        ['head', 'failed', 'Error("Lookout: the call does not succeed as on the base")'],
        ['base', 'passed', null],
      ]);
      expect(change.reproducer!.source).toMatch(
        /function test_reproduce\(\) public \{\n\s+\(bool success, bytes memory returned\) = address\(this\)\.call\(abi\.encodeCall\(this\.testFuzz_depositThenExit, \(\d+\)\)\);\n/,
      );
      if (!forgeRuns) return;
      // forge runs the inherited setUp() and the replay as Lookout's runner did: it fails on head, passes on the base.
      const byForge = (reproducer: NonNullable<ReportFinding['reproducer']>, revision: 'head' | 'base') =>
        run.forge.filter((v) => v.file === reproducer.file && v.revision === revision).map((v) => ({ outcome: v.forge, reason: v.reason }));
      expect(byForge(invariant.reproducer!, 'head')).toEqual([{ outcome: 'failed', reason: expect.stringMatching(/pool balance != total deposits/) }]);
      expect(byForge(change.reproducer!, 'head')).toEqual([{ outcome: 'failed', reason: 'Lookout: the call does not succeed as on the base' }]);
      expect(byForge(invariant.reproducer!, 'base')).toEqual([{ outcome: 'passed', reason: null }]);
      expect(byForge(change.reproducer!, 'base')).toEqual([{ outcome: 'passed', reason: null }]);
    },
    SLOW,
  );

  it(
    'reports nothing from the test contracts on the safe twin',
    async () => {
      const run = await pr('safe');
      expect(found(run)).toEqual([]);
    },
    SLOW,
  );

  it(
    'rebuilds the post-setUp() world in worker threads and finds the same invariant break there',
    async () => {
      const run = await pr('bug', 2);
      expect(found(run)).toContainEqual(['property', 'invariant_poolHoldsTotalDeposits()', 'PoolInvariantTest', 'test/invariant/PoolInvariant.t.sol', true]);
    },
    SLOW,
  );
});
