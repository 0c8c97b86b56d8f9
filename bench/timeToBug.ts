import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { ALL_TECHNIQUES, fuzzConfig } from '../src/config/defaults.js';
import type { Techniques } from '../src/config/types.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/pipeline.js';
import type { ReportFinding } from '../src/report/types.js';
import { formatRow, median } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TimeToBug {
  fixture: string;
  configuration: string;
  /** Runs that found the bug within the budget, out of `seeds`. */
  found: number;
  seeds: number;
  /** Medians over all seeds; a run that misses counts as the whole budget (a censored sample). */
  medianMs: number;
  medianTransactions: number;
  /** Input prediction's one-shot success rate over all runs (Harvey RQ2), when it ran. */
  oneShotSuccessRate: number | null;
}

export interface TimeToBugRequest {
  /** Fixture files relative to the repository root. */
  fixtures: readonly string[];
  configurations: Readonly<Record<string, Techniques>>;
  seeds: number;
  budgetTransactions: number;
  /** Which finding counts (default: any). */
  wanted?: (finding: ReportFinding) => boolean;
}

/**
 * Time-to-bug of `lookout fuzz` on each fixture, for each configuration, over seeds 1..n: wall-clock
 * ms and transactions until the first wanted finding (the campaign stops there).
 */
export async function benchTimeToBug(request: TimeToBugRequest): Promise<TimeToBug[]> {
  const rows: TimeToBug[] = [];
  for (const fixture of request.fixtures) {
    for (const [configuration, techniques] of Object.entries(request.configurations)) {
      const ms: number[] = [];
      const transactions: number[] = [];
      let found = 0;
      let oneShot = 0;
      let oneShotHits = 0;
      for (let seed = 1; seed <= request.seeds; seed++) {
        const { report } = await runPipeline(
          fuzzConfig(ROOT, [fixture], { budget: parseBudget(`${request.budgetTransactions}x`), seed, techniques, stopWhen: 'finding' }),
          { logger: memoryLogger() },
        );
        const finding = report.findings.find(request.wanted ?? (() => true));
        if (finding) found++;
        ms.push(finding ? finding.foundMs : report.stats.elapsedMs);
        transactions.push(finding ? report.stats.transactions : request.budgetTransactions);
        oneShot += report.stats.prediction?.oneShot ?? 0;
        oneShotHits += report.stats.prediction?.oneShotHits ?? 0;
      }
      rows.push({
        fixture: path.basename(fixture),
        configuration,
        found,
        seeds: request.seeds,
        medianMs: median(ms),
        medianTransactions: median(transactions),
        oneShotSuccessRate: oneShot > 0 ? oneShotHits / oneShot : null,
      });
    }
  }
  return rows;
}

export function printTimeToBug(rows: readonly TimeToBug[]): void {
  const widths = [22, 16, 7, 10, 12, 9];
  console.log(formatRow(['fixture', 'configuration', 'found', 'median ms', 'median tx', 'one-shot'], widths));
  for (const r of rows) {
    const rate = r.oneShotSuccessRate === null ? '-' : `${Math.round(r.oneShotSuccessRate * 100)}%`;
    console.log(formatRow([r.fixture, r.configuration, `${r.found}/${r.seeds}`, Math.round(r.medianMs), Math.round(r.medianTransactions), rate], widths));
  }
}

export const CONFIGURATIONS = {
  harvey: ALL_TECHNIQUES,
  'no-prediction': { prediction: false, ddsf: true },
  'no-ddsf': { prediction: true, ddsf: false },
  baseline: { prediction: false, ddsf: false },
} as const satisfies Record<string, Techniques>;
