import { Parser, type ReadEntry } from 'tar';
import { storeArtifact } from './cache.js';
import { FetchFailure, getBytes, getJson } from './http.js';
import { verifyIntegrity } from './integrity.js';
import type { CompilerEnvironment, SourceAnswer } from './types.js';
import { sortedReleases } from './version.js';

// The solc-js package the Solidity team publishes: each version's tarball holds that release's soljson.
const PACKAGE = 'solc';
const SOLJSON_ENTRY = 'package/soljson.js';

interface VersionManifest {
  dist?: { tarball?: unknown; integrity?: unknown; shasum?: unknown };
}

/**
 * Fetches `solc@<version>` from the npm registry, checks the tarball against `dist.integrity`, and
 * caches its soljson. Many CI and air-gapped machines reach a registry (or its mirror) but not
 * binaries.soliditylang.org. A mismatch throws an IntegrityError and nothing is cached.
 */
export async function npmCompiler(version: string, env: CompilerEnvironment): Promise<SourceAnswer> {
  try {
    const manifest = (await getJson(env, `${env.npmRegistry}/${PACKAGE}/${version}`)) as VersionManifest;
    const tarball = manifest.dist?.tarball;
    const integrity = integrityOf(manifest);
    if (typeof tarball !== 'string' || !integrity) {
      return { unavailable: `${env.npmRegistry}/${PACKAGE}/${version} has no dist.tarball with an integrity` };
    }
    const bytes = await getBytes(env, tarball);
    verifyIntegrity(bytes, integrity, `${tarball} (solc ${version})`);
    const soljson = await extractFile(bytes, SOLJSON_ENTRY);
    if (!soljson) return { unavailable: `${tarball} has no ${SOLJSON_ENTRY}` };
    return { found: await storeArtifact(env.cacheDir, version, 'soljson', soljson) };
  } catch (error) {
    if (!(error instanceof FetchFailure)) throw error;
    return { unavailable: error.message };
  }
}

/** Every version of the package the registry knows (the abbreviated packument keeps this small). */
export async function npmVersions(env: CompilerEnvironment): Promise<string[]> {
  const url = `${env.npmRegistry}/${PACKAGE}`;
  const packument = (await getJson(env, url, 'application/vnd.npm.install-v1+json')) as { versions?: unknown };
  if (typeof packument.versions !== 'object' || packument.versions === null) {
    throw new FetchFailure(`${url}: no "versions" in the package document`);
  }
  return sortedReleases(Object.keys(packument.versions));
}

// Packages published before npm 5 carry only a hex sha1 `shasum`; SRI spells the same check `sha1-<base64>`.
function integrityOf(manifest: VersionManifest): string | undefined {
  const { integrity, shasum } = manifest.dist ?? {};
  if (typeof integrity === 'string') return integrity;
  if (typeof shasum === 'string') return `sha1-${Buffer.from(shasum, 'hex').toString('base64')}`;
  return undefined;
}

/** One file's bytes from a (gzipped) tarball held in memory; `undefined` when it is not there. */
function extractFile(tarball: Uint8Array, entryPath: string): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    let file: Uint8Array | undefined;
    const parser = new Parser({
      onReadEntry: (entry: ReadEntry) => {
        if (entry.path !== entryPath) return entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => (file = Buffer.concat(chunks)));
      },
    });
    parser.on('warn', (code: string, message: string | Error) => {
      if (code === 'TAR_BAD_ARCHIVE') reject(new FetchFailure(`not a tarball: ${String(message)}`));
    });
    parser.on('error', reject);
    parser.on('end', () => resolve(file));
    parser.end(Buffer.from(tarball));
  });
}
