export { VERSION, runPipeline } from './pipeline.js';
export { isCampaignWorker } from './workers/thread.js';
export type { CorpusStore } from './corpusFolder.js';
export { mergeRun } from './merge.js';
