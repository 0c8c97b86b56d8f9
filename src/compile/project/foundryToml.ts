import { parse, TomlError } from 'smol-toml';
import { ConfigurationError } from '../../errors.js';
import { knownEvmVersions, parseEvmVersion, type EvmVersion } from './evmVersion.js';
import type { BytecodeHash } from './types.js';

export type Environment = Readonly<Record<string, string | undefined>>;

const DEFAULT_PROFILE = 'default';
const MAX_OPTIMIZER_RUNS = 2 ** 32 - 1;
const BYTECODE_HASHES: readonly BytecodeHash[] = ['ipfs', 'none', 'bzzr1'];

/** The foundry.toml keys Lookout reads, with their type. */
const KEYS = {
  src: 'string',
  test: 'string',
  script: 'string',
  libs: 'strings',
  remappings: 'strings',
  auto_detect_remappings: 'boolean',
  solc: 'string',
  auto_detect_solc: 'boolean',
  optimizer: 'boolean',
  optimizer_runs: 'integer',
  via_ir: 'boolean',
  evm_version: 'string',
  libraries: 'strings',
  bytecode_hash: 'string',
  cbor_metadata: 'boolean',
  // Folders forge writes to or lets solc and cheatcodes read: checked to stay inside the project.
  out: 'string',
  cache_path: 'string',
  broadcast: 'string',
  snapshots: 'string',
  allow_paths: 'strings',
  include_paths: 'strings',
  fs_permissions: 'permissions',
  ffi: 'boolean',
} as const;

type Kind = (typeof KEYS)[keyof typeof KEYS];
/** `permissions`: forge's `fs_permissions` tables, read for their paths. */
type KindValue = { string: string; boolean: boolean; integer: number; strings: string[]; permissions: string[] };
type Key = keyof typeof KEYS;
type RawValues = { [K in Key]?: KindValue[(typeof KEYS)[K]] };

/** The active profile's values: only keys set in the file or the environment are present. */
export type FoundryValues = Omit<RawValues, 'evm_version' | 'bytecode_hash'> & {
  evm_version?: EvmVersion;
  bytecode_hash?: BytecodeHash;
};

export interface FoundryConfig {
  profile: string;
  values: FoundryValues;
  /** The base file an active profile `extends` (forge merges it in; Lookout does not read it). */
  extends?: string;
  /** forge's invariant settings Lookout honours (see `invariantValues`). */
  invariant: InvariantValues;
  warnings: string[];
}

/** The `[invariant]` keys Lookout reads; only keys set somewhere are present. */
export interface InvariantValues {
  fail_on_revert?: boolean;
}

// forge's environment provider skips these (remappings are read by the remappings provider; forge 1.7
// leaves `ffi = true` in place whatever FOUNDRY_FFI says).
const NOT_FROM_ENVIRONMENT: ReadonlySet<Key> = new Set(['remappings', 'libraries', 'fs_permissions', 'ffi']);

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function shown(value: unknown): string {
  return `${Array.isArray(value) ? 'an array' : typeof value} ${JSON.stringify(value)}`;
}

function checked(kind: Kind, value: unknown, where: string): KindValue[Kind] {
  if (kind === 'permissions') {
    const entries = Array.isArray(value) ? value : [];
    if (!Array.isArray(value) || !entries.every((entry) => isTable(entry) && typeof entry.path === 'string')) {
      throw new ConfigurationError(`${where} must be an array of { access = "…", path = "…" } tables, not ${shown(value)}.`);
    }
    return entries.map((entry: Record<string, string>) => entry.path);
  }
  const ok =
    kind === 'strings'
      ? Array.isArray(value) && value.every((v) => typeof v === 'string')
      : kind === 'integer'
        ? Number.isInteger(value) && (value as number) >= 0
        : typeof value === kind;
  if (!ok) {
    const expected = { string: 'a string', boolean: 'true or false', integer: 'a non-negative integer', strings: 'an array of strings' }[kind];
    throw new ConfigurationError(`${where} must be ${expected}, not ${shown(value)}.`);
  }
  return value as KindValue[Kind];
}

