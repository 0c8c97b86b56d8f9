import { readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from './repoRoot.js';

/** The solc-js packages installed here, by the release their soljson holds. */
export const SOLC_PACKAGES = {
  '0.8.17': path.join(REPO_ROOT, 'node_modules', 'solc-0.8.17'),
  '0.8.37': path.join(REPO_ROOT, 'node_modules', 'solc'),
} as const;

export type WrappedVersion = keyof typeof SOLC_PACKAGES;

/**
 * A stand-in for a native solc (none can be downloaded here): a node script around solc-js that
 * answers `--version` as the solc CLI does and compiles `--standard-json` from stdin to stdout.
 * forge passes `--allow-paths A,B --base-path R --standard-json`; imports missing from the input are
 * read under the base path, as solc does.
 */
const SCRIPT = (node: string, solcPackage: string) => `#!${node}
const fs = require('fs');
const path = require('path');
const load = () => require(${JSON.stringify(path.join(solcPackage, 'wrapper.js'))})(require(${JSON.stringify(path.join(solcPackage, 'soljson.js'))}));
const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i < 0 ? undefined : args[i + 1]; };
if (args.includes('--version')) {
  // forge asks on every run, and loading soljson takes most of a second: the answer is kept beside the script.
  const kept = __filename + '.version';
  let version;
  try { version = fs.readFileSync(kept, 'utf8'); } catch { version = load().version().replace('.Emscripten.clang', '.Linux.g++'); fs.writeFileSync(kept, version); }
  process.stdout.write('solc, the solidity compiler commandline interface\\nVersion: ' + version + '\\n');
} else if (args.includes('--standard-json')) {
  const solc = load();
  const base = option('--base-path') ?? process.cwd();
  const findImports = (unit) => {
    try { return { contents: fs.readFileSync(path.resolve(base, unit), 'utf8') }; } catch { return { error: 'File not found: ' + unit }; }
  };
  process.stdout.write(solc.compile(fs.readFileSync(0, 'utf8'), { import: findImports }));
} else {
  process.stderr.write('this solc stand-in takes --version or --standard-json, got: ' + args.join(' ') + '\\n');
  process.exit(1);
}
`;

/**
 * Installs the stand-in for `version` in svm's layout, `<svmDir>/<v>/solc-<v>`, and returns its path:
 * a process of its own per compile, as a native solc is (the compile bench times that; the tests use
 * `serveSolcWrappers`). svmDir must lie outside any `"type": "module"` package (the script is
 * CommonJS without an extension).
 */
export async function installSolcWrapper(svmDir: string, version: WrappedVersion): Promise<string> {
  const file = path.join(svmDir, version, `solc-${version}`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, SCRIPT(process.execPath, SOLC_PACKAGES[version]));
  await chmod(file, 0o755);
  return file;
}

/**
 * The forge binary of the `@foundry-rs/forge-linux-amd64` optional dependency. The platform package
 * itself, not the `@foundry-rs/forge` wrapper: the wrapper lists platform packages the registry does
 * not have (its lock entries break `npm ci`), and its shim exits 0 whatever forge returns.
 */
export function forgeBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return path.join(REPO_ROOT, 'node_modules', '@foundry-rs', `forge-${process.platform}-${arch}`, 'bin', 'forge');
}

/** solc-js as the standard-JSON interface Node's own require loaded (once per process: jest's registry is per test file). */
interface SolcJs {
  version(): string;
  compile(input: string, callbacks: { import: (unit: string) => { contents: string } | { error: string } }): string;
}
const { createRequire } = process.getBuiltinModule('node:module');
const solcJs = (version: WrappedVersion): SolcJs => createRequire(import.meta.url)(SOLC_PACKAGES[version]) as SolcJs;

/** A stand-in that forwards to the compiler this process serves on `socket` (see `serveSolcWrappers`). */
const CLIENT = (node: string, socket: string, version: WrappedVersion, longVersion: string) => `#!${node}
const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write('solc, the solidity compiler commandline interface\\nVersion: ${longVersion}\\n');
  process.exit(0);
}
const i = args.indexOf('--base-path');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c)).on('end', () => {
  const request = require('http').request({ socketPath: ${JSON.stringify(socket)}, path: '/${version}', method: 'POST', headers: { 'x-base-path': i < 0 ? process.cwd() : args[i + 1] } }, (response) => response.pipe(process.stdout));
  request.on('error', (error) => { process.stderr.write('solc stand-in: ' + error.message + '\\n'); process.exit(1); });
  request.end(Buffer.concat(chunks));
});
`;

let served: Promise<string> | undefined;

/**
 * The socket this process compiles on for the stand-ins (see `serveSolcWrappers`), opened at the
 * first call. The server does not keep the process alive, and its socket goes with it.
 */
function solcServer(): Promise<string> {
  served ??= (async () => {
    // Not in svm's folder: svm reads every entry there as a version.
    const socket = path.join(await mkdtemp(path.join(tmpdir(), 'lookout-solc-')), 'solc.sock');
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const base = String(request.headers['x-base-path'] ?? '.');
        const findImports = (unit: string) => {
          try {
            return { contents: readFileSync(path.resolve(base, unit), 'utf8') };
          } catch {
            return { error: `File not found: ${unit}` };
          }
        };
        response.end(solcJs(request.url!.slice(1) as WrappedVersion).compile(Buffer.concat(chunks).toString('utf8'), { import: findImports }));
      });
    });
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    server.unref();
    process.once('exit', () => rmSync(path.dirname(socket), { recursive: true, force: true }));
    return socket;
  })();
  return served;
}

/**
 * The solc-js stand-ins in svm's layout under `svmDir`, for `versions` (every wrapped one unless
 * told), answered by this process: each forge build costs a compile, not a fresh node process loading
 * the 8 MB soljson (most of a second of CPU, and the suites run forge dozens of times).
 */
export async function serveSolcWrappers(svmDir: string, versions: readonly WrappedVersion[] = Object.keys(SOLC_PACKAGES) as WrappedVersion[]): Promise<void> {
  const socket = await solcServer();
  for (const version of versions) {
    const file = path.join(svmDir, version, `solc-${version}`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, CLIENT(process.execPath, socket, version, solcJs(version).version().replace('.Emscripten.clang', '.Linux.g++')));
    await chmod(file, 0o755);
  }
}
