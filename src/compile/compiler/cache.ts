import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../errors.js';
import type { CompilerArtifact, SourceAnswer } from './types.js';
import { sortedReleases } from './version.js';

// Layout: <cacheDir>/solc/<v>/solc-<v> (native, as svm names it) or soljson-<v>.cjs. The `.cjs`
// keeps `require` loading it as CommonJS even under a folder whose package.json says "type": "module".
export function cachedNativePath(cacheDir: string, version: string): string {
  return path.join(cacheDir, 'solc', version, `solc-${version}`);
}

export function cachedSoljsonPath(cacheDir: string, version: string): string {
  return path.join(cacheDir, 'solc', version, `soljson-${version}.cjs`);
}

/** The cached compiler of a version, native first (it is several times faster). Only verified bytes are ever cached. */
function cachedArtifact(cacheDir: string, version: string): CompilerArtifact | undefined {
  const native = cachedNativePath(cacheDir, version);
  if (existsSync(native)) return { kind: 'native', path: native };
  const soljson = cachedSoljsonPath(cacheDir, version);
  if (existsSync(soljson)) return { kind: 'soljson', path: soljson };
  return undefined;
}

export function cacheCompiler(cacheDir: string, version: string): SourceAnswer {
  const artifact = cachedArtifact(cacheDir, version);
  return artifact ? { found: artifact } : { unavailable: `nothing for ${version} in ${cacheDir}` };
}

export async function cachedVersions(cacheDir: string): Promise<string[]> {
  const folders = await readdir(path.join(cacheDir, 'solc')).catch(() => []);
  return sortedReleases(folders.filter((version) => cachedArtifact(cacheDir, version) !== undefined));
}

/**
 * Writes verified bytes into the cache under a temporary name and renames them into place, so a
 * crash or a concurrent run never leaves a half-written compiler where the cache would find it.
 */
export async function storeArtifact(cacheDir: string, version: string, kind: 'native' | 'soljson', bytes: Uint8Array): Promise<CompilerArtifact> {
  const target = kind === 'native' ? cachedNativePath(cacheDir, version) : cachedSoljsonPath(cacheDir, version);
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(temporary, bytes);
    if (kind === 'native') await chmod(temporary, 0o755);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new ConfigurationError(
      `Cannot write solc ${version} into Lookout's cache ${cacheDir}: ${(error as Error).message}. ` +
        'Make it writable, or point XDG_CACHE_HOME (RUNNER_TOOL_CACHE on Actions) at a writable folder.',
    );
  }
  return { kind, path: target };
}
