import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedSoljsonPath } from '../src/compile/compiler/cache.js';

/**
 * Runs before every test file (jest.config.js `setupFiles`): no test may fetch a compiler from the
 * internet or pick up one the machine happens to have. The release mirror and the npm registry point
 * at a closed loopback port (a test that serves them sets its own URLs), svm's folder is an empty
 * temp folder, and Lookout's cache is a per-worker temp folder already holding the devDependency's
 * solc 0.8.17, so fixture projects pinned to 0.8.17 compile offline.
 */
// Port 9 (discard) is on fetch's list of blocked ports: undici refuses it ("bad port") before connecting.
export const CLOSED_PORT_URL = 'http://127.0.0.1:9';
export const SEEDED_SOLC_VERSION = '0.8.17';
export const DEV_DEPENDENCY_SOLJSON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/solc-0.8.17/soljson.js');

/**
 * Puts the devDependency's soljson into a Lookout cache folder, as a file that hands over the one
 * Node's own require loaded: Lookout loads a cached soljson through the require it is given, which
 * under jest is the test file's, so every test file compiling for 0.8.17 loaded and compiled the
 * 8 MB soljson again (half a second of CPU and a wasm memory each); Node's lives as long as the jest
 * worker (as `solc` does, see helpers/solcOncePerWorker.ts).
 */
export function seedCompilerCache(cacheDir: string): void {
  const target = cachedSoljsonPath(cacheDir, SEEDED_SOLC_VERSION);
  mkdirSync(path.dirname(target), { recursive: true });
  // A link left there would be followed: written through, the devDependency's own soljson was overwritten once.
  rmSync(target, { force: true });
  writeFileSync(target, `module.exports = process.getBuiltinModule('node:module').createRequire(__filename)(${JSON.stringify(DEV_DEPENDENCY_SOLJSON)});\n`);
}

/**
 * One folder per jest worker (this file runs before each of its test files), inside the run's own
 * (globalSetup's, removed at its end): a folder named after the pid outlived its run and was found by
 * a later worker with the same pid, with whatever an older test run had left in svm's folder and the cache.
 */
function workerRoot(): string {
  let root = process.env.LOOKOUT_JEST_WORKER_ROOT;
  if (root === undefined) {
    root = mkdtempSync(path.join(process.env.LOOKOUT_JEST_RUN_ROOT ?? os.tmpdir(), 'worker-'));
    process.env.LOOKOUT_JEST_WORKER_ROOT = root;
  }
  return root;
}

const testRoot = workerRoot();
process.env.LOOKOUT_SOLC_MIRROR = CLOSED_PORT_URL;
process.env.LOOKOUT_NPM_REGISTRY = CLOSED_PORT_URL;
process.env.SVM_HOME = path.join(testRoot, 'svm');
process.env.XDG_CACHE_HOME = path.join(testRoot, 'cache');
delete process.env.RUNNER_TOOL_CACHE;
seedCompilerCache(path.join(process.env.XDG_CACHE_HOME, 'lookout'));
