export { discoverSuites } from './discover.js';
export { discoverHarnesses } from './harness.js';
export { failOnRevertInvariants, type FailOnRevertSetting } from './failOnRevert.js';
export { runSuite } from './runSuite.js';
export { FORGE_INITIAL_BALANCE, FORGE_SENDER, FORGE_START } from './suiteSession.js';
export { openSuiteWorld } from './suiteWorld.js';
export type { TestSuite } from './types.js';
