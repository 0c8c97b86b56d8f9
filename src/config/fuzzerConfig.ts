import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Address } from '../abi/index.js';
import { ConfigurationError } from '../errors.js';
import type { ChainConfig } from './chainConfig.js';

/**
 * What an Echidna or Medusa harness campaign takes from `echidna.yaml` and `medusa.json` at the project
 * root (key names as Echidna's lib/Echidna/Config.hs and Medusa's fuzzing/config/config.go read them).
 * Where both files set a value, echidna.yaml's is used; lookout.toml's chain keys win over both.
 */
export interface HarnessConfig {
  /** The files read, relative to the project root. */
  files: readonly string[];
  /** Contracts the files name as campaign subjects (Medusa's `fuzzing.targetContracts`; Echidna takes its contract on the command line). */
  contracts: readonly string[];
  senders?: readonly Address[];
  deployer?: Address;
  maxTimeDelay?: number;
  maxBlockDelay?: number;
  /** Echidna's `filterFunctions`/`filterBlacklist`, Medusa's `targetFunctionSignatures`/`excludeFunctionSignatures`: `Contract.fn(uint256)`. */
  functionFilter?: { signatures: readonly string[]; exclude: boolean };
  /** Wei each subject holds once deployed, by contract name (Echidna's `balanceContract` applies to any). */
  balances: ReadonlyMap<string, bigint> | { any: bigint };
  /** Property functions are checked (Echidna's `testMode: property` or Medusa's `propertyTesting.enabled`: either file); assertions always are. */
  properties: boolean;
  /** Name prefixes of property functions besides Lookout's (`echidna_`, `property_`, `invariant_`). */
  propertyPrefixes: readonly string[];
  /** Echidna's `seqLen`, Medusa's `callSequenceLength`. */
  maxSequenceLength?: number;
  /** Corpus folders the files name (Echidna's `corpusDir`, Medusa's `fuzzing.corpusDirectory`), echidna.yaml's first. */
  corpora: readonly HarnessCorpusDir[];
  /** What the log says once: keys Lookout does not read, modes it does not run. */
  notes: readonly string[];
}

/** A fuzzer's corpus folder: `dir` as the file writes it, `path` resolved from the project root. */
export interface HarnessCorpusDir {
  fuzzer: 'echidna' | 'medusa';
  dir: string;
  path: string;
}

export const ECHIDNA_CONFIG_FILE = 'echidna.yaml';
export const MEDUSA_CONFIG_FILE = 'medusa.json';

/** Echidna keys Lookout honours; the others Echidna knows are listed as not read. */
const ECHIDNA_READ = [
  'sender',
  'deployer',
  'maxTimeDelay',
  'maxBlockDelay',
  'filterFunctions',
  'filterBlacklist',
  'balanceContract',
  'testMode',
  'seqLen',
  'prefix',
  'corpusDir',
];
/** Medusa keys Lookout honours, as dotted paths. */
const MEDUSA_READ = [
  'fuzzing.targetContracts',
  'fuzzing.targetContractsBalances',
  'fuzzing.senderAddresses',
  'fuzzing.deployerAddress',
  'fuzzing.blockNumberDelayMax',
  'fuzzing.blockTimestampDelayMax',
  'fuzzing.callSequenceLength',
  'fuzzing.corpusDirectory',
  'fuzzing.testing.targetFunctionSignatures',
  'fuzzing.testing.excludeFunctionSignatures',
  'fuzzing.testing.assertionTesting.enabled',
  'fuzzing.testing.propertyTesting.enabled',
  'fuzzing.testing.propertyTesting.testPrefixes',
  'fuzzing.testing.optimizationTesting.enabled',
];
/** Medusa tables whose keys are read one by one (the rest is listed as not read as a whole). */
const MEDUSA_TABLES = [
  'fuzzing',
  'fuzzing.testing',
  'fuzzing.testing.assertionTesting',
  'fuzzing.testing.propertyTesting',
  'fuzzing.testing.optimizationTesting',
];

type Document = Record<string, unknown>;

