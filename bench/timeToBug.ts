import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { ALL_TECHNIQUES, fuzzConfig } from '../src/config/defaults.js';
import type { FuzzConfig, ScheduleName, Techniques } from '../src/config/types.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import type { Report, ReportFinding } from '../src/report/types.js';
import { formatRow, median } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A fixture file relative to the repository root, or one with a label and, when its goal is reaching
 * a line rather than a finding, the comment marking that line (`targetMark`); a finding's fixture may
 * mark the bug's line (`aimMark`) for the configurations that aim the campaign at a line.
 */
export type BenchFixture = string | { file: string; label: string; targetMark?: string; aimMark?: string };

/**
 * A configuration of the fuzzer: Harvey's technique switches and, for Bran's configurations A–D, a
 * power schedule, which aims at the fixture's target line (or, for a finding, its `aimMark` line).
 */
export interface BenchConfiguration {
  techniques: Techniques;
  schedule?: ScheduleName;
}

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
  /** Transactions of each seed's run, seed 1 first (a miss counts as the budget). */
  transactions: number[];
  /** Input prediction's one-shot predictions and hits (flipped the aimed branch) over all runs, and their ratio (Harvey RQ2) when it ran. */
  oneShot: number;
  oneShotHits: number;
  oneShotSuccessRate: number | null;
}

export interface TimeToBugRequest {
  fixtures: readonly BenchFixture[];
  configurations: Readonly<Record<string, BenchConfiguration>>;
  seeds: number;
  budgetTransactions: number;
  /** Which finding counts (default: any). */
  wanted?: (finding: ReportFinding) => boolean;
  /** Called with each row as soon as its seeds have run (long benches show progress). */
  onRow?: (row: TimeToBug) => void;
}

/**
 * Time-to-bug of `lookout fuzz` on each fixture, for each configuration, over seeds 1..n: campaign
 * ms and transactions until the first wanted finding or the marked line (the campaign stops there).
 */
export async function benchTimeToBug(request: TimeToBugRequest): Promise<TimeToBug[]> {
  const rows: TimeToBug[] = [];
  for (const fixture of request.fixtures) {
    for (const [configuration, { techniques, schedule }] of Object.entries(request.configurations)) {
      const goal = await goalOf(fixture, schedule);
      const ms: number[] = [];
      const transactions: number[] = [];
      let found = 0;
      let oneShot = 0;
      let oneShotHits = 0;
      for (let seed = 1; seed <= request.seeds; seed++) {
        const config = fuzzConfig(ROOT, [goal.file], {
          budget: parseBudget(`${request.budgetTransactions}x`),
          seed,
          techniques,
          ...goal.overrides,
        });
        const { report } = await runPipeline(config, { logger: memoryLogger() });
        const hit = goal.hit(report, request.wanted ?? (() => true));
        if (hit !== undefined) found++;
        ms.push(hit?.ms ?? report.stats.fuzzMs ?? report.stats.elapsedMs);
        transactions.push(hit?.transactions ?? request.budgetTransactions);
        oneShot += report.stats.prediction?.oneShot ?? 0;
        oneShotHits += report.stats.prediction?.oneShotHits ?? 0;
      }
      const row: TimeToBug = {
        fixture: goal.label,
        configuration,
        found,
        seeds: request.seeds,
        medianMs: median(ms),
        medianTransactions: median(transactions),
        transactions,
        oneShot,
        oneShotHits,
        oneShotSuccessRate: oneShot > 0 ? oneShotHits / oneShot : null,
      };
      rows.push(row);
      request.onRow?.(row);
    }
  }
  return rows;
}

interface Goal {
  file: string;
  label: string;
  overrides: Partial<FuzzConfig>;
  /**
   * When the run met its goal, undefined when it did not: campaign ms, and the transactions run by
   * then (the count that compares across runs and machines).
   */
  hit: (report: Report, wanted: (finding: ReportFinding) => boolean) => { ms: number; transactions: number } | undefined;
}

/** The fixture's label (its file name unless it has one). */
export function fixtureLabel(fixture: BenchFixture): string {
  return typeof fixture === 'string' ? path.basename(fixture) : fixture.label;
}

async function goalOf(fixture: BenchFixture, schedule: ScheduleName | undefined): Promise<Goal> {
  const { file, targetMark, aimMark } = typeof fixture === 'string' ? { file: fixture, targetMark: undefined, aimMark: undefined } : fixture;
  const label = fixtureLabel(fixture);
  if (targetMark === undefined) {
    if (schedule !== undefined && aimMark === undefined) throw new Error(`${label}: schedule ${schedule} aims at a line, and the fixture marks none (aimMark)`);
    const aim = schedule === undefined ? {} : { targets: [{ file, line: await markedLine(file, aimMark!) }], schedule };
    return {
      file,
      label,
      overrides: { stopWhen: 'finding', ...aim },
      hit: (report, wanted) => {
        const finding = report.findings.find(wanted);
        return finding && { ms: finding.foundMs, transactions: finding.foundTransactions };
      },
    };
  }
  const line = await markedLine(file, targetMark);
  return {
    file,
    label,
    overrides: { targets: [{ file, line }], stopWhen: 'targets-reached', schedule },
    hit: (report) => {
      const target = report.targets[0];
      return target?.firstReachedMs == null || target.firstReachedTransactions === null
        ? undefined
        : { ms: target.firstReachedMs, transactions: target.firstReachedTransactions };
    },
  };
}

/** The line of a fixture carrying `mark` (1-based). */
export async function markedLine(file: string, mark: string): Promise<number> {
  const lines = (await readFile(path.join(ROOT, file), 'utf8')).split('\n');
  const index = lines.findIndex((l) => l.includes(mark));
  if (index < 0) throw new Error(`${file} has no line marked ${mark}`);
  return index + 1;
}

const WIDTHS = [22, 16, 7, 10, 12, 9];

export function printTimeToBug(rows: readonly TimeToBug[]): void {
  printTimeToBugHeader();
  for (const r of rows) printTimeToBugRow(r);
}

export function printTimeToBugHeader(): void {
  console.log(formatRow(['fixture', 'configuration', 'found', 'median ms', 'median tx', 'one-shot'], WIDTHS));
}

export function printTimeToBugRow(r: TimeToBug): void {
  const rate = r.oneShotSuccessRate === null ? '-' : `${Math.round(r.oneShotSuccessRate * 100)}%`;
  console.log(formatRow([r.fixture, r.configuration, `${r.found}/${r.seeds}`, Math.round(r.medianMs), Math.round(r.medianTransactions), rate], WIDTHS));
}

export const CONFIGURATIONS = {
  harvey: { techniques: ALL_TECHNIQUES },
  'no-prediction': { techniques: { prediction: false, ddsf: true } },
  'no-ddsf': { techniques: { prediction: true, ddsf: false } },
  baseline: { techniques: { prediction: false, ddsf: false } },
  /** DDSF with the path ids before issue 16: spanning the state-changing prefix once a function is enabled. */
  'prefix-ids': { techniques: { ...ALL_TECHNIQUES, prefixPathIds: true } },
} as const satisfies Record<string, BenchConfiguration>;
