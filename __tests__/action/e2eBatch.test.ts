import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeCacheService, type FakeCacheService } from '../helpers/fakeCacheService.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';
import { eventFixture, pullRequestEvent, pullRequestRepo, runAction, type FixtureRepo } from './actionRun.js';
import { AUCTION_BASE, AUCTION_BUDGET, AUCTION_HEAD } from './contracts.js';

/**
 * Issue 32, item 2, run as the runner runs the Action (dist/): a `mode: batch` run on a push to main fuzzes every deployable
 * contract and saves the corpus under main's key; a pull request into main then restores it through
 * the base branch's prefix (its own fingerprint covers only the contracts it fuzzes) and starts warm.
 */
let github: FakeGitHub;
let cache: FakeCacheService;
let repo: FixtureRepo;
let shas: { baseSha: string; headSha: string };
/** RUNNER_TEMP, the same path in both jobs as on GitHub's runners: a cache entry is keyed by its paths too. */
let runnerTemp: string;
const FILE = 'src/Auction.sol';
const COUNTER = 'src/Counter.sol';
const PREFIX = 'lookout-corpus-acme/auction-main-';

const COUNTER_SOURCE = [
  '// SPDX-License-Identifier: MIT',
  'pragma solidity ^0.8.20;',
  '',
  'contract Counter {',
  '    uint256 public count;',
  '',
  '    function add(uint256 by) external {',
  '        if (by < 10) count += by;',
  '    }',
  '',
  '    function share(uint256 parts) external view returns (uint256) {',
  '        return count / parts;',
  '    }',
  '}',
  '',
].join('\n');

beforeAll(async () => {
  const pr = await pullRequestRepo({ [FILE]: AUCTION_BASE, [COUNTER]: COUNTER_SOURCE }, { [FILE]: AUCTION_HEAD });
  repo = pr.repo;
  shas = { baseSha: pr.baseSha, headSha: pr.headSha };
  github = await startFakeGitHub();
  github.state.pullFiles.set(7, [{ filename: FILE, status: 'modified', additions: 6, patch: await repo.patch(shas.baseSha, shas.headSha, FILE) }]);
  cache = await startFakeCacheService();
  runnerTemp = mkdtempSync(path.join(tmpdir(), 'lookout-runner-temp-'));
});
afterAll(async () => {
  await github?.close();
  await cache?.close();
  await repo?.dispose();
  rmSync(runnerTemp, { recursive: true, force: true });
});

const runner = (ref: string) => ({ GITHUB_REF: ref, RUNNER_TEMP: runnerTemp, ACTIONS_CACHE_URL: cache.url, ACTIONS_RUNTIME_TOKEN: 'runtime-token' });

describe('a batch run on push to main feeds the pull requests into main', () => {
  let batchKey: string;

  it('fuzzes every deployable contract, reports its finding in a check run, the job summary and SARIF but no comment, and saves the corpus under main’s key', async () => {
    // The push's checkout: main at the base commit.
    await repo.git('checkout', '-q', shas.baseSha);
    const result = await runAction({
      workspace: repo.dir,
      apiUrl: github.url,
      eventName: 'push',
      event: eventFixture('push.json'),
      sha: shas.baseSha,
      // 50 transactions a contract: seed 1 finds Counter's panic in its 19th (about 2.5×).
      inputs: { 'github-token': 'ghs_test', mode: 'batch', budget: '100x', workers: '1', sarif: 'lookout.sarif' },
      env: runner('refs/heads/main'),
    });
    expect(result.stderr).toBe('');
    // Main's own bug fails the job: a batch run's findings have no base to be excused by.
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::1 finding: each comes with a transaction sequence that reproduces it in the check run and the job summary/);
    const report = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
    const fuzzed = report.deployments.filter((d: { skipped: string | null }) => d.skipped === null).map((d: { contract: string }) => d.contract);
    expect(fuzzed.sort()).toEqual(['Auction', 'Counter']);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ kind: 'panic', panicCode: '0x12', file: COUNTER, introduced: null });
    expect(report.corpus).toMatchObject({ start: 'cold', replayed: 0 });
    expect(report.corpus.saved).toBeGreaterThan(0);

    expect(github.state.comments.size).toBe(0);
    expect(github.requestsTo('POST', /issues\/\d+\/comments$/)).toHaveLength(0);
    expect(github.requestsTo('POST', /pulls\/\d+\/reviews$/)).toHaveLength(0);
    expect(github.state.checkRuns).toHaveLength(1);
    const [run] = github.state.checkRuns;
    expect(run).toMatchObject({ name: 'Lookout', head_sha: shas.baseSha, conclusion: 'failure' });
    expect(run.output.title).toBe('1 finding');
    expect(run.output.summary).toContain('panic 0x12');
    expect(result.summary).toContain('panic 0x12');
    const sarif = JSON.parse(readFileSync(result.outputs.sarif, 'utf8'));
    expect(sarif.runs[0].results).toEqual([expect.objectContaining({ ruleId: 'lookout/panic' })]);

    batchKey = report.corpus.cache.key;
    expect(batchKey).toMatch(new RegExp(`^${PREFIX}[0-9a-f]{16}$`));
    expect([...cache.entries.keys()]).toEqual([batchKey]);
    expect(report.corpus.cache.restoredKey).toBeNull();
  });

  it('a pull request into main restores the batch run’s corpus through the branch prefix and replays its contract’s inputs', async () => {
    await repo.git('checkout', '-q', '--detach', 'main');
    const result = await runAction({
      workspace: repo.dir,
      apiUrl: github.url,
      eventName: 'pull_request',
      event: pullRequestEvent('pull_request.json', shas),
      inputs: { 'github-token': 'ghs_test', budget: AUCTION_BUDGET, workers: '1', 'fail-on': 'never' },
      env: runner('refs/pull/7/merge'),
    });
    expect(result.code).toBe(0);
    const report = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
    // Its fingerprint covers Auction alone: not the batch run's key, found by the prefix.
    expect(report.corpus.cache.key).toMatch(new RegExp(`^${PREFIX}`));
    expect(report.corpus.cache.key).not.toBe(batchKey);
    expect(report.corpus.cache.restoredKey).toBe(batchKey);
    expect(report.corpus.start).toBe('warm');
    expect(report.corpus.loaded).toBeGreaterThan(0);
    expect(report.corpus.replayed).toBeGreaterThan(0);
    expect(result.stdout).toContain(`Corpus: restored ${batchKey}.`);
  });
});
