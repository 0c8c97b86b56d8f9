import path from 'node:path';
import { toFunctionSelector } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { ALL_TECHNIQUES } from '../../src/config/defaults.js';
import { rebuildCampaignWorld } from '../../src/run/worlds.js';
import { FORGE_SENDER } from '../../src/foundryTests/suiteSession.js';
import { openSuiteWorld, type OpenedSuite } from '../../src/foundryTests/suiteWorld.js';
import { fuzzContract, type CampaignWorld, type SuiteRecipe } from '../../src/fuzz/campaign/setup.js';
import { Rng } from '../../src/rng.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

// A test contract's post-setUp() world as a campaign world (issue 17 part 2), on the runner's fixture
// Foundry project: forge's target selection, invariants as properties, the same world in a worker.
const PROJECT = path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault');

let project: CompiledProject;
beforeAll(async () => {
  project = await compileProject({ root: PROJECT, paths: ['src', 'test/Vault.t.sol', 'test/Failing.t.sol', 'test/invariant'] });
}, 120_000);

function recipe(name: string, mode: SuiteRecipe['mode']): SuiteRecipe {
  const contract = project.contracts.find((c) => c.name === name)!;
  return { kind: 'suite', contracts: project.contracts, suite: contract.id, mode };
}

function world(opened: OpenedSuite): CampaignWorld {
  if (!('world' in opened)) throw new Error(`skipped: ${opened.reason}`);
  return opened.world;
}

const names = (w: CampaignWorld) => w.callable.map((i) => w.contracts[i].name);
const selector = (signature: string) => toFunctionSelector(`function ${signature}`);

test("invariant mode calls what the suite's target selection names, and probes its invariants", async () => {
  const invariant = world(await openSuiteWorld(recipe('VaultInvariantTest', 'invariant')));
  expect(invariant.contracts.map((c) => c.name)).toEqual(['VaultInvariantTest', 'Token', 'Vault', 'VaultHandler']);
  expect(invariant.subject).toBe(0);
  expect(names(invariant)).toEqual(['VaultHandler']);
  expect(invariant.suite!.selectors.get(3)).toEqual([selector('deposit(uint256,uint256)'), selector('withdraw(uint256,uint256)')]);
  expect(invariant.suite!.properties.map((p) => [p.name, p.to, p.holds])).toEqual([
    ['invariant_assetsCoverDeposits', 0, 'does-not-fail'],
    ['invariant_sharesNeverExceedAssets', 0, 'does-not-fail'],
  ]);
  expect(invariant.executor.senderAddresses[0]).toBe(FORGE_SENDER);
  expect(invariant.executor.senderAddresses.length).toBeGreaterThan(1);
  // No targetContract: every contract setUp() deployed, their state-changing functions.
  const cap = world(await openSuiteWorld(recipe('VaultTest', 'invariant')));
  expect(names(cap)).toEqual(['Token', 'Vault']);
  expect(cap.suite!.selectors.get(2)).toContain(selector('deposit(uint256)'));
  expect(cap.suite!.selectors.get(2)).not.toContain(selector('totalAssets()'));
}, 60_000);

test('stateless mode calls the test functions with parameters, one call from the post-setUp() state', async () => {
  const stateless = world(await openSuiteWorld(recipe('VaultTest', 'stateless')));
  expect(stateless.callable).toEqual([0]);
  expect(stateless.suite!.maxSequenceLength).toBe(1);
  expect(stateless.suite!.selectors.get(0)).toEqual([selector('testFuzz_depositThenWithdrawReturnsEverything(uint256)')]);
}, 60_000);

test('a worker rebuilds the same world from the recipe: same deployments, addresses and code ids', async () => {
  const suite = recipe('VaultInvariantTest', 'invariant');
  const here = world(await openSuiteWorld(suite));
  const there = await rebuildCampaignWorld(suite, 0);
  const shape = (w: CampaignWorld) => w.executor.deployments.map((d) => [d.address, d.codeId, d.name]);
  expect(shape(there)).toEqual(shape(here));
  expect(there.callable).toEqual(here.callable);
  expect(there.executor.senderAddresses).toEqual(here.executor.senderAddresses);
}, 60_000);

test('a setUp() that reverts opens no world, and says why', async () => {
  expect(await openSuiteWorld(recipe('SetUpRevertsTest', 'invariant'))).toEqual({ status: 'skipped', reason: 'setUp() failed: Error("only owner mints")' });
}, 60_000);

test("a campaign from the suite's state breaks the invariant the cap suite states, through its handler", async () => {
  const capped = world(await openSuiteWorld(recipe('VaultCapInvariantTest', 'invariant')));
  const result = await fuzzContract({
    project,
    world: capped,
    targets: [],
    budget: { kind: 'executions', executions: 3000 },
    rng: new Rng(3),
    clock: () => 0,
    schedule: 'baseline',
    panicCodes: DEFAULT_PANIC_CODES,
    techniques: ALL_TECHNIQUES,
    maxSequenceLength: 8,
    stopWhen: 'finding',
  });
  expect(result.findings.map((f) => [f.failure.kind, f.failure.property])).toEqual([['property', 'invariant_depositsStayUnderCap']]);
  expect(result.findings[0].failure.message).toMatch(/cap/);
  expect(result.findings[0].sequence.every((call) => call.to === 3)).toBe(true);
}, 120_000);

test("targetInterfaces: an address setUp() did not create is called through the named artifact's ABI", async () => {
  const etched = world(await openSuiteWorld(recipe('InterfaceInvariantTest', 'invariant')));
  const at = etched.executor.deployments.findIndex((d) => d.address === '0x000000000000000000000000000000000000beef');
  expect(at).toBeGreaterThan(0);
  expect(etched.contracts[at].name).toBe('Vault');
  expect(names(etched)).toEqual(['Token', 'Vault']);
  expect(etched.callable).toContain(at);
  expect(etched.suite!.selectors.get(at)).toContain(selector('deposit(uint256)'));
}, 60_000);
