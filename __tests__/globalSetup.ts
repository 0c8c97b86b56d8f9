import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Once per `npm test`, before the workers start (they inherit the variable): one compiler-output cache
 * for every suite of the run, so a fixture project that several suites build is compiled once. Fresh
 * each run, so a run's time never depends on an earlier one.
 */
export default function globalSetup(): void {
  process.env.LOOKOUT_COMPILE_CACHE = mkdtempSync(path.join(os.tmpdir(), 'lookout-jest-compiled-'));
  // The workers' folders (svm's, Lookout's cache: see setupEnv.ts), removed with the run.
  process.env.LOOKOUT_JEST_RUN_ROOT = mkdtempSync(path.join(os.tmpdir(), 'lookout-jest-'));
}
