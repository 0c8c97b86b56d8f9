import path from 'node:path';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { discoverSuites } from '../../src/foundryTests/discover.js';
import { invariantTargets, replayInvariant } from '../../src/foundryTests/invariant.js';
import { runSuite, runWithInputs, type RunOptions } from '../../src/foundryTests/runSuite.js';
import { isSkipped, SuiteSession } from '../../src/foundryTests/suiteSession.js';
import type { SuiteResult, TestResult, TestSuite } from '../../src/foundryTests/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

// Lookout's own Foundry-test runner on a fixture Foundry project (foundry.toml, remappings,
// lib/forge-std stand-in, src/, test/): forge's pass/fail rules on the cheatcode EVM.
const PROJECT = path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault');
const OPTIONS: RunOptions = { seed: 7, fuzzRuns: 24, invariantRuns: 12, invariantDepth: 8 };

let project: CompiledProject;
let suites: TestSuite[];

beforeAll(async () => {
  project = await compileProject({ root: PROJECT, paths: ['src', 'test/Vault.t.sol', 'test/Failing.t.sol', 'test/invariant'] });
  suites = discoverSuites(project);
}, 120_000);

function suite(name: string): TestSuite {
  const found = suites.find((s) => s.contract.name === name);
  if (found === undefined) throw new Error(`no suite ${name}`);
  return found;
}

const byName = (result: SuiteResult) => Object.fromEntries(result.results.map((r) => [r.name, r]));
const statuses = (result: SuiteResult) => Object.fromEntries(result.results.map((r) => [r.name, r.status]));

test('discovers the test contracts, not the handler, with their kinds of test', () => {
  expect(suites.map((s) => s.contract.name).sort()).toEqual([
    'FailingTest',
    'ForkTest',
    'InterfaceInvariantTest',
    'SetUpRevertsTest',
    'VaultCapInvariantTest',
    'VaultInvariantTest',
    'VaultTest',
  ]);
  const kinds = Object.fromEntries(suite('VaultTest').tests.map((t) => [t.name, `${t.kind}${t.expectsFailure ? ' (testFail)' : ''}`]));
  expect(kinds).toMatchObject({
    test_deposit: 'unit',
    testFuzz_depositThenWithdrawReturnsEverything: 'fuzz',
    testFail_strangerMints: 'unit (testFail)',
  });
  expect(suite('VaultInvariantTest').tests.every((t) => t.kind === 'invariant')).toBe(true);
});

test('the vault suite wired in setUp() with pranks and deals passes', async () => {
  const result = await runSuite(project, suite('VaultTest'), OPTIONS);
  expect(result.setUp).toEqual({ status: 'ready' });
  expect(statuses(result)).toEqual({
    test_setUpWiredEverything: 'passed',
    test_deposit: 'passed',
    test_RevertWhen_StrangerPauses: 'passed',
    test_RevertWhen_DepositIsZero: 'passed',
    test_RevertWhen_WithdrawingMoreThanHeld: 'passed',
    testFuzz_depositThenWithdrawReturnsEverything: 'passed',
    testFail_strangerMints: 'passed',
  });
  const fuzz = byName(result).testFuzz_depositThenWithdrawReturnsEverything;
  expect(fuzz.runs).toBe(24);
  // Most uniform uint256 inputs are above 1,000 ether: the assumption rejects them, without failing.
  expect(fuzz.rejected).toBeGreaterThan(0);
}, 120_000);

test('failing tests fail for forge’s reasons', async () => {
  const result = byName(await runSuite(project, suite('FailingTest'), OPTIONS));
  const reasons = (r: TestResult) => ({ status: r.status, reason: r.reason });
  expect(reasons(result.test_assertionFails)).toEqual({ status: 'failed', reason: 'Error("alice\'s balance: 100000000000000000000 != 99000000000000000000")' });
  expect(reasons(result.test_unexpectedRevert)).toEqual({ status: 'failed', reason: 'Error("allowance")' });
  expect(reasons(result.test_expectedRevertDoesNotHappen)).toEqual({ status: 'failed', reason: 'Error("next call did not revert as expected")' });
  expect(reasons(result.testFail_passesSoFails)).toEqual({ status: 'failed', reason: 'testFail: the call did not fail' });
  expect(reasons(result.testFuzz_assumeRejectsEverything)).toEqual({ status: 'failed', reason: 'vm.assume rejected too many inputs (241)' });
  const fuzz = result.testFuzz_depositsAboveAThousandWeiFail;
  expect(fuzz.status).toBe('failed');
  const [amount] = fuzz.counterexample as [bigint];
  expect(fuzz.reason).toBe(`Error("assertion failed: ${amount} > 1000")`);
  expect(amount > 1000n && amount <= 100n * 10n ** 18n).toBe(true);
}, 120_000);

