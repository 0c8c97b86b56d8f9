import { type AbiFunction, hexToBytes, toFunctionSelector, toFunctionSignature } from 'viem';
import type { CompiledContract, CompiledProject } from '../compile/index.js';
import type { HarnessSetup, SuiteScope } from '../fuzz/index.js';
import type { PropertyFunction } from '../oracles/index.js';
import { testSuite } from './discover.js';
import type { SuiteSession } from './suiteSession.js';
import type { TestSuite } from './types.js';

/** Property names Lookout checks in any harness, besides those the config files add: Echidna's, Medusa's, Chimera's. */
export const HARNESS_PROPERTY_PREFIXES = ['echidna_', 'property_', 'invariant_'];
/** Echidna's rule: a property named so holds when it reverts. */
const REVERT_PREFIX = 'echidna_revert_';
/** Chimera's tester, the entry point of Echidna and Medusa in a create-chimera-app project. */
const CHIMERA_TESTER = 'CryticTester';

function functions(contract: CompiledContract): AbiFunction[] {
  return contract.abi.filter((item): item is AbiFunction => item.type === 'function');
}

function isProperty(fn: AbiFunction, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => fn.name.startsWith(prefix)) && fn.inputs.length === 0 && fn.outputs.length === 1 && fn.outputs[0]!.type === 'bool';
}

/**
 * Harnesses as Echidna and Medusa run them: deployable contracts without `setUp()` (their
 * constructor deploys the system) that the config names (Medusa's `targetContracts`), that are
 * Chimera's `CryticTester`, or that declare bool property functions and are no forge test. Whether the constructor deploys
 * changed code is decided once it has run, as for a Foundry suite's `setUp()`.
 */
export function discoverHarnesses(project: Pick<CompiledProject, 'contracts'>, named: readonly string[], prefixes: readonly string[]): TestSuite[] {
  return project.contracts.flatMap((contract) => (isHarness(contract, named, prefixes) ? [testSuite(contract)] : []));
}

function isHarness(contract: CompiledContract, named: readonly string[], prefixes: readonly string[]): boolean {
  const names = functions(contract).map((fn) => fn.name);
  if (contract.kind !== 'contract' || names.includes('setUp')) return false;
  if (named.includes(contract.name) || contract.name === CHIMERA_TESTER) return true;
  // A forge test (forge-std's `IS_TEST`) with invariants but no setUp() is forge's to run.
  const all = [...HARNESS_PROPERTY_PREFIXES, ...prefixes];
  return !names.includes('IS_TEST') && functions(contract).some((fn) => isProperty(fn, all));
}

/**
 * Echidna's campaign over a harness: sequences of calls to the harness's own state-changing
 * functions (its handlers), narrowed by the function filter, from the configured senders; its
 * property functions checked after each call unless the config runs assertion mode only. A handler's
 * failing `assert` (and Chimera's `t`/`eq`/`gte`, which end in one) is an `assertion` finding
 * through Lookout's per-transaction oracles, in either mode.
 */
export function harnessScope(session: SuiteSession, setup: HarnessSetup): SuiteScope {
  const { contract } = session.suite;
  const prefixes = [...HARNESS_PROPERTY_PREFIXES, ...setup.propertyPrefixes];
  const codeId = session.executor.deployments[0].codeId;
  const handlers = functions(contract).filter(
    (fn) => fn.stateMutability !== 'view' && fn.stateMutability !== 'pure' && !isProperty(fn, prefixes) && passes(fn, contract.name, setup.functionFilter),
  );
  const properties = setup.properties ? functions(contract).filter((fn) => isProperty(fn, prefixes)) : [];
  return {
    selectors: new Map(handlers.length === 0 ? [] : [[0, handlers.map((fn) => toFunctionSelector(fn))]]),
    properties: properties.map((fn): PropertyFunction => ({
      to: 0,
      codeId,
      name: fn.name,
      selector: hexToBytes(toFunctionSelector(fn)),
      holds: fn.name.startsWith(REVERT_PREFIX) ? 'reverts' : 'returns-true',
    })),
    sequenceOracles: [],
    maxSequenceLength: setup.maxSequenceLength,
  };
}

/** Echidna's `filterFunctions` names `Contract.fn(types)`; a bare `fn(types)` is taken for the harness's own. */
function passes(fn: AbiFunction, contract: string, filter: HarnessSetup['functionFilter']): boolean {
  if (filter === undefined) return true;
  const signature = toFunctionSignature(fn).replace(/\s/g, '');
  const listed = filter.signatures.some((s) => s.replace(/\s/g, '') === `${contract}.${signature}` || s.replace(/\s/g, '') === signature);
  return listed !== filter.exclude;
}
