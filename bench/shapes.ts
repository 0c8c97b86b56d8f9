import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import { median } from './stats.js';
import { withTransactionTape } from './transactionTape.js';

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
  /**
   * Median over rounds of the bare executor loop's tx/s (the campaign's own transactions replayed on
   * the instrumented executor, no campaign around them: `withTransactionTape`) over the campaign's in
   * the same round: issue 31 wants at most 2.
   */
  overBare: number;
  /** The smallest and largest of `overBare`'s per-seed ratios: the spread a single seed has. */
  overBareRange: [number, number];
  /** Median of the bare loop's tx/s. */
  bareTxPerSecond: number;
}

export async function benchShapes(budgetTransactions: number, seeds: number): Promise<ShapeRow[]> {
  const rounds: number[][] = [];
  const bareRounds: number[][] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const round: number[] = [];
    const bare: number[] = [];
    for (const shape of SHAPES) {
      const { result, replay } = await withTransactionTape(() => shapeThroughput(shape, budgetTransactions, seed));
      round.push(result);
      bare.push((await replay()).txPerSecond);
    }
    rounds.push(round);
    bareRounds.push(bare);
  }
  return SHAPES.map((shape, i) => {
    const perSeed = rounds.map((round) => round[i]);
    const ratios = bareRounds.map((bare, r) => bare[i] / rounds[r][i]);
    return {
      shape,
      txPerSecond: median(perSeed),
      perSeed,
      slowdown: median(rounds.map((round) => round[0] / round[i])),
      bareTxPerSecond: median(bareRounds.map((bare) => bare[i])),
      overBare: median(ratios),
      overBareRange: [Math.min(...ratios), Math.max(...ratios)],
    };
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
      `${row.shape.padEnd(10)} ${String(Math.round(row.txPerSecond)).padStart(6)} tx/s  ${row.slowdown.toFixed(2)}x slower than Simple  ` +
        `bare executor ${String(Math.round(row.bareTxPerSecond)).padStart(6)} tx/s: campaign ${row.overBare.toFixed(2)}x slower ` +
        `(${row.overBareRange.map((r) => r.toFixed(2)).join('–')} by seed)  (per seed: ${seeds})`,
    );
  }
}

const SHAPES_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'bench', 'shapes');
