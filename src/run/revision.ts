import path from 'node:path';
import { compileChangeWithTests, compileForChange, describeDiagnostic, type CompiledProject, type ProjectSettings } from '../compile/index.js';
import type { ProjectConfig } from '../config/index.js';
import type { RevisionExports } from '../diff/index.js';
import type { Logger } from '../logger.js';

/** How both revisions are built: head's settings (foundry.toml, remappings) and lookout.toml. */
export interface BuildPlan {
  settings: ProjectSettings;
  projectConfig: ProjectConfig;
}

/** `compileForChange` with head's settings (base and head are built alike), and what the user should see of it in the log. */
export async function compileRevision(root: string, changed: readonly string[], build: BuildPlan, logger: Logger): Promise<CompiledProject | undefined> {
  const project = await compileForChange(root, changed, { compiler: build.projectConfig.compiler, settings: { ...build.settings, root } });
  logBuild(project, logger);
  return project;
}

/**
 * Head's build and the Foundry tests the change reaches, in one compile (`compileChangeWithTests`);
 * a test file that does not compile is logged and left out.
 */
export async function compileHead(
  root: string,
  changed: readonly string[],
  build: BuildPlan,
  logger: Logger,
): Promise<{ project: CompiledProject | undefined; tests: CompiledProject[] }> {
  const { project, tests } = await compileChangeWithTests(root, changed, { compiler: build.projectConfig.compiler, settings: { ...build.settings, root } });
  logBuild(project, logger);
  for (const error of tests.errors) logger.warning(`A test file does not compile, so its test contracts are not run: ${describeDiagnostic(error)}`);
  return { project, tests: tests.build ? [tests.build] : [] };
}

function logBuild(project: CompiledProject | undefined, logger: Logger): void {
  for (const compiler of project?.compilers ?? []) logger.info(`solc ${compiler.version} (${compiler.source}): ${compiler.files.length} file(s)`);
  for (const error of project?.errors ?? []) logger.error(describeDiagnostic(error));
}

/**
 * The project at a revision, from the run's export (the base's sources: where an introduced finding's
 * reproducer must pass); the run removes it, so the checkout's `dispose` leaves it.
 */
export async function checkoutProject(exports: RevisionExports, commit: string, projectDir: string): Promise<{ root: string; dispose(): void }> {
  const tree = await exports.tree(commit);
  return { root: path.join(tree.dir, projectDir), dispose: () => {} };
}
