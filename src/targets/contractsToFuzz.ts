import type { CompiledContract, CompiledProject } from '../build/types.js';
import type { Target } from './types.js';

export interface SkippedContract {
  contract: string;
  file: string;
  reason: string;
}

export interface FuzzSelection {
  /** Contracts to deploy and fuzz, in project order. */
  contracts: CompiledContract[];
  /** Contracts with targets that cannot be fuzzed, with a reason to show the user. */
  skipped: SkippedContract[];
}

/**
 * The deployable contracts holding at least one target: kind 'contract' (not abstract, interface or
 * library), not a Foundry test or script (under `test/` or `script/`, or `*.t.sol` / `*.s.sol`),
 * and without constructor parameters (nothing supplies arguments yet).
 */
export function contractsToFuzz(project: CompiledProject, targets: readonly Target[]): FuzzSelection {
  const withTargets = new Set(targets.map((t) => t.contract));
  const selection: FuzzSelection = { contracts: [], skipped: [] };
  for (const contract of project.contracts) {
    if (contract.kind !== 'contract' || !withTargets.has(contract.name)) continue;
    const reason = skipReason(contract);
    if (reason) selection.skipped.push({ contract: contract.name, file: contract.file, reason });
    else selection.contracts.push(contract);
  }
  return selection;
}

/** Foundry tests and scripts: never fuzzed, and not compiled for `lookout pr`. */
export function testOrScript(file: string): 'test contract' | 'script contract' | undefined {
  const segments = file.split('/');
  if (segments.includes('test') || file.endsWith('.t.sol')) return 'test contract';
  if (segments.includes('script') || file.endsWith('.s.sol')) return 'script contract';
  return undefined;
}

/** Why a contract cannot be fuzzed (a test, a script, constructor parameters), or undefined. */
export function skipReason(contract: CompiledContract): string | undefined {
  const kind = testOrScript(contract.file);
  if (kind) return kind;
  const constructor = contract.abi.find((item) => item.type === 'constructor');
  if (constructor && constructor.inputs.length > 0) return 'constructor takes parameters';
  return undefined;
}

/** Targets per contract name, for splitBudget. */
export function countTargets(targets: readonly Target[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of targets) counts.set(t.contract, (counts.get(t.contract) ?? 0) + 1);
  return counts;
}

/**
 * Splits an integer budget (milliseconds or executions) across contracts in proportion to their
 * target counts; shares are integers summing to `total` (largest remainder, ties to the earlier
 * contract), aligned with `contracts`.
 */
export function splitBudget(contracts: readonly CompiledContract[], targetCounts: ReadonlyMap<string, number>, total: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new Error(`budget to split must be a non-negative integer, got ${total}`);
  const weights = contracts.map((c) => targetCounts.get(c.name) ?? 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (contracts.length === 0) return [];
  if (sum === 0) return splitBudget(contracts, new Map(contracts.map((c) => [c.name, 1])), total);
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
