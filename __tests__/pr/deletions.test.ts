/**
 * Issue 29, "deletions are changes": a pull request that only removes lines has a target where the
 * removed code ran, and a finding that fails in library code is located at the project's line that
 * called into it, so it gets a review thread on the diff. The fixture is __fixtures__/foundry/deleted-check.
 */
import { fileURLToPath } from 'node:url';
import { parsePatch } from 'diff';
import { commentableLines } from '../../src/diff/github.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { reviewThreads } from '../../src/report/review.js';
import { renderSarif } from '../../src/report/sarif.js';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/foundry/deleted-check', import.meta.url));
const LIBRARY = 'lib/points-kit/src/ERC20.sol';

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function pr(overlay: 'bug' | 'safe', budget: string): Promise<PrRun> {
  const repo = await fixturePullRequest(FIXTURE, overlay);
  repos.push(repo);
  return lookoutPr(repo, { budget });
}

/** Where GitHub takes review comments on the pull request: the head lines its diff hunks show (git's 3 lines of context). */
async function inDiff(repo: PrRepo): Promise<(path: string, line: number) => boolean> {
  const lines = new Map<string, number[]>();
  for (const patch of parsePatch(await repo.git('diff', 'HEAD~1', 'HEAD'))) lines.set(patch.newFileName!.replace(/^b\//, ''), commentableLines(patch.hunks));
  return (path, line) => lines.get(path)?.includes(line) ?? false;
}

/** Seed 1 finds the theft within 300 transactions (not 200): about twice that, and as much for the safe twin. */
const BUDGET = '600x';

describe('lookout pr on a pull request that only deletes lines', () => {
  it('finds the theft the deleted allowance check lets through, at the project line that calls the library, with a review thread', async () => {
    const run = await pr('bug', BUDGET);
    // Head line 16 (`_transfer(holder, msg.sender, amount)`) now runs where base lines 16–18 ran.
    expect(run.report.targets.map((t) => [t.file, t.line, t.removed, t.status])).toEqual([['src/Points.sol', 16, { from: 16, to: 18 }, 'reached']]);
    const theft = run.report.findings.find((f) => f.kind === 'token-theft')!;
    // The balance write fails in the library's `_update`; the project's call into it is the line to review.
    expect(theft).toMatchObject({ file: 'src/Points.sol', line: 16, libraryLine: { file: LIBRARY, line: 64 }, introduced: true, executesChangedLines: true });
    expect(theft.message).toMatch(new RegExp(`\\(in ${LIBRARY}:64\\)$`));
    expect(theft.enteredLines).toContainEqual({ file: 'src/Points.sol', line: 16 });
    const threads = reviewThreads(run.report, await inDiff(run.repo));
    expect(threads.find((t) => t.finding === theft)?.comment).toMatchObject({ path: 'src/Points.sol', line: 16 });
    const [result] = renderSarif(run.report).runs[0].results!.filter((r) => r.ruleId === 'lookout/token-theft');
    expect(result.locations![0].physicalLocation).toMatchObject({ artifactLocation: { uri: 'src/Points.sol' }, region: { startLine: 16 } });
    expect(renderMarkdown(run.report)).toContain('| src/Points\\.sol | removed lines 16–18 \\(before line 16\\) |');
    expect(run.status).toBe(1);
  }, 300_000);

  it('reports nothing when the lines deleted were a check the library makes anyway, and still reaches where they were', async () => {
    const run = await pr('safe', BUDGET);
    expect(run.report.targets.map((t) => [t.file, t.line, t.removed, t.status])).toEqual([['src/Points.sol', 16, { from: 16, to: 17 }, 'reached']]);
    expect(run.report.findings).toEqual([]);
    expect(run.status).toBe(0);
  }, 300_000);
});
