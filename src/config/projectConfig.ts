import { existsSync, readFileSync } from 'node:fs';
import { parse, TomlError } from 'smol-toml';
import { parseUnits } from 'viem';
import { ConfigurationError } from '../errors.js';
import { CHAIN_KEYS, chainConfig, type ChainConfig } from './chainConfig.js';
import { KeyChecks } from './keyChecks.js';

/**
 * `lookout.toml` at the project root pins what cannot be inferred from the code. Every key is
 * optional; an unknown key or a value of the wrong type is an error naming the key and the file,
 * every such error of the file at once.
 *
 * ```toml
 * compiler = "forge"               # build with `forge build --build-info` (forge on PATH) instead of Lookout's own solc calls
 * deploy = ["Registry"]            # also deploy these (after their dependencies), before the contracts under test
 * skip = ["Legacy"]                # never deploy these (nor use them to fill another constructor's arguments)
 *
 * [contracts.Vault]                # a contract name, or "path/File.sol:Name" when two files declare that name
 * args = [{ contract = "MockERC20" }, "1000000000000000000", true, { sender = "alice" }, [1, 2]]
 * value = "1 ether"                # wei sent with the creation call: 5, "5", "0x05", "10 gwei", "1.5 ether"
 * deployer = "alice"               # who deploys it: deployer (default), alice or bob
 * deploy = false                   # same as listing it in `skip`
 * ```
 *
 * The chain model's keys (`senders`, `deployer`, `gas-limit`, …) are described in chainConfig.ts.
 *
 * `args` are the constructor's arguments, in order: integers (or strings holding decimal, hex, or
 * an amount with a unit, for values TOML integers cannot hold), booleans, strings (a string is also
 * how addresses, `bytes` and `bytesN` are written, as 0x-hex), arrays for arrays and tuples, and two
 * references: `{ contract = "Name" }` is that contract's address once deployed (it is deployed
 * first), `{ sender = "alice" }` a sender's address. Arguments are checked against the constructor's
 * types when the contract is deployed. Without `args`, they are synthesised from the ABI.
 */
export interface ProjectConfig {
  /** The file read; undefined when there was none. */
  file: string | undefined;
  /** `solc` (default): Lookout runs the compilers itself; `forge`: it reads `forge build --build-info`. */
  compiler: 'solc' | 'forge';
  /** Contracts to deploy besides those under test, in order. */
  deploy: readonly ContractRef[];
  /** Contracts never deployed: `skip` and every `deploy = false`. */
  skip: readonly ContractRef[];
  /** `[contracts.<ref>]` tables, in file order. */
  contracts: readonly ContractPin[];
  chain: ChainConfig;
}

/** A contract as the file names it, with the key that names it (for messages). */
export interface ContractRef {
  /** `Name` or `path/File.sol:Name`. */
  ref: string;
  /** Key path, e.g. `deploy[0]` or `contracts.Vault.args[1]`. */
  key: string;
}

export interface ContractPin extends ContractRef {
  args?: readonly ConfiguredArg[];
  /** Wei sent with the creation call. */
  value?: bigint;
  /** Sender index of the deployer (see SENDER_NAMES). */
  deployer?: number;
}

/** One configured argument, unchecked against the ABI until the constructor's types are known. */
export type ConfiguredArg = { key: string } & (
  | { kind: 'literal'; value: bigint | boolean | string }
  | { kind: 'contract'; ref: string }
  | { kind: 'sender'; sender: number }
  | { kind: 'list'; items: readonly ConfiguredArg[] }
);

/** Sender names in sender-index order: the executor's deployer and its two other funded accounts. */
export const SENDER_NAMES = ['deployer', 'alice', 'bob'] as const;

export const PROJECT_CONFIG_FILE = 'lookout.toml';

const TOP_KEYS = ['compiler', 'deploy', 'skip', 'contracts', ...CHAIN_KEYS];
const COMPILERS = ['solc', 'forge'] as const;
const CONTRACT_KEYS = ['args', 'value', 'deployer', 'deploy'];
const UNITS: Record<string, number> = { wei: 0, gwei: 9, ether: 18 };

