export { compileChangeWithTests, compileForChange, compileProject, compileTestsForChange, describeDiagnostic, type ChangeBuild } from './compile.js';
export { isForgeAvailable, refuseProjectExecutables, untrustedToolEnvironment, type ForgeBuildOptions } from './forge/index.js';
export { importCandidates } from './imports.js';
export { isTestOrScript, pragmaRange, readProjectSettings } from './project/index.js';
export { REPRODUCER_FOLDER_PREFIX } from './project/projectFiles.js';
export type { ProjectSettings } from './project/types.js';
export type { SolcAstNode } from './solc.js';
export { findSolidityFiles } from './sourceFiles.js';
export { contractId, type CompiledCode, type CompiledContract, type CompiledProject, type ContractId, type LinkReference, type SourceFile } from './types.js';
