export { hunkLines, isSolidity, parseGitDiff, type HunkLines } from './patch.js';
export type { ChangedFile, Deletion, FileChangeStatus, LineSpan, RevisionRange } from './types.js';
export { exportRevision, revisionExports, type RevisionExports, type RevisionTree } from './checkout.js';
export { changedLines, changedLinesBetween, repositoryRoot, resolveRange } from './git.js';
export { changedLinesFromGitHub, type GitHubDiff, type PullFile } from './github.js';
export { isInside } from './containment.js';
