import type { CompiledContract, CompiledProject, ContractId } from '../build/types.js';
import type { Target } from './types.js';

export interface SkippedContract {
  contract: string;
  file: string;
  reason: string;
}

export interface FuzzSelection {
  /** Contracts to deploy and fuzz, in project order. */
  contracts: CompiledContract[];
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
  const withTargets = new Set(targets.map((t) => t.contract));
  const selection: FuzzSelection = { contracts: [], skipped: [] };
  for (const contract of project.contracts) {
    if (!withTargets.has(contract.id) || contract.kind === 'abstract' || contract.kind === 'interface') continue;
    const reason =
      contract.kind === 'library'
        ? 'an external library runs its own code when called; its changed lines are executed through the contracts that link it, and reaching them there is not tracked yet'
        : testOrScript(contract);
    if (reason) selection.skipped.push({ contract: contract.name, file: contract.file, reason });
    else selection.contracts.push(contract);
  }
  return selection;
}

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
