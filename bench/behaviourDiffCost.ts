import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lookoutPr, pullRequest } from '../__tests__/pr/prRepo.js';
import { formatRow } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DiffCost {
  fixture: string;
  /** Campaign transactions per second of the whole `lookout pr` run (compiling both revisions included), diff on and off. */
  withDiff: number;
  withoutDiff: number;
  ratio: number;
}

/**
 * What the behaviour diff costs (issue 12): the same pull request — a __fixtures__/behaviour case as
 * a two-commit repository — through `lookout pr` with an execution budget, with the diff and with
 * `--no-behaviour-diff`. The campaign runs the same transactions either way; the diff adds the base
 * replays and the comparison after it, so campaign transactions per wall-clock second compare the two.
 */
export async function benchDiffCost(fixtures: readonly string[], budgetTransactions: number): Promise<DiffCost[]> {
  const rows: DiffCost[] = [];
  for (const fixture of fixtures) {
    const files = (revision: string) => {
      const dir = path.join(ROOT, '__fixtures__/behaviour', fixture, revision);
      return Object.fromEntries(readdirSync(dir).map((file) => [`src/${file}`, readFileSync(path.join(dir, file), 'utf8')]));
    };
    const repo = await pullRequest(files('base'), files('head'));
    try {
      const rate = async (extra: string[]) => {
        const run = await lookoutPr(repo, { budget: `${budgetTransactions}x`, extra });
        return run.report.stats.transactions / (run.wallMs / 1000);
      };
      const withDiff = await rate([]);
      const withoutDiff = await rate(['--no-behaviour-diff']);
      rows.push({ fixture, withDiff, withoutDiff, ratio: withDiff / withoutDiff });
    } finally {
      await repo.dispose();
    }
  }
  return rows;
}

export function printDiffCost(rows: readonly DiffCost[]): void {
  const widths = [22, 14, 14, 8];
  console.log(formatRow(['pull request', 'diff tx/s', 'no diff tx/s', 'ratio'], widths));
  for (const r of rows) console.log(formatRow([r.fixture, Math.round(r.withDiff), Math.round(r.withoutDiff), r.ratio.toFixed(2)], widths));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  printDiffCost(await benchDiffCost(['unchecked-withdraw', 'vault-rounding'], Number(process.argv[2] ?? 5000)));
}
