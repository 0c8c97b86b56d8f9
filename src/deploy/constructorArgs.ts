import { stringToHex, type AbiParameter } from 'viem';
import { type Address, START_TIMESTAMP } from '../evm/index.js';
import { abiType, type AbiValue } from '../abi/index.js';
import type { Rng } from '../rng.js';
import { contractTypeName } from './catalog.js';

/** What synthesised arguments may point at. */
export interface ArgumentContext {
  /** The deployed contract chosen for each `contract X` parameter type, by X. */
  implementers: ReadonlyMap<string, Address>;
  /** Deployed project contracts (libraries aside), each with its name, in deployment order. */
  contracts: readonly { name: string; address: Address }[];
  /** The deployer first, then the other senders. */
  senders: readonly Address[];
}

// Alternatives per parameter: enough to get past typical `require`s, few enough to stay bounded.
const MAX_CHOICES = 4;
const DAY = 86_400n;
const ETHER = 10n ** 18n;

/**
 * The values worth trying for one constructor parameter, most typical first: guessed from its type
 * and name (18 for `decimals`, 1e18-scale amounts, a day for durations, the deployer for `owner`).
 */
export function parameterChoices(param: AbiParameter, ctx: ArgumentContext): AbiValue[] {
  const t = abiType(param);
  const name = (param.name ?? '').replace(/_/g, '').toLowerCase();
  const internal = (param as { internalType?: string }).internalType ?? '';
  switch (t.kind) {
    case 'uint':
    case 'int': {
      const values = internal.startsWith('enum ') ? [0n, 1n] : integerChoices(name, t.kind === 'int');
      return distinct(values.filter((v) => fits(v, t.bits, t.kind === 'int')));
    }
    case 'address': {
      const implementer = ctx.implementers.get(contractTypeName(param) ?? '');
      return implementer !== undefined ? [implementer] : addressChoices(name, ctx);
    }
    case 'bool':
      return [true, false];
    case 'fixedBytes':
      return [stringToHex('lookout', { size: 32 }).slice(0, 2 + 2 * t.size), `0x${'00'.repeat(t.size)}`];
    case 'bytes':
      return ['0x', '0x01'];
    case 'string':
      return [stringChoice(name), ''];
    case 'array': {
      const element = parameterChoices(t.element, ctx);
      if (t.length !== undefined) return element.slice(0, 2).map((e) => Array.from({ length: t.length! }, () => e));
      return [[element[0]], []];
    }
    case 'tuple': {
      const components = t.components.map((c) => parameterChoices(c, ctx));
      return oneAtATime(components).slice(0, MAX_CHOICES);
    }
  }
}

/**
 * Argument vectors to try, at most `max`: every parameter's first choice, then one parameter at a
 * time on each of its alternatives, then random combinations drawn from `rng`.
 */
export function candidateVectors(choices: readonly (readonly AbiValue[])[], rng: Rng, max: number): AbiValue[][] {
  const vectors = new Map<string, AbiValue[]>();
  const add = (vector: AbiValue[]) => {
    if (vectors.size < max) vectors.set(keyOf(vector), vector);
  };
  oneAtATime(choices).forEach(add);
  const combinations = choices.reduce((n, c) => n * c.length, 1);
  for (let tries = 0; vectors.size < Math.min(max, combinations) && tries < max * 4; tries++) {
    add(choices.map((c) => rng.pick(c)));
  }
  return [...vectors.values()];
}

/** The first choice of each, then each alternative in place of one first choice. */
function oneAtATime(choices: readonly (readonly AbiValue[])[]): AbiValue[][] {
  const first = choices.map((c) => c[0]);
  const vectors = [first];
  choices.forEach((alternatives, i) => {
    for (const alternative of alternatives.slice(1)) vectors.push(first.map((v, j) => (j === i ? alternative : v)));
  });
  return vectors;
}

function integerChoices(name: string, signed: boolean): bigint[] {
  const values = ((): bigint[] => {
    if (/decimals?$/.test(name)) return [18n, 6n, 8n, 0n];
    if (/supply|cap$/.test(name)) return [1_000_000n * ETHER, ETHER, 0n];
    if (/amount|balance|deposit|liquidity|price|reserve|value|wad|assets|shares|stake|collateral|debt|limit|threshold|min|max/.test(name)) {
      return [ETHER, 1_000_000n * ETHER, 1n, 0n];
    }
    if (/deadline|expir|timestamp|start|end|until/.test(name)) return [START_TIMESTAMP + DAY, START_TIMESTAMP, 0n];
    if (/duration|delay|period|interval|timeout|window|lock|time/.test(name)) return [DAY, 3_600n, 1n, 0n];
    if (/bps|fee|rate|percent|ratio|factor/.test(name)) return [100n, 0n, 1_000n];
    return [1n, 0n, 1_000n, ETHER];
  })();
  return signed ? [...values, -1n] : values;
}

function addressChoices(name: string, ctx: ArgumentContext): Address[] {
  const [deployer, alice] = ctx.senders;
  // A contract whose name shares a word with the parameter's (`weth` → WETH9) comes first.
  const words = name.match(/[a-z]{3,}/g) ?? [];
  const related = ctx.contracts.filter((c) => words.some((w) => c.name.toLowerCase().includes(w)));
  const contracts = [...related, ...ctx.contracts.filter((c) => !related.includes(c))].map((c) => c.address);
  if (/owner|admin|gov|guardian|manager|authority|operator|signer|minter|keeper|controller|dao|multisig|deployer/.test(name)) {
    return distinct([deployer, alice, ...contracts]).slice(0, MAX_CHOICES);
  }
  if (/recipient|receiver|treasury|beneficiary|feeto|wallet|account|user|collector/.test(name)) {
    return distinct([alice, deployer, ...contracts]).slice(0, MAX_CHOICES);
  }
  return distinct([...contracts.slice(0, 1), deployer, alice, ...contracts.slice(1)]).slice(0, MAX_CHOICES);
}

function stringChoice(name: string): string {
  if (/symbol|ticker/.test(name)) return 'TKN';
  if (/uri|url|base/.test(name)) return 'https://lookout.invalid/';
  if (/version/.test(name)) return '1';
  return 'Token';
}

function fits(value: bigint, bits: number, signed: boolean): boolean {
  return signed ? value >= -(1n << BigInt(bits - 1)) && value < 1n << BigInt(bits - 1) : value >= 0n && value < 1n << BigInt(bits);
}

function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function keyOf(vector: readonly AbiValue[]): string {
  return JSON.stringify(vector, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
}
