import type { GitHubClient } from '../../src/github/client.js';
import { upsertComment } from '../../src/github/comment.js';
import { REPORT_MARKER } from '../../src/report/markdown.js';
import { fakeClient, startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';

const repo = { owner: 'acme', repo: 'auction' };
let fake: FakeGitHub;
let octokit: GitHubClient;

beforeEach(async () => {
  fake = await startFakeGitHub();
  octokit = fakeClient(fake, { token: 'ghs_test' });
});
afterEach(() => fake.close());

describe('upsertComment', () => {
  it('creates the comment once, then updates it on every later run', async () => {
    const first = await upsertComment(octokit, { ...repo, issueNumber: 7, body: `${REPORT_MARKER}\nrun 1` });
    const second = await upsertComment(octokit, { ...repo, issueNumber: 7, body: `${REPORT_MARKER}\nrun 2` });
    expect(first).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(second).toMatchObject({ ok: true, value: { action: 'updated' } });
    expect(fake.state.comments.get(7)!.map((c) => c.body)).toEqual([`${REPORT_MARKER}\nrun 2`]);
    expect(fake.requestsTo('POST', /comments$/)).toHaveLength(1);
    expect(fake.requestsTo('PATCH', /\/issues\/comments\/\d+$/)).toHaveLength(1);
    expect(fake.requests[0].authorization).toBe('token ghs_test');
  });

  it('finds its comment beyond the first page of other comments', async () => {
    const others = Array.from({ length: 230 }, (_, i) => ({ id: i + 1, body: `comment ${i}`, html_url: '', user: { login: 'dev' } }));
    fake.state.comments.set(7, [...others, { id: 999, body: `${REPORT_MARKER}\nold`, html_url: '', user: { login: 'bot' } }]);
    const result = await upsertComment(octokit, { ...repo, issueNumber: 7, body: `${REPORT_MARKER}\nnew` });
    expect(result).toMatchObject({ ok: true, value: { action: 'updated', id: 999 } });
    expect(fake.requestsTo('GET', /comments$/).map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3']);
    expect(fake.requestsTo('POST', /comments$/)).toHaveLength(0);
  });

  it.each([403, 404] as const)('turns a %d on write into a forbidden result', async (status) => {
    fake.forbidWrites = status;
    const result = await upsertComment(octokit, { ...repo, issueNumber: 7, body: `${REPORT_MARKER}\nx` });
    expect(result).toMatchObject({ ok: false, reason: 'forbidden', status });
  });

  it('refuses a body without the marker, which would duplicate on the next run', async () => {
    await expect(upsertComment(octokit, { ...repo, issueNumber: 7, body: 'no marker' })).rejects.toThrow(/marker/);
  });

  it('still throws on other errors', async () => {
    const tooLong = `${REPORT_MARKER}\n${'x'.repeat(70_000)}`;
    await expect(upsertComment(octokit, { ...repo, issueNumber: 7, body: tooLong })).rejects.toMatchObject({ status: 422 });
  });
});
