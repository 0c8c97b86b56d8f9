import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { memoryLogger } from '../src/logger.js';
import { DEFAULT_PANIC_CODES } from '../src/oracles/panic.js';
import { runPipeline } from '../src/pipeline.js';
import { formatRow, median } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = ['StateMachine.sol', 'Vault.sol', 'Guarded.sol', 'Batch.sol'];

export interface TimeToBug {
  fixture: string;
  /** Runs that found the bug within the budget, out of `seeds`. */
  found: number;
  seeds: number;
  medianMs: number;
  medianTransactions: number;
}

/**
 * Time-to-bug of `lookout fuzz` on each engine fixture over several seeds: wall-clock ms and
 * transactions until the finding (a run that misses counts as the whole budget).
 */
export async function benchEngine(options: { seeds: number; budgetTransactions: number }): Promise<TimeToBug[]> {
  const rows: TimeToBug[] = [];
  for (const fixture of FIXTURES) {
    const ms: number[] = [];
    const transactions: number[] = [];
    let found = 0;
    for (let seed = 1; seed <= options.seeds; seed++) {
      const { report } = await runPipeline(
        {
          command: 'fuzz',
          root: ROOT,
          paths: [`__fixtures__/engine/${fixture}`],
          budget: parseBudget(`${options.budgetTransactions}x`),
          seed,
          maxSequenceLength: 8,
          panicCodes: DEFAULT_PANIC_CODES,
          outputs: {},
          stopOnFinding: true,
        },
        { logger: memoryLogger() },
      );
      const finding = report.findings[0];
      if (finding) found++;
      ms.push(finding ? finding.foundMs : report.stats.elapsedMs);
      transactions.push(report.stats.transactions);
    }
    rows.push({ fixture, found, seeds: options.seeds, medianMs: median(ms), medianTransactions: median(transactions) });
  }
  return rows;
}

export function printEngine(rows: readonly TimeToBug[]): void {
  const widths = [18, 8, 16, 22];
  console.log(formatRow(['fixture', 'found', 'median ms to bug', 'median tx to bug'], widths));
  for (const r of rows) console.log(formatRow([r.fixture, `${r.found}/${r.seeds}`, Math.round(r.medianMs), Math.round(r.medianTransactions)], widths));
}
