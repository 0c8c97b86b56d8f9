import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';
import { BUNDLE, pullRequestEvent, pullRequestRepo, runAction, type FixtureRepo } from './actionRun.js';
import { AUCTION_BASE, AUCTION_BUDGET, AUCTION_BUG_LINE, AUCTION_HEAD } from './contracts.js';
import { reachOverTime } from '../../src/report/summary.js';

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
    inputs: { 'github-token': 'ghs_test', budget: AUCTION_BUDGET, workers: '1', ...inputs },
  });

/** What a re-run must find again: each finding as the gate reads it. */
const verdictOf = (report: { findings: { kind: string; file: string; line: number; introduced: boolean | null; reproducer?: { verified: boolean } }[] }) =>
  report.findings.map((f) => [f.kind, f.file, f.line, f.introduced, f.reproducer?.verified]);
let firstVerdict: unknown;

describe('the action on a pull request that introduces a bug', () => {
  it('creates the comment, one review thread per finding, a check run, and fails the job', async () => {
    const result = await action({});
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::\d+ finding introduced by this pull request/);
    const report = JSON.parse(readFileSync(result.outputs.report, 'utf8'));
    firstVerdict = verdictOf(report);
    expect(report.findings[0]).toMatchObject({ kind: 'panic', panicCode: '0x32', file: FILE, line: AUCTION_BUG_LINE, introduced: true });
    expect(report.base).toBe('compared');
    // The reproducer, checked on head and the base, written beside the report for the artifact upload.
    expect(report.findings[0].reproducer).toMatchObject({ file: 'Auction.panic.t.sol', verified: true });
    expect(result.outputs.reproducers).toBe(path.join(repo.dir, 'lookout-report/reproducers'));
    expect(readdirSync(result.outputs.reproducers)).toEqual(['Auction.panic.t.sol', 'LookoutBase.sol']);

    const comments = fake.state.comments.get(7)!;
    expect(comments).toHaveLength(1);
    const body = comments[0].body;
    expect(body).toContain('<!-- lookout-report -->');
    expect(body.split('\n')[3]).toBe('- **1 finding introduced by this PR**');
    expect(body).toContain('panic 0x32');
    // Links are pinned to the PR head, not the merge commit the job checked out.
    expect(body).toContain(`https://github.com/acme/auction/blob/${shas.headSha}/${FILE}#L${AUCTION_BUG_LINE}`);
    // Context: the head commit (short, linked) and the run whose job summary has the full report.
    expect(body).toContain(`head [${shas.headSha.slice(0, 7)}](https://github.com/acme/auction/commit/${shas.headSha})`);
    expect(body).toContain('[workflow run and job summary](https://github.com/acme/auction/actions/runs/42)');
    // The sequence names its senders and contracts.
    expect(body).toMatch(/\| 1 \| `(deployer|alice|bob)` \| `auction\./);

    // Exactly one review, with exactly one thread per finding, on the line where it fails.
    expect(fake.state.reviews.get(7)).toHaveLength(1);
    expect(fake.state.reviewComments).toHaveLength(report.findings.length);
    const [thread] = fake.state.reviewComments;
    expect(thread).toMatchObject({ path: FILE, line: AUCTION_BUG_LINE });
    expect(thread.body).toContain('**Lookout: panic 0x32**');
    const entered = (report.findings[0].enteredLines as { line: number }[]).map((l) => l.line);
    expect(entered.length).toBeGreaterThan(1);
    expect(thread.body).toContain('Changed lines the sequence executes: src/Auction\\.sol:');
    expect(fake.state.reviews.get(7)![0].body).toContain('Lookout: one thread per finding (1 introduced by this PR).');

    // The check run carries the verdict; no annotation repeats the review thread.
    const [run] = fake.state.checkRuns;
    expect(run).toMatchObject({ name: 'Lookout', head_sha: shas.headSha, conclusion: 'failure' });
    expect(run.annotations).not.toContainEqual(expect.objectContaining({ path: FILE, start_line: AUCTION_BUG_LINE }));

    // The same counts, in the same words, everywhere.
    const counts = result.outputs['changed-lines'];
    expect(counts).toMatch(/^\d+ of \d+ reachable changed lines? reached/);
    expect(run.output.title).toBe(`1 finding introduced by this PR · ${counts}`);
    for (const text of [body, run.output.summary!, result.summary]) expect(text.replace(/\\/g, '')).toContain(counts);
    expect(result.stdout.replace(/%0A/g, '\n')).toContain(counts);
    expect(result.outputs).toMatchObject({ findings: '1', 'introduced-findings': '1', sarif: '' });
    expect(result.summary).toContain('## Lookout');
    // The table only when the count changed over the run; the summary never links to itself.
    expect(result.summary.includes('### Changed lines reached over time')).toBe(reachOverTime(report) !== undefined);
    expect(result.summary).not.toContain('actions/runs/42');
  });

  it('updates the same comment on a re-run in the same workspace (the first run’s reproducers still in it) with the same findings, adds no duplicate review, and passes with fail-on: never', async () => {
    expect(readdirSync(path.join(repo.dir, 'lookout-report/reproducers'))).toEqual(['Auction.panic.t.sol', 'LookoutBase.sol']);
    const result = await action({ 'fail-on': 'never', sarif: 'lookout.sarif', junit: 'lookout.xml' });
    expect(result.code).toBe(0);
    expect(verdictOf(JSON.parse(readFileSync(result.outputs.report, 'utf8')))).toEqual(firstVerdict);
    expect(result.outputs['introduced-findings']).toBe('1');
    expect(fake.state.comments.get(7)).toHaveLength(1);
    expect(fake.requestsTo('POST', /issues\/7\/comments$/)).toHaveLength(1);
    expect(fake.requestsTo('PATCH', /issues\/comments\/\d+$/)).toHaveLength(1);
    expect(fake.requestsTo('POST', /pulls\/7\/reviews$/)).toHaveLength(1);
    expect(fake.state.checkRuns.at(-1)!.conclusion).toBe('neutral');
    expect(fake.state.reviewComments).toHaveLength(1);
    const sarif = JSON.parse(readFileSync(result.outputs.sarif, 'utf8'));
    expect(sarif.runs[0].results[0]).toMatchObject({ ruleId: 'lookout/panic', level: 'error' });
    expect(sarif.runs[0].tool.driver.rules[0].properties['security-severity']).toBe('5.0');
    // fail-on: never: the finding is a JUnit case that passes, as the check does.
    const junit = readFileSync(path.join(repo.dir, 'lookout.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites name="lookout" tests="\d+" failures="0"/);
    expect(junit).toContain('panic');
  });

  it('with a read-only token writes the job summary and workflow-command annotations, and does not crash', async () => {
    // A fresh pull request: no earlier Lookout review whose thread an annotation would repeat.
    fake.state.reviews.clear();
    fake.state.reviewComments.length = 0;
    fake.forbidWrites = 403;
    try {
      const result = await action({ 'fail-on': 'never' });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`::error file=${FILE},line=${AUCTION_BUG_LINE},endLine=${AUCTION_BUG_LINE},title=Lookout%3A panic 0x32`);
      // A read-only token is normal (fork PRs): one line says where the report went, no warnings.
      expect(result.stdout).not.toMatch(/::warning::The token/);
      expect(result.stdout).toMatch(
        /The token may not write the PR comment \(HTTP 403; the report is in the job summary\), the review \(HTTP 403; .*\), the check run \(HTTP 403; annotations go out as workflow commands\)/,
      );
      expect(result.summary).toContain('panic 0x32');
      expect(result.outputs.findings).toBe('1');
    } finally {
      fake.forbidWrites = false;
    }
  });
});
