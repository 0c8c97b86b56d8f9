export { FLAGGED_CALL_MESSAGE, failureOf, type Evidence } from './evidence.js';
export { failureIdentity, failureKey, keyIdentity, type Failure, type FailureSite } from './failure.js';
export { checkProperties, propertyFailureKey, propertyFunctions } from './property.js';
export { buildOracles, suiteOracles, type OracleSet, type OracleSettings } from './oracleSet.js';
export { checkTransaction } from './transaction.js';
export type { ChainView, FindingKind, PropertyFunction, SequenceOracle, TxOracle } from './types.js';
export { BEHAVIOUR_KINDS, FINDING_KINDS } from './types.js';
