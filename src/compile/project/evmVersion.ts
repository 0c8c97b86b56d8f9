import semver from 'semver';

/** EVM versions solc knows, oldest first, with the first solc release that accepts each as `evmVersion`. */
const EVM_VERSIONS = [
  ['homestead', '0.4.21'],
  ['tangerineWhistle', '0.4.21'],
  ['spuriousDragon', '0.4.21'],
  ['byzantium', '0.4.21'],
  ['constantinople', '0.4.22'],
  ['petersburg', '0.5.5'],
  ['istanbul', '0.5.14'],
  ['berlin', '0.8.5'],
  ['london', '0.8.7'],
  ['paris', '0.8.18'],
  ['shanghai', '0.8.20'],
  ['cancun', '0.8.24'],
  ['prague', '0.8.27'],
  ['osaka', '0.8.29'],
] as const;

export type EvmVersion = (typeof EVM_VERSIONS)[number][0];

/** foundry.toml's `evm_version` when unset (forge 1.x). */
export const FORGE_DEFAULT_EVM_VERSION: EvmVersion = 'osaka';

/** The hardfork Lookout's executor runs: code for a later fork could use opcodes it lacks. */
export const EXECUTOR_EVM_VERSION: EvmVersion = 'prague';

/** solc before this has no `evmVersion` setting at all. */
const FIRST_SOLC_WITH_EVM_VERSION = '0.4.21';

const rank = (evm: EvmVersion): number => EVM_VERSIONS.findIndex(([name]) => name === evm);

/** The EVM version named `name` (forge also accepts it lowercased), or undefined. */
export function parseEvmVersion(name: string): EvmVersion | undefined {
  return EVM_VERSIONS.find(([known]) => known.toLowerCase() === name.toLowerCase())?.[0];
}

export function knownEvmVersions(): string[] {
  return EVM_VERSIONS.map(([name]) => name);
}

export interface EvmVersionChoice {
  /** undefined: the compiler predates the setting, so none is passed. */
  evmVersion?: EvmVersion;
  /** Why the version differs from the one asked for, when the difference is not forge's own doing. */
  note?: string;
}

/**
 * The `evmVersion` to pass solc `compilerVersion` for a requested one, as forge does: capped at the
 * newest fork that compiler knows (0.8.17 → london, 0.8.20 → shanghai, 0.7.6 → istanbul); then capped
 * at the executor's fork, with a note when the request was explicit (forge's default is later than it).
 */
export function chooseEvmVersion(requested: EvmVersion | undefined, compilerVersion: string): EvmVersionChoice {
  if (semver.lt(compilerVersion, FIRST_SOLC_WITH_EVM_VERSION)) return {};
  const wanted = requested ?? FORGE_DEFAULT_EVM_VERSION;
  const supported = EVM_VERSIONS.filter(([, since]) => semver.gte(compilerVersion, since)).map(([name]) => name);
  // Forge leaves anything older than the newest supported fork alone (e.g. byzantium on 0.8.17).
  const forge = rank(wanted) <= rank(supported[supported.length - 1]) ? wanted : supported[supported.length - 1];
  if (rank(forge) <= rank(EXECUTOR_EVM_VERSION)) return { evmVersion: forge };
  if (requested === undefined) return { evmVersion: EXECUTOR_EVM_VERSION };
  return {
    evmVersion: EXECUTOR_EVM_VERSION,
    note: `evm_version "${requested}" is later than the ${EXECUTOR_EVM_VERSION} EVM Lookout executes; compiling for ${EXECUTOR_EVM_VERSION} instead.`,
  };
}
