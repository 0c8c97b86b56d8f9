import { storeArtifact } from './cache.js';
import { FetchFailure, getBytes } from './http.js';
import { verifySha256 } from './integrity.js';
import { releaseList } from './releaseList.js';
import type { CompilerEnvironment, ListPlatform, SourceAnswer } from './types.js';

/**
 * Downloads a version from the official release lists (or `LOOKOUT_SOLC_MIRROR`), trying the
 * platforms in the order given (native before wasm), checks it against the list's sha256 and caches
 * it. Unreachable or unlisted: unavailable. A hash mismatch throws an IntegrityError: it is never
 * cached, and a tampered mirror must be seen rather than papered over by another source.
 */
export async function downloadCompiler(version: string, env: CompilerEnvironment, platforms: readonly ListPlatform[]): Promise<SourceAnswer> {
  const reasons: string[] = [];
  for (const platform of platforms) {
    try {
      const list = await releaseList(env, platform);
      const build = list.releases.get(version);
      if (!build) {
        reasons.push(`${list.url} does not list ${version}`);
        continue;
      }
      const bytes = await getBytes(env, build.url);
      verifySha256(bytes, build.sha256, `${build.url} (solc ${version})`);
      const kind = platform === 'wasm' ? 'soljson' : 'native';
      return { found: await storeArtifact(env.cacheDir, version, kind, bytes) };
    } catch (error) {
      if (!(error instanceof FetchFailure)) throw error;
      reasons.push(error.message);
    }
  }
  return { unavailable: reasons.join('; ') };
}
