/**
 * Bran's RQ1–RQ3 on the Fig. 2-shaped fixtures: time-to-target of configurations A (AFLFast on path
 * ids), B (lookahead schedule, precise analysis), C (imprecise analysis) and D (LIDs with AFLFast)
 * over several seeds, through `lookout fuzz --targets … --schedule …` like a user would run it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { ALL_TECHNIQUES, fuzzConfig } from '../src/config/defaults.js';
import type { ScheduleName, Techniques } from '../src/config/types.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import { formatRow, median } from './stats.js';
import { markedLine } from './timeToBug.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Fig2.sol: the target in the rare branch (the constant domain proves the loops' branch free of it);
 * Fig2Refined.sol: the target behind the loops (only the refinement on the branch does);
 * CalleeGuard.sol: the same behind a library call (only following the call into the callee does);
 * CalleeFig2.sol: Fig2's body inside a library call (only the callee frame's own LID tells its branches apart).
 */
export const BRAN_FIXTURES = [
  '__fixtures__/bran/Fig2.sol',
  '__fixtures__/bran/Fig2Refined.sol',
  '__fixtures__/bran/CalleeGuard.sol',
  '__fixtures__/bran/CalleeFig2.sol',
];
/** The line behind the narrow computed check (the paper's t22). */
const TARGET_MARK = '// TARGET';

export const BRAN_CONFIGURATIONS: Readonly<Record<string, ScheduleName>> = {
  A: 'baseline',
  B: 'lookahead',
  C: 'lookahead-imprecise',
  D: 'lid-aflfast',
};

/** B with every call counted as reaching a target (no callee frames, Bran §IV-C ablation). */
const CALLEE_ABLATION = { configuration: 'B-calls', schedule: 'lookahead', techniques: { ...ALL_TECHNIQUES, calleeFrames: false } } as const;

export interface BranRow {
  configuration: string;
  schedule: ScheduleName;
  reached: number;
  seeds: number;
  /** Medians over all seeds, campaign time; a run that never reaches the target counts as its whole campaign (censored). */
  medianMs: number;
  medianSequences: number;
  /** Transactions until the first reach: with sequences, what compares across runs and machines (ms does not). */
  medianTransactions: number;
  /** Analysis time over total fuzzing time, over all runs. */
  analysisShare: number;
}

export async function benchBran(options: { fixture: string; seeds: number; budgetTransactions: number }): Promise<BranRow[]> {
  const targetLine = await markedLine(options.fixture, TARGET_MARK);
  const rows: BranRow[] = [];
  const configurations: { configuration: string; schedule: ScheduleName; techniques?: Techniques }[] = [
    ...Object.entries(BRAN_CONFIGURATIONS).map(([configuration, schedule]) => ({ configuration, schedule })),
    CALLEE_ABLATION,
  ];
  for (const { configuration, schedule, techniques } of configurations) {
    const ms: number[] = [];
    const sequences: number[] = [];
    const transactions: number[] = [];
    let reached = 0;
    let analysisMs = 0;
    let totalMs = 0;
    for (let seed = 1; seed <= options.seeds; seed++) {
      const config = fuzzConfig(ROOT, [options.fixture], {
        targets: [{ file: options.fixture, line: targetLine }],
        schedule,
        ...(techniques ? { techniques } : {}),
        seed,
        budget: parseBudget(`${options.budgetTransactions}x`),
        stopWhen: 'targets-reached',
      });
      const { report } = await runPipeline(config, { logger: memoryLogger() });
      const target = report.targets[0];
      if (target?.status === 'reached') reached++;
      ms.push(target?.firstReachedMs ?? report.stats.fuzzMs ?? report.stats.elapsedMs);
      sequences.push(target?.firstReachedSequence ?? report.stats.sequences);
      transactions.push(target?.firstReachedTransactions ?? report.stats.transactions);
      analysisMs += report.stats.analysisMs;
      totalMs += report.stats.elapsedMs;
    }
    rows.push({
      configuration,
      schedule,
      reached,
      seeds: options.seeds,
      medianMs: median(ms),
      medianSequences: median(sequences),
      medianTransactions: median(transactions),
      analysisShare: analysisMs / totalMs,
    });
  }
  return rows;
}

export function printBran(rows: readonly BranRow[]): void {
  const widths = [4, 20, 8, 10, 14, 12, 10];
  console.log(formatRow(['cfg', 'schedule', 'reached', 'median ms', 'median seqs', 'median tx', 'analysis'], widths));
  for (const r of rows) {
    console.log(
      formatRow(
        [
          r.configuration,
          r.schedule,
          `${r.reached}/${r.seeds}`,
          Math.round(r.medianMs),
          Math.round(r.medianSequences),
          Math.round(r.medianTransactions),
          `${(r.analysisShare * 100).toFixed(1)}%`,
        ],
        widths,
      ),
    );
  }
  const by = (c: string) => rows.find((r) => r.configuration === c)!;
  const ratio = (a: string, b: string) => (by(a).medianMs / by(b).medianMs).toFixed(2);
  const sequences = (a: string, b: string) => (by(a).medianSequences / by(b).medianSequences).toFixed(2);
  const transactions = (a: string, b: string) => (by(a).medianTransactions / by(b).medianTransactions).toFixed(2);
  console.log(`time-to-target ratios (ms): A/B ${ratio('A', 'B')}  C/B ${ratio('C', 'B')}  D/B ${ratio('D', 'B')}  B-calls/B ${ratio('B-calls', 'B')}`);
  console.log(
    `time-to-target ratios (tx): A/B ${transactions('A', 'B')}  C/B ${transactions('C', 'B')}  D/B ${transactions('D', 'B')}  B-calls/B ${transactions('B-calls', 'B')}`,
  );
  console.log(`median sequences ratio: B-calls/B ${sequences('B-calls', 'B')}`);
}
