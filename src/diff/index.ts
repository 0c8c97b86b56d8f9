export { changedLines } from './git.js';
export { hunkLines, isSolidity, parseGitDiff, type HunkLines } from './patch.js';
export type { ChangedFile, FileChangeStatus, RevisionRange } from './types.js';
