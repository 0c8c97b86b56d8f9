import { readFileSync } from 'node:fs';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';
import { pullRequestEvent, pullRequestRepo, runAction, type FixtureRepo } from './actionRun.js';
import { AUCTION_BASE, AUCTION_BROKEN, AUCTION_BROKEN_LINE, AUCTION_BUDGET, AUCTION_HEAD, INJECTION, INJECTION_REVERT } from './contracts.js';

/** The bundle on pull requests that need special handling: nothing to fuzz, a build error, hostile strings. */
let fake: FakeGitHub;
const repos: FixtureRepo[] = [];

beforeEach(async () => {
  fake = await startFakeGitHub();
});
afterEach(() => fake.close());
afterAll(() => Promise.all(repos.map((r) => r.dispose())));

async function actionOn(base: Record<string, string>, head: Record<string, string>, inputs: Record<string, string> = {}) {
  const pr = await pullRequestRepo(base, head);
  repos.push(pr.repo);
  return runAction({
    workspace: pr.repo.dir,
    apiUrl: fake.url,
    eventName: 'pull_request',
    event: pullRequestEvent('pull_request.json', pr),
    inputs: { 'github-token': 'ghs_test', budget: AUCTION_BUDGET, workers: '1', ...inputs },
  });
}

describe('the action', () => {
  it('passes with a neutral check and no comment when no Solidity changed', async () => {
    const result = await actionOn({ 'src/Auction.sol': AUCTION_BASE, 'README.md': 'a\n' }, { 'README.md': 'b\n' });
    expect(result.code).toBe(0);
    expect(fake.state.checkRuns).toEqual([
      expect.objectContaining({ conclusion: 'neutral', output: expect.objectContaining({ title: 'No changed Solidity to fuzz' }) }),
    ]);
    expect(fake.requestsTo('POST', /issues\/\d+\/comments$/)).toHaveLength(0);
    expect(result.outputs).toMatchObject({ findings: '0', 'targets-total': '0' });
  });

  it('fails on a build error with the file:line to fix, and still publishes the report', async () => {
    const result = await actionOn({ 'src/Auction.sol': AUCTION_BASE }, { 'src/Auction.sol': AUCTION_BROKEN });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`::error::Lookout could not fuzz this pull request:.*src/Auction\\.sol:${AUCTION_BROKEN_LINE}`));
    expect(result.stdout).toContain('Fix the problem above and push again');
    const body = fake.state.comments.get(7)![0].body;
    expect(body).toMatch(new RegExp(`\\*\\*Errors\\*\\*[\\s\\S]*src/Auction\\\\\\.sol:${AUCTION_BROKEN_LINE}`));
    // The headline starts with the build failure and never reassures.
    expect(body.split('\n')[3]).toMatch(new RegExp(`^- \\*\\*Build failed: src/Auction\\\\\\.sol:${AUCTION_BROKEN_LINE}: \\w+Error`));
    expect(body).not.toMatch(/no findings/i);
    const [run] = fake.state.checkRuns;
    expect(run.conclusion).toBe('failure');
    expect(run.output.title).toMatch(new RegExp(`^Build failed: src/Auction\\.sol:${AUCTION_BROKEN_LINE}: \\w+Error`));
    expect(run.annotations).toContainEqual(
      expect.objectContaining({ path: 'src/Auction.sol', start_line: AUCTION_BROKEN_LINE, annotation_level: 'failure', title: 'Lookout: the build failed' }),
    );
    expect(JSON.parse(readFileSync(result.outputs.report, 'utf8')).errors[0]).toContain(`src/Auction.sol:${AUCTION_BROKEN_LINE}`);
  });

  it('escapes a contract name and a revert string built to inject markdown and HTML into the comment', async () => {
    const result = await actionOn({ 'src/Auction.sol': AUCTION_BASE }, { 'src/Auction.sol': AUCTION_HEAD, 'src/Evil.sol': INJECTION }, { 'fail-on': 'never' });
    expect(result.code).toBe(0);
    const body = fake.state.comments.get(7)![0].body;
    expect(body).toContain('property');
    expect(body).toContain('\\_\\_Evil\\_\\_');
    // Outside code (code shows its text as it is: the sequence table names the contract there).
    const prose = body.replace(/```[\s\S]*?```/g, '').replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '');
    expect(prose).not.toMatch(/(^|[^\\])__Evil__/);
    // Only backslash-escaped: GitHub renders `\<img` and `\[click\]` as plain text.
    expect(body).toContain('\\<img src=x');
    // Code (the reproducer) shows the revert string as it is; GitHub renders code as text.
    expect(prose).not.toMatch(/(^|[^\\])<img/);
    expect(prose).not.toMatch(/(^|[^\\])\[click/);
    expect(prose).not.toMatch(/@admin/);
    expect(body).toContain('@&#8203;admin');
    expect(prose.match(/<\/details>/g)?.length).toBe(prose.match(/<details>/g)?.length);
    expect(INJECTION_REVERT).toContain('<img'); // the attempt itself is in the fixture
  });
});
