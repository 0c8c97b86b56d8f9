import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { ALL_TECHNIQUES, fuzzConfig } from '../src/config/defaults.js';
import type { FuzzConfig, Techniques } from '../src/config/types.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/pipeline.js';
import type { Report, ReportFinding } from '../src/report/types.js';
import { formatRow, median } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A fixture file relative to the repository root, or one with a label and, when its goal is reaching
 * a line rather than a finding, the comment marking that line.
 */
export type BenchFixture = string | { file: string; label: string; targetMark?: string };

export interface TimeToBug {
  fixture: string;
  configuration: string;
  /** Runs that found the bug within the budget, out of `seeds`. */
  found: number;
  seeds: number;
  /**
   * Medians over all seeds, on the campaign's clock (no compile or deploy); a run that misses counts
   * as its whole campaign and the whole budget (a censored sample).
   */
  medianMs: number;
  medianTransactions: number;
  /** Input prediction's one-shot predictions and hits (flipped the aimed branch) over all runs, and their ratio (Harvey RQ2) when it ran. */
  oneShot: number;
  oneShotHits: number;
  oneShotSuccessRate: number | null;
}

export interface TimeToBugRequest {
  fixtures: readonly BenchFixture[];
  configurations: Readonly<Record<string, Techniques>>;
  seeds: number;
  budgetTransactions: number;
  /** Which finding counts (default: any). */
  wanted?: (finding: ReportFinding) => boolean;
}

/**
 * Time-to-bug of `lookout fuzz` on each fixture, for each configuration, over seeds 1..n: campaign
 * ms and transactions until the first wanted finding or the marked line (the campaign stops there).
 */
export async function benchTimeToBug(request: TimeToBugRequest): Promise<TimeToBug[]> {
  const rows: TimeToBug[] = [];
  for (const fixture of request.fixtures) {
    const goal = await goalOf(fixture);
    for (const [configuration, techniques] of Object.entries(request.configurations)) {
      const ms: number[] = [];
      const transactions: number[] = [];
      let found = 0;
      let oneShot = 0;
      let oneShotHits = 0;
      for (let seed = 1; seed <= request.seeds; seed++) {
        const config = fuzzConfig(ROOT, [goal.file], {
          budget: parseBudget(`${request.budgetTransactions}x`), seed, techniques, ...goal.overrides,
        });
        const { report } = await runPipeline(config, { logger: memoryLogger() });
        const hitMs = goal.hitMs(report, request.wanted ?? (() => true));
        if (hitMs !== undefined) found++;
        ms.push(hitMs ?? report.stats.fuzzMs ?? report.stats.elapsedMs);
        transactions.push(hitMs !== undefined ? report.stats.transactions : request.budgetTransactions);
        oneShot += report.stats.prediction?.oneShot ?? 0;
        oneShotHits += report.stats.prediction?.oneShotHits ?? 0;
      }
      rows.push({
        fixture: goal.label,
        configuration,
        found,
        seeds: request.seeds,
        medianMs: median(ms),
        medianTransactions: median(transactions),
        oneShot,
        oneShotHits,
        oneShotSuccessRate: oneShot > 0 ? oneShotHits / oneShot : null,
      });
    }
  }
  return rows;
}

interface Goal {
  file: string;
  label: string;
  overrides: Partial<FuzzConfig>;
  /** Campaign ms at which the run met its goal, undefined when it did not. */
  hitMs: (report: Report, wanted: (finding: ReportFinding) => boolean) => number | undefined;
}

async function goalOf(fixture: BenchFixture): Promise<Goal> {
  const { file, label, targetMark } = typeof fixture === 'string' ? { file: fixture, label: path.basename(fixture) } : fixture;
  if (targetMark === undefined) {
    return {
      file,
      label,
      overrides: { stopWhen: 'finding' },
      hitMs: (report, wanted) => report.findings.find(wanted)?.foundMs,
    };
  }
  const line = await markedLine(file, targetMark);
  return {
    file,
    label,
    overrides: { targets: [{ file, line }], stopWhen: 'targets-reached' },
    hitMs: (report) => report.targets[0]?.firstReachedMs ?? undefined,
  };
}

/** The line of a fixture carrying `mark` (1-based). */
export async function markedLine(file: string, mark: string): Promise<number> {
  const lines = (await readFile(path.join(ROOT, file), 'utf8')).split('\n');
  const index = lines.findIndex((l) => l.includes(mark));
  if (index < 0) throw new Error(`${file} has no line marked ${mark}`);
  return index + 1;
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
  /** DDSF with the path ids before issue 16: spanning the state-changing prefix once a function is enabled. */
  'prefix-ids': { ...ALL_TECHNIQUES, prefixPathIds: true },
} as const satisfies Record<string, Techniques>;
