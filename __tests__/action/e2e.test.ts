import { existsSync, readFileSync } from 'node:fs';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';
import { BUNDLE, pullRequestEvent, pullRequestRepo, runAction, type FixtureRepo } from './actionRun.js';
import { AUCTION_BASE, AUCTION_BUG_LINE, AUCTION_HEAD } from './contracts.js';

/**
 * The bundle end to end: a PR whose head adds an out-of-bounds read, checked out as GitHub's merge
 * commit, run as the runner runs it against a fake GitHub API on loopback.
 */
let fake: FakeGitHub;
let repo: FixtureRepo;
let shas: { baseSha: string; headSha: string };
const FILE = 'src/Auction.sol';

beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run npm run package first`);
  const pr = await pullRequestRepo({ [FILE]: AUCTION_BASE, 'README.md': 'auction\n' }, { [FILE]: AUCTION_HEAD });
  repo = pr.repo;
  shas = { baseSha: pr.baseSha, headSha: pr.headSha };
  fake = await startFakeGitHub();
  fake.state.pullFiles.set(7, [{ filename: FILE, status: 'modified', additions: 6, patch: await repo.patch(shas.baseSha, shas.headSha, FILE) }]);
});
afterAll(async () => {
  await fake?.close();
  await repo?.dispose();
});

const action = (inputs: Record<string, string>) =>
  runAction({
    workspace: repo.dir,
    apiUrl: fake.url,
    eventName: 'pull_request',
    event: pullRequestEvent('pull_request.json', shas),
    inputs: { 'github-token': 'ghs_test', budget: '1000x', ...inputs },
  });

describe('the action on a pull request that introduces a bug', () => {
  it('creates the comment, annotates through a check run, reviews the line and fails the job', async () => {
    const result = await action({});
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::\d+ finding introduced by this pull request/);

    const comments = fake.state.comments.get(7)!;
    expect(comments).toHaveLength(1);
    expect(comments[0].body).toContain('<!-- lookout-report -->');
    expect(comments[0].body).toContain('panic 0x32');
    // Links are pinned to the PR head, not the merge commit the job checked out.
    expect(comments[0].body).toContain(`https://github.com/acme/auction/blob/${shas.headSha}/${FILE}#L${AUCTION_BUG_LINE}`);

    const [run] = fake.state.checkRuns;
    expect(run).toMatchObject({ name: 'Lookout', head_sha: shas.headSha, conclusion: 'failure' });
    expect(run.annotations).toContainEqual(expect.objectContaining({ path: FILE, start_line: AUCTION_BUG_LINE, annotation_level: 'failure' }));
    for (const request of fake.requestsTo('POST', /check-runs$/).concat(fake.requestsTo('PATCH', /check-runs\/\d+$/))) {
      expect((request.body as any).output.annotations.length).toBeLessThanOrEqual(50);
    }

    expect(fake.state.reviews.get(7)).toHaveLength(1);
    // One comment where the finding fails, then one on each other changed line its sequence enters.
    const [failing, ...entered] = fake.state.reviewComments;
    expect(failing).toMatchObject({ path: FILE, line: AUCTION_BUG_LINE });
    const report0 = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
    const enteredLines = (report0.findings[0].enteredLines as { line: number }[]).map((l) => l.line).filter((l) => l !== AUCTION_BUG_LINE);
    expect(entered.map((c) => c.line)).toEqual(enteredLines);
    for (const comment of entered) expect(comment.body).toMatch(/executes this changed line/);

    expect(result.outputs).toMatchObject({ findings: '1', 'introduced-findings': '1', 'targets-total': '3', sarif: '' });
    const report = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
    expect(report.findings[0]).toMatchObject({ kind: 'panic', panicCode: '0x32', file: FILE, line: AUCTION_BUG_LINE, introduced: true });
    expect(result.summary).toContain('## Lookout');
    expect(result.summary).toContain('```mermaid');
  });

  it('updates the same comment on a re-run, adds no duplicate review, and passes with fail-on: never', async () => {
    const result = await action({ 'fail-on': 'never', sarif: 'lookout.sarif' });
    expect(result.code).toBe(0);
    expect(fake.state.comments.get(7)).toHaveLength(1);
    expect(fake.requestsTo('POST', /issues\/7\/comments$/)).toHaveLength(1);
    expect(fake.requestsTo('PATCH', /issues\/comments\/\d+$/)).toHaveLength(1);
    expect(fake.requestsTo('POST', /pulls\/7\/reviews$/)).toHaveLength(1);
    expect(fake.state.checkRuns.at(-1)!.conclusion).toBe('neutral');
    const sarif = JSON.parse(readFileSync(result.outputs.sarif, 'utf8'));
    expect(sarif.runs[0].results[0]).toMatchObject({ ruleId: 'lookout/panic', level: 'error' });
  });

  it('with a read-only token writes the job summary and workflow-command annotations, and does not crash', async () => {
    fake.forbidWrites = 403;
    try {
      const result = await action({ 'fail-on': 'never' });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`::error file=${FILE},line=${AUCTION_BUG_LINE},endLine=${AUCTION_BUG_LINE},title=Lookout%3A panic 0x32`);
      expect(result.stdout).toMatch(/::warning::The token may not write the PR comment \(HTTP 403/);
      expect(result.summary).toContain('panic 0x32');
      expect(result.outputs.findings).toBe('1');
    } finally {
      fake.forbidWrites = false;
    }
  });
});
