import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type CompiledProject,
  compileProject,
  describeDiagnostic,
  importCandidates,
  type ProjectSettings,
  readProjectSettings,
  REPRODUCER_FOLDER_PREFIX,
} from '../compile/index.js';
import { isInside } from '../diff/index.js';
import { BuildError, type BuildDiagnostic } from '../errors.js';
import { discoverSuites, runSuite } from '../foundryTests/index.js';
import { reproducerBaseSource } from './source/base.js';
import { TEST_FUNCTION } from './source/lines.js';
import type { ReportReproducerRun } from '../report/index.js';

/** A reproducer to run: its file name, test contract and source, and the compiler its pragma asks for. */
export interface ReproducerFile {
  file: string;
  contract: string;
  source: string;
  solidityVersion: string;
  /** The shared file it imports, written beside it (`LookoutBase.sol`). */
  base?: string;
}

/** Whether the project at `root` resolves `forge-std/Test.sol` (remappings, lib/): then the reproducer imports it. */
export function hasForgeStd(root: string): boolean {
  const settings = readProjectSettings(root, process.env);
  return importCandidates(settings.remappings, `${settings.test}/Reproducer.t.sol`, 'forge-std/Test.sol').some(
    (unit) => !unit.startsWith('../') && existsSync(path.join(root, unit)),
  );
}

/**
 * Compiles the reproducer inside the project at `root` (its foundry.toml settings and remappings,
 * the compiler version the finding's contract was built with), in a folder of its test directory
 * removed afterwards, and runs its test with Lookout's Foundry-test runner.
 */
export async function runReproducer(root: string, reproducer: ReproducerFile): Promise<RunOutcome> {
  const [outcome] = await runReproducers(root, [reproducer]);
  return outcome;
}

/**
 * Runs several reproducers as `runReproducer` does, compiling them in one compiler call per
 * version: with forge-std and the project each compile takes seconds, and a pull request may have
 * twenty findings. Outcomes are in the order of `reproducers`.
 */
export async function runReproducers(root: string, reproducers: readonly ReproducerFile[]): Promise<RunOutcome[]> {
  if (reproducers.length === 0) return [];
  const settings = readProjectSettings(root, process.env);
  return inTestFolder(root, settings.test, reproducers, async (units) => {
    const outcomes = new Map<string, RunOutcome>();
    for (const version of new Set(reproducers.map((r) => r.solidityVersion))) {
      const group = reproducers.flatMap((reproducer, i) => (reproducer.solidityVersion === version ? [{ reproducer, unit: units[i] }] : []));
      for (const [unit, outcome] of await compileAndRun(root, { ...settings, solc: { version } }, group)) outcomes.set(unit, outcome);
    }
    // The temporary folder's random name would make two runs' reports differ: reasons name the file alone.
    return units.map((unit) => {
      const outcome = outcomes.get(unit)!;
      return { ...outcome, reason: outcome.reason?.replaceAll(`${path.posix.dirname(unit)}/`, '') ?? null };
    });
  });
}

interface WrittenReproducer {
  reproducer: ReproducerFile;
  unit: string;
}

/**
 * Compiles the group together and runs each test. A unit that does not compile (on the base, a
 * reproducer calling a function the base lacks) is left out of the build (`compileProject` sets
 * aside what reaches an error) and told by its own error, else the first one.
 */
async function compileAndRun(root: string, settings: ProjectSettings, group: readonly WrittenReproducer[]): Promise<Map<string, RunOutcome>> {
  let project: CompiledProject | undefined;
  let errors: readonly BuildDiagnostic[];
  try {
    project = await compileProject({ root, paths: group.map((g) => g.unit), settings });
    errors = project.errors;
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    errors = error.diagnostics;
  }
  const built = new Set(project?.sources.map((s) => s.path));
  const outcomes = new Map<string, RunOutcome>();
  for (const { reproducer, unit } of group) {
    if (project && built.has(unit)) outcomes.set(unit, await runTest(project, settings, reproducer, unit));
    else outcomes.set(unit, { outcome: 'does-not-compile', reason: describeDiagnostic(errors.find((e) => e.file === unit) ?? errors[0]) });
  }
  return outcomes;
}

async function runTest(project: CompiledProject, settings: ProjectSettings, reproducer: ReproducerFile, unit: string): Promise<RunOutcome> {
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
 * Writes the reproducers (and once, the base file they import) into a fresh folder of the project's
 * test directory (of the root when the project has none, so nothing else is created), runs `use` with
 * their unit names (relative to `root`, in order) and the folder's, and removes the folder.
 */
export async function inTestFolder<T>(
  root: string,
  testDir: string,
  reproducers: readonly ReproducerFile[],
  use: (units: string[], folder: string) => Promise<T>,
): Promise<T> {
  const wanted = path.join(root, testDir);
  // A test folder that is a link out of the project is not written through.
  const parent = existsSync(wanted) && isInside(realpathSync(root), realpathSync(wanted)) ? wanted : root;
  const folder = mkdtempSync(path.join(parent, REPRODUCER_FOLDER_PREFIX));
  try {
    const units = reproducers.map((reproducer) => path.relative(root, path.join(folder, reproducer.file)).split(path.sep).join('/'));
    reproducers.forEach((reproducer, i) => writeFileSync(path.join(root, units[i]), reproducer.source));
    for (const base of new Set(reproducers.flatMap((r) => r.base ?? []))) writeFileSync(path.join(folder, base), reproducerBaseSource());
    return await use(units, path.relative(root, folder).split(path.sep).join('/'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
