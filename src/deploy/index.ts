export { deployWorld } from './deployWorld.js';
export type { DeployedContract, DeployWorldRequest, ReadableValue, SkippedDeployment, World } from './types.js';
export type { Funding } from './funding.js';
