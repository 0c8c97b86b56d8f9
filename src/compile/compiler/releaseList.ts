import { FetchFailure, getJson } from './http.js';
import type { CompilerEnvironment, ListPlatform } from './types.js';
import { isExactRelease } from './version.js';

/** One release's file in a platform folder of the official binaries site. */
export interface ReleaseBuild {
  version: string;
  longVersion: string;
  /** The file's URL: `<mirror>/<platform>/<path>`. */
  url: string;
  /** Hex, without `0x`. */
  sha256: string;
}

/** A platform's `list.json`, reduced to its releases (nightlies left out). */
export interface ReleaseList {
  url: string;
  releases: ReadonlyMap<string, ReleaseBuild>;
}

export function listUrl(mirror: string, platform: ListPlatform): string {
  return `${mirror}/${platform}/list.json`;
}

interface ListJson {
  builds?: { path?: unknown; version?: unknown; longVersion?: unknown; sha256?: unknown }[];
  releases?: Record<string, unknown>;
}

/**
 * Reads the official list format: `releases` maps each release to the file name of its build, and
 * that build's entry in `builds` carries the hashes. A build without a sha256 cannot be checked and is
 * left out, as if it were not listed.
 */
export function parseReleaseList(url: string, json: unknown): ReleaseList {
  const list = json as ListJson;
  if (typeof list !== 'object' || list === null || !Array.isArray(list.builds) || typeof list.releases !== 'object') {
    throw new FetchFailure(`${url}: not a solc release list (no "builds" and "releases")`);
  }
  const byPath = new Map(list.builds.filter((b) => typeof b.path === 'string').map((b) => [b.path as string, b]));
  const folder = url.slice(0, url.lastIndexOf('/'));
  const releases = new Map<string, ReleaseBuild>();
  for (const [version, path] of Object.entries(list.releases ?? {})) {
    const build = typeof path === 'string' ? byPath.get(path) : undefined;
    if (!isExactRelease(version) || !build || typeof build.sha256 !== 'string') continue;
    releases.set(version, {
      version,
      longVersion: typeof build.longVersion === 'string' ? build.longVersion : version,
      url: `${folder}/${path as string}`,
      sha256: build.sha256.toLowerCase().replace(/^0x/, ''),
    });
  }
  return { url, releases };
}

export async function releaseList(env: CompilerEnvironment, platform: ListPlatform): Promise<ReleaseList> {
  const url = listUrl(env.mirror, platform);
  return parseReleaseList(url, await getJson(env, url));
}
