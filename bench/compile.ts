/**
 * Compile time of a generated 23-file Foundry project per compiler source, cold and cached:
 * - soljson: Lookout's own standard-JSON call, solc-js loaded from a soljson file in Lookout's cache.
 *   Cold = load the wasm + compile; cached = compile again in the same process.
 * - native: Lookout's own call through the svm-layout binary (`~/.svm/<v>/solc-<v>`). No native solc
 *   can be had here, so that binary is the solc-js stand-in of __tests__/helpers/solcWrapper.ts: this row
 *   measures process spawns + the stand-in, not a real native solc. Cold = `--version` probe + compile;
 *   cached = one more compile.
 * - forge: `forge build --build-info` read back. Cold = empty out/ and cache/; cached = the same again
 *   with forge's cache (it skips solc and Lookout re-reads the build-info).
 * Each run is a fresh node process (soljson, once loaded, stays loaded), so every cold is cold.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { collectSources } from '../src/compile/imports.js';
import { readRemappings } from '../src/compile/remappings.js';
import { findSolidityFiles } from '../src/compile/sourceFiles.js';
import type { SolcOutput } from '../src/compile/solc.js';
import { OUTPUT_SELECTION } from '../src/compile/compile.js';
import { cachedSoljsonPath } from '../src/compile/compiler/cache.js';
import { compilerEnvironment, obtainCompiler, type CompilerEnvironment } from '../src/compile/compiler/index.js';
import { forgeBuildInfo } from '../src/compile/forge/index.js';
import { forgeBinary, installSolcWrapper, SOLC_PACKAGES } from '../__tests__/helpers/solcWrapper.js';
import { BENCH_PROJECT, writeBenchProject } from './generatedProject.js';
import { formatRow, median } from './stats.js';

const SOURCES = ['soljson', 'native', 'forge'] as const;
type CompilerSourceKind = (typeof SOURCES)[number];

/** The folders one bench run shares with its child processes. */
interface Setup {
  project: string;
  /** HOME whose `.svm` holds the stand-in solc. */
  svmHome: string;
  /** HOME with no svm folder, for the soljson rows. */
  emptyHome: string;
  /** XDG_CACHE_HOME whose `lookout/solc/<v>/soljson-<v>.cjs` holds the soljson. */
  soljsonCache: string;
  /** XDG_CACHE_HOME with nothing in it, for the native rows. */
  emptyCache: string;
}

interface Timing {
  coldMs: number;
  cachedMs: number;
  contracts: number;
}

export interface CompileRow {
  source: CompilerSourceKind;
  files: number;
  coldMs: number;
  cachedMs: number;
  contracts: number;
}

