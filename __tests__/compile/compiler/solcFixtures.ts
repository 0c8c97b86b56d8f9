import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { REPO_ROOT } from '../../helpers/repoRoot.js';

/** The real solc-js 0.8.17 (an npm-aliased devDependency) the fake mirror and registry serve. */
export const SOLC_0817 = {
  version: '0.8.17',
  longVersion: '0.8.17+commit.8df45f5f',
  dir: path.join(REPO_ROOT, 'node_modules/solc-0.8.17'),
  soljson: path.join(REPO_ROOT, 'node_modules/solc-0.8.17/soljson.js'),
};

export function soljsonBytes(): Uint8Array {
  return readFileSync(SOLC_0817.soljson);
}

export function tempDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `lookout-${label}-`));
}

/** A standard-JSON input for one small contract pinned to 0.8.17. */
export const COUNTER_INPUT = {
  language: 'Solidity',
  sources: {
    'Counter.sol': {
      content:
        '// SPDX-License-Identifier: MIT\npragma solidity 0.8.17;\n' + 'contract Counter { uint256 public count; function inc() external { count += 1; } }\n',
    },
  },
  settings: { outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
};

/** The creation bytecode solc produced for Counter, or the errors it reported. */
export function counterBytecode(output: unknown): string {
  const typed = output as { contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>; errors?: unknown };
  const object = typed.contracts?.['Counter.sol']?.Counter?.evm.bytecode.object;
  if (!object) throw new Error(`no bytecode in ${JSON.stringify(typed.errors ?? output).slice(0, 500)}`);
  return object;
}

/**
 * A stand-in for a native solc binary: an executable node script that answers `--version` the way
 * solc does and compiles `--standard-json` from stdin with solc-js 0.8.17's soljson.
 */
export function nativeSolcScript(): string {
  const wrapper = JSON.stringify(path.join(SOLC_0817.dir, 'wrapper.js'));
  const soljson = JSON.stringify(SOLC_0817.soljson);
  return `#!/usr/bin/env node
const solc = require(${wrapper})(require(${soljson}));
if (process.argv.includes('--version')) {
  console.log('solc, the solidity compiler commandline interface');
  console.log('Version: ' + solc.version().replace('Emscripten.clang', 'Linux.g++'));
} else if (process.argv.includes('--standard-json')) {
  let input = '';
  process.stdin.on('data', (chunk) => (input += chunk));
  process.stdin.on('end', () => process.stdout.write(solc.compile(input)));
} else {
  process.exit(1);
}
`;
}

/** Writes an executable file (parents included). */
export function writeExecutable(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  chmodSync(file, 0o755);
}

/** The npm tarball of solc@0.8.17 as the registry serves it: the package under `package/`, gzipped. */
export async function packSolcTarball(): Promise<Uint8Array> {
  const staging = tempDir('pack');
  try {
    mkdirSync(path.join(staging, 'package'));
    for (const file of ['package.json', 'soljson.js', 'wrapper.js', 'index.js']) {
      cpSync(path.join(SOLC_0817.dir, file), path.join(staging, 'package', file));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of create({ gzip: true, cwd: staging, portable: true }, ['package'])) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
