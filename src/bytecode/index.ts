export { basicBlocks, blockStarts, type BasicBlock } from './basicBlocks.js';
export { instructions, jumpDestinations, stripMetadata } from './instructions.js';
export { OPCODES, Op } from './opcodes.js';
export { minimalProxyTarget } from './minimalProxy.js';