/** The known keys of one profile table, type-checked; `solc_version` stands for `solc` when that is absent. */
function profileValues(table: Record<string, unknown>, where: (key: string) => string): RawValues {
  const values: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(KEYS)) {
    const written = key === 'solc' && table.solc === undefined ? 'solc_version' : key;
    if (table[written] !== undefined) values[key] = checked(kind, table[written], where(written));
  }
  return values as RawValues;
}

/** An environment value read the way figment reads it: `[a,b]` or `a,b` for arrays. */
function environmentValue(kind: Kind, text: string, variable: string): unknown {
  const trimmed = text.trim();
  switch (kind) {
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : checked(kind, trimmed, `Environment variable ${variable}`);
    case 'integer':
      return /^\d+$/.test(trimmed) ? Number(trimmed) : checked(kind, trimmed, `Environment variable ${variable}`);
    case 'strings':
      return trimmed
        .replace(/^\[/, '')
        .replace(/\]$/, '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    case 'string':
    case 'permissions':
      return trimmed;
  }
}

function environmentValues(env: Environment): RawValues {
  const values: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(KEYS) as [Key, Kind][]) {
    if (NOT_FROM_ENVIRONMENT.has(key)) continue;
    const variable = `FOUNDRY_${key.toUpperCase()}`;
    const text = env[variable] ?? (key === 'solc' ? (env.FOUNDRY_SOLC_VERSION ?? env.DAPP_SOLC_VERSION) : undefined);
    if (text !== undefined) values[key] = environmentValue(kind, text, variable);
  }
  return values as RawValues;
}

interface Document {
  profiles: Record<string, Record<string, unknown>>;
  /** The top-level `[invariant]` table (forge's older layout, for every profile). */
  invariant: Record<string, unknown>;
}

function parseDocument(text: string, file: string): Document {
  let document: Record<string, unknown>;
  try {
    document = parse(text);
  } catch (error) {
    const detail = error instanceof TomlError ? `line ${error.line}, column ${error.column}: ${error.message.split('\n')[0]}` : String(error);
    throw new ConfigurationError(`${file} is not valid TOML (${detail}). Fix the file so forge and Lookout can read it.`);
  }
  const profiles = document.profile ?? {};
  if (!isTable(profiles)) throw new ConfigurationError(`${file}: "profile" must be a table of [profile.<name>] sections.`);
  for (const [name, table] of Object.entries(profiles)) {
    if (!isTable(table)) throw new ConfigurationError(`${file}: [profile.${name}] must be a table, not ${shown(table)}.`);
  }
  const invariant = document.invariant ?? {};
  if (!isTable(invariant)) throw new ConfigurationError(`${file}: "invariant" must be a table ([invariant]), not ${shown(invariant)}.`);
  return { profiles: profiles as Record<string, Record<string, unknown>>, invariant };
}

/**
 * forge's invariant settings, merged as forge merges them: the top-level `[invariant]`, then
 * `[profile.default.invariant]`, then the active profile's, then `FOUNDRY_INVARIANT_FAIL_ON_REVERT`.
 */
function invariantValues(document: Document, layers: readonly string[], file: string, env: Environment): InvariantValues {
  const tables: [Record<string, unknown>, string][] = [[document.invariant, '[invariant]']];
  for (const name of layers) {
    const table = document.profiles[name]?.invariant;
    if (table === undefined) continue;
    if (!isTable(table)) throw new ConfigurationError(`${file}: [profile.${name}] key "invariant" must be a table, not ${shown(table)}.`);
    tables.push([table, `[profile.${name}.invariant]`]);
  }
  const values: InvariantValues = {};
  for (const [table, name] of tables) {
    if (table.fail_on_revert !== undefined)
      values.fail_on_revert = checked('boolean', table.fail_on_revert, `${file}: ${name} key "fail_on_revert"`) as boolean;
  }
  const variable = 'FOUNDRY_INVARIANT_FAIL_ON_REVERT';
  if (env[variable] !== undefined) values.fail_on_revert = environmentValue('boolean', env[variable]!, variable) as boolean;
  return values;
}

