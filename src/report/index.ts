export { renderAnnotations, toWorkflowCommands, type Annotation } from './annotations.js';
export { mergeTargets, notFuzzedTargets, toReportCall, toReportFinding, toReportTargets, unheldLine } from './entries.js';
export { headline } from './headline.js';
export { behaviourGroups, reportItems, withGroups, type BehaviourGroup, type GroupItem, type ReportItem, type ReportItems } from './items.js';
export { changedLineCounts, countsText } from './lineStatus.js';
export { REPORT_MARKER, renderMarkdown } from './markdown.js';
export { reviewBody, reviewThreads, type ReviewComment } from './review.js';
export { renderSarif } from './sarif.js';
export { renderJunit, type FailsCheck } from './junit.js';
export { renderLcov, type CoverageSection } from './lcov.js';
export { parseReport } from './schema.js';
export { mergeShards, type ShardMerge } from './shards.js';
export { accountNames } from './sequence.js';
export { withAccountNames } from './accountNaming.js';
export { renderSummary } from './summary.js';
export { renderText } from './text.js';
export type {
  Report,
  ReportBehaviour,
  ReportBudgetPlan,
  ReportComparisonPlan,
  ReportCorpus,
  ReportCorpusCache,
  ReportSeeds,
  ReportCall,
  ReportDeployment,
  ReportEvidence,
  ReportFinding,
  ReportReproducer,
  ReportReproducerRun,
  ReportShard,
  ReportTarget,
} from './types.js';
// The vocabulary (src/abi) as the renderers' users have always imported it from here.
export { addressText, count, duration, etherText, instanceName, integerText, plural, valueText, type AddressNames } from '../abi/index.js';
export { checkOutputs, writeFileAtomically, writeOutputs, type OutputExtras, type ReportOutputs } from './write.js';
