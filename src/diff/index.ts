export { hunkLines, isSolidity, parseGitDiff, type HunkLines } from './patch.js';
export type { ChangedFile, FileChangeStatus, RevisionRange } from './types.js';
export { exportRevision, type RevisionTree } from './checkout.js';
export { changedLines, repositoryRoot, resolveRange, workTreeIs } from './git.js';
export { changedLinesFromGitHub, type GitHubDiff, type PullFile } from './github.js';
