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
  /** Lookout's attacker, when the contract can pay or call it (it has a CALL): then it may hold roles and be paid. */
  attacker?: Address;
}

// Alternatives per parameter: enough to get past typical `require`s, few enough to stay bounded.
const MAX_CHOICES = 4;
const DAY = 86_400n;
const ETHER = 10n ** 18n;

/**
 * Parameters naming who holds a role. The deployer comes first, so that what only the owner may call
 * stays callable by a sender; the attacker, when there is one, is among the alternatives.
 */
const ROLE = /owner|admin|gov|guardian|manager|authority|operator|signer|minter|pauser|keeper|controller|validator|member|dao|multisig|deployer/;
/** Parameters naming whom the contract pays: the attacker first, when there is one, so that a payment can re-enter. */
const RECIPIENT = /recipient|receiver|treasury|beneficiar|payee|feeto|wallet|account|user|collector|holder/;

/**
 * Every parameter's choices (see `parameterChoices`), and the parameters whose choices go in step:
 * the dynamic arrays, whose lengths often must match (`address[] payees` and `uint256[] shares`).
 * Their first choice has one element per account the fuzzer controls when an address array names
 * holders (payees, owners, minters), else one element.
 */
export function constructorChoices(params: readonly AbiParameter[], ctx: ArgumentContext): { choices: AbiValue[][]; inStep: number[] } {
  const listsHolders = params.some((p) => {
    const t = abiType(p);
    return t.kind === 'array' && t.length === undefined && isHolderList(t.element);
  });
  const length = listsHolders ? holders(ctx).length : 1;
  const arrays = params.flatMap((p, i) => {
    const t = abiType(p);
    return t.kind === 'array' && t.length === undefined ? [i] : [];
  });
  return { choices: params.map((p) => parameterChoices(p, ctx, length)), inStep: arrays.length > 1 ? arrays : [] };
}

/**
 * The values worth trying for one constructor parameter, most typical first: guessed from its type
 * and name (18 for `decimals`, 1e18-scale amounts, a day for durations, the deployer for `owner`, the
 * attacker for a `beneficiary`). A dynamic array's choices are `length` elements, one, and none.
 */
export function parameterChoices(param: AbiParameter, ctx: ArgumentContext, length = 1): AbiValue[] {
  const t = abiType(param);
  const name = nameOf(param);
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
      const elements = isHolderList(t.element) ? holders(ctx) : element;
      return distinctBy([arrayOf(elements, t.element, length), [element[0]], []]);
    }
    case 'tuple': {
      const components = t.components.map((c) => parameterChoices(c, ctx));
      return oneAtATime(components, []).slice(0, MAX_CHOICES);
    }
  }
}

/**
 * Argument vectors to try, at most `max`: every parameter's first choice, then the `inStep` ones on
 * each of their alternatives together, then one other parameter at a time on each of its
 * alternatives, then random combinations drawn from `rng` (the `inStep` ones still together).
 */
export function candidateVectors(choices: readonly (readonly AbiValue[])[], rng: Rng, max: number, inStep: readonly number[] = []): AbiValue[][] {
  const vectors = new Map<string, AbiValue[]>();
  const add = (vector: AbiValue[]) => {
    if (vectors.size < max) vectors.set(keyOf(vector), vector);
  };
  oneAtATime(choices, inStep).forEach(add);
  const combinations = choices.reduce((n, c, i) => (inStep.includes(i) && i !== inStep[0] ? n : n * c.length), 1);
  for (let tries = 0; vectors.size < Math.min(max, combinations) && tries < max * 4; tries++) {
    const step = inStep.length > 0 ? rng.int(choices[inStep[0]].length) : 0;
    add(choices.map((c, i) => (inStep.includes(i) ? (c[step] ?? c[0]) : rng.pick(c))));
  }
  return [...vectors.values()];
}

/** The first choice of each; then the `inStep` ones on each alternative together; then each other alternative in place of one first choice. */
function oneAtATime(choices: readonly (readonly AbiValue[])[], inStep: readonly number[]): AbiValue[][] {
  const first = choices.map((c) => c[0]);
  const vectors = [first];
  const steps = Math.max(0, ...inStep.map((i) => choices[i].length));
  for (let k = 1; k < steps; k++) vectors.push(first.map((v, j) => (inStep.includes(j) ? (choices[j][k] ?? v) : v)));
  choices.forEach((alternatives, i) => {
    if (inStep.includes(i)) return;
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
  const attacker = ctx.attacker === undefined ? [] : [ctx.attacker];
  // A contract whose name shares a word with the parameter's (`weth` → WETH9) comes first.
  const words = name.match(/[a-z]{3,}/g) ?? [];
  const related = ctx.contracts.filter((c) => words.some((w) => c.name.toLowerCase().includes(w)));
  const contracts = [...related, ...ctx.contracts.filter((c) => !related.includes(c))].map((c) => c.address);
  if (ROLE.test(name)) return distinct([deployer, alice, ...attacker, ...contracts]).slice(0, MAX_CHOICES);
  if (RECIPIENT.test(name)) return distinct([...attacker, alice, deployer, ...contracts]).slice(0, MAX_CHOICES);
  return distinct([...contracts.slice(0, 1), deployer, alice, ...contracts.slice(1)]).slice(0, MAX_CHOICES);
}

/** The accounts the fuzzer controls, as holders of a role or payees: every sender, deployer first, then the attacker. */
function holders(ctx: ArgumentContext): Address[] {
  return distinct([...ctx.senders, ...(ctx.attacker === undefined ? [] : [ctx.attacker])]);
}

/** A plain `address` (not a contract type) whose name says who holds a role or is paid. */
function isHolderList(element: AbiParameter): boolean {
  const name = nameOf(element);
  return abiType(element).kind === 'address' && contractTypeName(element) === undefined && (ROLE.test(name) || RECIPIENT.test(name));
}

/**
 * `length` elements: addresses differ, taken from `choices` in turn (lists of accounts or of
 * contracts often reject a duplicate); anything else repeats the first choice (shares, amounts).
 */
function arrayOf(choices: readonly AbiValue[], element: AbiParameter, length: number): AbiValue[] {
  const differ = abiType(element).kind === 'address';
  return Array.from({ length }, (_, i) => (differ ? choices[i % choices.length] : choices[0]));
}

function nameOf(param: AbiParameter): string {
  return (param.name ?? '').replace(/_/g, '').toLowerCase();
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

function distinctBy(values: readonly AbiValue[]): AbiValue[] {
  return [...new Map(values.map((v) => [keyOf([v]), v])).values()];
}

function keyOf(vector: readonly AbiValue[]): string {
  return JSON.stringify(vector, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
}
