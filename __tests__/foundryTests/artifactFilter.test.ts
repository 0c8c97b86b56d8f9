/**
 * forge's artifact filters of invariant mode (targetArtifacts, excludeArtifacts,
 * targetArtifactSelectors) on the vault fixture's test contracts (test/artifacts/): which contracts
 * and functions setUp()'s world offers the invariant campaign, and the names that skip a suite.
 */
import path from 'node:path';
import { toFunctionSelector } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { discoverSuites } from '../../src/foundryTests/discover.js';
import { invariantTargets } from '../../src/foundryTests/invariant.js';
import { isSkipped, SuiteSession } from '../../src/foundryTests/suiteSession.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const PROJECT = path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault');
let project: CompiledProject;

beforeAll(async () => {
  project = await compileProject({ root: PROJECT, paths: ['src', 'test/artifacts'] });
}, 120_000);

async function open(name: string) {
  const suite = discoverSuites(project).find((s) => s.contract.name === name)!;
  return SuiteSession.open(project, suite);
}

/** The invariant targets by contract name, each with its functions' names. */
async function targets(name: string): Promise<Record<string, string[]>> {
  const session = await open(name);
  if (isSkipped(session)) throw new Error(`${name} was skipped: ${session.reason}`);
  return Object.fromEntries(
    invariantTargets(session).map((t) => [session.setUpContracts[t.deployment - 1].contract!.name, t.functions.map((fn) => fn.name).sort()]),
  );
}

const VAULT_FUNCTIONS = ['deposit', 'pause', 'withdraw'];

test('targetArtifacts() names the contracts fuzzed: the vault, not the token', async () => {
  expect(await targets('TargetArtifactsTest')).toEqual({ Vault: VAULT_FUNCTIONS });
});

test('excludeArtifacts() leaves the token out', async () => {
  expect(await targets('ExcludeArtifactsTest')).toEqual({ Vault: VAULT_FUNCTIONS });
});

test('targetArtifactSelectors() narrows the vault to deposit(), though excludeArtifacts() names it too', async () => {
  expect(await targets('TargetArtifactSelectorsTest')).toEqual({ Vault: ['deposit'] });
});

test('an artifact no compiled contract is, or a selector its contract lacks, skips the test contract with the reason', async () => {
  expect(await open('UnknownArtifactTest')).toEqual({ status: 'skipped', reason: 'targetArtifacts(): no compiled contract matches "src/Pool.sol:Pool"' });
  const mint = toFunctionSelector('function mint(address,uint256)');
  expect(await open('MissingSelectorTest')).toEqual({ status: 'skipped', reason: `targetArtifactSelectors(): Vault has no function with selector ${mint}` });
});
