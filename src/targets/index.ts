export { basicBlocks } from '../bytecode/basicBlocks.js';
export { buildTargets } from './buildTargets.js';
export { codeLines, type CodeLines, type CodeUnit } from './codeLines.js';
export { codeLocations, type CodeLocations, type MappedInstruction } from './codeLocations.js';
export { contractsToFuzz, countTargets, splitBudget, type FuzzSelection, type SkippedContract } from './contractsToFuzz.js';
export { LineIndex } from './lineIndex.js';
export { decodeSourceMap } from './sourceMap.js';
export type * from './types.js';
