/** Two revisions of a local git repository to compare. */
export interface RevisionRange {
  /** Repository root (or any directory inside the work tree). */
  repo: string;
  base: string;
  /** Defaults to `HEAD`. */
  head?: string;
}

export type FileChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed';

/** The changed lines of one Solidity file, in head-revision coordinates. */
export interface ChangedFile {
  /** Head path relative to the repository root with forward slashes (the base path when deleted). */
  path: string;
  /** Base path of a renamed file. */
  previousPath?: string;
  status: FileChangeStatus;
  /** 1-based head lines that are new or modified, ascending. */
  addedLines: number[];
  /**
   * Deletion points: head line numbers after which removed lines stood (0 = before the first line),
   * ascending; recorded for change blocks that remove more lines than they add (a plain
   * modification is covered by `addedLines`). The targets stage turns each point into the nearest
   * code line of the enclosing function, so deleting a statement makes the code that now runs in
   * its place a target.
   */
  deletedAfter: number[];
}