export function emptyProjectConfig(): ProjectConfig {
  return { file: undefined, compiler: 'solc', deploy: [], skip: [], contracts: [], chain: {} };
}

/**
 * Reads and validates a project configuration. A missing file is an empty configuration unless
 * `required` (the user named it with `--config`), then it is an error.
 */
export function readProjectConfig(file: string, options: { required?: boolean } = {}): ProjectConfig {
  if (!existsSync(file)) {
    if (options.required) throw new ConfigurationError(`Configuration file ${file} does not exist: check the --config path.`);
    return emptyProjectConfig();
  }
  return parseProjectConfig(readFileSync(file, 'utf8'), file);
}

/** Parses and validates `text`, the contents of `file`. */
export function parseProjectConfig(text: string, file: string): ProjectConfig {
  let document: Record<string, unknown>;
  try {
    document = parse(text, { integersAsBigInt: true });
  } catch (error) {
    const where = error instanceof TomlError ? ` at line ${error.line}, column ${error.column}` : '';
    throw new ConfigurationError(`${file} is not valid TOML${where}: ${firstLine(error)}`);
  }
  const checks = new KeyChecks(file);
  const { fail } = checks;
  checkKeys(document, TOP_KEYS, '', checks);
  const contracts = checks.key(() => (document.contracts === undefined ? {} : table(document.contracts, 'contracts', fail))) ?? {};
  const pins = checks.each(Object.entries(contracts), ([ref, value]) => contractPin(ref, value, checks));
  const skip = [...refList(document.skip, 'skip', checks), ...pins.filter((p) => p.deploy === false)];
  const compiler = checks.key(() => {
    const named = document.compiler ?? 'solc';
    if (!COMPILERS.includes(named as (typeof COMPILERS)[number])) fail('compiler', `must be one of ${COMPILERS.map((c) => `"${c}"`).join(', ')}.`);
    return named as ProjectConfig['compiler'];
  });
  const deploy = refList(document.deploy, 'deploy', checks);
  const chain = chainConfig(document, checks);
  checks.done();
  return {
    file,
    compiler: compiler!,
    deploy,
    skip: skip.map(({ ref, key }) => ({ ref, key })),
    contracts: pins.map(({ deploy: _, ...pin }) => pin),
    chain,
  };
}

type Fail = (key: string, problem: string) => never;

/** One `[contracts.<ref>]` table; its keys are checked one by one (a bad name or a non-table ends the check). */
function contractPin(ref: string, value: unknown, checks: KeyChecks): ContractPin & { deploy?: boolean } {
  const { fail } = checks;
  const key = `contracts.${quoteKey(ref)}`;
  checkRef(ref, key, fail);
  const entry = table(value, key, fail);
  checkKeys(entry, CONTRACT_KEYS, `${key}.`, checks);
  const pin: ContractPin & { deploy?: boolean } = { ref, key };
  if (entry.args !== undefined) {
    checks.key(() => {
      if (!Array.isArray(entry.args)) fail(`${key}.args`, 'must be an array of constructor arguments.');
      pin.args = checks.each(entry.args as unknown[], (arg, i) => configuredArg(arg, `${key}.args[${i}]`, fail));
    });
  }
  if (entry.value !== undefined) pin.value = checks.key(() => parseWei(entry.value, `${key}.value`, fail));
  if (entry.deployer !== undefined) pin.deployer = checks.key(() => senderIndex(entry.deployer, `${key}.deployer`, fail));
  if (entry.deploy !== undefined) {
    checks.key(() => {
      if (typeof entry.deploy !== 'boolean') fail(`${key}.deploy`, 'must be true or false.');
      pin.deploy = entry.deploy as boolean;
    });
  }
  return pin;
}

