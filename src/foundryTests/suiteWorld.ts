import { hexToBytes, toFunctionSelector } from 'viem';
import type { CompiledContract } from '../compile/index.js';
import type { Address } from '../evm/index.js';
import type { CampaignWorld, SuiteRecipe, SuiteScope } from '../fuzz/index.js';
import type { PropertyFunction } from '../oracles/index.js';
import { testSuite } from './discover.js';
import { harnessScope } from './harness.js';
import { invariantSenders, invariantTargets } from './invariant.js';
import { isSkipped, SuiteSession } from './suiteSession.js';
import { flaggedCallOracle, revertedCallOracle } from './targetCallOracles.js';
import { testCallOracle } from './testCallOracle.js';

export type OpenedSuite = { world: CampaignWorld; session: SuiteSession } | { status: 'skipped'; reason: string };

/**
 * A campaign world from a test contract: deployed and its `setUp()` run on the cheatcode EVM (it is
 * deterministic, so a worker thread opening the same recipe gets the same world), fuzzed from there
 * in the recipe's mode. A `setUp()` that fails skips it, saying why.
 */
export async function openSuiteWorld(recipe: SuiteRecipe): Promise<OpenedSuite> {
  const contract = recipe.contracts.find((c) => c.id === recipe.suite);
  if (contract === undefined) throw new Error(`openSuiteWorld: ${recipe.suite} is not in the build`);
  const { harness } = recipe;
  const accounts = harness && { deployer: harness.deployer, senders: harness.senders, balance: harness.balance };
  const session = await SuiteSession.open({ contracts: recipe.contracts }, testSuite(contract), { accounts });
  if (isSkipped(session)) return session;
  return { world: suiteWorld(session, recipe), session };
}

/**
 * The test contract is deployment 0 and the subject (its invariants and tests are what fail);
 * `setUp()`'s (or a harness constructor's) contracts follow.
 */
function suiteWorld(session: SuiteSession, recipe: SuiteRecipe): CampaignWorld {
  const { executor } = session;
  const { harness } = recipe;
  const suite =
    recipe.mode === 'harness' && harness
      ? harnessScope(session, harness)
      : recipe.mode === 'invariant'
        ? invariantScope(session, recipe.failOnRevert ?? [])
        : statelessScope(session);
  return {
    ...(harness && { chain: { maxTimeDelay: harness.maxTimeDelay, maxBlockDelay: harness.maxBlockDelay } }),
    executor,
    contracts: [session.suite.contract, ...session.setUpContracts.map((c) => c.contract ?? opaque(c.address))],
    subject: 0,
    callable: [...suite.selectors.keys()].sort((a, b) => a - b),
    redeploy: () => executor.fresh(),
    recipe,
    suite,
  };
}

/**
 * forge's invariant mode: sequences over the targets it would select, from its senders; every
 * `invariant_*` (and `afterInvariant()`) is a property probed after each transaction. Probing
 * `afterInvariant()` after every transaction checks it at the end of every prefix of a sequence, and
 * each prefix is a sequence forge could run. A target call that raises DSTest's failure flag fails
 * the run, and so does one that reverts when `failOnRevert` names an invariant.
 */
function invariantScope(session: SuiteSession, failOnRevert: readonly string[]): SuiteScope {
  for (const sender of invariantSenders(session)) session.executor.addSender(sender);
  const invariants = session.suite.tests.filter((t) => t.kind === 'invariant').map((t) => t.name);
  const names = session.suite.hasAfterInvariant ? [...invariants, 'afterInvariant'] : invariants;
  const codeId = session.executor.deployments[0].codeId;
  return {
    selectors: new Map(invariantTargets(session).map((t) => [t.deployment, t.functions.map((fn) => toFunctionSelector(fn))])),
    properties: names.map((name): PropertyFunction => ({
      to: 0,
      codeId,
      name,
      selector: hexToBytes(toFunctionSelector(`function ${name}()`)),
      holds: 'does-not-fail',
    })),
    sequenceOracles: [flaggedCallOracle, ...(failOnRevert.length > 0 ? [revertedCallOracle(failOnRevert[0], codeId)] : [])],
  };
}

/** Test functions with parameters (`testFuzz_*`): stateless entry points, one call each from the post-`setUp()` state, judged by forge's rules. */
function statelessScope(session: SuiteSession): SuiteScope {
  const tests = session.suite.tests.filter((t) => t.kind === 'fuzz');
  const codeId = session.executor.deployments[0].codeId;
  return {
    selectors: tests.length === 0 ? new Map() : new Map([[0, tests.map((t) => toFunctionSelector(t.fn))]]),
    properties: [],
    sequenceOracles: [testCallOracle(tests, codeId)],
    maxSequenceLength: 1,
  };
}

/** Code `setUp()` created that is none of the build's contracts (etched, say): named by its address, nothing to call. */
function opaque(address: Address): CompiledContract {
  const code = { bytecode: new Uint8Array(), sourceMap: '', generatedSources: [], linkReferences: [], immutableReferences: {} };
  return {
    id: `:${address}`,
    file: '',
    name: address,
    kind: 'contract',
    astId: -1,
    abi: [],
    creation: code,
    deployed: code,
    storageLayout: [],
    bases: [],
    sources: [],
    compilerVersion: '',
  };
}
