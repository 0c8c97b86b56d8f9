import { parsePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import type { ChangedFile, Deletion, FileChangeStatus } from './types.js';

/** Lines of the head revision touched by a set of hunks (with or without context lines). */
export interface HunkLines {
  addedLines: number[];
  deletions: Deletion[];
}

/**
 * Walks hunks in head coordinates. A change block (a run of `-` lines and the `+` lines after it)
 * marks its `+` lines as added. When it removes more lines than it adds, some code is gone with
 * nothing in its place, so it also records a deletion after its last head line: git cannot say
 * which removed lines the added ones replace, so the first ones count as replaced and the rest as
 * removed ("modify one line, delete the next" must not lose the deletion). Works for git's `-U0`
 * output and for GitHub's `patch` fields (with context).
 */
export function hunkLines(hunks: readonly StructuredPatchHunk[]): HunkLines {
  const addedLines: number[] = [];
  const deletions: Deletion[] = [];
  for (const hunk of hunks) {
    // `line` is the head line the next `+` or context line gets, `baseLine` the base line the next
    // `-` or context line has. For an empty new side (`+c,0`) jsdiff already reports newStart = c + 1,
    // so a deletion there follows line c.
    let line = hunk.newStart;
    let baseLine = hunk.oldStart;
    let removed = 0;
    let added = 0;
    const endBlock = () => {
      if (removed > added) deletions.push({ after: line - 1, removed: { from: baseLine - removed + added, to: baseLine - 1 } });
      removed = 0;
      added = 0;
    };
    for (const text of hunk.lines) {
      const kind = text[0];
      if (kind === '+') {
        added++;
        addedLines.push(line++);
      } else if (kind === '-') {
        if (added > 0) endBlock();
        removed++;
        baseLine++;
      } else if (kind === ' ') {
        endBlock();
        line++;
        baseLine++;
      }
      // `\ No newline at end of file` belongs to the previous line: nothing to count.
    }
    endBlock();
  }
  return { addedLines: sortedUnique(addedLines), deletions: deletions.sort((a, b) => a.after - b.after) };
}

/** Parses `git diff` output into changed Solidity files; other files and binary changes are skipped. */
export function parseGitDiff(text: string): ChangedFile[] {
  const files: ChangedFile[] = [];
  for (const patch of parsePatch(text)) {
    const file = changedFile(patch);
    if (file) files.push(file);
  }
  return files;
}

function changedFile(patch: StructuredPatch): ChangedFile | undefined {
  if (patch.isBinary) return undefined;
  const oldPath = stripPrefix(patch.oldFileName, 'a/');
  const newPath = stripPrefix(patch.newFileName, 'b/');
  const status = fileStatus(patch, oldPath, newPath);
  const path = status === 'deleted' ? oldPath : newPath;
  if (path === undefined || !isSolidity(path)) return undefined;
  const file: ChangedFile = { path, status, ...hunkLines(status === 'deleted' ? [] : patch.hunks) };
  if (status === 'renamed' && oldPath !== undefined) file.previousPath = oldPath;
  return file;
}

function fileStatus(patch: StructuredPatch, oldPath?: string, newPath?: string): FileChangeStatus {
  if (patch.isCreate || oldPath === undefined) return 'added';
  if (patch.isDelete || newPath === undefined) return 'deleted';
  if (patch.isRename || oldPath !== newPath) return 'renamed';
  return 'modified';
}

export function isSolidity(path: string): boolean {
  return path.endsWith('.sol');
}

/** `/dev/null` (the missing side of an added or deleted file) becomes undefined. */
function stripPrefix(name: string | undefined, prefix: string): string | undefined {
  if (name === undefined || name === '/dev/null') return undefined;
  const path = name.startsWith(prefix) ? name.slice(prefix.length) : name;
  return path.replace(/\\/g, '/');
}

function sortedUnique(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}
