/**
 * Issue 32's acceptance: a pull request fuzzed twice with `--corpus` reaches its changed lines and
 * finds its bug in fewer transactions the second time. Per seed: a cold run with a fresh folder,
 * then a warm run on the folder it saved, with another seed (a new search, not a replay of the first).
 * Transactions, not milliseconds: the counts are the same on any machine.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lookoutPr, pullRequest } from '../__tests__/pr/prRepo.js';
import type { Report } from '../src/report/types.js';
import { formatRow, median } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The warm run's seed is this far from the cold run's. */
const WARM_SEED_OFFSET = 1000;

/** A pull request that brings a bug in: the safe twin on the base, the buggy contract on the head. */
export interface CorpusPullRequest {
  label: string;
  buggy: string;
  safe: string;
}

export interface CorpusWarmth {
  label: string;
  seeds: number;
  /** Per seed, transactions until the bug was found / every changed line was reached (a miss counted as the budget). */
  cold: { bug: number[]; reach: number[] };
  warm: { bug: number[]; reach: number[]; replayed: number[] };
}

export async function benchCorpusWarmth(pr: CorpusPullRequest, options: { seeds: number; budgetTransactions: number }): Promise<CorpusWarmth> {
  const contract = path.basename(pr.buggy, '.sol');
  const source = async (file: string) => (await readFile(path.join(ROOT, file), 'utf8')).replaceAll(path.basename(file, '.sol'), contract);
  const file = `src/${contract}.sol`;
  const repo = await pullRequest({ [file]: await source(pr.safe) }, { [file]: await source(pr.buggy) });
  const row: CorpusWarmth = { label: pr.label, seeds: options.seeds, cold: { bug: [], reach: [] }, warm: { bug: [], reach: [], replayed: [] } };
  const budget = options.budgetTransactions;
  // A bug is any finding but a behaviour change (the PR changes behaviour where it brings the bug in).
  const bug = (r: Report) => Math.min(budget, ...r.findings.filter((f) => f.kind !== 'behaviour-change').map((f) => f.foundTransactions ?? budget));
  const reach = (r: Report) => Math.min(budget, Math.max(0, ...r.targets.map((t) => t.firstReachedTransactions ?? budget)));
  try {
    for (let seed = 1; seed <= options.seeds; seed++) {
      const corpus = await mkdtemp(path.join(tmpdir(), 'lookout-bench-corpus-'));
      try {
        const run = (runSeed: number) => lookoutPr(repo, { budget: `${budget}x`, seed: runSeed, extra: ['--corpus', corpus] });
        const cold = (await run(seed)).report;
        const warm = (await run(seed + WARM_SEED_OFFSET)).report;
        if (cold.corpus?.start !== 'cold' || warm.corpus?.start !== 'warm') throw new Error(`seed ${seed}: expected a cold run then a warm one`);
        row.cold.bug.push(bug(cold));
        row.cold.reach.push(reach(cold));
        row.warm.bug.push(bug(warm));
        row.warm.reach.push(reach(warm));
        row.warm.replayed.push(warm.corpus.replayed);
      } finally {
        await rm(corpus, { recursive: true, force: true });
      }
    }
  } finally {
    await repo.dispose();
  }
  return row;
}

export function printCorpusWarmth(rows: readonly CorpusWarmth[]): void {
  const widths = [16, 6, 10, 10, 8, 12, 12, 8, 9];
  console.log(formatRow(['pull request', 'seeds', 'bug cold', 'bug warm', 'ratio', 'reach cold', 'reach warm', 'ratio', 'replayed'], widths));
  for (const r of rows) {
    const [bugCold, bugWarm, reachCold, reachWarm] = [r.cold.bug, r.warm.bug, r.cold.reach, r.warm.reach].map(median);
    const ratio = (cold: number, warm: number) => (warm > 0 ? (cold / warm).toFixed(2) : '∞');
    console.log(
      formatRow(
        [r.label, r.seeds, bugCold, bugWarm, ratio(bugCold, bugWarm), reachCold, reachWarm, ratio(reachCold, reachWarm), median(r.warm.replayed)],
        widths,
      ),
    );
    console.log(`  per seed, bug cold→warm: ${r.cold.bug.map((c, i) => `${c}→${r.warm.bug[i]}`).join(' ')}`);
  }
}
