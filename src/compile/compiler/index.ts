import semver from 'semver';
import { ConfigurationError, errorMessage } from '../../errors.js';
import { BUNDLED_VERSION, loadBundled } from './bundled.js';
import { cacheCompiler, cachedNativePath, cachedSoljsonPath, cachedVersions } from './cache.js';
import { downloadCompiler } from './download.js';
import { MIRROR_VARIABLE, NPM_REGISTRY_VARIABLE } from './environment.js';
import { IntegrityError } from './integrity.js';
import { nativeCompiler } from './native.js';
import { withOutputCache } from './outputCache.js';
import { npmCompiler, npmVersions } from './npm.js';
import { releaseList } from './releaseList.js';
import { loadSoljson, soljsonCompiler } from './soljson.js';
import { svmCompiler, svmVersions } from './svm.js';
import type { CompilerArtifact, CompilerEnvironment, CompilerSource, ListPlatform, SolcCompiler, SourceAnswer } from './types.js';
import { assertExactRelease, sortedReleases } from './version.js';

export { compilerEnvironment, type Host } from './environment.js';
export { IntegrityError } from './integrity.js';
export { cachedNativePath, cachedSoljsonPath } from './cache.js';
export { BUNDLED_VERSION } from './bundled.js';
export type { CompilerEnvironment, CompilerSource, SolcCompiler } from './types.js';

type Locate = () => Promise<SourceAnswer> | SourceAnswer;

// The sources in the order they are tried. A soljson download or the npm package of the bundled
// version would only fetch the bytes Lookout already ships, so for that version they are skipped;
// a native download of it is still worth having (several times faster than soljson).
function sources(version: string, env: CompilerEnvironment): [CompilerSource, Locate][] {
  const bundled = version === BUNDLED_VERSION;
  return [
    ['svm', () => svmCompiler(env.svmDirs, version)],
    ['cache', () => cacheCompiler(env.cacheDir, version)],
    [
      'download',
      () => {
        const platforms = downloadPlatforms(version, env, bundled);
        return platforms.length > 0 ? downloadCompiler(version, env, platforms) : { unavailable: 'the same soljson is bundled' };
      },
    ],
    ['npm', () => (bundled ? { unavailable: 'the same solc-js is bundled' } : npmCompiler(version, env))],
    ['bundled', () => (bundled ? { found: { kind: 'bundled' } } : { unavailable: `the bundled solc-js is ${BUNDLED_VERSION}` })],
  ];
}

function downloadPlatforms(version: string, env: CompilerEnvironment, bundled: boolean): ListPlatform[] {
  const native = env.native;
  const runsNative = native !== undefined && (!native.sinceVersion || semver.gte(version, native.sinceVersion));
  return [...(runsNative ? [native.platform] : []), ...(bundled ? [] : ['wasm' as const])];
}

async function load(artifact: CompilerArtifact, version: string, source: CompilerSource): Promise<SolcCompiler> {
  switch (artifact.kind) {
    case 'native':
      return nativeCompiler(artifact.path, version, source);
    case 'soljson':
      return soljsonCompiler(loadSoljson(version, artifact.path), version, source);
    case 'bundled':
      return soljsonCompiler(await loadBundled(), version, source);
  }
}

/**
 * A solc of exactly `version`, from the first source that has one: svm's folder, Lookout's cache, the
 * release list (downloaded, hash-checked, cached), the npm registry's `solc` package (likewise), the
 * bundled solc-js. A compiler that is found but does not run is passed over for the next source. Throws
 * ConfigurationError when none has it (naming the ways to provide it) and IntegrityError when a
 * download does not match its published hash.
 */
export async function obtainCompiler(version: string, env: CompilerEnvironment): Promise<SolcCompiler> {
  assertExactRelease(version);
  const reasons: string[] = [];
  for (const [source, locate] of sources(version, env)) {
    const answer = await locate();
    if ('unavailable' in answer) {
      reasons.push(`${source}: ${answer.unavailable}`);
      continue;
    }
    try {
      const compiler = await load(answer.found, version, source);
      return env.outputCache === undefined ? compiler : withOutputCache(compiler, env.outputCache);
    } catch (error) {
      if (error instanceof IntegrityError) throw error;
      reasons.push(`${source}: ${errorMessage(error)}`);
    }
  }
  throw new ConfigurationError(unavailableMessage(version, env, reasons));
}

function unavailableMessage(version: string, env: CompilerEnvironment, reasons: string[]): string {
  return [
    `solc ${version} is not installed and could not be obtained:`,
    ...reasons.map((reason) => `  - ${reason}`),
    'Provide it in any of these ways:',
    ...waysToProvide(version, env),
  ].join('\n');
}

/** The sources `obtainCompiler` tries, as what a user can do to fill one; `version` may be a placeholder. */
function waysToProvide(version: string, env: CompilerEnvironment): string[] {
  return [
    `  - install it into svm's folder (${env.svmDirs[0]}): \`svm install ${version}\`, \`forge build\`, or foundry-toolchain;`,
    `  - put it in Lookout's cache: a native binary at ${cachedNativePath(env.cacheDir, version)}` +
      ` or a soljson at ${cachedSoljsonPath(env.cacheDir, version)};`,
    `  - set ${MIRROR_VARIABLE} to a reachable mirror of binaries.soliditylang.org (now ${env.mirror});`,
    `  - make the npm registry reachable, or set ${NPM_REGISTRY_VARIABLE} to one that is (now ${env.npmRegistry}).`,
  ];
}

/**
 * Why only installed compilers were considered for pragmas none of them satisfies: the release list
 * and the npm registry did not answer (`unreachable`, one reason each), and how to provide a compiler.
 */
export function offlineMessage(env: CompilerEnvironment, unreachable: readonly string[], installed: readonly string[]): string {
  return [
    `The solc release list and the npm registry could not be reached, so only the installed compilers (${installed.join(', ')}) were considered:`,
    ...unreachable.map((reason) => `  - ${reason}`),
    'Provide a version the pragmas accept in any of these ways:',
    ...waysToProvide('<version>', env),
  ].join('\n');
}

/** Versions available without the network: svm's, the cache's and the bundled one, oldest first. */
export async function installedVersions(env: CompilerEnvironment): Promise<string[]> {
  const [svm, cached] = await Promise.all([svmVersions(env.svmDirs), cachedVersions(env.cacheDir)]);
  return sortedReleases([...svm, ...cached, BUNDLED_VERSION]);
}

/**
 * Every released version, oldest first: from the mirror's release lists, else from the npm registry's
 * `solc` versions; offline (neither answers), why each could not be read.
 */
export async function releasedVersions(env: CompilerEnvironment): Promise<{ versions: string[] } | { unreachable: string[] }> {
  const platforms: ListPlatform[] = [...(env.native ? [env.native.platform] : []), 'wasm'];
  const unreachable: string[] = [];
  const unread = (error: unknown) => void unreachable.push(errorMessage(error));
  const lists = await Promise.all(platforms.map((platform) => releaseList(env, platform).catch(unread)));
  const listed = lists.flatMap((list) => (list ? [...list.releases.keys()] : []));
  if (lists.some((list) => list !== undefined)) return { versions: sortedReleases(listed) };
  const npm = await npmVersions(env).catch(unread);
  return npm ? { versions: npm } : { unreachable };
}
