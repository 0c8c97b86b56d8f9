import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';
import { pullRequestEvent, pullRequestRepo, runAction, type ActionResult, type FixtureRepo } from './actionRun.js';
import { AUCTION_BASE, AUCTION_BUDGET, AUCTION_BUG_LINE, AUCTION_HEAD } from './contracts.js';

/**
 * The README's matrix + merge workflow, run as the runner runs the Action (dist/): three `mode: fuzz` jobs each fuzz one shard of
 * the pull request and write their own report; download-artifact's `merge-multiple` puts the reports
 * in one folder; one `mode: merge` job publishes them as one run.
 */
let fake: FakeGitHub;
let repo: FixtureRepo;
let shas: { baseSha: string; headSha: string };
/** The merge job's workspace: it checks nothing out, it downloads the shards' artifacts. */
let mergeWorkspace: string;
const FILE = 'src/Auction.sol';
const SHARDS = 3;

beforeAll(async () => {
  const pr = await pullRequestRepo({ [FILE]: AUCTION_BASE }, { [FILE]: AUCTION_HEAD });
  repo = pr.repo;
  shas = { baseSha: pr.baseSha, headSha: pr.headSha };
  fake = await startFakeGitHub();
  fake.state.pullFiles.set(7, [{ filename: FILE, status: 'modified', additions: 6, patch: await repo.patch(shas.baseSha, shas.headSha, FILE) }]);
  mergeWorkspace = mkdtempSync(path.join(tmpdir(), 'lookout-merge-'));
});
afterAll(async () => {
  await fake?.close();
  await repo?.dispose();
  rmSync(mergeWorkspace, { recursive: true, force: true });
});

const action = (workspace: string, inputs: Record<string, string>): Promise<ActionResult> =>
  runAction({
    workspace,
    apiUrl: fake.url,
    eventName: 'pull_request',
    event: pullRequestEvent('pull_request.json', shas),
    // Each shard spends the whole budget (seed 1 finds the panic in 24 transactions in one thread).
    inputs: { 'github-token': 'ghs_test', budget: AUCTION_BUDGET, workers: '1', corpus: 'false', ...inputs },
  });

const writes = () => fake.requests.filter((r) => r.method !== 'GET');

describe('the action over a job matrix of 3 shards and a merge job', () => {
  it('shards post nothing; the merge job posts one comment and one check run with the merged findings', async () => {
    const downloaded = path.join(mergeWorkspace, 'lookout-shards');
    mkdirSync(downloaded);
    const shardReports = [];
    // One after another: the machine has two cores, and the jobs share nothing but the artifacts.
    for (let shard = 1; shard <= SHARDS; shard++) {
      const result = await action(repo.dir, { mode: 'fuzz', shard: `${shard}/${SHARDS}`, report: `lookout-report/report-${shard}.json` });
      // A fuzz job leaves the verdict to the merge job, which sees every shard.
      expect(result.stderr).toBe('');
      const report = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
      expect(report.shard).toEqual({ index: shard, count: SHARDS });
      shardReports.push(report);
      // What upload-artifact (one report file a shard) and download-artifact with merge-multiple do.
      copyFileSync(result.outputs.report, path.join(downloaded, path.basename(result.outputs.report)));
    }
    expect(writes()).toEqual([]);
    expect(fake.state.comments.get(7) ?? []).toHaveLength(0);
    expect(fake.state.checkRuns).toHaveLength(0);

    const merged = await action(mergeWorkspace, { mode: 'merge', reports: 'lookout-shards' });
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(/::error::1 finding introduced by this pull request/);
    const report = JSON.parse(readFileSync(merged.outputs.report, 'utf8'));
    expect(path.dirname(merged.outputs.report)).toBe(path.join(mergeWorkspace, 'lookout-report'));
    expect(report.shard).toBeNull();
    // The three shards' work, counted once each; the panic once, however many shards found it.
    expect(report.stats.transactions).toBe(shardReports.reduce((total, r) => total + r.stats.transactions, 0));
    expect(shardReports.some((r) => r.findings.length > 0)).toBe(true);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ kind: 'panic', panicCode: '0x32', file: FILE, line: AUCTION_BUG_LINE, introduced: true });

    const comments = fake.state.comments.get(7)!;
    expect(comments).toHaveLength(1);
    expect(comments[0].body).toContain('- **1 finding introduced by this PR**');
    expect(comments[0].body).toContain('panic 0x32');
    expect(fake.requestsTo('POST', /issues\/7\/comments$/)).toHaveLength(1);
    expect(fake.state.checkRuns).toHaveLength(1);
    expect(fake.requestsTo('POST', /check-runs$/)).toHaveLength(1);
    const [run] = fake.state.checkRuns;
    expect(run).toMatchObject({ name: 'Lookout', head_sha: shas.headSha, conclusion: 'failure' });
    expect(run.output.title).toBe(`1 finding introduced by this PR · ${merged.outputs['changed-lines']}`);
    expect(merged.outputs).toMatchObject({ findings: '1', 'introduced-findings': '1' });
  });
});
