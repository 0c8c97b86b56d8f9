import { changedLinesFromGitHub, type GitHubDiff, type PullFile } from '../diff/index.js';
import type { GitHubClient } from './client.js';

export interface PullRequestRef {
  owner: string;
  repo: string;
  pullNumber: number;
}

/** A pull request's changed Solidity lines from the files API (every page). */
export async function pullRequestDiff(octokit: GitHubClient, pull: PullRequestRef): Promise<GitHubDiff> {
  const listed: PullFile[] = await octokit.paginate(octokit.rest.pulls.listFiles, {
    owner: pull.owner,
    repo: pull.repo,
    pull_number: pull.pullNumber,
    per_page: 100,
  });
  return changedLinesFromGitHub(listed);
}
