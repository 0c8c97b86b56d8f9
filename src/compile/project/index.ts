// How Lookout reads a project the way forge does: root, settings, remappings, compiler versions, what to compile.
export { readProjectSettings } from './settings.js';
export { parseFoundryConfig, type Environment, type FoundryConfig, type FoundryValues } from './foundryToml.js';
export { mergeRemappings, normaliseRemapping, readProjectRemappings, type RemappingSources } from './projectRemappings.js';
export { detectRemappings } from './detectRemappings.js';
export { chooseEvmVersion, EXECUTOR_EVM_VERSION, FORGE_DEFAULT_EVM_VERSION, type EvmVersion } from './evmVersion.js';
export { standardJsonSettings, type CompilerSettings, type SolcSettings } from './standardJson.js';
export { pragmaRange } from './pragma.js';
export { buildImportGraph, importClosure, importGraph, type SourceReader } from './importGraph.js';
export { groupByVersion } from './versionGroups.js';
export { isTestOrScript, sourcesToCompile, testsReaching, type CompileSetInput } from './compileSet.js';
export { projectSolidityFiles } from './projectFiles.js';
export type * from './types.js';
