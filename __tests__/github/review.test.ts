import type { GitHubClient } from '../../src/github/client.js';
import { submitReview, type ReviewRequest } from '../../src/github/review.js';
import type { ReviewComment } from '../../src/report/review.js';
import { fakeClient, startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';

let fake: FakeGitHub;
let octokit: GitHubClient;
beforeEach(async () => {
  fake = await startFakeGitHub();
  octokit = fakeClient(fake);
  // Hunk shows head lines 10–14 of src/A.sol.
  fake.state.pullFiles.set(3, [{ filename: 'src/A.sol', status: 'modified', additions: 1, patch: '@@ -10,4 +10,5 @@\n a\n b\n+c\n d\n e' }]);
});
afterEach(() => fake.close());

const inDiff: ReviewComment = { path: 'src/A.sol', line: 12, body: 'panic here' };
const outsideDiff: ReviewComment = { path: 'src/A.sol', line: 40, body: 'elsewhere' };
const request = (extra: Partial<ReviewRequest> = {}): ReviewRequest => ({
  owner: 'acme',
  repo: 'auction',
  pullNumber: 3,
  commitId: 'head1',
  body: (placed) => `Lookout: ${placed} of 1 failure on its line`,
  comments: [inDiff, outsideDiff],
  commentableLines: new Map([['src/A.sol', [10, 11, 12, 13, 14]]]),
  ...extra,
});

describe('submitReview', () => {
  it('places only comments inside the diff hunks, so GitHub accepts the review', async () => {
    const result = await submitReview(octokit, request());
    expect(result).toMatchObject({ ok: true, value: { action: 'created', placed: [inDiff], leftOut: [outsideDiff] } });
    const [post] = fake.requestsTo('POST', /\/reviews$/);
    expect(post.body).toMatchObject({ event: 'COMMENT', commit_id: 'head1', comments: [{ path: 'src/A.sol', line: 12, side: 'RIGHT', body: 'panic here' }] });
    expect(fake.state.reviewComments).toHaveLength(1);
  });

  it('posts the review without a comment whose line GitHub refuses (422), and says which', async () => {
    // The files API put line 40 in the diff; GitHub's review refuses it, for the whole review.
    const disputed = request({ commentableLines: new Map([['src/A.sol', [12, 40]]]) });
    const result = await submitReview(octokit, disputed);
    expect(result).toMatchObject({ ok: true, value: { action: 'created', placed: [inDiff], refused: [outsideDiff], leftOut: [] } });
    const reviews = fake.state.reviews.get(3)!;
    expect(reviews).toEqual([expect.objectContaining({ state: 'COMMENTED', event: 'COMMENT' })]);
    expect(reviews[0].body).toMatch(/\nLookout: 1 of 1 failure on its line$/);
    expect(fake.state.reviewComments).toEqual([expect.objectContaining({ review_id: reviews[0].id, line: 12 })]);
    // Each comment was tried alone in a pending review, deleted at once.
    expect(fake.requestsTo('DELETE', /\/reviews\/\d+$/)).toHaveLength(1);
    expect(await submitReview(octokit, disputed)).toMatchObject({ ok: true, value: { action: 'unchanged' } });
  });

  it('posts no review when GitHub refuses every line (the findings stay in the sticky comment)', async () => {
    const refusedAll = await submitReview(octokit, request({ comments: [outsideDiff], commentableLines: new Map([['src/A.sol', [40]]]) }));
    expect(refusedAll).toMatchObject({ ok: true, value: { action: 'skipped', reviewId: null, placed: [], refused: [outsideDiff] } });
    expect(fake.state.reviews.get(3)).toEqual([]);
  });

  it('leaves an identical review alone on a re-run', async () => {
    await submitReview(octokit, request());
    const again = await submitReview(octokit, request());
    expect(again).toMatchObject({ ok: true, value: { action: 'unchanged' } });
    expect(fake.state.reviews.get(3)).toHaveLength(1);
    expect(fake.requestsTo('POST', /\/reviews$/)).toHaveLength(1);
  });

  it('supersedes the earlier review when the content changes: its inline comments go, one live review stays', async () => {
    const first = await submitReview(octokit, request());
    const second = await submitReview(octokit, request({ commitId: 'head2', body: () => 'Lookout found 2 failures' }));
    const firstId = first.ok ? first.value.reviewId : null;
    expect(second).toMatchObject({ ok: true, value: { action: 'created', superseded: [firstId] } });
    const reviews = fake.state.reviews.get(3)!;
    expect(reviews[0].body).toContain('Superseded by a newer Lookout review.');
    expect(reviews[1].body).toContain('Lookout found 2 failures');
    expect(fake.state.reviewComments.map((c) => c.review_id)).toEqual([reviews[1].id]);
  });

  it('posts nothing when no comment lands in the diff, and clears stale reviews', async () => {
    await submitReview(octokit, request());
    const result = await submitReview(octokit, request({ comments: [outsideDiff] }));
    expect(result).toMatchObject({ ok: true, value: { action: 'skipped', reviewId: null, leftOut: [outsideDiff] } });
    expect(fake.state.reviews.get(3)).toHaveLength(1);
    expect(fake.state.reviewComments).toHaveLength(0);
  });

  it('reports a read-only token as forbidden', async () => {
    fake.forbidWrites = 403;
    expect(await submitReview(octokit, request())).toMatchObject({ ok: false, reason: 'forbidden' });
  });
});