/** Neither file: Echidna's defaults throughout. */
export const NO_HARNESS_CONFIG: HarnessConfig = {
  files: [],
  contracts: [],
  balances: new Map(),
  properties: true,
  propertyPrefixes: [],
  corpora: [],
  notes: [],
};

/** Reads the two files at `root` (each optional); a value of the wrong type is a ConfigurationError naming file and key. */
export function readHarnessConfig(root: string): HarnessConfig {
  const echidna = readDocument(root, ECHIDNA_CONFIG_FILE, (text) => parseYaml(text, { intAsBigInt: true }) as unknown);
  const medusa = readDocument(root, MEDUSA_CONFIG_FILE, (text) => JSON.parse(text) as unknown);
  const e = echidna ? echidnaSettings(echidna) : undefined;
  const m = medusa ? medusaSettings(medusa) : undefined;
  // The files are the pull request's: a corpus folder they name is read only inside the project.
  const corpora = [
    ...(e?.corpusDir === undefined ? [] : [{ file: ECHIDNA_CONFIG_FILE, corpus: corpusDir('echidna', e.corpusDir, root) }]),
    ...(m?.corpusDir === undefined || m.corpusDir === '' ? [] : [{ file: MEDUSA_CONFIG_FILE, corpus: corpusDir('medusa', m.corpusDir, root) }]),
  ].map((c) => ({ ...c, inside: isInside(root, c.corpus.path) }));
  return {
    files: [...(echidna ? [ECHIDNA_CONFIG_FILE] : []), ...(medusa ? [MEDUSA_CONFIG_FILE] : [])],
    contracts: m?.contracts ?? [],
    senders: e?.senders ?? m?.senders,
    deployer: e?.deployer ?? m?.deployer,
    maxTimeDelay: e?.maxTimeDelay ?? m?.maxTimeDelay,
    maxBlockDelay: e?.maxBlockDelay ?? m?.maxBlockDelay,
    functionFilter: e?.functionFilter ?? m?.functionFilter,
    balances: e?.balance !== undefined ? { any: e.balance } : (m?.balances ?? new Map()),
    // Either fuzzer checking them is reason to: create-chimera-app's echidna.yaml runs assertion mode beside a medusa.json that tests properties.
    properties: [e, m].some((settings) => settings?.properties ?? false) || (e === undefined && m === undefined),
    propertyPrefixes: [...(e?.prefix ? [e.prefix] : []), ...(m?.prefixes ?? [])],
    maxSequenceLength: e?.maxSequenceLength ?? m?.maxSequenceLength,
    corpora: corpora.flatMap((c) => (c.inside ? [c.corpus] : [])),
    notes: [
      ...(e?.notes ?? []),
      ...(m?.notes ?? []),
      ...corpora.filter((c) => !c.inside).map((c) => `${c.file}: corpus folder ${c.corpus.dir} is outside the project: not read.`),
    ],
  };
}

function corpusDir(fuzzer: HarnessCorpusDir['fuzzer'], dir: string, root: string): HarnessCorpusDir {
  return { fuzzer, dir, path: path.resolve(root, dir) };
}

