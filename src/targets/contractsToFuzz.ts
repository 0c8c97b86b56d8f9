import type { CompiledContract, CompiledProject, ContractId } from '../compile/index.js';
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

/** Targets per contract, for splitBudget. */
export function countTargets(targets: readonly Target[]): Map<ContractId, number> {
  const counts = new Map<ContractId, number>();
  for (const t of targets) counts.set(t.contract, (counts.get(t.contract) ?? 0) + 1);
  return counts;
}

/**
 * Splits an integer budget (milliseconds or executions) across contracts in proportion to their
 * target counts; shares are integers summing to `total` (largest remainder, ties to the earlier
 * contract), aligned with `contracts`.
 */
export function splitBudget(contracts: readonly Pick<CompiledContract, 'id'>[], targetCounts: ReadonlyMap<ContractId, number>, total: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new Error(`budget to split must be a non-negative integer, got ${total}`);
  const weights = contracts.map((c) => targetCounts.get(c.id) ?? 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (contracts.length === 0) return [];
  if (sum === 0) return splitBudget(contracts, new Map(contracts.map((c) => [c.id, 1])), total);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - shares[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]++;
    left--;
  }
  return shares;
}
