import { REPORT_MARKER } from '../report/index.js';
import type { GitHubClient, RepositoryRef } from './client.js';
import { guardWrite, type WriteResult } from './writeResult.js';

export interface StickyComment extends RepositoryRef {
  issueNumber: number;
  /** Must contain the marker, so the next run finds this comment again. */
  body: string;
  /** Defaults to the report comment's marker. */
  marker?: string;
}

export interface CommentOutcome {
  action: 'created' | 'updated';
  id: number;
  url: string;
}

/**
 * The one sticky comment per PR: updates the earliest comment holding the marker (all pages are
 * searched), or creates it. A 403/404 (read-only token) is returned as a refusal.
 */
export async function upsertComment(octokit: GitHubClient, comment: StickyComment): Promise<WriteResult<CommentOutcome>> {
  const marker = comment.marker ?? REPORT_MARKER;
  if (!comment.body.includes(marker)) throw new Error(`comment body lacks its marker ${marker}`);
  const { owner, repo, issueNumber, body } = comment;
  return guardWrite(async () => {
    const existing = await findMarkedComment(octokit, { owner, repo }, issueNumber, marker);
    if (existing !== undefined) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing, body });
      return { action: 'updated', id: data.id, url: data.html_url };
    }
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    return { action: 'created', id: data.id, url: data.html_url };
  });
}

async function findMarkedComment(octokit: GitHubClient, ref: RepositoryRef, issueNumber: number, marker: string): Promise<number | undefined> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...ref, issue_number: issueNumber, per_page: 100 });
  for await (const { data } of pages) {
    const found = data.find((c) => c.body?.includes(marker));
    if (found) return found.id;
  }
  return undefined;
}