/** Inside `root` once links are resolved (a folder that does not exist yet is judged by its path). */
function isInside(root: string, file: string): boolean {
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : p);
  const relative = path.relative(real(root), real(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** lookout.toml's chain keys where it sets them, the fuzzers' files' elsewhere. */
export function harnessChain(harness: HarnessConfig, chain: ChainConfig): ChainConfig {
  return {
    ...chain,
    senders: chain.senders ?? harness.senders,
    deployer: chain.deployer ?? harness.deployer,
    maxTimeDelay: chain.maxTimeDelay ?? harness.maxTimeDelay,
    maxBlockDelay: chain.maxBlockDelay ?? harness.maxBlockDelay,
  };
}

function readDocument(root: string, file: string, parse: (text: string) => unknown): Document | undefined {
  const full = path.join(root, file);
  if (!existsSync(full)) return undefined;
  let document: unknown;
  try {
    document = parse(readFileSync(full, 'utf8'));
  } catch (error) {
    throw new ConfigurationError(`${file} does not parse: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  }
  // An empty echidna.yaml is Echidna's defaults.
  if (document === null || document === undefined) return {};
  if (!isTable(document)) throw new ConfigurationError(`${file} must hold a table of settings.`);
  return document;
}

/** One file's reading: `get` a key (dotted path) with a checker that fails naming it. */
function reader(file: string, document: Document) {
  const fail = (key: string, problem: string): never => {
    throw new ConfigurationError(`${file}: \`${key}\` ${problem}`);
  };
  const get = (key: string): unknown => key.split('.').reduce<unknown>((table, part) => (isTable(table) ? table[part] : undefined), document);
  return { fail, get };
}

function echidnaSettings(document: Document) {
  const { fail, get } = reader(ECHIDNA_CONFIG_FILE, document);
  const mode = optional(get('testMode'), (v) => (typeof v === 'string' ? v : fail('testMode', 'must be a string.')));
  const notes = Object.keys(document).filter((key) => !ECHIDNA_READ.includes(key));
  const filter = optional(get('filterFunctions'), (v) => stringList(v, 'filterFunctions', fail));
  return {
    senders: optional(get('sender'), (v) => addressList(v, 'sender', fail)),
    deployer: optional(get('deployer'), (v) => address(v, 'deployer', fail)),
    maxTimeDelay: optional(get('maxTimeDelay'), (v) => count(v, 'maxTimeDelay', fail)),
    maxBlockDelay: optional(get('maxBlockDelay'), (v) => count(v, 'maxBlockDelay', fail)),
    // Echidna's default is a blacklist: an empty one filters nothing.
    functionFilter: filter && { signatures: filter, exclude: get('filterBlacklist') !== false },
    balance: optional(get('balanceContract'), (v) => bigCount(v, 'balanceContract', fail)),
    properties: mode === undefined || mode === 'property',
    prefix: optional(get('prefix'), (v) => (typeof v === 'string' ? v : fail('prefix', 'must be a string.'))),
    maxSequenceLength: optional(get('seqLen'), (v) => count(v, 'seqLen', fail)),
    corpusDir: optional(get('corpusDir'), (v) => (typeof v === 'string' ? v : fail('corpusDir', 'must be a string.'))),
    notes: [
      ...(notes.length > 0 ? [`${ECHIDNA_CONFIG_FILE}: not read by Lookout: ${notes.join(', ')}.`] : []),
      ...(mode !== undefined && !['property', 'assertion'].includes(mode)
        ? [`${ECHIDNA_CONFIG_FILE}: testMode ${mode} is not supported: Lookout checks properties and assertions.`]
        : []),
    ],
  };
}

function medusaSettings(document: Document) {
  const { fail, get } = reader(MEDUSA_CONFIG_FILE, document);
  const contracts = optional(get('fuzzing.targetContracts'), (v) => stringList(v, 'fuzzing.targetContracts', fail)) ?? [];
  const balances = optional(get('fuzzing.targetContractsBalances'), (v) => stringList(v, 'fuzzing.targetContractsBalances', fail)) ?? [];
  const only = optional(get('fuzzing.testing.targetFunctionSignatures'), (v) => stringList(v, 'fuzzing.testing.targetFunctionSignatures', fail));
  const excluded = optional(get('fuzzing.testing.excludeFunctionSignatures'), (v) => stringList(v, 'fuzzing.testing.excludeFunctionSignatures', fail));
  const notRead = MEDUSA_TABLES.flatMap((table) =>
    Object.keys(isTable(get(table)) ? (get(table) as Document) : {})
      .map((key) => `${table}.${key}`)
      .filter((key) => !MEDUSA_READ.includes(key) && !MEDUSA_TABLES.includes(key)),
  );
  const topLevel = Object.keys(document).filter((key) => key !== 'fuzzing');
  const notes = [...notRead, ...topLevel];
  return {
    contracts,
    balances: new Map(contracts.flatMap((name, i) => (balances[i] === undefined || balances[i] === '' ? [] : [[name, wei(balances[i], fail)] as const]))),
    senders: optional(get('fuzzing.senderAddresses'), (v) => addressList(v, 'fuzzing.senderAddresses', fail)),
    deployer: optional(get('fuzzing.deployerAddress'), (v) => address(v, 'fuzzing.deployerAddress', fail)),
    maxTimeDelay: optional(get('fuzzing.blockTimestampDelayMax'), (v) => count(v, 'fuzzing.blockTimestampDelayMax', fail)),
    maxBlockDelay: optional(get('fuzzing.blockNumberDelayMax'), (v) => count(v, 'fuzzing.blockNumberDelayMax', fail)),
    functionFilter: only !== undefined && only.length > 0 ? { signatures: only, exclude: false } : excluded && { signatures: excluded, exclude: true },
    properties: get('fuzzing.testing.propertyTesting.enabled') !== false,
    prefixes: optional(get('fuzzing.testing.propertyTesting.testPrefixes'), (v) => stringList(v, 'fuzzing.testing.propertyTesting.testPrefixes', fail)),
    maxSequenceLength: optional(get('fuzzing.callSequenceLength'), (v) => count(v, 'fuzzing.callSequenceLength', fail)),
    corpusDir: optional(get('fuzzing.corpusDirectory'), (v) => (typeof v === 'string' ? v : fail('fuzzing.corpusDirectory', 'must be a string.'))),
    notes: [
      ...(notes.length > 0 ? [`${MEDUSA_CONFIG_FILE}: not read by Lookout: ${notes.join(', ')}.`] : []),
      ...(get('fuzzing.testing.optimizationTesting.enabled') === true
        ? [`${MEDUSA_CONFIG_FILE}: optimization testing is not supported: Lookout checks properties and assertions.`]
        : []),
    ],
  };
}

type Fail = (key: string, problem: string) => never;

function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined || value === null ? undefined : read(value);
}

/** An address as Echidna (an integer, 0x10000) or Medusa (a hex string) writes it. */
function address(value: unknown, key: string, fail: Fail): Address {
  const n = typeof value === 'bigint' ? value : typeof value === 'string' && /^0x[0-9a-fA-F]{1,40}$/.test(value) ? BigInt(value) : undefined;
  if (n === undefined || n < 0n || n >= 1n << 160n) return fail(key, `must be an address (got ${String(value)}).`);
  return `0x${n.toString(16).padStart(40, '0')}` as Address;
}

function addressList(value: unknown, key: string, fail: Fail): Address[] {
  if (!Array.isArray(value) || value.length === 0) return fail(key, 'must be a non-empty list of addresses.');
  return [...new Set(value.map((item, i) => address(item, `${key}[${i}]`, fail)))];
}

function stringList(value: unknown, key: string, fail: Fail): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return fail(key, 'must be a list of strings.');
  return value as string[];
}

/** A non-negative integer that a number holds exactly. */
function count(value: unknown, key: string, fail: Fail): number {
  const n = bigCount(value, key, fail);
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? fail(key, `is too large (got ${n}).`) : Number(n);
}

function bigCount(value: unknown, key: string, fail: Fail): bigint {
  const n = typeof value === 'bigint' ? value : typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : undefined;
  return n === undefined || n < 0n ? fail(key, `must be a non-negative integer (got ${String(value)}).`) : n;
}

/** Medusa's balances: decimal, 0x-hex or scientific notation ("1e21"). */
function wei(text: string, fail: Fail): bigint {
  const scientific = /^(\d+)[eE](\d+)$/.exec(text.trim());
  if (scientific) return BigInt(scientific[1]) * 10n ** BigInt(scientific[2]);
  if (/^(?:\d+|0x[0-9a-fA-F]+)$/.test(text.trim())) return BigInt(text.trim());
  return fail('fuzzing.targetContractsBalances', `holds ${JSON.stringify(text)}, which is not an amount of wei.`);
}

function isTable(value: unknown): value is Document {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
