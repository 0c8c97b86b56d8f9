/**
 * Issue 31: does a long campaign keep its pace? `lookout pr` on the votes-token pull request
 * (__fixtures__/bench/votes: an ERC20Votes-shaped token over a checkpoint library, OpenZeppelin's
 * shape), one worker, a transaction budget; its progress lines, taken with the time each came, give the
 * transactions per second over the first and the last tenth of the budget. A corpus that grows, the
 * comparisons with the base or the analysis of new paths each show as a pace that falls.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixturePullRequest } from '../__tests__/pr/prRepo.js';
import { runCommand } from '../src/command.js';
import { memoryLogger, type Logger } from '../src/logger.js';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'bench', 'votes');
/** The share of the budget each end's pace is measured over. */
const WINDOW = 0.1;

export interface Sustained {
  budget: number;
  /** Transactions per second over the first and the last WINDOW of the budget, and over the whole campaign. */
  start: number;
  end: number;
  overall: number;
  inputsKept: number;
}

export async function benchSustained(budget: number): Promise<Sustained> {
  const repo = await fixturePullRequest(FIXTURE, 'bug');
  const out = await mkdtemp(path.join(tmpdir(), 'lookout-bench-sustained-'));
  const samples: { ms: number; transactions: number; kept: number }[] = [];
  // A live logger: progress twice a second (a log line every few seconds would blur the ends).
  const logger: Logger = {
    ...memoryLogger(),
    live: true,
    progress: (line) => {
      const done = line.match(/([\d,]+) of [\d,]+ transactions/);
      const kept = line.match(/([\d,]+) inputs kept/);
      if (done) samples.push({ ms: performance.now(), transactions: Number(done[1].replaceAll(',', '')), kept: Number(kept?.[1].replaceAll(',', '') ?? 0) });
    },
  };
  try {
    const argv = ['pr', '--base', 'HEAD~1', '--budget', `${budget}x`, '--seed', '1', '--workers', '1', '--json', path.join(out, 'report.json')];
    await runCommand(argv, { cwd: repo.dir, logger, write: () => {} });
  } finally {
    await repo.dispose();
    await rm(out, { recursive: true, force: true });
  }
  if (samples.length < 4) throw new Error(`sustained: ${samples.length} progress samples; the campaign was too short to measure`);
  const pace = (from: number, to: number) => {
    const first = samples.find((s) => s.transactions >= from) ?? samples[0];
    const last = [...samples].reverse().find((s) => s.transactions <= to) ?? samples.at(-1)!;
    return ((last.transactions - first.transactions) * 1000) / (last.ms - first.ms);
  };
  return {
    budget,
    start: pace(0, budget * WINDOW),
    end: pace(budget * (1 - WINDOW), budget),
    overall: pace(0, budget),
    inputsKept: samples.at(-1)!.kept,
  };
}

export function printSustained(row: Sustained): void {
  console.log(
    `votes token, ${row.budget} transactions: first tenth ${Math.round(row.start)} tx/s, last tenth ${Math.round(row.end)} tx/s ` +
      `(end/start ${(row.end / row.start).toFixed(2)}), whole ${Math.round(row.overall)} tx/s, ${row.inputsKept} inputs kept at the end`,
  );
}
