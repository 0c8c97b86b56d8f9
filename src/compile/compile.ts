import path from 'node:path';
import { BuildError, ConfigurationError, errorMessage, type BuildDiagnostic } from '../errors.js';
import { compilerEnvironment, installedVersions, obtainCompiler, offlineMessage, releasedVersions, type CompilerEnvironment } from './compiler/index.js';
import { toDiagnostic } from './diagnostics.js';
import { collectSources } from './imports.js';
import { forgeBuildInfo, isForgeAvailable, refuseProjectExecutables } from './forge/index.js';
import { mergeCompilations, type Compilation } from './merge.js';
import {
  buildImportGraph,
  groupByVersion,
  importClosure,
  isTestOrScript,
  projectSolidityFiles,
  readProjectSettings,
  sourcesToCompile,
  standardJsonSettings,
  testsReaching,
} from './project/index.js';
import type { ImportGraph, ProjectSettings, VersionGroup, VersionGrouping } from './project/types.js';
import { parseRemapping } from './remappings.js';
import type { SolcOutput } from './solc.js';
import { findSolidityFiles } from './sourceFiles.js';
import type { BuildRequest, CompiledProject } from './types.js';

const CODE_OUTPUTS = ['object', 'sourceMap', 'linkReferences', 'generatedSources'];
/** What Lookout asks solc for: ASTs, ABIs, storage layouts, code with source maps and link references. */
export const OUTPUT_SELECTION = {
  '*': {
    '': ['ast'],
    '*': [
      'abi',
      'storageLayout',
      ...CODE_OUTPUTS.map((o) => `evm.bytecode.${o}`),
      ...CODE_OUTPUTS.map((o) => `evm.deployedBytecode.${o}`),
      'evm.deployedBytecode.immutableReferences',
    ],
  },
};

/**
 * Compiles the .sol files under `request.paths` and everything they import the way the project builds:
 * foundry.toml's active profile (optimizer, via-IR, evm version, remappings, libraries), each file with
 * the compiler version its pragmas and its imports' pragmas allow (a pinned `solc` wins), one
 * standard-JSON call per version. A group that cannot be compiled (no compiler, a compile error, an
 * import that resolves nowhere) leaves its diagnostics in `errors` and the rest is still built; only
 * when nothing builds does it throw BuildError.
 */
export async function compileProject(request: BuildRequest): Promise<CompiledProject> {
  const root = path.resolve(request.root);
  const projectSettings = request.settings ?? readProjectSettings(root, process.env);
  if (request.compiler === 'forge') return compileWithForge(root, projectSettings);
  const settings = withRemappings(projectSettings, request.remappings);
  const env = request.compilers ?? compilerEnvironment(process.env);
  const entries = findSolidityFiles(root, request.paths);
  const graph = buildImportGraph(root, entries, settings.remappings);
  const errors: BuildDiagnostic[] = graph.unresolved.map((u) => ({
    file: u.file,
    line: u.line,
    column: u.column,
    message: `ImportError: cannot find import "${u.path}" (tried ${u.tried.join(', ')}); add a remapping or install the dependency`,
  }));
  // An entry that needs an unresolvable import cannot compile; the others can.
  const broken = new Set(graph.unresolved.map((u) => u.file));
  const buildable = entries.filter((entry) => !importClosure(graph, [entry]).some((file) => broken.has(file)));
  for (const entry of entries) {
    if (!buildable.includes(entry))
      errors.push({ file: entry, line: 0, column: 0, message: 'not compiled: it imports a file that cannot be found (see the import error)' });
  }

  const grouping = await versionGroups(graph, buildable, settings, env);
  errors.push(...grouping.unsatisfiable.map((u) => ({ file: u.file, line: 0, column: 0, message: u.message })));
  if (grouping.offline !== undefined) errors.push({ file: '', line: 0, column: 0, message: grouping.offline });
  const compilations: Compilation[] = [];
  for (const group of grouping.groups) {
    const compiled = await compileSettingAside(root, group, graph, settings, env);
    errors.push(...compiled.errors);
    if (compiled.compilation) compilations.push(compiled.compilation);
  }
  if (compilations.length === 0) {
    const lines = errors.map(describeDiagnostic);
    throw new BuildError(`Compilation failed with ${errors.length} error(s):\n${lines.join('\n')}`, errors);
  }
  return mergeCompilations(root, compilations, errors, settings.libs);
}

/**
 * What a change needs, built the way the project builds: the `changed` files, what they import, and
 * every project file that imports them (mocks, implementations: what can deploy or drive them), but
 * no Foundry tests or scripts; a file the change does not reach cannot fail the build. Undefined when
 * none of the changed files is a source of the project at `root`. `settings` (default: read at `root`)
 * let a base revision be built as its head is.
 */
export async function compileForChange(
  root: string,
  changed: readonly string[],
  options: { compiler?: BuildRequest['compiler']; settings?: ProjectSettings } = {},
): Promise<CompiledProject | undefined> {
  const { compiler } = options;
  const settings = options.settings ?? readProjectSettings(root, process.env);
  const { sources } = changeEntries(root, changed, settings);
  return sources.length === 0 ? undefined : compileProject({ root, paths: sources, settings, compiler });
}

