import os from 'node:os';
import path from 'node:path';
import { ConfigurationError } from '../../errors.js';
import { OUTPUT_CACHE_VARIABLE } from './outputCache.js';
import type { CompilerEnvironment, NativeTarget } from './types.js';

export const MIRROR_VARIABLE = 'LOOKOUT_SOLC_MIRROR';
export const NPM_REGISTRY_VARIABLE = 'LOOKOUT_NPM_REGISTRY';

const DEFAULTS = {
  mirror: 'https://binaries.soliditylang.org',
  npmRegistry: 'https://registry.npmjs.org',
  timeoutMs: 60_000,
};

/** The machine facts the environment variables do not carry. */
export interface Host {
  platform: NodeJS.Platform;
  arch: string;
  fetch: typeof fetch;
}

const currentHost: Host = { platform: process.platform, arch: process.arch, fetch: globalThis.fetch };

/**
 * Reads the variables compiler lookup honours: `SVM_HOME` (else svm-rs's own choice of `~/.svm` or
 * `<data dir>/svm`), `RUNNER_TOOL_CACHE` / `XDG_CACHE_HOME` for Lookout's cache, `LOOKOUT_SOLC_MIRROR`,
 * `LOOKOUT_NPM_REGISTRY` or npm's own `npm_config_registry`, and `LOOKOUT_COMPILE_CACHE`.
 */
export function compilerEnvironment(env: NodeJS.ProcessEnv, host: Host = currentHost): CompilerEnvironment {
  const home = nonEmpty(env.HOME) ?? os.homedir();
  return {
    svmDirs: svmDirs(env, home, host.platform),
    cacheDir: cacheDir(env, home),
    mirror: baseUrl(MIRROR_VARIABLE, nonEmpty(env[MIRROR_VARIABLE]) ?? DEFAULTS.mirror, DEFAULTS.mirror),
    npmRegistry: npmRegistry(env),
    native: nativeTarget(host),
    fetch: host.fetch,
    timeoutMs: DEFAULTS.timeoutMs,
    ...(nonEmpty(env[OUTPUT_CACHE_VARIABLE]) && { outputCache: path.resolve(env[OUTPUT_CACHE_VARIABLE]!) }),
  };
}

// svm-rs (alloy-rs/svm-rs `paths.rs`) uses `~/.svm` when it exists, else `dirs::data_dir()/svm`.
// `SVM_HOME` is not svm-rs's own, but other tools (tevm, foundry containers) set it to relocate svm.
function svmDirs(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string[] {
  const relocated = nonEmpty(env.SVM_HOME);
  if (relocated) return [path.resolve(relocated)];
  const dataDir =
    platform === 'darwin' ? path.join(home, 'Library', 'Application Support') : (nonEmpty(env.XDG_DATA_HOME) ?? path.join(home, '.local', 'share'));
  return [path.join(home, '.svm'), path.join(dataDir, 'svm')];
}

// On Actions the tool cache survives between jobs on self-hosted runners and is where actions/cache users look.
function cacheDir(env: NodeJS.ProcessEnv, home: string): string {
  const toolCache = nonEmpty(env.RUNNER_TOOL_CACHE);
  if (toolCache) return path.join(toolCache, 'lookout-solc');
  return path.join(nonEmpty(env.XDG_CACHE_HOME) ?? path.join(home, '.cache'), 'lookout');
}

function npmRegistry(env: NodeJS.ProcessEnv): string {
  const own = nonEmpty(env[NPM_REGISTRY_VARIABLE]);
  if (own) return baseUrl(NPM_REGISTRY_VARIABLE, own, DEFAULTS.npmRegistry);
  const npms = nonEmpty(env.npm_config_registry);
  if (npms) return baseUrl('npm_config_registry', npms, DEFAULTS.npmRegistry);
  return DEFAULTS.npmRegistry;
}

// The official lists carry linux-amd64 and macosx-amd64 binaries; macOS ones are universal from 0.8.24 on,
// so Apple silicon without Rosetta runs only those. Everything else compiles with soljson.
function nativeTarget(host: Host): NativeTarget | undefined {
  if (host.platform === 'linux' && host.arch === 'x64') return { platform: 'linux-amd64' };
  if (host.platform === 'darwin' && host.arch === 'x64') return { platform: 'macosx-amd64' };
  if (host.platform === 'darwin' && host.arch === 'arm64') return { platform: 'macosx-amd64', sinceVersion: '0.8.24' };
  return undefined;
}

function baseUrl(variable: string, value: string, example: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`${variable}=${value} is not a URL; set it to an http(s) base URL such as ${example}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`${variable}=${value} must be an http:// or https:// URL.`);
  }
  return value.replace(/\/+$/, '');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
