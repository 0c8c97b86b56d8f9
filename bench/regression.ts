/**
 * Issue 31 item 5, no regression in what was found: per fixture that measures search power, the
 * transactions to its bug over seeds 1..n (a miss counted as the budget), next to a committed
 * baseline (`bench/baseline.json`), judged by `judgeRegression`. Transactions, not milliseconds: a
 * seed's count is the same on any machine and under any load, so the gate does not flake with it.
 */
import { format } from 'prettier';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fixturePullRequest } from '../__tests__/pr/prRepo.js';
import { parseArgv } from '../src/config/index.js';
import { memoryLogger } from '../src/logger.js';
import type { ReportFinding } from '../src/report/types.js';
import { runPipeline, VERSION } from '../src/run/index.js';
import { judgeRegression, type SeedRun } from './regressionGate.js';
import { formatRow, median } from './stats.js';
import { benchTimeToBug, CONFIGURATIONS, type BenchFixture } from './timeToBug.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BASELINE_FILE = path.join(ROOT, 'bench/baseline.json');

/** A fixture of the gate: its budget, and how one seed's transactions to the bug are measured. */
interface RegressionFixture {
  label: string;
  budget: number;
  measure: (seeds: number, budget: number) => Promise<number[]>;
}

const kind = (wanted: string) => (finding: ReportFinding) => finding.kind === wanted;

/** `lookout fuzz` on one file, stopped at the first wanted finding or the marked line (see `benchTimeToBug`). */
function fuzzFixture(label: string, fixture: BenchFixture, budget: number, wanted?: string): RegressionFixture {
  return {
    label,
    budget,
    async measure(seeds) {
      const [row] = await benchTimeToBug({
        fixtures: [fixture],
        configurations: { default: CONFIGURATIONS.harvey },
        seeds,
        budgetTransactions: budget,
        wanted: wanted === undefined ? undefined : kind(wanted),
      });
      return row.transactions;
    },
  };
}

/**
 * `lookout pr` on a fixture pull request (`<dir>/base`, then `<dir>/<overlay>` over it), one worker,
 * without the behaviour diff and stopped at its first finding: the finding's transactions, as a user
 * running the PR would see them in `findings[].foundTransactions`. `lib` is copied in as `lib/`. A
 * behaviour change (`wanted` a `behaviour-…` kind) is looked for with the diff on, over the whole budget
 * (it is found by comparing with the base, which does not stop a campaign).
 */
function pullRequestFixture(label: string, dir: string, overlay: string, budget: number, wanted: string, lib?: string): RegressionFixture {
  const comparing = wanted.startsWith('behaviour');
  return {
    label,
    budget,
    async measure(seeds) {
      const transactions: number[] = [];
      for (let seed = 1; seed <= seeds; seed++) {
        const repo = await fixturePullRequest(path.join(ROOT, dir), overlay, lib && path.join(ROOT, lib));
        try {
          const argv = ['pr', '--base', 'HEAD~1', '--head', 'HEAD', '--budget', `${budget}x`, '--seed', String(seed), '--workers', '1'];
          if (!comparing) argv.push('--no-behaviour-diff');
          const config = parseArgv(argv, { cwd: repo.dir, version: VERSION });
          if (config?.command !== 'pr') throw new Error(`${label}: ${argv.join(' ')} is no lookout pr`);
          const { report } = await runPipeline(comparing ? config : { ...config, stopWhen: 'finding' }, { logger: memoryLogger() });
          transactions.push(Math.min(budget, ...report.findings.filter(kind(wanted)).map((f) => f.foundTransactions)));
        } finally {
          await repo.dispose();
        }
      }
      return transactions;
    },
  };
}

/**
 * The fixtures search power is judged on, each with a budget about twice what its slowest baseline
 * seed needs (misses aside), so that a regression shows as transactions rather than as a miss alone.
 */
