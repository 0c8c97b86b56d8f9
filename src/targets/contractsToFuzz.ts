import type { CompiledContract, CompiledProject } from '../compile/index.js';
import type { Target } from './types.js';

export interface SkippedContract {
  contract: string;
  file: string;
  reason: string;
}

export interface FuzzSelection {
  /** Contracts to deploy and fuzz, in project order. */
  contracts: CompiledContract[];
  /** External libraries with targets in their own code: fuzzed through the contracts that link them. */
  libraries: CompiledContract[];
  /** Contracts with targets that are not fuzzed on their own, with a reason to show the user. */
  skipped: SkippedContract[];
}

/**
 * The concrete contracts holding at least one target, except Foundry tests and scripts. Mocks and
 * harnesses kept in test folders are fuzzed: they are how changed code in an abstract contract or a
 * library gets deployed at all. Whether a contract can actually be deployed (constructor arguments,
 * libraries) is the deploy stage's question.
 */
export function contractsToFuzz(project: CompiledProject, targets: readonly Target[]): FuzzSelection {
  const withCode = new Set(targets.filter((t) => t.status !== 'unused').map((t) => t.contract));
  const unused = new Set(targets.filter((t) => t.status === 'unused').map((t) => t.contract));
  const selection: FuzzSelection = { contracts: [], libraries: [], skipped: [] };
  for (const contract of project.contracts) {
    if (contract.kind === 'abstract' || contract.kind === 'interface') continue;
    if (!withCode.has(contract.id)) {
      if (unused.has(contract.id)) selection.skipped.push({ contract: contract.name, file: contract.file, reason: UNUSED });
      continue;
    }
    const reason = testOrScript(contract);
    if (reason) selection.skipped.push({ contract: contract.name, file: contract.file, reason });
    else if (contract.kind === 'library') selection.libraries.push(contract);
    else selection.contracts.push(contract);
  }
  return selection;
}

const UNUSED =
  'no concrete contract of the build compiles this code in, so nothing can execute it: add a contract that uses it (a mock or harness, e.g. under test/)';

/**
 * Foundry tests and scripts: by file name (`*.t.sol`, `*.s.sol`, a `script/` folder) or by the
 * marker forge-std's bases expose (`IS_TEST()`, `IS_SCRIPT()`).
 */
export function testOrScript(contract: Pick<CompiledContract, 'file' | 'abi'>): 'test contract' | 'script contract' | undefined {
  const marks = (name: string) => contract.abi.some((item) => item.type === 'function' && item.name === name);
  if (contract.file.endsWith('.t.sol') || marks('IS_TEST')) return 'test contract';
  if (contract.file.endsWith('.s.sol') || contract.file.split('/').includes('script') || marks('IS_SCRIPT')) return 'script contract';
  return undefined;
}
