import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * Dependencies every suite loads, each made one file (shared code in common chunks, so a class
 * `@ethereumjs/util` defines is the one `@ethereumjs/vm` uses). Jest links each module of a package
 * apart in every test file: viem's index alone is hundreds of modules, about 1 s of CPU per suite,
 * where one bundled file takes 70 ms. The bundles are built from node_modules once per install.
 */
const BUNDLED = [
  'viem',
  '@ethereumjs/common',
  '@ethereumjs/evm',
  '@ethereumjs/statemanager',
  '@ethereumjs/util',
  '@ethereumjs/vm',
  '@noble/curves/secp256k1.js',
  '@noble/hashes/sha3.js',
  'micro-eth-signer/kzg.js',
  'zod',
];

function bundledDependencies() {
  const install = readFileSync(path.join(ROOT, 'node_modules/.package-lock.json'));
  const key = createHash('sha256').update(install).update(JSON.stringify(BUNDLED)).digest('hex').slice(0, 16);
  const dir = path.join(ROOT, 'node_modules/.cache/lookout-jest', key);
  const fileOf = (specifier) => `${specifier.replace(/\.js$/, '').replace(/[@/.]/g, '_')}.mjs`;
  if (!existsSync(dir)) {
    // Built aside and renamed into place: two runs starting at once each build, one keeps its copy.
    const building = `${dir}.${process.pid}`;
    mkdirSync(path.join(building, 'entries'), { recursive: true });
    const entryPoints = BUNDLED.map((specifier) => {
      const entry = path.join(building, 'entries', fileOf(specifier));
      writeFileSync(entry, `export * from '${specifier}';\n`);
      return { in: entry, out: fileOf(specifier).replace(/\.mjs$/, '') };
    });
    buildSync({
      entryPoints,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outdir: building,
      outExtension: { '.js': '.mjs' },
      nodePaths: [path.join(ROOT, 'node_modules')],
      // CommonJS inside (debug's `require('tty')`) asks Node for built-ins.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    try {
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
  }
  const escape = (specifier) => specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return Object.fromEntries(BUNDLED.map((specifier) => [`^${escape(specifier)}$`, path.join(dir, fileOf(specifier))]));
}

// ESM throughout: @noble/hashes v2 is ESM-only and @ethereumjs v10 ship `exports` maps.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  // No test reaches the internet for a compiler; see the file.
  setupFiles: ['<rootDir>/__tests__/setupEnv.ts'],
  globalSetup: '<rootDir>/__tests__/globalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/globalTeardown.ts',
  moduleNameMapper: { ...bundledDependencies(), '^solc$': '<rootDir>/__tests__/helpers/solcOncePerWorker.ts', '^(\\.{1,2}/.*)\\.js$': '$1' },
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/__tests__/esbuildTransform.js' },
  testTimeout: 120000,
  // Jest's default (cores − 1) runs one worker on a 2-core machine. The suites are CPU-bound campaigns
  // but each also waits on child processes (git, forge, the solc stand-in) and worker threads: half a
  // worker more per core keeps the cores busy (2 cores: 649 s with 2 workers, 619 s with 3). A count,
  // not '150%': Jest reads a percentage above 100 as that many workers.
  maxWorkers: Math.max(1, Math.floor(availableParallelism() * 1.5)),
};
