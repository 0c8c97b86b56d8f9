export { publishCheckRun, ANNOTATIONS_PER_REQUEST, type CheckConclusion, type CheckRunOutcome, type CheckRunRequest } from './checkRun.js';
export { createClient, type ClientOptions, type GitHubClient, type RepositoryRef } from './client.js';
export { upsertComment, type CommentOutcome, type StickyComment } from './comment.js';
export { submitReview, type ReviewOutcome, type ReviewRequest } from './review.js';
export { guardWrite, type WriteRefusal, type WriteResult } from './writeResult.js';
export { pullRequestHead, readReport, readReportArtifact, shardReportFiles, writeReportContext } from './artifact.js';
export { failsCheck, publishReport, verdict, type Channels } from './publish.js';
export { pullRequestDiff } from './pullFiles.js';
export { ActionsCorpusCache, corpusKeyPrefix, type CacheService, type CorpusCacheScope } from './corpusCache.js';