/** Checks the values only a name list can tell apart, and gives them their types. */
function typed(values: RawValues, where: (key: string) => string): FoundryValues {
  const { evm_version, bytecode_hash, ...rest } = values;
  const result: FoundryValues = rest;
  if (evm_version !== undefined) {
    const evm = parseEvmVersion(evm_version);
    if (evm === undefined) {
      throw new ConfigurationError(`${where('evm_version')} is "${evm_version}", not an EVM version; use one of ${knownEvmVersions().join(', ')}.`);
    }
    result.evm_version = evm;
  }
  if (bytecode_hash !== undefined) {
    const hash = BYTECODE_HASHES.find((h) => h === bytecode_hash.toLowerCase());
    if (hash === undefined) throw new ConfigurationError(`${where('bytecode_hash')} is "${bytecode_hash}"; use one of ${BYTECODE_HASHES.join(', ')}.`);
    result.bytecode_hash = hash;
  }
  if (result.optimizer_runs !== undefined && result.optimizer_runs > MAX_OPTIMIZER_RUNS) {
    throw new ConfigurationError(`${where('optimizer_runs')} is ${result.optimizer_runs}, over solc's maximum ${MAX_OPTIMIZER_RUNS}.`);
  }
  return result;
}

/**
 * The active profile of a foundry.toml (`text`, or undefined when the project has none), as forge
 * merges it: `[profile.default]`, then `[profile.<FOUNDRY_PROFILE>]` over it key by key, then the
 * `FOUNDRY_<KEY>` environment variables (`FOUNDRY_SOLC_VERSION` for `solc`). An unknown profile falls
 * back to `default` with a warning, as in forge. Throws ConfigurationError naming the file and key.
 */
export function parseFoundryConfig(text: string | undefined, file: string, env: Environment): FoundryConfig {
  const document: Document = text === undefined ? { profiles: {}, invariant: {} } : parseDocument(text, file);
  const { profiles } = document;
  const requested = env.FOUNDRY_PROFILE?.trim() || DEFAULT_PROFILE;
  const warnings: string[] = [];
  // Profile names are case-insensitive in forge (figment).
  let profile = Object.keys(profiles).find((name) => name.toLowerCase() === requested.toLowerCase()) ?? requested;
  if (profile !== DEFAULT_PROFILE && profiles[profile] === undefined) {
    const missing = text === undefined ? `there is no ${file}` : `${file} has no [profile.${requested}]`;
    warnings.push(`FOUNDRY_PROFILE="${requested}" but ${missing}; using the default profile.`);
    profile = DEFAULT_PROFILE;
  }
  const names = [...new Set([DEFAULT_PROFILE, profile])];
  const layers = names.map((name) => {
    const where = (key: string): string => `${file}: [profile.${name}] key "${key}"`;
    if (profiles[name]?.extends !== undefined) {
      warnings.push(`${where('extends')} is not supported by Lookout; the settings of the file it extends are not applied.`);
    }
    return typed(profileValues(profiles[name] ?? {}, where), where);
  });
  const fromEnvironment = typed(environmentValues(env), (key) => `Environment variable FOUNDRY_${key.toUpperCase()}`);
  const base = names.map((name) => extendedFile(profiles[name]?.extends)).find((f) => f !== undefined);
  return {
    profile,
    values: Object.assign({}, ...layers, fromEnvironment) as FoundryValues,
    ...(base === undefined ? {} : { extends: base }),
    invariant: invariantValues(document, names, file, env),
    warnings,
  };
}

/** `extends = "base.toml"` or `extends = { path = "base.toml", strategy = … }`. */
function extendedFile(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return isTable(value) && typeof value.path === 'string' ? value.path : typeof value === 'string' ? value : JSON.stringify(value);
}
