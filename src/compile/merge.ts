import type { BuildDiagnostic } from '../errors.js';
import { compiledContracts, compiledSources } from './artifacts.js';
import { formatWarning, toDiagnostic } from './diagnostics.js';
import type { SolcOutput } from './solc.js';
import type { CompiledContract, CompiledProject, CompilerUse, SourceFile } from './types.js';

/** One compiler run that succeeded: what it was given and what it returned. */
export interface Compilation {
  compiler: CompilerUse;
  contents: ReadonlyMap<string, string>;
  output: SolcOutput;
}

/**
 * One build out of several compiler runs (one per version group). A file imported by several groups
 * is compiled in each; the project keeps its first source and each contract's first compilation,
 * while every contract keeps the sources of the run it came from for its source maps.
 * `libs` are the project's library folders (see `CompiledProject.libraryFolders`).
 */
export function mergeCompilations(
  root: string,
  compilations: readonly Compilation[],
  errors: readonly BuildDiagnostic[],
  libs: readonly string[],
): CompiledProject {
  const sources = new Map<string, SourceFile>();
  const contracts = new Map<string, CompiledContract>();
  const asts: Record<string, unknown> = {};
  const warnings: string[] = [];
  for (const { compiler, contents, output } of compilations) {
    const compiled = compiledSources(output, contents);
    for (const source of compiled) if (!sources.has(source.path)) sources.set(source.path, source);
    for (const [unit, s] of Object.entries(output.sources ?? {})) asts[unit] ??= s.ast;
    for (const contract of compiledContracts(output, compiled, compiler.version)) {
      if (!contracts.has(contract.id)) contracts.set(contract.id, contract);
    }
    for (const diagnostic of output.errors ?? []) {
      if (diagnostic.severity === 'warning') warnings.push(formatWarning(toDiagnostic(diagnostic, contents)));
    }
  }
  return {
    root,
    compilers: compilations.map((c) => c.compiler),
    sources: [...sources.values()],
    contracts: [...contracts.values()],
    asts,
    warnings: [...new Set(warnings)],
    errors: [...errors],
    libraryFolders: [...new Set([...libs, 'node_modules'])],
  };
}
