export {
  ATTACKER_ABI,
  ATTACKER_ADDRESS,
  ATTACKER_CALL_SELECTOR,
  ATTACKER_CREATION_CODE,
  ATTACKER_CREATOR,
  ATTACKER_FILE,
  ATTACKER_NAME,
  forwardedCalldata,
} from './attacker.js';
export { findArtifact } from './cheatcodes/artifacts.js';
export { ASSUME_REJECTION } from './cheatcodes/environment.js';
export { FLAGGED_FAILURE_MESSAGE } from './cheatcodes/failFlag.js';
export { CheatcodeSession } from './cheatcodes/session.js';
export { CheatcodeError, decodedAddress, type Artifact } from './cheatcodes/types.js';
export { DEPLOY_GAS, Executor, SENDER_BALANCE, START_BLOCK, START_TIMESTAMP, storageKey, type ChainStart, type ExecutorOptions } from './executor.js';
export { frameJumps } from './frameJumps.js';
export { namedAccounts } from './namedAccounts.js';
export type {
  Address,
  BalanceRead,
  BranchComparison,
  CallEffect,
  CreatedContract,
  Deployment,
  StorageAccess,
  StorageWrite,
  Tx,
  TxResult,
  TxTrace,
} from './types.js';
