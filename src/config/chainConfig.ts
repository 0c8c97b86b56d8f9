import { type Address, describePanic, formatPanicCode, KNOWN_PANIC_CODES, PANIC_ASSERTION } from '../abi/index.js';
import type { KeyChecks } from './keyChecks.js';

/**
 * The chain model `lookout.toml` may pin (top-level keys, all optional):
 *
 * ```toml
 * senders = ["0x10000", "0x20000", "0x30000"]  # accounts transactions are sent from (funded)
 * deployer = "0x30000"                         # the account that deploys; a sender only if listed there
 * gas-limit = 12500000                         # gas of each transaction, intrinsic gas included
 * max-block-delay = 60480                      # most blocks mined before one transaction
 * max-time-delay = 604800                      # most seconds passing before one transaction
 * panic-codes = [0x11, 0x12, 0x32]             # the Panic codes reported (0x01, assert, always is)
 * ```
 */
export interface ChainConfig {
  senders?: readonly Address[];
  deployer?: Address;
  gasLimit?: bigint;
  maxBlockDelay?: number;
  maxTimeDelay?: number;
  panicCodes?: ReadonlySet<number>;
}

/** The deployer first, then two more funded accounts. */
export const SENDER_ADDRESSES: readonly Address[] = [0x10000n, 0x20000n, 0x30000n].map((n) => `0x${n.toString(16).padStart(40, '0')}` as Address);
/** Gas of each transaction, intrinsic gas included, as Echidna and Medusa. */
export const DEFAULT_GAS_LIMIT = 12_500_000n;

export const CHAIN_KEYS = ['senders', 'deployer', 'gas-limit', 'max-block-delay', 'max-time-delay', 'panic-codes'] as const;

/** Below the intrinsic gas of any call with calldata, every transaction would fail. */
const MIN_GAS_LIMIT = 30_000n;
const MAX_GAS_LIMIT = 1_000_000_000n;
/** Delays are added to block numbers and timestamps as numbers: keep them exact. */
const MAX_DELAY = BigInt(Number.MAX_SAFE_INTEGER);

type Fail = (key: string, problem: string) => never;

/** Reads the chain keys of a parsed `lookout.toml`, each checked on its own (`checks` collects the problems). */
export function chainConfig(document: Record<string, unknown>, checks: KeyChecks): ChainConfig {
  const { fail } = checks;
  const chain: ChainConfig = {};
  const read = <K extends keyof ChainConfig>(key: string, field: K, parse: (value: unknown) => ChainConfig[K]) => {
    if (document[key] !== undefined) chain[field] = checks.key(() => parse(document[key]));
  };
  read('senders', 'senders', (value) => {
    if (!Array.isArray(value) || value.length === 0) fail('senders', 'must be a non-empty array of addresses.');
    const senders = (value as unknown[]).map((item, i) => address(item, `senders[${i}]`, fail));
    const repeated = senders.find((sender, i) => senders.indexOf(sender) !== i);
    if (repeated !== undefined) fail('senders', `lists ${repeated} twice.`);
    return senders;
  });
  read('deployer', 'deployer', (value) => address(value, 'deployer', fail));
  read('gas-limit', 'gasLimit', (value) => integer(value, 'gas-limit', MIN_GAS_LIMIT, MAX_GAS_LIMIT, fail));
  read('max-block-delay', 'maxBlockDelay', (value) => Number(integer(value, 'max-block-delay', 0n, MAX_DELAY, fail)));
  read('max-time-delay', 'maxTimeDelay', (value) => Number(integer(value, 'max-time-delay', 0n, MAX_DELAY, fail)));
  read('panic-codes', 'panicCodes', (value) => panicCodes(value, checks));
  return chain;
}

/** An address as a hex string of up to 20 bytes ("0x10000" is 0x0000…010000), checksum not required. */
function address(value: unknown, key: string, fail: Fail): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,40}$/.test(value)) {
    return fail(key, `must be an address written as a 0x-hex string of at most 40 digits (got ${JSON.stringify(String(value))}).`);
  }
  return `0x${value.slice(2).toLowerCase().padStart(40, '0')}` as Address;
}

function integer(value: unknown, key: string, min: bigint, max: bigint, fail: Fail): bigint {
  const n = typeof value === 'bigint' ? value : typeof value === 'string' && /^(?:\d+|0x[0-9a-fA-F]+)$/.test(value) ? BigInt(value) : undefined;
  if (n === undefined || n < min || n > max) return fail(key, `must be an integer from ${min} to ${max} (got ${String(value)}).`);
  return n;
}

function panicCodes(value: unknown, checks: KeyChecks): ReadonlySet<number> {
  const { fail } = checks;
  if (!Array.isArray(value)) return fail('panic-codes', 'must be an array of Panic codes, e.g. [0x11, 0x12].');
  const known = [...KNOWN_PANIC_CODES].filter((code) => code !== PANIC_ASSERTION);
  return new Set(
    checks.each(value, (item, i) => {
      const code = typeof item === 'bigint' ? Number(item) : typeof item === 'string' && /^0x[0-9a-fA-F]+$/.test(item) ? Number.parseInt(item, 16) : -1;
      if (code === PANIC_ASSERTION) fail(`panic-codes[${i}]`, `is 0x01, assert, which is always reported: leave it out.`);
      if (!known.includes(code)) {
        fail(
          `panic-codes[${i}]`,
          `is not a Solidity Panic code (got ${String(item)}); known: ${known.map((c) => `${formatPanicCode(c)} (${describePanic(c).split(': ')[1]})`).join(', ')}.`,
        );
      }
      return code;
    }),
  );
}
