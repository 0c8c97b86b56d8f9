import type { ClientOptions } from '../../src/github/client.js';
import { upsertComment } from '../../src/github/comment.js';
import { memoryLogger } from '../../src/logger.js';
import { REPORT_MARKER } from '../../src/report/markdown.js';
import { fakeClient, rateLimited, secondaryRateLimited, serverError, startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';

/** The client's fault handling against the fake answering as GitHub does; waits are GitHub's own (1 s). */
let fake: FakeGitHub;
beforeEach(async () => {
  fake = await startFakeGitHub();
});
afterEach(() => fake.close());

const COMMENTS = /\/issues\/7\/comments$/;
const comment = (options: Partial<ClientOptions> = {}) =>
  fakeClient(fake, options).rest.issues.createComment({ owner: 'acme', repo: 'auction', issue_number: 7, body: 'hello' });
const posts = () => fake.requestsTo('POST', COMMENTS);
/** Milliseconds between the first request and the retry. */
const waited = () => posts()[1].at - posts()[0].at;

describe('createClient', () => {
  it('retries a server error', async () => {
    fake.faults.push({ method: 'POST', path: COMMENTS, times: 1, answer: serverError(502) });
    await expect(comment()).resolves.toMatchObject({ status: 201 });
    expect(posts()).toHaveLength(2);
    expect(fake.state.comments.get(7)).toHaveLength(1);
  });

  it('gives up on a server error after its retries', async () => {
    fake.faults.push({ method: 'POST', path: COMMENTS, answer: serverError(503) });
    await expect(comment({ retries: 1 })).rejects.toMatchObject({ status: 503 });
    expect(posts()).toHaveLength(2);
  });

  // 2 s is longer than the server-error backoff's first 1 s: only honouring retry-after waits that long.
  it.each([
    [403, 1],
    [429, 2],
  ] as const)('waits out a secondary rate limit (%i) for its retry-after of %i s', async (status, seconds) => {
    fake.faults.push({ method: 'POST', path: COMMENTS, times: 1, answer: secondaryRateLimited(seconds, status) });
    const logger = memoryLogger();
    await expect(comment({ logger })).resolves.toMatchObject({ status: 201 });
    expect(posts()).toHaveLength(2);
    expect(waited()).toBeGreaterThanOrEqual(seconds * 1000 - 100);
    expect(logger.lines).toEqual([
      expect.stringMatching(new RegExp(`^warning: GitHub secondary rate limit on POST .*: trying again in ${seconds} s \\(retry 1 of 3\\)\\.$`)),
    ]);
  });

  it('waits for the primary rate limit to reset when that is near', async () => {
    // A reset 1 s ahead (whole seconds, as GitHub sends it): one at the current second could already be
    // past when the client reads it, a second boundary later, and then nothing is waited.
    fake.faults.push({ method: 'POST', path: COMMENTS, times: 1, answer: rateLimited(1) });
    await expect(comment()).resolves.toMatchObject({ status: 201 });
    expect(posts()).toHaveLength(2);
    expect(waited()).toBeGreaterThanOrEqual(900);
  });

  it('does not wait an hour for the rate limit: the request fails at once, and a write is not taken for a refusal', async () => {
    fake.faults.push({ method: 'POST', path: COMMENTS, answer: rateLimited(3600) });
    const logger = memoryLogger();
    const octokit = fakeClient(fake, { logger });
    const write = upsertComment(octokit, { owner: 'acme', repo: 'auction', issueNumber: 7, body: `${REPORT_MARKER}\nx` });
    await expect(write).rejects.toMatchObject({ status: 403, message: expect.stringMatching(/rate limit exceeded/) });
    expect(posts()).toHaveLength(1);
    expect(logger.lines).toEqual([expect.stringMatching(/^warning: GitHub rate limit on POST .*: not waiting 36\d\d s/)]);
  });

  it('stops waiting out rate limits after its retries', async () => {
    fake.faults.push({ method: 'POST', path: COMMENTS, answer: secondaryRateLimited(1) });
    await expect(comment({ retries: 1 })).rejects.toMatchObject({ status: 403 });
    expect(posts()).toHaveLength(2);
  });

  it('abandons a request GitHub does not answer, without retrying it', async () => {
    fake.faults.push({ method: 'POST', path: COMMENTS, answer: 'stall' });
    await expect(comment({ timeoutMs: 200 })).rejects.toThrow(/^GitHub did not answer POST \/repos\/acme\/auction\/issues\/7\/comments within 0\.2 s$/);
    expect(posts()).toHaveLength(1);
  });
});
