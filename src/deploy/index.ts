export { deployWorld } from './deployWorld.js';
export type { DeployedContract, DeployWorldRequest, ReadableValue, SkippedDeployment, DeployedProject, DeployedWorld } from './types.js';
export type { Funding } from './funding.js';
export { ATTACKER_ID, attackerContract, callsOut } from './attacker.js';
export { constructorOf } from './catalog.js';
export { FUNDED_CONTRACT_WEI, FUNDED_TOKENS, FUNDED_WEI, VAULT_DONATION } from './funding.js';
export { contractOfRuntime } from './runtimeMatch.js';
export { tokenBalance, tokenSupply, tokenView } from './tokenViews.js';
export { readsTokenBalances } from './stageTokens.js';
