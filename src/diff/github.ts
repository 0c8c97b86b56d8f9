import { parsePatch, type StructuredPatchHunk } from 'diff';
import { hunkLines, isSolidity } from './patch.js';
import type { ChangedFile, FileChangeStatus } from './types.js';

/** The pull request files API lists at most this many files, however large the PR. */
export const MAX_PULL_FILES = 3000;

export interface GitHubDiff {
  files: ChangedFile[];
  /** Per Solidity file, the head lines inside its diff hunks: where review comments may go. */
  commentableLines: Map<string, number[]>;
  /**
   * Modified or renamed Solidity files GitHub sent without a `patch` (diff too large): their
   * changed lines are unknown, so they are not in `files`; the caller warns or diffs locally.
   */
  withoutPatch: string[];
  /** The PR has more files than the API lists; later files are missing. */
  truncated: boolean;
}

/** One entry of GitHub's pull request files list (`GET /repos/{owner}/{repo}/pulls/{n}/files`). */
export interface PullFile {
  filename: string;
  previous_filename?: string;
  status: string;
  additions: number;
  patch?: string;
}

/**
 * Changed Solidity lines of a pull request from the GitHub API's file list (the caller lists it, so
 * this stage knows no client), for checkouts without the base's history. Same line semantics as the
 * local git diff (hunkLines over GitHub's context patches).
 */
export function changedLinesFromGitHub(listed: readonly PullFile[]): GitHubDiff {
  const diff: GitHubDiff = { files: [], commentableLines: new Map(), withoutPatch: [], truncated: listed.length >= MAX_PULL_FILES };
  for (const file of listed) addFile(diff, file);
  return diff;
}

function addFile(diff: GitHubDiff, file: PullFile): void {
  const status = fileStatus(file.status);
  const path = file.filename;
  if (status === undefined || !isSolidity(path)) return;
  const changed = (lines: Pick<ChangedFile, 'addedLines' | 'deletions'>): ChangedFile =>
    status === 'renamed' && file.previous_filename ? { path, previousPath: file.previous_filename, status, ...lines } : { path, status, ...lines };

  if (status === 'deleted') {
    diff.files.push(changed({ addedLines: [], deletions: [] }));
    return;
  }
  if (file.patch === undefined) {
    // A new file's lines are all added, and `additions` says how many; anything else is unknown.
    if (status === 'added') {
      const lines = Array.from({ length: file.additions }, (_, i) => i + 1);
      diff.files.push(changed({ addedLines: lines, deletions: [] }));
      diff.commentableLines.set(path, lines);
    } else if (file.additions > 0 || status === 'modified') {
      diff.withoutPatch.push(path);
    } else {
      diff.files.push(changed({ addedLines: [], deletions: [] }));
    }
    return;
  }
  // GitHub's `patch` is the hunks only; parsePatch wants file headers before them.
  const [parsed] = parsePatch(`--- a/${path}\n+++ b/${path}\n${file.patch}\n`);
  const hunks = parsed?.hunks ?? [];
  diff.files.push(changed(hunkLines(hunks)));
  diff.commentableLines.set(path, commentableLines(hunks));
}

/** Every head line a hunk shows (added or context): GitHub accepts review comments on these. */
export function commentableLines(hunks: readonly StructuredPatchHunk[]): number[] {
  const lines = new Set<number>();
  for (const hunk of hunks) for (let i = 0; i < hunk.newLines; i++) lines.add(hunk.newStart + i);
  return [...lines].sort((a, b) => a - b);
}

/** GitHub's file statuses; `unchanged` (listed for a mode change or pure rename) has no lines. */
function fileStatus(status: string): FileChangeStatus | undefined {
  switch (status) {
    case 'added':
    case 'copied':
      return 'added';
    case 'removed':
      return 'deleted';
    case 'renamed':
      return 'renamed';
    case 'modified':
    case 'changed':
      return 'modified';
    default:
      return undefined;
  }
}