export const REGRESSION_FIXTURES: readonly RegressionFixture[] = [
  pullRequestFixture('registry write (PR)', '__fixtures__/search/registry-write', 'bug', 30_000, 'arbitrary-storage-write'),
  fuzzFixture('PaymentSplitter reentrancy', '__fixtures__/payments/PaymentSplitterReentrant.sol', 5_000, 'reentrancy'),
  fuzzFixture('wrapped-ether leak', '__fixtures__/oracles/WrappedEtherUncheckedBurn.sol', 20_000, 'ether-leak'),
  fuzzFixture('Foo (Harvey Fig. 2)', '__fixtures__/harvey/Fig2StateBug.sol', 10_000),
  fuzzFixture('LongSequence (Harvey)', '__fixtures__/harvey/LongSequence.sol', 10_000),
  fuzzFixture('Bran Fig. 2', { file: '__fixtures__/bran/Fig2.sol', label: 'Bran Fig. 2', targetMark: '// TARGET' }, 10_000),
  pullRequestFixture('votes checkpoint (PR)', '__fixtures__/bench/votes', 'bug', 5_000, 'behaviour-change'),
  pullRequestFixture('pair K check (PR)', '__fixtures__/foundry-tests/pair-pr', 'bug', 1_000, 'property', '__fixtures__/foundry-tests/vault/lib'),
];

/** `bench/baseline.json`: per fixture, its budget and per-seed transactions, and the commit measured. */
export interface Baseline {
  commit: string;
  seeds: number;
  fixtures: Record<string, SeedRun>;
}

export async function measureRegression(seeds: number, onRow?: (label: string, run: SeedRun) => void): Promise<Record<string, SeedRun>> {
  const measured: Record<string, SeedRun> = {};
  for (const fixture of REGRESSION_FIXTURES) {
    measured[fixture.label] = { budget: fixture.budget, transactions: await fixture.measure(seeds, fixture.budget) };
    onRow?.(fixture.label, measured[fixture.label]);
  }
  return measured;
}

export async function readBaseline(): Promise<Baseline> {
  return JSON.parse(await readFile(BASELINE_FILE, 'utf8')) as Baseline;
}

/** Writes the baseline with the commit it was measured on (`+dirty` when the tree had changes). */
export async function writeBaseline(seeds: number, fixtures: Record<string, SeedRun>): Promise<void> {
  const git = (...args: string[]) => promisify(execFile)('git', ['-C', ROOT, ...args]).then((r) => r.stdout.trim());
  const dirty = (await git('status', '--porcelain', '--', 'src', 'bench', '__fixtures__')) !== '';
  const baseline: Baseline = { commit: `${await git('rev-parse', 'HEAD')}${dirty ? '+dirty' : ''}`, seeds, fixtures };
  // As the repository's formatter writes it, so that `npm run format:check` passes on a fresh baseline.
  await writeFile(BASELINE_FILE, await format(JSON.stringify(baseline), { parser: 'json' }));
}

const WIDTHS = [26, 7, 10, 10, 10, 7, 11];

/** Prints each fixture next to its baseline; returns the labels that regressed. */
export function printRegression(baseline: Baseline, measured: Record<string, SeedRun>): string[] {
  console.log(formatRow(['fixture', 'found', 'median tx', 'baseline', 'allowance', 'p', 'verdict'], WIDTHS));
  const regressed: string[] = [];
  for (const [label, run] of Object.entries(measured)) {
    const before = baseline.fixtures[label];
    const found = `${run.transactions.filter((t) => t < run.budget).length}/${run.transactions.length}`;
    if (!before) {
      // A fixture added since the baseline: shown, judged once the baseline is rewritten with it.
      console.log(formatRow([label, found, median(run.transactions), '-', '-', '-', 'new'], WIDTHS));
      console.log(`  per seed: ${run.transactions.join(' ')}  (not in bench/baseline.json)`);
      continue;
    }
    if (before.budget !== run.budget || before.transactions.length !== run.transactions.length) {
      throw new Error(`${label}: bench/baseline.json was measured otherwise (budget, seeds or fixture); rewrite it with BENCH_WRITE_BASELINE=1`);
    }
    const verdict = judgeRegression(before.transactions, run.transactions);
    if (verdict.regression) regressed.push(label);
    const cells = [
      label,
      found,
      verdict.median,
      verdict.baselineMedian,
      Math.round(verdict.allowance),
      verdict.p.toFixed(3),
      verdict.regression ? 'REGRESSED' : 'ok',
    ];
    console.log(formatRow(cells, WIDTHS));
    console.log(`  per seed: ${run.transactions.join(' ')}  (baseline ${before.transactions.join(' ')})`);
  }
  return regressed;
}
