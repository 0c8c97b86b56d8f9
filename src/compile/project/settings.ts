import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '../../diff/index.js';
import { ConfigurationError, errorMessage } from '../../errors.js';
import { parseFoundryConfig, type Environment, type FoundryValues } from './foundryToml.js';
import { defaultLibs, defaultSrc } from './layout.js';
import { readProjectRemappings } from './projectRemappings.js';
import type { LinkedLibrary, ProjectSettings } from './types.js';

const EXACT_VERSION = /^\d+\.\d+\.\d+$/;
// Looks like a version requirement rather than a path: forge would take it for a binary that does not exist.
const VERSION_LIKE = /^[v=^~<>]*\s*\d+(\.\d+)*(\s.*)?$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DEFAULT_OPTIMIZER_RUNS = 200;

/** `solc`: an exact version, or a path (relative to the root) to a solc binary. */
function solcPin(value: string, root: string, where: string): ProjectSettings['solc'] {
  const text = value.trim();
  if (EXACT_VERSION.test(text)) return { version: text };
  if (VERSION_LIKE.test(text)) {
    throw new ConfigurationError(`${where} is "${value}": give an exact compiler version such as "0.8.17" (or a path to a solc binary), not a range.`);
  }
  return { path: path.resolve(root, text) };
}

function solcOrigin(env: Environment): string | undefined {
  const variable = ['FOUNDRY_SOLC', 'FOUNDRY_SOLC_VERSION', 'DAPP_SOLC_VERSION'].find((name) => env[name] !== undefined);
  return variable && `Environment variable ${variable}`;
}

/** `libraries` entries, `<file>:<name>:<address>`. */
function linkedLibrary(entry: string, where: string): LinkedLibrary {
  const parts = entry.split(':').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => p === '') || !ADDRESS.test(parts[2])) {
    throw new ConfigurationError(`${where} has "${entry}": write each library as "<file>:<name>:<0x address>", e.g. "src/Lib.sol:Lib:0x${'1'.repeat(40)}".`);
  }
  return { file: parts[0], name: parts[1], address: parts[2] };
}

/** forge's optimizer defaults: off with 200 runs; runs alone switch it on when above 0. */
function optimizer(values: FoundryValues): ProjectSettings['optimizer'] {
  const runs = values.optimizer_runs ?? DEFAULT_OPTIMIZER_RUNS;
  return { enabled: values.optimizer ?? (values.optimizer_runs !== undefined && runs > 0), runs };
}

/** The foundry.toml keys naming paths forge writes to, or lets solc and cheatcodes read, besides the layout's. */
const OTHER_PATH_KEYS = ['out', 'cache_path', 'broadcast', 'snapshots', 'allow_paths', 'include_paths', 'fs_permissions'] as const;

/**
 * A pull request chooses foundry.toml: a folder that resolves outside the project would have forge (and
 * the reproducer check) write there, or read what is not the project's. Refused, naming the key.
 */
function refuseOutside(root: string, values: FoundryValues, where: (key: string) => string): void {
  const keys = ['src', 'test', 'script', 'libs', ...OTHER_PATH_KEYS] as const;
  for (const key of keys) {
    const value = values[key];
    for (const folder of value === undefined ? [] : typeof value === 'string' ? [value] : value) {
      if (!isInside(root, path.resolve(root, folder))) {
        throw new ConfigurationError(
          `${where(key)} is "${folder}", outside the project: Lookout reads and writes nothing outside it. Use a folder inside ${root}.`,
        );
      }
    }
  }
}

/** A folder setting as forge compares it: no `./`, no trailing slash. */
function folder(value: string): string {
  return path.posix.normalize(value.replace(/\\/g, '/')).replace(/\/+$/, '') || '.';
}

function readConfigText(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`Cannot read ${file}: ${errorMessage(error)}. Make it readable or remove it.`);
  }
}

/**
 * How the project at `root` builds, as forge sees it: foundry.toml's active profile (forge's
 * defaults without one, including Hardhat's `contracts` folder), the FOUNDRY_* environment and the
 * remappings forge computes. Throws ConfigurationError naming the file and key when a value is wrong.
 */
export function readProjectSettings(root: string, env: Environment = process.env): ProjectSettings {
  const absoluteRoot = path.resolve(root);
  const configFile = path.join(absoluteRoot, 'foundry.toml');
  const text = readConfigText(configFile);
  const { profile, values, invariant, warnings, extends: extendsFile } = parseFoundryConfig(text, configFile, env);
  const where = (key: string): string => `${configFile} [profile.${profile}] key "${key}"`;
  refuseOutside(absoluteRoot, values, where);
  const layout = {
    src: folder(values.src ?? defaultSrc(absoluteRoot)),
    test: folder(values.test ?? 'test'),
    script: folder(values.script ?? 'script'),
    libs: (values.libs ?? defaultLibs(absoluteRoot)).map(folder),
  };
  return {
    root: absoluteRoot,
    ...(text === undefined ? {} : { configFile }),
    ...(extendsFile === undefined ? {} : { extends: extendsFile }),
    profile,
    ...layout,
    remappings: readProjectRemappings({
      root: absoluteRoot,
      ...layout,
      config: values.remappings ?? [],
      configFile,
      autoDetect: values.auto_detect_remappings ?? true,
      env,
    }),
    ...(values.solc === undefined ? {} : { solc: solcPin(values.solc, absoluteRoot, solcOrigin(env) ?? where('solc')) }),
    autoDetectSolc: values.auto_detect_solc ?? true,
    ffi: values.ffi ?? false,
    optimizer: optimizer(values),
    viaIR: values.via_ir ?? false,
    ...(values.evm_version === undefined ? {} : { evmVersion: values.evm_version }),
    libraries: (values.libraries ?? []).map((entry) => linkedLibrary(entry, where('libraries'))),
    bytecodeHash: values.bytecode_hash ?? 'ipfs',
    cborMetadata: values.cbor_metadata ?? true,
    invariant: { failOnRevert: invariant.fail_on_revert ?? false },
    warnings,
  };
}
