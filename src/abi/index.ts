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
export { type AbiError, decodeRevert, describeRevert, describeRevertWith } from './revert.js';
export { holdsRawBytes, stringBytes, stringOfBytes } from './stringBytes.js';
export { isErc20Shaped } from './tokenShape.js';
export type { AbiValue, Address, Call, CallTarget, TxSequence } from './types.js';
