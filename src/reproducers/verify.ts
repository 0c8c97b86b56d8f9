import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileProject, describeDiagnostic } from '../build/compile.js';
import { importCandidates } from '../build/imports.js';
import { readProjectSettings } from '../build/project/index.js';
import type { ProjectSettings } from '../build/project/types.js';
import { BuildError, errorMessage } from '../errors.js';
import { discoverSuites } from '../foundryTests/discover.js';
import { runSuite } from '../foundryTests/runSuite.js';
import { TEST_FUNCTION } from '../report/reproducer/lines.js';
import type { ReportReproducerRun } from '../report/types.js';

/** A reproducer to run: its file name, test contract and source, and the compiler its pragma asks for. */
export interface ReproducerFile {
  file: string;
  contract: string;
  source: string;
  solidityVersion: string;
}

/** Whether the project at `root` resolves `forge-std/Test.sol` (remappings, lib/): then the reproducer imports it. */
export function hasForgeStd(root: string): boolean {
  const settings = readProjectSettings(root, process.env);
  return importCandidates(settings.remappings, `${settings.test}/Reproducer.t.sol`, 'forge-std/Test.sol').some((unit) => !unit.startsWith('../') && existsSync(path.join(root, unit)));
}

/**
 * Compiles the reproducer inside the project at `root` (its foundry.toml settings and remappings,
 * the compiler version the finding's contract was built with), in a folder of its test directory
 * removed afterwards, and runs its test with Lookout's Foundry-test runner.
 */
export async function runReproducer(root: string, reproducer: ReproducerFile): Promise<RunOutcome> {
  const settings = readProjectSettings(root, process.env);
  return inTestFolder(root, settings.test, reproducer, async (unit) => {
    const outcome = await compileAndRun(root, settings, reproducer, unit);
    // The temporary folder's random name would make two runs' reports differ: reasons name the file alone.
    return { ...outcome, reason: outcome.reason?.replaceAll(`${path.posix.dirname(unit)}/`, '') ?? null };
  });
}

async function compileAndRun(root: string, settings: ProjectSettings, reproducer: ReproducerFile, unit: string): Promise<RunOutcome> {
  const pinned: ProjectSettings = { ...settings, solc: { version: reproducer.solidityVersion } };
  let project;
  try {
    project = await compileProject({ root, paths: [unit], settings: pinned });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { outcome: 'does-not-compile', reason: errorMessage(error) };
  }
  const failed = project.errors.find((e) => e.file === unit) ?? project.errors[0];
  if (failed) return { outcome: 'does-not-compile', reason: describeDiagnostic(failed) };
  const suite = discoverSuites(project, settings.test).find((s) => s.contract.file === unit && s.contract.name === reproducer.contract);
  if (suite === undefined) return { outcome: 'does-not-compile', reason: `${reproducer.contract} is not a test contract of ${unit}` };
  // Its test alone, as `forge test --match-test` runs it: a reproducer inheriting a test contract inherits its tests and invariants too.
  const result = await runSuite(project, { ...suite, tests: suite.tests.filter((t) => t.name === TEST_FUNCTION) }, { seed: 0 });
  if (result.setUp.status === 'skipped') return { outcome: 'failed', reason: result.setUp.reason };
  const test = result.results.find((r) => r.name === TEST_FUNCTION);
  if (test === undefined) return { outcome: 'does-not-compile', reason: `${reproducer.contract} has no ${TEST_FUNCTION}()` };
  return { outcome: test.status, reason: test.reason ?? null };
}

export type RunOutcome = Omit<ReportReproducerRun, 'runner' | 'revision'>;

/**
 * Writes the reproducer into a fresh folder of the project's test directory (of the root when the
 * project has none, so nothing else is created), runs `use` with its unit name (relative to `root`),
 * and removes the folder.
 */
export async function inTestFolder<T>(root: string, testDir: string, reproducer: ReproducerFile, use: (unit: string) => Promise<T>): Promise<T> {
  const parent = existsSync(path.join(root, testDir)) ? path.join(root, testDir) : root;
  const folder = mkdtempSync(path.join(parent, 'lookout-reproducer-'));
  try {
    const unit = path.relative(root, path.join(folder, reproducer.file)).split(path.sep).join('/');
    writeFileSync(path.join(root, unit), reproducer.source);
    return await use(unit);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
