import { createHash } from 'node:crypto';
import type { ReviewComment } from '../report/index.js';
import type { GitHubClient, RepositoryRef } from './client.js';
import { guardWrite, type WriteResult } from './writeResult.js';

/** Body markers: a live Lookout review carries its content's fingerprint; a replaced one says so. */
const LIVE_MARKER = '<!-- lookout-review fingerprint:';
const SUPERSEDED_MARKER = '<!-- lookout-review superseded -->';

export interface ReviewRequest extends RepositoryRef {
  pullNumber: number;
  /** The PR head the comments' lines refer to. */
  commitId: string;
  body: string;
  comments: readonly ReviewComment[];
  /** Per file, the head lines inside the PR's diff hunks (see changedLinesFromGitHub). */
  commentableLines: ReadonlyMap<string, readonly number[]>;
}

export interface ReviewOutcome {
  /**
   * `created`: a new review; `unchanged`: the latest Lookout review already says exactly this on
   * this commit; `skipped`: no comment falls inside the diff, so no review (the sticky comment has it all).
   */
  action: 'created' | 'unchanged' | 'skipped';
  reviewId: number | null;
  placed: ReviewComment[];
  /** Comments on lines outside the diff hunks, which GitHub would reject the whole review for. */
  leftOut: ReviewComment[];
  /** Earlier Lookout reviews whose inline comments were deleted and whose body now says superseded. */
  superseded: number[];
}

/**
 * A COMMENT review (it never approves or blocks: the check run is the gate) with the comments that
 * sit inside the diff. Re-runs do not pile up: an identical latest review (same commit, body and
 * comments) is left alone; otherwise the new review is posted first, then earlier Lookout reviews
 * lose their inline comments and get a one-line "superseded" body (COMMENT reviews cannot be
 * dismissed or deleted through the API).
 */
export async function submitReview(octokit: GitHubClient, request: ReviewRequest): Promise<WriteResult<ReviewOutcome>> {
  const { owner, repo, pullNumber } = request;
  const placed = request.comments.filter((c) => request.commentableLines.get(c.path)?.includes(c.line));
  const leftOut = request.comments.filter((c) => !placed.includes(c));
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.commitId, request.body, placed]))
    .digest('hex')
    .slice(0, 16);
  return guardWrite(async () => {
    const earlier = await liveLookoutReviews(octokit, request);
    if (placed.length > 0 && earlier.at(-1)?.body.includes(`${LIVE_MARKER}${fingerprint} -->`)) {
      return { action: 'unchanged', reviewId: earlier.at(-1)!.id, placed, leftOut, superseded: [] };
    }
    let reviewId: number | null = null;
    if (placed.length > 0) {
      const { data } = await octokit.rest.pulls.createReview({
        owner,
        repo,
        pull_number: pullNumber,
        commit_id: request.commitId,
        event: 'COMMENT',
        body: `${LIVE_MARKER}${fingerprint} -->\n${request.body}`,
        comments: placed.map((c) => ({ path: c.path, line: c.line, side: 'RIGHT', body: c.body })),
      });
      reviewId = data.id;
    }
    for (const review of earlier) await supersede(octokit, request, review.id);
    return { action: reviewId === null ? 'skipped' : 'created', reviewId, placed, leftOut, superseded: earlier.map((r) => r.id) };
  });
}

/** Lookout reviews not yet superseded, oldest first (GitHub lists reviews chronologically). */
async function liveLookoutReviews(octokit: GitHubClient, request: ReviewRequest): Promise<Array<{ id: number; body: string }>> {
  const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, {
    owner: request.owner,
    repo: request.repo,
    pull_number: request.pullNumber,
    per_page: 100,
  });
  return reviews.filter((r) => r.body?.includes(LIVE_MARKER)).map((r) => ({ id: r.id, body: r.body }));
}

async function supersede(octokit: GitHubClient, request: ReviewRequest, reviewId: number): Promise<void> {
  const { owner, repo, pullNumber } = request;
  const comments = await octokit.paginate(octokit.rest.pulls.listCommentsForReview, {
    owner,
    repo,
    pull_number: pullNumber,
    review_id: reviewId,
    per_page: 100,
  });
  for (const comment of comments) await octokit.rest.pulls.deleteReviewComment({ owner, repo, comment_id: comment.id });
  await octokit.rest.pulls.updateReview({
    owner,
    repo,
    pull_number: pullNumber,
    review_id: reviewId,
    body: `${SUPERSEDED_MARKER}\nSuperseded by a newer Lookout review.`,
  });
}