/** What a change builds: its sources (`compileForChange`'s entries) and the Foundry tests that reach them. */
function changeEntries(root: string, changed: readonly string[], settings: ProjectSettings): { sources: string[]; tests: string[]; graph: ImportGraph } {
  const projectFiles = projectSolidityFiles(settings);
  const graph = buildImportGraph(root, projectFiles, settings.remappings);
  const needed = sourcesToCompile({ projectFiles, graph, changed });
  const sources = [...new Set([...changed.filter((f) => projectFiles.includes(f) && !isTestOrScript(f)), ...needed])].sort();
  return { sources, tests: testsReaching({ projectFiles, graph, changed, testFolder: settings.test }), graph };
}

/** A change's build (`compileForChange`) and its tests' (`compileTestsForChange`). */
export interface ChangeBuild {
  project: CompiledProject | undefined;
  tests: TestBuild;
}

/**
 * `compileForChange` and `compileTestsForChange` in one compiler call per version: the tests import
 * the sources, so building them apart compiles every source twice (a via-IR project's slowest part).
 * The sources' build is the shared build cut down to their files, as `compileForChange` returns it;
 * a test file that does not compile still only costs the tests that reach it (see
 * `compileSettingAside`). forge builds sources alone (`compiler = "forge"`): then two builds.
 */
export async function compileChangeWithTests(
  root: string,
  changed: readonly string[],
  options: { compiler?: BuildRequest['compiler']; settings: ProjectSettings },
): Promise<ChangeBuild> {
  const { settings } = options;
  const { sources, tests, graph } = changeEntries(root, changed, settings);
  if (options.compiler === 'forge' || sources.length === 0 || tests.length === 0) {
    return {
      project: await compileForChange(root, changed, options),
      tests: tests.length === 0 ? { errors: [] } : await compileOrDiagnose(root, tests, settings),
    };
  }
  const inSources = new Set(importClosure(graph, sources));
  const ofSources = (d: BuildDiagnostic) => d.file === '' || inSources.has(d.file);
  let build: CompiledProject;
  try {
    build = await compileProject({ root, paths: [...new Set([...sources, ...tests])], settings });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    // Nothing built: the sources did not (a test reaches a source), as compileForChange would have thrown.
    throw new BuildError(error.message, error.diagnostics.filter(ofSources));
  }
  const project = onlyFiles(build, inSources, build.errors.filter(ofSources));
  if (project.sources.length === 0) {
    const errors = project.errors;
    throw new BuildError(`Compilation failed with ${errors.length} error(s):\n${errors.map(describeDiagnostic).join('\n')}`, errors);
  }
  return { project, tests: { build, errors: build.errors.filter((d) => !ofSources(d)) } };
}

/** The build of `files` alone out of a larger one (source ids and code unchanged: a file's imports are among them). */
function onlyFiles(build: CompiledProject, files: ReadonlySet<string>, errors: BuildDiagnostic[]): CompiledProject {
  return {
    ...build,
    compilers: build.compilers.flatMap((c) => {
      const kept = c.files.filter((f) => files.has(f));
      return kept.length === 0 ? [] : [{ ...c, files: kept }];
    }),
    sources: build.sources.filter((s) => files.has(s.path)),
    contracts: build.contracts.filter((c) => files.has(c.file)),
    asts: Object.fromEntries(Object.entries(build.asts).filter(([unit]) => files.has(unit))),
    errors,
  };
}

/** The Foundry tests a change reaches, each file built or not: a test that does not compile leaves the others. */
export interface TestBuild {
  /** The build of the test files that compiled (with what they import); absent when none did. */
  build?: CompiledProject;
  /** The diagnostics of the test files that did not compile. */
  errors: BuildDiagnostic[];
}

/**
 * The project's Foundry tests that import a changed file (`testsReaching`), built together; a test
 * file that does not compile is left out of the build (`compileSettingAside`).
 */
export async function compileTestsForChange(root: string, changed: readonly string[], settings: ProjectSettings): Promise<TestBuild> {
  const { tests } = changeEntries(root, changed, settings);
  if (tests.length === 0) return { errors: [] };
  return compileOrDiagnose(root, tests, settings);
}

async function compileOrDiagnose(root: string, paths: string[], settings: ProjectSettings): Promise<{ build?: CompiledProject; errors: BuildDiagnostic[] }> {
  try {
    const build = await compileProject({ root, paths, settings });
    return { build, errors: build.errors };
  } catch (error) {
    if (error instanceof BuildError) return { errors: [...error.diagnostics] };
    throw error;
  }
}

/**
 * `compiler = "forge"` in lookout.toml: forge builds the project (its sources, not tests or scripts) with
 * its own settings and compilers, and Lookout reads the build-info files. One failing group fails the
 * whole forge build, so there is no partial build on this path.
 */
