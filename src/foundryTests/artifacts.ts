import type { Artifact } from '../evm/index.js';
import type { CompiledContract } from '../compile/index.js';

/** The project's deployable contracts as `getCode`/`getDeployedCode` name them. */
export function cheatcodeArtifacts(project: { contracts: readonly CompiledContract[] }): Artifact[] {
  return project.contracts
    .filter((c) => c.kind === 'contract' || c.kind === 'library')
    .map((c) => ({ file: c.file, name: c.name, creationCode: c.creation.bytecode, deployedCode: c.deployed.bytecode, compilerVersion: c.compilerVersion }));
}
