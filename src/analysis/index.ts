/** The lookahead analysis (Bran): the entry points the fuzz loop and the pipeline use. */
export { prepareProgram, type AnalyzedProgram } from './program.js';
export { lookahead, MAX_PREFIX_LOCATIONS } from './lookahead.js';
export { unreachableTargets } from './reachability.js';
export type * from './types.js';
export { targetsInWorld, type WorldCode } from './world.js';
