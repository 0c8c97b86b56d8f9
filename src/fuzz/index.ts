export {
  BEHAVIOUR_GRADES,
  behaviourKind,
  createBehaviourDiff,
  groupDivergences,
  type BehaviourDiff,
  type BehaviourGrade,
  type ConfirmedDivergence,
  type Divergence,
} from './behaviour/index.js';
export { isTokenShaped } from './behaviour/tokenReadings.js';
export { Alternates } from './campaign/alternates.js';
export { addBlockHits, mergeBlockHits, type BlockHits } from './campaign/blockHits.js';
export type { Imports } from './campaign/exchange.js';
export type { CampaignEvent, CampaignOutcome, CampaignSetup } from './campaign/loop.js';
export {
  campaignOn,
  fuzzContract,
  type CampaignRunner,
  type CampaignWorld,
  type ContractCampaignResult,
  type DeployedCode,
  type DeploymentRecipe,
  type HarnessSetup,
  type SuiteRecipe,
  type SuiteScope,
  type WorldRecipe,
} from './campaign/setup.js';
export type { CampaignCorpus } from './corpus/restoring.js';
export { echidnaInput } from './corpus/echidnaCorpus.js';
export { medusaInput } from './corpus/medusaCorpus.js';
export type { SavedCall, SavedInput } from './corpus/savedInputs.js';
export { failsOnBase, type BaseReplay } from './findings/introduced.js';
export type { CampaignFinding, ConfirmedFinding } from './findings/replay.js';
export { PredictionStats } from './harvey/prediction.js';
export { attackerCallParts } from './inputs/attackerCalls.js';
export { Dictionary } from './inputs/dictionary.js';
export { generateInputs, type ValueContext } from './inputs/values.js';
export { ReachTracker, type RuntimeCode } from './schedule/reach.js';
