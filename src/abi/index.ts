export {
  abiType,
  callTargets,
  decodeArgs,
  decodeBool,
  encodeCall,
  encodeFunctionCall,
  formatArgs,
  functionTarget,
  isPayable,
  signature,
  type AbiType,
} from './encoding.js';
export { DEFAULT_PANIC_CODES, KNOWN_PANIC_CODES, PANIC_ASSERTION, PANIC_OUT_OF_BOUNDS, describePanic, formatPanicCode } from './panic.js';
export { isPropertyFunction } from './propertyFunctions.js';
export { type AbiError, decodeRevert, describeRevert, describeRevertWith, panicCode } from './revert.js';
export { holdsRawBytes, stringBytes, stringOfBytes } from './stringBytes.js';
export { hasDecimals, isErc20Shaped } from './tokenShape.js';
export type { AbiValue, Address, Call, CallTarget, TxSequence } from './types.js';
export {
  addressText,
  argumentsText,
  budgetText,
  bytesText,
  count,
  customErrorText,
  duration,
  etherChangeText,
  etherText,
  fixedBytesText,
  instanceName,
  integerText,
  listText,
  plural,
  signatureParameters,
  stringText,
  tokenAmountText,
  truncated,
  valueText,
  waitText,
  type AddressNames,
} from './vocabulary.js';
