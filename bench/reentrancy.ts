import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import { formatRow } from './stats.js';
import { benchTimeToBug, CONFIGURATIONS, printTimeToBug } from './timeToBug.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What Lookout's attacker costs and buys: campaign throughput (`lookout fuzz`, one seed, an
 * execution budget) on contracts that never call out (the ERC-20: the attacker is left out) and that
 * do (the banks: it takes a share of the calls), and time to the `reentrancy` finding on
 * ReentrantBank and to the `ether-leak` on LeakyBank (a bank the attacker is called on without a
 * reentrancy to find: what its share of the search costs) over seeds 1..n.
 */
export async function benchReentrancy(seeds: number, budgetTransactions: number): Promise<void> {
  const widths = [28, 12, 10];
  console.log(formatRow(['campaign', 'transactions', 'tx/s'], widths));
  for (const fixture of ['__fixtures__/bench/ERC20.sol', '__fixtures__/oracles/Bank.sol', '__fixtures__/oracles/GuardedBank.sol']) {
    const { report } = await runPipeline(fuzzConfig(ROOT, [fixture], { budget: parseBudget(`${budgetTransactions}x`), seed: 1 }), { logger: memoryLogger() });
    console.log(formatRow([path.basename(fixture), report.stats.transactions, Math.round(report.stats.transactionsPerSecond)], widths));
  }
  for (const [fixture, kind] of [
    ['ReentrantBank.sol', 'reentrancy'],
    ['LeakyBank.sol', 'ether-leak'],
  ]) {
    printTimeToBug(
      await benchTimeToBug({
        fixtures: [`__fixtures__/oracles/${fixture}`],
        configurations: { default: CONFIGURATIONS.harvey },
        seeds,
        budgetTransactions,
        wanted: (finding) => finding.kind === kind,
      }),
    );
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchReentrancy(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 5000));
}
