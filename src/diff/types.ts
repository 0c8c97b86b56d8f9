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
   * Code removed with nothing in its place, ascending by position: change blocks that remove more
   * lines than they add (a plain modification is covered by `addedLines`). The targets stage turns
   * each into the code that now runs where the removed lines ran (the next statement of the
   * enclosing function), so deleting a check makes a target.
   */
  deletions: Deletion[];
}

/** Lines a change block removed beyond those it replaced. */
export interface Deletion {
  /** Head line after which the removed lines stood (0 = before the first line). */
  after: number;
  /** The removed lines, numbered as in the base revision. */
  removed: LineSpan;
}

/** Lines `from` to `to`, 1-based, both included. */
export interface LineSpan {
  from: number;
  to: number;
}
