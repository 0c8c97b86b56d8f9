import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import { median } from './stats.js';

/** Contracts of __fixtures__/bench/shapes, the value-argument baseline first. */
export const SHAPES = ['Simple', 'Strings', 'Structs', 'Arrays', 'Blockhash'] as const;

export interface ShapeRow {
  shape: string;
  /** Median over seeds. */
  txPerSecond: number;
  /** Per seed, in seed order. */
  perSeed: number[];
  /** Median over seeds of Simple's tx/s over this shape's in the same round: issue 14 wants at most 2. */
  slowdown: number;
}

/**
 * Campaign throughput (`lookout fuzz`, one worker, an execution budget) per argument shape: strings,
 * structs, dynamic arrays and block-hash reads against value arguments. Each seed is one round of
 * every shape back to back, and a shape's slowdown is the median of its per-round ratios, so that a
 * machine whose load changes between rounds still gives comparable ratios.
 */
export async function benchShapes(budgetTransactions: number, seeds: number): Promise<ShapeRow[]> {
  const rounds: number[][] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const round: number[] = [];
    for (const shape of SHAPES) round.push(await shapeThroughput(shape, budgetTransactions, seed));
    rounds.push(round);
  }
  return SHAPES.map((shape, i) => {
    const perSeed = rounds.map((round) => round[i]);
    return { shape, txPerSecond: median(perSeed), perSeed, slowdown: median(rounds.map((round) => round[0] / round[i])) };
  });
}

async function shapeThroughput(shape: string, budgetTransactions: number, seed: number): Promise<number> {
  const config = fuzzConfig(SHAPES_ROOT, [`${shape}.sol`], { budget: { kind: 'executions', executions: budgetTransactions }, workers: 1, seed });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  if (report.errors?.length) throw new Error(`${shape}: ${report.errors.join('; ')}`);
  if (report.findings.length > 0) throw new Error(`${shape} has no bug, yet ${report.findings.length} finding(s): fix the fixture`);
  return report.stats.transactionsPerSecond;
}

export function printShapes(rows: readonly ShapeRow[]): void {
  for (const row of rows) {
    const seeds = row.perSeed.map((v) => Math.round(v)).join(' ');
    console.log(
      `${row.shape.padEnd(10)} ${String(Math.round(row.txPerSecond)).padStart(6)} tx/s  ${row.slowdown.toFixed(2)}x slower than Simple  (per seed: ${seeds})`,
    );
  }
}

const SHAPES_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'bench', 'shapes');
