import { accessSync, constants } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SourceAnswer } from './types.js';
import { sortedReleases } from './version.js';

// svm-rs's layout (`paths.rs` `version_binary`): <data dir>/<v>/solc-<v>.
function svmBinaryPath(dir: string, version: string): string {
  return path.join(dir, version, `solc-${version}`);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The native binary svm (or forge, or foundry-toolchain) installed for a version. */
export function svmCompiler(svmDirs: readonly string[], version: string): SourceAnswer {
  const binary = svmDirs.map((dir) => svmBinaryPath(dir, version)).find(isExecutable);
  if (binary) return { found: { kind: 'native', path: binary } };
  return { unavailable: `no executable solc-${version} in ${svmDirs.join(' or ')}` };
}

export async function svmVersions(svmDirs: readonly string[]): Promise<string[]> {
  const perDir = await Promise.all(
    svmDirs.map(async (dir) => {
      const folders = await readdir(dir).catch(() => []);
      return folders.filter((version) => isExecutable(svmBinaryPath(dir, version)));
    }),
  );
  return sortedReleases(perDir.flat());
}
