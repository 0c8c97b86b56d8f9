/**
 * How finely path identity splits inputs: inputs kept per 10k transactions on a loop fixture, over
 * seeds. Every loop count being a new path keeps about half of all inputs (issue 13); hit-count
 * buckets should keep an order of magnitude fewer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import { formatRow, median } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface InputsKept {
  fixture: string;
  seeds: number;
  medianKeptPer10k: number;
  medianTxPerSecond: number;
}

export async function benchInputsKept(options: { fixtures: readonly string[]; seeds: number; budgetTransactions: number }): Promise<InputsKept[]> {
  const rows: InputsKept[] = [];
  for (const fixture of options.fixtures) {
    const kept: number[] = [];
    const rates: number[] = [];
    for (let seed = 1; seed <= options.seeds; seed++) {
      const config = fuzzConfig(ROOT, [fixture], { budget: parseBudget(`${options.budgetTransactions}x`), seed });
      const { report } = await runPipeline(config, { logger: memoryLogger() });
      kept.push(((report.stats.inputsKept ?? 0) * 10_000) / Math.max(1, report.stats.transactions));
      rates.push(report.stats.transactionsPerSecond);
    }
    rows.push({ fixture: path.basename(fixture), seeds: options.seeds, medianKeptPer10k: median(kept), medianTxPerSecond: median(rates) });
  }
  return rows;
}

export function printInputsKept(rows: readonly InputsKept[]): void {
  const widths = [22, 7, 14, 8];
  console.log(formatRow(['fixture', 'seeds', 'kept / 10k tx', 'tx/s'], widths));
  for (const r of rows) console.log(formatRow([r.fixture, r.seeds, Math.round(r.medianKeptPer10k), Math.round(r.medianTxPerSecond)], widths));
}
