/**
 * Issue 28, item 5: a cancelled job (`timeout-minutes`, the Cancel button) lost the results: the
 * runner's SIGINT ended the action at once. The action, run from source against the fake GitHub with
 * a budget of hours, gets SIGINT once a finding is logged: it publishes the report so far (comment,
 * check run, job summary), marked interrupted, well within the 7.5 s the runner waits before SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';
import { FROM_SOURCE, pullRequestEvent, pullRequestRepo, runAction, type ActionResult, type FixtureRepo } from './actionRun.js';
import { AUCTION_BASE, AUCTION_HEAD } from './contracts.js';

const FILE = 'src/Auction.sol';
/** The runner sends SIGTERM this long after SIGINT, and kills the job 2.5 s later. */
const RUNNER_GRACE_MS = 7500;

let fake: FakeGitHub;
let repo: FixtureRepo;
let result: ActionResult;

beforeAll(async () => {
  const pr = await pullRequestRepo({ [FILE]: AUCTION_BASE, 'README.md': 'auction\n' }, { [FILE]: AUCTION_HEAD });
  repo = pr.repo;
  fake = await startFakeGitHub();
  fake.state.pullFiles.set(7, [{ filename: FILE, status: 'modified', additions: 6, patch: await repo.patch(pr.baseSha, pr.headSha, FILE) }]);
  result = await runAction({
    workspace: repo.dir,
    apiUrl: fake.url,
    eventName: 'pull_request',
    event: pullRequestEvent('pull_request.json', pr),
    inputs: { 'github-token': 'ghs_test', budget: '100000000x', workers: '2' },
    entry: FROM_SOURCE,
    interrupt: { when: /: found: /m, signal: 'SIGINT' },
  });
}, 240_000);

afterAll(async () => {
  await fake?.close();
  await repo?.dispose();
});

describe('the action interrupted by the runner (SIGINT) mid-campaign', () => {
  it('publishes before the runner would send SIGTERM, and fails the job on the finding it holds', () => {
    expect(result.signalToExitMs).toBeLessThan(RUNNER_GRACE_MS);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::1 finding introduced by this pull request/);
  });

  it('writes the report so far, marked interrupted', () => {
    const report = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
    expect(report.interrupted).toBe(true);
    expect(report.findings.filter((f: { kind: string }) => f.kind === 'panic')).toHaveLength(1);
  });

  it('posts the comment, the check run and the job summary, each saying it was interrupted', () => {
    const interrupted = 'Interrupted before the budget was spent: these are the results so far';
    expect(fake.state.comments.get(7)?.map((c) => c.body)).toEqual([expect.stringContaining(interrupted)]);
    expect(fake.state.checkRuns).toEqual([expect.objectContaining({ name: 'Lookout', conclusion: 'failure' })]);
    expect(fake.state.checkRuns[0].output?.summary).toContain(interrupted);
    expect(result.summary).toContain(interrupted);
  });
});
