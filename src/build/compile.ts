import path from 'node:path';
import { BuildError } from '../errors.js';
import { compiledContracts } from './artifacts.js';
import { formatError, formatWarning, toDiagnostic } from './diagnostics.js';
import { collectSources } from './imports.js';
import { readRemappings } from './remappings.js';
import { compileStandardJson, solcVersion } from './solc.js';
import { findSolidityFiles } from './sourceFiles.js';
import type { BuildRequest, CompiledProject, SourceFile } from './types.js';

/** The executor runs Prague; code compiled for a later fork could use opcodes it lacks. */
const DEFAULT_EVM_VERSION = 'prague';

/**
 * Compiles the .sol files under `request.paths` and everything they import with the bundled
 * solc-js in one standard-JSON call. Throws ConfigurationError when there is nothing to compile and
 * BuildError (every error as `path:line:column: Type: message`) when the project does not compile.
 */
export async function compileProject(request: BuildRequest): Promise<CompiledProject> {
  const root = path.resolve(request.root);
  const entries = findSolidityFiles(root, request.paths);
  const closure = collectSources(root, entries, readRemappings(root, request.remappings));
  const output = await compileStandardJson(closure.contents, {
    evmVersion: request.evmVersion ?? DEFAULT_EVM_VERSION,
    optimizer: request.optimizer ?? { enabled: false, runs: 200 },
    remappings: closure.solcRemappings,
  });

  const diagnostics = (output.errors ?? []).map((e) => toDiagnostic(e, closure.contents));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map(formatError);
    throw new BuildError(`Compilation failed with ${errors.length} error(s):\n${lines.join('\n')}`, errors);
  }

  const sources: SourceFile[] = Object.entries(output.sources ?? {})
    .map(([unit, s]) => ({ path: unit, id: s.id, content: closure.contents.get(unit) ?? '' }))
    .sort((a, b) => a.id - b.id);
  return {
    root,
    solcVersion: await solcVersion(),
    sources,
    contracts: compiledContracts(output),
    asts: Object.fromEntries(Object.entries(output.sources ?? {}).map(([unit, s]) => [unit, s.ast])),
    warnings: diagnostics.filter((d) => d.severity === 'warning').map(formatWarning),
  };
}
