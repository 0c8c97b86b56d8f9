import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';
import { linkCode } from '../../src/deploy/link.js';
import { Executor } from '../../src/evm/executor.js';
import type { Deployment } from '../../src/evm/types.js';
import { buildTargets } from '../../src/targets/index.js';

const BRAN = path.join(process.cwd(), '__fixtures__/bran');

/** A Bran fixture whose `// TARGET` line sits in an external library its contract calls, deployed on a real EVM. */
export interface LibraryFixture {
  project: CompiledProject;
  caller: CompiledContract;
  executor: Executor;
  library: Deployment;
  /** The caller, linked to `library`. */
  subject: Deployment;
  /** The contract holding the target (the library's) and its pcs. */
  target: { contract: string; pcs: number[] };
}

/** Compiles `file`, deploys `libraryName` and `callerName` linked to it, and snapshots the state. */
export async function deployLibraryFixture(file: string, callerName: string, libraryName: string): Promise<LibraryFixture> {
  const project = await compileProject({ root: BRAN, paths: [file] });
  const contract = (name: string) => project.contracts.find((c) => c.name === name)!;
  const caller = contract(callerName);
  const executor = await Executor.open();
  const deploy = async (name: string, creationCode: Uint8Array): Promise<Deployment> => {
    const outcome = await executor.deploy({ file, name, creationCode });
    if (outcome.kind !== 'deployed') throw new Error(outcome.reason);
    return outcome.deployment;
  };
  const library = await deploy(libraryName, contract(libraryName).creation.bytecode);
  const subject = await deploy(
    callerName,
    linkCode(caller.creation.bytecode, caller.creation.linkReferences, () => library.address),
  );
  await executor.snapshot();
  const line =
    readFileSync(path.join(BRAN, file), 'utf8')
      .split('\n')
      .findIndex((text) => text.includes('// TARGET')) + 1;
  const [target] = buildTargets(project, [{ path: file, status: 'modified', addedLines: [line], deletions: [] }]);
  return { project, caller, executor, library, subject, target };
}