async function compileWithForge(root: string, settings: ProjectSettings): Promise<CompiledProject> {
  refuseProjectExecutables(settings, { what: 'building with compiler = "forge"', runsTests: false });
  if (!(await isForgeAvailable())) {
    throw new ConfigurationError(
      'lookout.toml sets compiler = "forge", but forge does not run here: install Foundry (foundry-toolchain on Actions) or remove the key to let Lookout run solc itself.',
    );
  }
  const compilations = await forgeBuildInfo(root);
  return mergeCompilations(
    root,
    compilations.map((c) => ({
      compiler: { version: c.version, source: c.source, settings: c.settings, files: [...c.contents.keys()] },
      contents: c.contents,
      output: c.output,
    })),
    [],
    settings.libs,
  );
}

/** `request.remappings` (e.g. from a test) go after the project's, so they win on the same prefix. */
function withRemappings(settings: ProjectSettings, extra: readonly string[] | undefined): ProjectSettings {
  if (!extra || extra.length === 0) return settings;
  return { ...settings, remappings: [...settings.remappings, ...extra.map((r) => parseRemapping(r, 'the configured remappings'))] };
}

/**
 * forge's auto-detection: installed versions first; the release list is only asked when some file
 * needs a version nothing installed satisfies. Offline, such files are reported unsatisfiable, with one
 * more error (no file) saying why and how to provide a compiler.
 */
async function versionGroups(
  graph: ImportGraph,
  entries: string[],
  settings: ProjectSettings,
  env: CompilerEnvironment,
): Promise<VersionGrouping & { offline?: string }> {
  if (settings.solc?.path !== undefined) {
    throw new ConfigurationError(
      `${path.relative(settings.root, settings.configFile ?? path.join(settings.root, 'foundry.toml'))} pins solc to the binary ${path.relative(settings.root, settings.solc.path)}: Lookout needs a version; write solc = "0.8.x" (the version that binary is).`,
    );
  }
  const pinned = settings.solc?.version;
  const installed = await installedVersions(env);
  if (pinned !== undefined) return groupByVersion(graph, { installed: [...installed, pinned] }, pinned, entries);
  const local = groupByVersion(graph, { installed }, undefined, entries);
  if (local.unsatisfiable.length === 0) return local;
  const released = await releasedVersions(env);
  if ('versions' in released) return groupByVersion(graph, { installed, released: released.versions }, undefined, entries);
  return { ...local, offline: offlineMessage(env, released.unreachable, installed) };
}

/**
 * solc builds nothing when any file has an error: the entries whose imports reach a file with an
 * error are set aside and the rest compiled again, so a broken file costs what depends on it and
 * one more compiler call (not a call per entry). An error in no entry's imports fails the group.
 */
async function compileSettingAside(
  root: string,
  group: VersionGroup,
  graph: ImportGraph,
  settings: ProjectSettings,
  env: CompilerEnvironment,
): Promise<{ compilation?: Compilation; errors: BuildDiagnostic[] }> {
  const errors: BuildDiagnostic[] = [];
  for (let entries = group.entries; ;) {
    const compiled = await compileGroup(root, { ...group, entries }, settings, env);
    if (!('errors' in compiled)) return { compilation: compiled, errors };
    errors.push(...compiled.errors);
    const broken = new Set(compiled.errors.map((e) => e.file));
    const rest = entries.filter((entry) => !importClosure(graph, [entry]).some((file) => broken.has(file)));
    if (rest.length === 0 || rest.length === entries.length) return { errors };
    entries = rest;
  }
}

async function compileGroup(
  root: string,
  group: VersionGroup,
  settings: ProjectSettings,
  env: CompilerEnvironment,
): Promise<Compilation | { errors: BuildDiagnostic[] }> {
  const failed = (message: string) => ({ errors: group.entries.map((file) => ({ file, line: 0, column: 0, message })) });
  let compiler;
  try {
    compiler = await obtainCompiler(group.version, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    return failed(errorMessage(error));
  }
  const closure = collectSources(root, group.entries, settings.remappings);
  const { settings: solcSettings } = standardJsonSettings(settings, group.version);
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries([...closure.contents].map(([unit, content]) => [unit, { content }])),
    settings: { ...solcSettings, remappings: [...solcSettings.remappings, ...closure.solcRemappings], outputSelection: OUTPUT_SELECTION },
  };
  const output = (await compiler.compile(input)) as SolcOutput;
  const diagnostics = (output.errors ?? []).map((e) => toDiagnostic(e, closure.contents));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { errors: errors.map((d) => ({ file: d.file, line: d.line, column: d.column, message: `${d.type}: ${d.message}` })) };
  return {
    compiler: { version: compiler.version, source: compiler.source, settings: solcSettings as unknown as Record<string, unknown>, files: group.entries },
    contents: closure.contents,
    output,
  };
}

/** `file:line:column: message`, as compilers print it (the location shortened to what is known). */
export function describeDiagnostic(d: BuildDiagnostic): string {
  const where = d.file === '' ? '' : d.line === 0 ? `${d.file}: ` : `${d.file}:${d.line}:${d.column}: `;
  return `${where}${d.message}`;
}