test('a counterexample replays: the same inputs fail again, others pass', async () => {
  const session = await SuiteSession.open(project, suite('FailingTest'));
  if (isSkipped(session)) throw new Error(session.reason);
  const test = suite('FailingTest').tests.find((t) => t.name === 'testFuzz_depositsAboveAThousandWeiFail')!;
  expect((await runWithInputs(session, test, [1001n])).status).toBe('failed');
  expect((await runWithInputs(session, test, [1000n])).status).toBe('passed');
  expect((await runWithInputs(session, test, [101n * 10n ** 18n])).status).toBe('skipped');
}, 120_000);

test('a setUp() that reverts skips the contract with the decoded reason', async () => {
  const result = await runSuite(project, suite('SetUpRevertsTest'), OPTIONS);
  expect(result).toEqual({
    suite: 'test/Failing.t.sol:SetUpRevertsTest',
    setUp: { status: 'skipped', reason: 'setUp() failed: Error("only owner mints")' },
    results: [],
  });
});

test('a setUp() that needs a network skips the contract, naming the cheatcode', async () => {
  const result = await runSuite(project, suite('ForkTest'), OPTIONS);
  expect(result.setUp).toEqual({ status: 'skipped', reason: 'uses vm.createSelectFork, which needs a network or the file system' });
});

test('the invariant selection is read after setUp(): handler, its selectors, excluded senders', async () => {
  const session = await SuiteSession.open(project, suite('VaultInvariantTest'));
  if (isSkipped(session)) throw new Error(session.reason);
  expect(session.setUpContracts.map((c) => c.contract?.name)).toEqual(['Token', 'Vault', 'VaultHandler']);
  // Where forge puts them (its sender starts at nonce 1): a reproducer names them by these addresses.
  expect(session.testAddress).toBe('0x7fa9385be102ac3eac297483dd6233d62b3e1496');
  expect(session.setUpContracts[0].address).toBe('0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f');
  const handler = session.setUpContracts[2].address;
  expect(session.selection.targetContracts).toEqual([handler]);
  expect(session.selection.targetSelectors).toEqual([{ address: handler, selectors: ['0xe2bbb158', '0x441a3e70'] }]);
  expect(session.selection.excludeSenders).toEqual(['0x000000000000000000000000000000000000dead']);
  expect(session.selection.excludeContracts).toEqual([]);
  const targets = invariantTargets(session);
  expect(targets.map((t) => [t.address, t.functions.map((f) => f.name)])).toEqual([[handler, ['deposit', 'withdraw']]]);
});

test('the handler-based invariants hold; a false one is broken by a call sequence', async () => {
  const holding = await runSuite(project, suite('VaultInvariantTest'), OPTIONS);
  expect(statuses(holding)).toEqual({ invariant_assetsCoverDeposits: 'passed', invariant_sharesNeverExceedAssets: 'passed' });
  const broken = byName(await runSuite(project, suite('VaultCapInvariantTest'), OPTIONS)).invariant_depositsStayUnderCap;
  expect(broken.status).toBe('failed');
  expect(broken.reason).toMatch(/^invariant_depositsStayUnderCap broken after call \d+: Error\("cap: \d+ > 60000000000000000000"\)$/);
  expect(broken.sequence!.length).toBe(8);
  // The sequence is what a reproducer replays: it breaks the invariant again, at the same call.
  const session = await SuiteSession.open(project, suite('VaultCapInvariantTest'));
  if (isSkipped(session)) throw new Error(session.reason);
  const invariant = suite('VaultCapInvariantTest').tests[0];
  expect(await replayInvariant(session, invariant, broken.sequence!)).toBe(broken.reason);
  expect(await replayInvariant(session, invariant, [])).toBeUndefined();
}, 180_000);

test('same seed, same results', async () => {
  const twice = await Promise.all([1, 2].map(() => runSuite(project, suite('FailingTest'), OPTIONS)));
  expect(twice[0]).toEqual(twice[1]);
}, 120_000);

test('a fresh executor from a suite keeps its deployments, added senders and cheatcodes', async () => {
  const session = await SuiteSession.open(project, suite('VaultInvariantTest'));
  if (isSkipped(session)) throw new Error(session.reason);
  session.executor.addSender('0x000000000000000000000000000000000000beef');
  const copy = await session.executor.fresh();
  expect(copy.deployments.map((d) => d.name)).toEqual(['VaultInvariantTest', 'Token', 'Vault', 'VaultHandler']);
  expect(copy.senderAddresses).toEqual(session.executor.senderAddresses);
  expect(copy.senderAddresses).toContain('0x000000000000000000000000000000000000beef');
  expect(copy.cheatcodes).toBeDefined();
});