export async function benchCompile(runs: number): Promise<CompileRow[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lookout-bench-compile-'));
  try {
    const { setup, files } = await prepare(dir);
    const rows: CompileRow[] = [];
    for (const source of SOURCES) {
      const timings: Timing[] = [];
      for (let run = 0; run < runs; run++) timings.push(await inChild(source, setup));
      rows.push({
        source,
        files,
        coldMs: median(timings.map((t) => t.coldMs)),
        cachedMs: median(timings.map((t) => t.cachedMs)),
        contracts: timings[0].contracts,
      });
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printCompile(rows: readonly CompileRow[]): void {
  const widths = [8, 6, 10, 10, 10];
  console.log(formatRow(['source', 'files', 'cold ms', 'cached ms', 'contracts'], widths));
  for (const r of rows) console.log(formatRow([r.source, r.files, r.coldMs.toFixed(0), r.cachedMs.toFixed(0), r.contracts], widths));
  console.log('(native: the svm-layout binary here is a solc-js stand-in, so it measures spawns + soljson, not a real native solc)');
}

async function prepare(dir: string): Promise<{ setup: Setup; files: number }> {
  const setup: Setup = {
    project: path.join(dir, 'project'),
    svmHome: path.join(dir, 'svm-home'),
    emptyHome: path.join(dir, 'empty-home'),
    soljsonCache: path.join(dir, 'soljson-cache'),
    emptyCache: path.join(dir, 'empty-cache'),
  };
  for (const folder of Object.values(setup)) await mkdir(folder, { recursive: true });
  const files = await writeBenchProject(setup.project);
  await installSolcWrapper(path.join(setup.svmHome, '.svm'), BENCH_PROJECT.solc);
  const soljson = cachedSoljsonPath(solcEnvironment('soljson', setup).cacheDir, BENCH_PROJECT.solc);
  await mkdir(path.dirname(soljson), { recursive: true });
  await copyFile(path.join(SOLC_PACKAGES[BENCH_PROJECT.solc], 'soljson.js'), soljson);
  return { setup, files };
}

async function inChild(source: CompilerSourceKind, setup: Setup): Promise<Timing> {
  const self = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', self, '--child', source, JSON.stringify(setup)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Timing;
}

async function measure(source: CompilerSourceKind, setup: Setup): Promise<Timing> {
  return source === 'forge' ? measureForge(setup) : measureSolc(source, setup);
}

/** The native rows see only svm's folder, the soljson rows only Lookout's cache. */
function solcEnvironment(source: 'soljson' | 'native', setup: Setup): CompilerEnvironment {
  return compilerEnvironment({
    HOME: source === 'native' ? setup.svmHome : setup.emptyHome,
    XDG_CACHE_HOME: source === 'native' ? setup.emptyCache : setup.soljsonCache,
    // Never the network: a missing compiler must fail here, not download.
    LOOKOUT_SOLC_MIRROR: 'http://127.0.0.1:9',
    LOOKOUT_NPM_REGISTRY: 'http://127.0.0.1:9',
  });
}

async function measureSolc(source: 'soljson' | 'native', setup: Setup): Promise<Timing> {
  const env = solcEnvironment(source, setup);
  const input = standardJsonInput(setup.project);
  const start = performance.now();
  const compiler = await obtainCompiler(BENCH_PROJECT.solc, env);
  const expected = source === 'native' ? 'svm' : 'cache';
  if (compiler.source !== expected) throw new Error(`${source} row got its compiler from ${compiler.source}, not ${expected}`);
  const cold = checked(await compiler.compile(input));
  const compiled = performance.now();
  checked(await compiler.compile(input));
  return { coldMs: compiled - start, cachedMs: performance.now() - compiled, contracts: cold };
}

async function measureForge(setup: Setup): Promise<Timing> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'lookout-bench-forge-'));
  try {
    const options = { forge: forgeBinary(), env: { ...process.env, HOME: setup.svmHome }, workDir };
    const start = performance.now();
    const cold = await forgeBuildInfo(setup.project, options);
    const built = performance.now();
    const cached = await forgeBuildInfo(setup.project, options);
    const contracts = cold.reduce((n, c) => n + checked(c.output), 0);
    if (cached.reduce((n, c) => n + checked(c.output), 0) !== contracts) throw new Error('the cached forge build lost contracts');
    return { coldMs: built - start, cachedMs: performance.now() - built, contracts };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The same sources and settings forge compiles: the project's files, its remapping, optimizer and EVM version. */
function standardJsonInput(root: string): object {
  const closure = collectSources(root, findSolidityFiles(root, ['src']), readRemappings(root, [...BENCH_PROJECT.remappings]));
  return {
    language: 'Solidity',
    sources: Object.fromEntries([...closure.contents].map(([unit, content]) => [unit, { content }])),
    settings: {
      evmVersion: BENCH_PROJECT.evmVersion,
      optimizer: BENCH_PROJECT.optimizer,
      remappings: closure.solcRemappings,
      outputSelection: OUTPUT_SELECTION,
    },
  };
}

/** The number of contracts compiled; throws on compiler errors so a broken bench never reports a time. */
function checked(output: unknown): number {
  const { errors, contracts } = output as SolcOutput;
  const failed = (errors ?? []).filter((e) => e.severity === 'error');
  if (failed.length > 0) throw new Error(`the bench project does not compile:\n${failed.map((e) => e.formattedMessage ?? e.message).join('\n')}`);
  return Object.values(contracts ?? {}).reduce((n, perFile) => n + Object.keys(perFile).length, 0);
}

const invokedAs = process.argv[1] === undefined ? undefined : path.resolve(process.argv[1]);
if (invokedAs === fileURLToPath(import.meta.url)) {
  const [mode, source, setup] = process.argv.slice(2);
  if (mode === '--child') {
    console.log(JSON.stringify(await measure(source as CompilerSourceKind, JSON.parse(setup) as Setup)));
  } else {
    printCompile(await benchCompile(Number(process.env.BENCH_COMPILE_RUNS ?? 3)));
  }
}
