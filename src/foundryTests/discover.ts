import type { AbiFunction } from 'viem';
import type { CompiledContract, CompiledProject } from '../compile/index.js';
import type { TestFunction, TestKind, TestSuite } from './types.js';

function kindOf(fn: AbiFunction): TestKind | undefined {
  if (fn.name.startsWith('invariant') || fn.name.startsWith('statefulFuzz')) return 'invariant';
  if (fn.name.startsWith('test')) return fn.inputs.length === 0 ? 'unit' : 'fuzz';
  return undefined;
}

function functions(contract: CompiledContract): AbiFunction[] {
  return contract.abi.filter((item): item is AbiFunction => item.type === 'function');
}

/** Test functions as forge finds them: `test*` (with parameters: fuzz), `invariant*`/`statefulFuzz*`. */
export function testFunctions(contract: CompiledContract): TestFunction[] {
  return functions(contract).flatMap((fn) => {
    const kind = kindOf(fn);
    return kind === undefined ? [] : [{ name: fn.name, fn, kind, expectsFailure: fn.name.startsWith('testFail') }];
  });
}

/**
 * The test contracts of a project: deployable contracts that mark themselves with `IS_TEST` or live
 * in the test folder, and have at least one test function (a handler inheriting Test has none).
 */
export function discoverSuites(project: Pick<CompiledProject, 'contracts'>, testFolder = 'test'): TestSuite[] {
  return project.contracts.flatMap((contract) => {
    if (contract.kind !== 'contract') return [];
    const marked = functions(contract).some((fn) => fn.name === 'IS_TEST') || contract.file.startsWith(`${testFolder}/`);
    const suite = testSuite(contract);
    return marked && suite.tests.length > 0 ? [suite] : [];
  });
}

/** A contract as forge runs it: its test functions, and whether it has `setUp()` and `afterInvariant()`. */
export function testSuite(contract: CompiledContract): TestSuite {
  const names = new Set(functions(contract).map((fn) => fn.name));
  return { contract, hasSetUp: names.has('setUp'), tests: testFunctions(contract), hasAfterInvariant: names.has('afterInvariant') };
}
