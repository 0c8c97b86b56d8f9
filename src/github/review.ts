import { createHash } from 'node:crypto';
import type { ReviewComment } from '../report/index.js';
import type { GitHubClient, RepositoryRef } from './client.js';
import { guardWrite, httpStatus, type WriteResult } from './writeResult.js';

/** Body markers: a live Lookout review carries its content's fingerprint; a replaced one says so. */
const LIVE_MARKER = '<!-- lookout-review fingerprint:';
const SUPERSEDED_MARKER = '<!-- lookout-review superseded -->';

export interface ReviewRequest extends RepositoryRef {
  pullNumber: number;
  /** The PR head the comments' lines refer to. */
  commitId: string;
  /** The review's body, given how many comments it places. */
  body: (placed: number) => string;
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
  /** Comments inside the hunks whose line GitHub still refused (422): the review went out without them. */
  refused: ReviewComment[];
  /** Earlier Lookout reviews whose inline comments were deleted and whose body now says superseded. */
  superseded: number[];
}

/**
 * A COMMENT review (it never approves or blocks: the check run is the gate) with the comments that
 * sit inside the diff. When GitHub still refuses the review for a line (422), the comments it would
 * not place are found and the review goes out without them. Re-runs do not pile up: an identical
 * latest review (same commit, body and comments asked for) is left alone; otherwise the new review is
 * posted first, then earlier Lookout reviews lose their inline comments and get a one-line
 * "superseded" body (COMMENT reviews cannot be dismissed or deleted through the API).
 */
export async function submitReview(octokit: GitHubClient, request: ReviewRequest): Promise<WriteResult<ReviewOutcome>> {
  const inDiff = request.comments.filter((c) => request.commentableLines.get(c.path)?.includes(c.line));
  const leftOut = request.comments.filter((c) => !inDiff.includes(c));
  // Of the request, not of what GitHub accepted, so that a re-run asking the same is recognised.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.commitId, request.body(inDiff.length), inDiff]))
    .digest('hex')
    .slice(0, 16);
  const marker = `${LIVE_MARKER}${fingerprint} -->`;
  return guardWrite(async () => {
    const earlier = await liveLookoutReviews(octokit, request);
    if (inDiff.length > 0 && earlier.at(-1)?.body.includes(marker)) {
      return { action: 'unchanged', reviewId: earlier.at(-1)!.id, placed: inDiff, leftOut, refused: [], superseded: [] };
    }
    const post = (placed: readonly ReviewComment[]) => createReview(octokit, request, { body: `${marker}\n${request.body(placed.length)}`, comments: placed });
    let placed = inDiff;
    let refused: ReviewComment[] = [];
    let reviewId: number | null = null;
    if (placed.length > 0) {
      try {
        reviewId = await post(placed);
      } catch (error) {
        if (httpStatus(error) !== 422) throw error;
        refused = await refusedComments(octokit, request, placed);
        placed = placed.filter((c) => !refused.includes(c));
        if (placed.length > 0) reviewId = await post(placed);
      }
    }
    for (const review of earlier) await supersede(octokit, request, review.id);
    return { action: reviewId === null ? 'skipped' : 'created', reviewId, placed, leftOut, refused, superseded: earlier.map((r) => r.id) };
  });
}

/** Posts a review: a COMMENT one with `body`, or without `body` a pending one, which only its author sees. Its id. */
async function createReview(octokit: GitHubClient, request: ReviewRequest, review: { body?: string; comments: readonly ReviewComment[] }): Promise<number> {
  const { data } = await octokit.rest.pulls.createReview({
    owner: request.owner,
    repo: request.repo,
    pull_number: request.pullNumber,
    commit_id: request.commitId,
    ...(review.body === undefined ? {} : { event: 'COMMENT' as const, body: review.body }),
    comments: review.comments.map((c) => ({ path: c.path, line: c.line, side: 'RIGHT', body: c.body })),
  });
  return data.id;
}

/**
 * The comments GitHub will not place. Its 422 refuses the whole review without naming the comment
 * at fault, so each is tried alone in a pending review, deleted at once: nobody is notified of it.
 */
async function refusedComments(octokit: GitHubClient, request: ReviewRequest, comments: readonly ReviewComment[]): Promise<ReviewComment[]> {
  const refused: ReviewComment[] = [];
  for (const comment of comments) {
    let probe: number;
    try {
      probe = await createReview(octokit, request, { comments: [comment] });
    } catch (error) {
      if (httpStatus(error) !== 422) throw error;
      refused.push(comment);
      continue;
    }
    await octokit.rest.pulls.deletePendingReview({ owner: request.owner, repo: request.repo, pull_number: request.pullNumber, review_id: probe });
  }
  return refused;
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
