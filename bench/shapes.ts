import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/pipeline.js';

/** Contracts of __fixtures__/bench/shapes, the value-argument baseline first. */
export const SHAPES = ['Simple', 'Strings', 'Structs', 'Arrays', 'Blockhash'] as const;

export interface ShapeRow {
  shape: string;
  txPerSecond: number;
  transactions: number;
  /** tx/s of the value-argument baseline over this one's: issue 14 wants at most 2. */
  slowdown: number;
}

/**
 * Campaign throughput (`lookout fuzz`, one worker, seed 1, an execution budget) per argument shape:
 * strings, structs, dynamic arrays and block-hash reads against value arguments, one after the other
 * in the same run so that the ratio holds on a shared machine.
 */
export async function benchShapes(budgetTransactions: number): Promise<ShapeRow[]> {
  const measured: Omit<ShapeRow, 'slowdown'>[] = [];
  for (const shape of SHAPES) {
    const config = fuzzConfig(SHAPES_ROOT, [`${shape}.sol`], { budget: { kind: 'executions', executions: budgetTransactions }, workers: 1, seed: 1 });
    const { report } = await runPipeline(config, { logger: memoryLogger() });
    if (report.errors?.length) throw new Error(`${shape}: ${report.errors.join('; ')}`);
    if (report.findings.length > 0) throw new Error(`${shape} has no bug, yet ${report.findings.length} finding(s): fix the fixture`);
    measured.push({ shape, txPerSecond: report.stats.transactionsPerSecond, transactions: report.stats.transactions });
  }
  const baseline = measured[0].txPerSecond;
  return measured.map((row) => ({ ...row, slowdown: baseline / row.txPerSecond }));
}

export function printShapes(rows: readonly ShapeRow[]): void {
  for (const row of rows) {
    console.log(`${row.shape.padEnd(10)} ${String(Math.round(row.txPerSecond)).padStart(6)} tx/s  ${row.slowdown.toFixed(2)}x slower than Simple  (${row.transactions} tx)`);
  }
}

const SHAPES_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'bench', 'shapes');
