import { chmod, mkdir, writeFile } from 'node:fs/promises';
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
const solc = require(${JSON.stringify(path.join(solcPackage, 'wrapper.js'))})(require(${JSON.stringify(path.join(solcPackage, 'soljson.js'))}));
const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i < 0 ? undefined : args[i + 1]; };
if (args.includes('--version')) {
  const version = solc.version().replace('.Emscripten.clang', '.Linux.g++');
  process.stdout.write('solc, the solidity compiler commandline interface\\nVersion: ' + version + '\\n');
} else if (args.includes('--standard-json')) {
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
 * Installs the stand-in for `version` in svm's layout, `<svmDir>/<v>/solc-<v>`, and returns its path.
 * svmDir must lie outside any `"type": "module"` package (the script is CommonJS without an extension).
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