function configuredArg(value: unknown, key: string, fail: Fail): ConfiguredArg {
  if (typeof value === 'bigint' || typeof value === 'boolean' || typeof value === 'string') return { key, kind: 'literal', value };
  if (typeof value === 'number') fail(key, `is a float (${value}): write fractional amounts as a string with a unit, e.g. "1.5 ether".`);
  if (Array.isArray(value)) return { key, kind: 'list', items: value.map((item, i) => configuredArg(item, `${key}[${i}]`, fail)) };
  if (isTable(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === 'contract') {
      if (typeof value.contract !== 'string') fail(`${key}.contract`, 'must be a contract name.');
      checkRef(value.contract as string, `${key}.contract`, fail);
      return { key, kind: 'contract', ref: value.contract as string };
    }
    if (keys.length === 1 && keys[0] === 'sender') return { key, kind: 'sender', sender: senderIndex(value.sender, `${key}.sender`, fail) };
    fail(key, `must be a literal, { contract = "Name" } or { sender = "${SENDER_NAMES[1]}" } (got keys ${keys.join(', ') || 'none'}).`);
  }
  return fail(key, 'must be a number, string, boolean, array, { contract = "Name" } or { sender = "alice" }.');
}

/** Wei from an integer, a decimal or hex string, or an amount with a unit ("1 ether", "10 gwei"). */
function parseWei(value: unknown, key: string, fail: Fail): bigint {
  const wei = typeof value === 'bigint' ? value : typeof value === 'string' ? weiOf(value) : undefined;
  if (wei === undefined || wei < 0n) {
    return fail(key, `must be a non-negative amount of wei: an integer, "123", "0x7b", "10 gwei" or "1.5 ether" (got ${String(value)}).`);
  }
  return wei;
}

/** Wei written as a string, or undefined when it is not one. Exported for arguments that take amounts. */
export function weiOf(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed) || /^0x[0-9a-f]+$/i.test(trimmed)) return BigInt(trimmed);
  const amount = /^(\d+(?:\.(\d+))?)\s*(wei|gwei|ether)$/.exec(trimmed);
  if (amount === null) return undefined;
  const decimals = UNITS[amount[3]];
  // More fractional digits than the unit has would round to a wei that was not written.
  if ((amount[2]?.length ?? 0) > decimals) return undefined;
  return parseUnits(amount[1], decimals);
}

function senderIndex(value: unknown, key: string, fail: Fail): number {
  const index = SENDER_NAMES.indexOf(value as (typeof SENDER_NAMES)[number]);
  if (index < 0) fail(key, `names an unknown sender ${JSON.stringify(value)}: the senders are ${SENDER_NAMES.join(', ')}.`);
  return index;
}

function refList(value: unknown, key: string, checks: KeyChecks): ContractRef[] {
  const { fail } = checks;
  if (value === undefined) return [];
  if (!Array.isArray(value)) return checks.key(() => fail(key, 'must be an array of contract names.')) ?? [];
  return checks.each(value, (ref, i) => {
    if (typeof ref !== 'string') fail(`${key}[${i}]`, 'must be a contract name.');
    checkRef(ref as string, `${key}[${i}]`, fail);
    return { ref: ref as string, key: `${key}[${i}]` };
  });
}

/** `Name` or `path/File.sol:Name`; whether it names a contract is checked against the build. */
function checkRef(ref: string, key: string, fail: Fail): void {
  if (!/^(?:[^:]+\.sol:)?[A-Za-z_$][A-Za-z0-9_$]*$/.test(ref)) {
    fail(key, `names ${JSON.stringify(ref)}, which is not a contract name nor "path/File.sol:Name".`);
  }
}

function checkKeys(entry: Record<string, unknown>, allowed: readonly string[], prefix: string, checks: KeyChecks): void {
  for (const key of Object.keys(entry)) {
    if (!allowed.includes(key)) checks.key(() => checks.fail(`${prefix}${key}`, `is not a known key (known here: ${allowed.join(', ')}).`));
  }
}

function table(value: unknown, key: string, fail: Fail): Record<string, unknown> {
  if (!isTable(value)) return fail(key, 'must be a table.');
  return value;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function quoteKey(ref: string): string {
  return /^[A-Za-z0-9_-]+$/.test(ref) ? ref : JSON.stringify(ref);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
