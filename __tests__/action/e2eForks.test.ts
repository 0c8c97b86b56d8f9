import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';
import { FixtureRepo, pullRequestEvent, pullRequestRepo, runAction } from './actionRun.js';
import { AUCTION_BASE, AUCTION_BUDGET, AUCTION_BUG_LINE, AUCTION_HEAD } from './contracts.js';

/** Fork PRs: the fuzz/report pair, and a shallow checkout that falls back to the GitHub API diff. */
let fake: FakeGitHub;
let repo: FixtureRepo;
let shas: { baseSha: string; headSha: string };
const FILE = 'src/Auction.sol';
const temporary: string[] = [];

beforeAll(async () => {
  const pr = await pullRequestRepo({ [FILE]: AUCTION_BASE }, { [FILE]: AUCTION_HEAD });
  repo = pr.repo;
  shas = { baseSha: pr.baseSha, headSha: pr.headSha };
  fake = await startFakeGitHub();
  const files = [{ filename: FILE, status: 'modified', additions: 6, patch: await repo.patch(shas.baseSha, shas.headSha, FILE) }];
  fake.state.pullFiles.set(8, files);
  fake.state.pulls.set(8, { number: 8, head: { sha: shas.headSha, ref: 'feature' }, base: { sha: shas.baseSha, ref: 'main' } });
});
afterAll(async () => {
  await fake?.close();
  await repo?.dispose();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const workflowRun = (pullRequests: unknown[]) => ({
  workflow_run: { head_sha: shas.headSha, pull_requests: pullRequests },
  repository: { name: 'auction', full_name: 'acme/auction', owner: { login: 'acme' }, html_url: 'https://github.com/acme/auction' },
});

describe('fork pull requests', () => {
  let artifact: string;

  it('mode: fuzz writes the report and its pull request for the artifact, and writes nothing through the API', async () => {
    fake.forbidWrites = 403;
    const result = await runAction({
      workspace: repo.dir,
      apiUrl: fake.url,
      eventName: 'pull_request',
      event: pullRequestEvent('pull_request_fork.json', shas),
      inputs: { 'github-token': 'ghs_read', budget: AUCTION_BUDGET, workers: '1', mode: 'fuzz' },
    });
    fake.forbidWrites = false;
    expect(result.code).toBe(1); // the gate still applies to the fork's own run
    expect(fake.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(result.stdout).not.toContain('::error file='); // annotations are the report run's job
    expect(result.summary).toContain('panic 0x32');
    artifact = path.dirname(result.outputs.report);
    expect(JSON.parse(readFileSync(path.join(artifact, 'pull-request.json'), 'utf8'))).toEqual({ pullNumber: 8, ...shas });
  });

  it('mode: report publishes the downloaded report on the PR the workflow_run built', async () => {
    const workspace = mkdtempSync(path.join(tmpdir(), 'lookout-report-'));
    temporary.push(workspace);
    cpSync(artifact, path.join(workspace, 'lookout-report'), { recursive: true });
    // GitHub lists no pull_requests in workflow_run for fork PRs: the number comes from the artifact.
    const result = await runAction({
      workspace,
      apiUrl: fake.url,
      eventName: 'workflow_run',
      event: workflowRun([]),
      inputs: { 'github-token': 'ghs_write', mode: 'report' },
    });
    expect(result.code).toBe(1);
    expect(fake.state.comments.get(8)![0].body).toContain('panic 0x32');
    expect(fake.state.checkRuns).toEqual([expect.objectContaining({ head_sha: shas.headSha, conclusion: 'failure' })]);
    // The finding's review thread is where it fails; the check run does not annotate it a second time.
    expect(fake.state.reviewComments).toEqual([expect.objectContaining({ path: FILE, line: AUCTION_BUG_LINE })]);
    expect(fake.state.checkRuns[0].annotations).not.toContainEqual(expect.objectContaining({ path: FILE, start_line: AUCTION_BUG_LINE }));
  });

  it('mode: report refuses an artifact that names a PR whose head is another commit', async () => {
    const workspace = mkdtempSync(path.join(tmpdir(), 'lookout-report-'));
    temporary.push(workspace);
    cpSync(artifact, path.join(workspace, 'lookout-report'), { recursive: true });
    fake.state.pulls.set(9, { number: 9, head: { sha: 'f'.repeat(40), ref: 'x' }, base: { sha: shas.baseSha, ref: 'main' } });
    const writes = fake.requests.filter((r) => r.method !== 'GET').length;
    const result = await runAction({
      workspace,
      apiUrl: fake.url,
      eventName: 'workflow_run',
      event: workflowRun([{ number: 9 }]),
      inputs: { 'github-token': 'ghs_write', mode: 'report' },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Not publishing: pull request #9 is at ffff');
    expect(fake.requests.filter((r) => r.method !== 'GET')).toHaveLength(writes);
  });

  it('a shallow checkout of the head falls back to the GitHub API diff, and findings have unknown origin', async () => {
    const clone = mkdtempSync(path.join(tmpdir(), 'lookout-shallow-'));
    temporary.push(clone);
    await repo.git('clone', '-q', '--depth', '1', '--branch', 'feature', `file://${repo.dir}`, clone);
    const result = await runAction({
      workspace: clone,
      apiUrl: fake.url,
      eventName: 'pull_request',
      event: pullRequestEvent('pull_request_fork.json', shas),
      inputs: { 'github-token': 'ghs_test', budget: AUCTION_BUDGET, workers: '1', comment: 'false', review: 'false' },
    });
    expect(result.stdout).toContain("Using the pull request's diff from the GitHub API instead");
    expect(result.code).toBe(1); // unknown origin gates like introduced
    const report = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
    expect(report.findings[0]).toMatchObject({ line: AUCTION_BUG_LINE, introduced: null });
    // Says exactly why the origin is unknown, and the fix.
    expect(report.base).toBe('not-fetched');
    expect(fake.state.checkRuns.at(-1)!.output.title).toMatch(
      /^1 finding of unknown origin: the base branch was not fetched \(shallow checkout\); set fetch-depth: 0/,
    );
    expect(result.summary).toContain('origin unknown: base not fetched');
    expect(existsSync(path.join(clone, 'lookout-report/pull-request.json'))).toBe(false);
  });
});
