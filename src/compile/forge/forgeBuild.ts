import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigurationError } from '../../errors.js';
import { currentPart, parseBuildInfo } from './buildInfo.js';
import type { ForgeBuildOptions, ForgeCompilation } from './types.js';
import { untrustedToolEnvironment } from './untrustedProject.js';

const run = promisify(execFile);

// Build-info files embed every source and the full output: tens of MB on large projects.
const MAX_BUFFER = 256 * 1024 * 1024;

/**
 * What Lookout reads beyond forge's default selection (abi, bytecode and deployed bytecode with
 * source maps, link and immutable references, the AST). forge 1.7 drops `evm.deployedBytecode.*`
 * extras, so deployed code comes without `generatedSources`.
 */
const EXTRA_OUTPUT = ['storageLayout', 'evm.bytecode.generatedSources'];

/**
 * `forge build --build-info` in the project root, with the project's own foundry.toml and active
 * profile, read back as one compilation per solc run. forge's out/ and cache/ go to `workDir`, never
 * the project's own: the extra outputs would otherwise invalidate the user's forge cache each time.
 * A failing build is a ConfigurationError carrying forge's message.
 */
export async function forgeBuildInfo(root: string, options: ForgeBuildOptions = {}): Promise<ForgeCompilation[]> {
  const workDir = options.workDir ?? (await mkdtemp(path.join(os.tmpdir(), 'lookout-forge-')));
  try {
    const buildInfoDir = path.join(workDir, 'build-info');
    await runForgeBuild(root, workDir, buildInfoDir, options);
    const files = existsSync(buildInfoDir) ? (await readdir(buildInfoDir)).filter((f) => f.endsWith('.json')).sort() : [];
    const compilations = await Promise.all(
      files.map(async (f) => parseBuildInfo(await readFile(path.join(buildInfoDir, f), 'utf8'), path.join(buildInfoDir, f))),
    );
    return compilations.flatMap((c) => currentPart(c, (unit) => readCurrent(root, unit)) ?? []);
  } finally {
    if (options.workDir === undefined) await rm(workDir, { recursive: true, force: true });
  }
}

/** Whether `forge --version` runs: a forge on PATH (or the given executable). */
export async function isForgeAvailable(options: Pick<ForgeBuildOptions, 'forge' | 'env'> = {}): Promise<boolean> {
  try {
    const { stdout } = await run(options.forge ?? 'forge', ['--version'], { env: options.env ?? process.env });
    return stdout.startsWith('forge');
  } catch {
    return false;
  }
}

async function runForgeBuild(root: string, workDir: string, buildInfoDir: string, options: ForgeBuildOptions): Promise<void> {
  const forge = options.forge ?? 'forge';
  const args = [
    'build',
    '--root',
    root,
    // Lookout never lets a build reach the network: a missing solc is an error naming the version.
    '--offline',
    '--color',
    'never',
    '--out',
    path.join(workDir, 'out'),
    '--cache-path',
    path.join(workDir, 'cache'),
    '--build-info',
    '--build-info-path',
    buildInfoDir,
    '--extra-output',
    ...EXTRA_OUTPUT,
    ...(options.includeTestsAndScripts ? [] : ['--skip', 'test', 'script']),
  ];
  let stdout: string;
  let stderr: string;
  try {
    ({ stdout, stderr } = await run(forge, args, { cwd: root, env: untrustedToolEnvironment(options.env ?? process.env), maxBuffer: MAX_BUFFER }));
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failed.code === 'ENOENT') {
      throw new ConfigurationError(`${forge} was not found; install Foundry (foundryup) or build with Lookout's own solc.`);
    }
    throw buildFailed(root, `${failed.stderr ?? ''}\n${failed.stdout ?? ''}`);
  }
  // The npm package's `forge` shim exits 0 whatever forge returned; forge prints failures as `Error: …`.
  if (/^Error/m.test(stderr)) throw buildFailed(root, `${stderr}\n${stdout}`);
}

function buildFailed(root: string, output: string): ConfigurationError {
  return new ConfigurationError(`forge build failed in ${root}:\n${output.trim()}\nFix the error above (forge build shows the same).`);
}

function readCurrent(root: string, unit: string): string | undefined {
  try {
    return readFileSync(path.resolve(root, unit), 'utf8');
  } catch {
    return undefined;
  }
}
