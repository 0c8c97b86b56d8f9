export {
  PULL_REQUEST_FILE,
  fuzzTargetFromEvent,
  pullRequestLabels,
  readActionEnv,
  readInputs,
  toPrConfig,
  validate,
  workflowRunFromEvent,
  type ActionEnv,
  type ActionOptions,
  type FailOn,
  type PublishTarget,
} from './action.js';
export { BATCH_EVENTS, batchTargetFromEvent, toBatchConfig, type BatchTarget } from './batch.js';
export { parseArgv } from './argv.js';
export { formatBudget, type Budget } from './budget.js';
export { DEFAULT_GAS_LIMIT, SENDER_ADDRESSES, type ChainConfig } from './chainConfig.js';
export {
  PROJECT_CONFIG_FILE,
  SENDER_NAMES,
  readProjectConfig,
  weiOf,
  type ConfiguredArg,
  type ContractPin,
  type ContractRef,
  type ProjectConfig,
} from './projectConfig.js';
export { findProjectRoot } from './projectRoot.js';
export { parseShard, type Shard } from './shard.js';
export type { CommandConfig, FuzzConfig, LineTarget, MergeConfig, PrConfig, RunConfig, ScheduleName, StopCondition, Techniques } from './types.js';
export {
  ECHIDNA_CONFIG_FILE,
  MEDUSA_CONFIG_FILE,
  NO_HARNESS_CONFIG,
  harnessChain,
  readHarnessConfig,
  type HarnessConfig,
  type HarnessCorpusDir,
} from './fuzzerConfig.js';
