import { bytesToHex, hexToBytes, stringToBytes, type AbiFunction, type AbiParameter } from 'viem';
import { ATTACKER_CALL_SELECTOR } from '../../evm/index.js';
import { abiType, type AbiValue, type Call, type CallTarget, encodeCall, isPayable, signature, stringOfBytes } from '../../abi/index.js';
import { attackerArgs, calldata, isAttackerCall, payingTarget } from './attackerCalls.js';
import { fitWord, type Dictionary } from './dictionary.js';
import type { Rng } from '../../rng.js';

/** What value generation (and mutation) draws on. One per campaign; `rng` is its mutation stream. */
export interface ValueContext {
  rng: Rng;
  dictionary: Dictionary;
  /** Known addresses, lowercase 0x-hex, in this order: senders by index, deployments by index, the zero address. */
  addresses: readonly string[];
  /** The callable targets of each deployment: the calls Lookout's attacker forwards and re-enters with are drawn from them. */
  targets?: DeploymentTargets;
  /** The deployed contracts' addresses among them: whom an approval names as the spender (see `approvalArgs`). */
  contracts?: readonly string[];
  /** Number of senders; a call's sender is an index below it. */
  senders: number;
  /** Most wei one call may carry. */
  maxValue: bigint;
  /** Widest integer drawn, in bits (default: the parameter's own width); seeds use small amounts. */
  maxIntegerBits?: number;
  /** Longest generated dynamic array, bytes or string (default 32). */
  maxArrayLength?: number;
  /** Largest time (seconds) and block delay before one call (defaults: one week, as Echidna). */
  maxTimeDelay?: number;
  maxBlockDelay?: number;
  /**
   * Functions a `bytes` argument may hold a call to: contracts that forward calldata to themselves
   * (callbacks, multicall, permit-and-call) only do something with a valid call of their own ABI.
   */
  selfCalls?: readonly CallTarget[];
}

export const VALUE_DEFAULTS = { maxArrayLength: 32, maxTimeDelay: 604800, maxBlockDelay: 60480 } as const;

/** The callable targets of each deployment, indexed like the executor's deployments. */
export type DeploymentTargets = readonly (readonly CallTarget[])[];

/** A fresh value of the parameter's type; always encodable by viem. */
export function generateValue(param: AbiParameter, ctx: ValueContext): AbiValue {
  const t = abiType(param);
  switch (t.kind) {
    case 'uint':
      return generateInteger(t.bits, false, ctx);
    case 'int':
      return generateInteger(t.bits, true, ctx);
    case 'address':
      return generateAddress(ctx);
    case 'bool':
      return ctx.rng.chance(0.5);
    case 'fixedBytes':
      return generateFixedBytes(t.size, ctx);
    case 'bytes':
      return generateBytes(ctx);
    case 'string':
      return generateString(ctx);
    case 'array': {
      const length = t.length ?? generateLength(ctx);
      return Array.from({ length }, () => generateValue(t.element, ctx));
    }
    case 'tuple':
      return t.components.map((c) => generateValue(c, ctx));
  }
}

/**
 * Share of magnitudes at most one byte wide: small indices, counts and levels (an index past a
 * 3-element array needs two of them). Uniform widths gave 1 in 32 such values.
 */
const SMALL_MAGNITUDE_SHARE = 0.5;

/** Dictionary values, uniform words, and log-uniform magnitudes (small amounts are common). */
export function generateInteger(typeBits: number, signed: boolean, ctx: ValueContext): bigint {
  const { rng } = ctx;
  const bits = Math.min(typeBits, ctx.maxIntegerBits ?? typeBits);
  switch (rng.weighted([4, 2, 4])) {
    case 0:
      return ctx.dictionary.draw(rng, bits, signed);
    case 1:
      return fitWord(rng.bits(bits), bits, signed);
    default: {
      const width = signed ? bits - 1 : bits;
      const magnitude = rng.bits(rng.chance(SMALL_MAGNITUDE_SHARE) ? rng.range(1, Math.min(8, width)) : rng.range(1, width));
      return signed && rng.chance(0.5) ? -magnitude : magnitude;
    }
  }
}

export function generateAddress(ctx: ValueContext): string {
  const { rng } = ctx;
  const choice = rng.weighted([ctx.addresses.length > 0 ? 7 : 0, 2, 1]);
  if (choice === 0) return rng.pick(ctx.addresses);
  const word = choice === 1 ? ctx.dictionary.draw(rng, 160, false) : rng.bits(160);
  return `0x${word.toString(16).padStart(40, '0')}`;
}

export function generateFixedBytes(size: number, ctx: ValueContext): string {
  const { rng } = ctx;
  if (rng.chance(0.3)) return wordToFixedBytes(ctx.dictionary.draw(rng, 256, false), size);
  return bytesToHex(rng.bytes(size));
}

/**
 * A dictionary word as bytesN: right-aligned when it fits (selectors, small tags pushed as numbers),
 * else its leading bytes (string literals and hashes are left-aligned words).
 */
export function wordToFixedBytes(word: bigint, size: number): string {
  const hex = word.toString(16).padStart(64, '0');
  return word < 1n << BigInt(size * 8) ? `0x${hex.slice(64 - size * 2)}` : `0x${hex.slice(0, size * 2)}`;
}

function generateBytes(ctx: ValueContext): string {
  const { rng, dictionary } = ctx;
  if (ctx.selfCalls !== undefined && ctx.selfCalls.length > 0 && rng.chance(0.2)) return selfCalldata(ctx.selfCalls, ctx);
  const mined = rng.chance(0.2) ? dictionary.drawString(rng) : undefined;
  if (mined !== undefined) return bytesToHex(stringToBytes(mined));
  if (rng.chance(0.2)) return wordToFixedBytes(dictionary.draw(rng, 256, false), 32);
  return bytesToHex(rng.bytes(generateLength(ctx)));
}

/** Calldata of a call to one of `targets` with fresh arguments (whose own `bytes` hold no further call). */
function selfCalldata(targets: readonly CallTarget[], ctx: ValueContext): string {
  const functions = targets.filter((t) => t.kind === 'function');
  if (functions.length === 0) return '0x';
  const { target, args } = generateInputs(ctx.rng.pick(functions), { ...ctx, selfCalls: undefined });
  return bytesToHex(encodeCall({ sender: 0, to: 0, target, args, value: 0n, blockDelay: 0, timeDelay: 0 }));
}

/**
 * Share of fresh strings that are raw bytes rather than printable text: a contract may compare a
 * string's bytes with bytes that are no valid UTF-8 (a `bytes1` constant such as 0xf8).
 */
const RAW_STRING_SHARE = 0.2;

function generateString(ctx: ValueContext): string {
  const { rng } = ctx;
  const mined = rng.chance(0.3) ? ctx.dictionary.drawString(rng) : undefined;
  if (mined !== undefined) return mined;
  if (rng.chance(RAW_STRING_SHARE))
    return stringOfBytes(rng.chance(0.5) ? significantBytes(ctx.dictionary.draw(rng, 256, false)) : rng.bytes(generateLength(ctx)));
  let text = '';
  for (let i = generateLength(ctx); i > 0; i--) text += printable(rng);
  return text;
}

/** A dictionary word's bytes without the zero bytes around them: a left-aligned `bytesN` constant or a small number. */
function significantBytes(word: bigint): Uint8Array {
  const hex = word
    .toString(16)
    .padStart(64, '0')
    .replace(/^(00)+|(00)+$/g, '');
  return hexToBytes(`0x${hex}`);
}

export function printable(rng: Rng): string {
  return String.fromCharCode(rng.range(0x20, 0x7e));
}

/** Dynamic lengths: usually 0–4, sometimes from the dictionary, rarely anything up to the maximum. */
export function generateLength(ctx: ValueContext): number {
  const { rng } = ctx;
  const max = ctx.maxArrayLength ?? VALUE_DEFAULTS.maxArrayLength;
  switch (rng.weighted([8, 1, 1])) {
    case 0:
      return rng.range(0, Math.min(4, max));
    case 1:
      return Number(ctx.dictionary.draw(rng, 16, false) % BigInt(max + 1));
    default:
      return rng.range(0, max);
  }
}

/**
 * Share of calls with several dynamic array parameters whose arrays get one length: functions taking
 * parallel arrays nearly always `require` equal lengths, which independent lengths rarely meet.
 */
export const MATCH_LENGTHS_SHARE = 0.5;

/** Arguments for a target; a fallback target gets fresh raw calldata instead. */
export function generateInputs(target: CallTarget, ctx: ValueContext): { target: CallTarget; args: AbiValue[] } {
  switch (target.kind) {
    case 'function': {
      const attack = attackerCallArgs(target.selector, ctx);
      if (attack !== undefined) return { target, args: attack };
      const approval = approvalArgs(target.fn, ctx);
      if (approval !== undefined) return { target, args: approval };
      const params = target.fn.inputs;
      const args = params.map((p) => generateValue(p, ctx));
      const arrays = dynamicArrays(params);
      if (arrays.length < 2 || !ctx.rng.chance(MATCH_LENGTHS_SHARE)) return { target, args };
      return { target, args: matchLengths(params, args, ctx.rng.pick(arrays), ctx) };
    }
    case 'fallback':
      return { target: { ...target, data: generateFallbackData(ctx) }, args: [] };
    case 'receive':
      return { target, args: [] };
  }
}

/** Approvals by signature: ERC-20's (and its `increaseAllowance`), and ERC-721/1155's operator approval. */
export const APPROVALS = new Set(['approve(address,uint256)', 'increaseAllowance(address,uint256)', 'setApprovalForAll(address,bool)']);

/**
 * Share of approvals that let a deployed contract spend everything. A vault's deposit or a router's
 * swap pulls tokens its caller approved it for; a spender drawn among all known addresses and an
 * amount drawn at random rarely give it that (with a token and its vault: a sixth of spenders are
 * the vault, about half of amounts cover a deposit). The rest are drawn as any call's arguments.
 */
export const CONTRACT_APPROVAL_SHARE = 0.5;

/** An ERC-20 allowance no transfer spends down (solmate, OpenZeppelin) and none exceeds. */
export const UNLIMITED = (1n << 256n) - 1n;

/** Arguments approving a deployed contract for everything, for a share of approvals; undefined for the rest and for other functions. */
function approvalArgs(fn: AbiFunction, ctx: ValueContext): AbiValue[] | undefined {
  const { contracts, rng } = ctx;
  if (contracts === undefined || contracts.length === 0 || !APPROVALS.has(signature(fn)) || !rng.chance(CONTRACT_APPROVAL_SHARE)) return undefined;
  return [rng.pick(contracts), fn.inputs[1].type === 'bool' ? true : UNLIMITED];
}

/** Indices of the parameters that are dynamic arrays (`T[]`). */
export function dynamicArrays(params: readonly AbiParameter[]): number[] {
  const indices: number[] = [];
  params.forEach((p, i) => {
    const t = abiType(p);
    if (t.kind === 'array' && t.length === undefined) indices.push(i);
  });
  return indices;
}

/**
 * The arguments with every other dynamic array cut or grown (with fresh elements) to the length of
 * `args[from]`; never changes `args` in place.
 */
export function matchLengths(params: readonly AbiParameter[], args: readonly AbiValue[], from: number, ctx: ValueContext): AbiValue[] {
  const length = (args[from] as AbiValue[]).length;
  return args.map((arg, i) => {
    const t = abiType(params[i]);
    if (i === from || t.kind !== 'array' || t.length !== undefined) return arg;
    const items = (arg as AbiValue[]).slice(0, length);
    while (items.length < length) items.push(generateValue(t.element, ctx));
    return items;
  });
}

/**
 * The attacker's `lookoutCall(to, data, reenter)`: a call of another deployment, generated like any
 * call, and a second one to re-enter with — sometimes none, often the call itself again. Undefined
 * for other functions, or when the context has no other deployment to call.
 */
function attackerCallArgs(selector: string, ctx: ValueContext): AbiValue[] | undefined {
  if (selector !== ATTACKER_CALL_SELECTOR || ctx.targets === undefined) return undefined;
  const world = { ...ctx, targets: ctx.targets };
  const others: number[] = [];
  for (let i = 0; i < world.targets.length; i++) if (world.targets[i].some((t) => !isAttackerCall(t))) others.push(i);
  if (others.length === 0) return undefined;
  const to = ctx.rng.pick(others);
  const calls = world.targets[to].filter((t) => !isAttackerCall(t));
  const generate = (): Call => ({ sender: 0, to, ...generateInputs(ctx.rng.pick(calls), ctx), value: 0n, blockDelay: 0, timeDelay: 0 });
  const call = generate();
  // Re-entering the function being called (withdraw from withdraw) is the classic attack: favour it.
  const reenter = ctx.rng.weighted([1, 2, 2]);
  return attackerArgs(world, call, reenter === 0 ? '0x' : reenter === 1 ? calldata(call) : calldata(generate()));
}

/** Empty, an unknown selector (with a few argument words), or arbitrary bytes. */
function generateFallbackData(ctx: ValueContext): string {
  const { rng } = ctx;
  switch (rng.weighted([3, 4, 2])) {
    case 0:
      return '0x';
    case 1:
      return bytesToHex(rng.bytes(4 + 32 * rng.range(0, 2)));
    default:
      return bytesToHex(rng.bytes(generateLength(ctx)));
  }
}

/** Wei for a call: zero unless payable; then usually zero, else ether-ish, dictionary or uniform, ≤ maxValue. */
export function generateCallValue(target: CallTarget, ctx: ValueContext): bigint {
  const { rng, maxValue } = ctx;
  if (!isPayable(target) || maxValue <= 0n || rng.chance(0.6)) return 0n;
  switch (rng.weighted([2, 1, 1])) {
    case 0: {
      const amount = BigInt(rng.range(1, 9)) * 10n ** BigInt(rng.range(0, 18));
      return amount <= maxValue ? amount : maxValue;
    }
    case 1:
      return ctx.dictionary.draw(rng, 256, false) % (maxValue + 1n);
    default:
      return rng.bits(256) % (maxValue + 1n);
  }
}

/** Blocks and seconds before a call: usually none, sometimes a little, rarely up to the maxima. */
export function generateDelays(ctx: ValueContext): { blockDelay: number; timeDelay: number } {
  return {
    blockDelay: generateDelay(ctx, ctx.maxBlockDelay ?? VALUE_DEFAULTS.maxBlockDelay, 10),
    timeDelay: generateDelay(ctx, ctx.maxTimeDelay ?? VALUE_DEFAULTS.maxTimeDelay, 3600),
  };
}

function generateDelay(ctx: ValueContext, max: number, small: number): number {
  const { rng } = ctx;
  if (max <= 0) return 0;
  switch (rng.weighted([6, 3, 1, 1])) {
    case 0:
      return 0;
    case 1:
      return rng.range(1, Math.min(small, max));
    case 2:
      // Mined durations (`7 days`) are what time-locked code compares against.
      return Number(ctx.dictionary.draw(rng, 32, false) % BigInt(max + 1));
    default:
      return rng.range(0, max);
  }
}

/**
 * The share of fresh calls that go to Lookout's attacker (when the world has one and another
 * deployment): picked like any deployment it took half the calls of a one-contract campaign. Few:
 * attacks are mostly built from plain sequences by the through-attacker mutation, and every call
 * spent on the attacker is one less for the campaign's other findings (LeakyBank's leak).
 */
const ATTACKER_SHARE = 0.05;

/** A fresh call: a random deployment with callable targets, target, sender, value and delays. */
export function generateCall(targets: DeploymentTargets, ctx: ValueContext): Call {
  const { rng } = ctx;
  const callable: number[] = [];
  const attackers: number[] = [];
  for (let i = 0; i < targets.length; i++) {
    if (targets[i].length === 0) continue;
    (targets[i].every(isAttackerCall) ? attackers : callable).push(i);
  }
  if (callable.length === 0 && attackers.length === 0) throw new Error('generateCall: no deployment has a callable target');
  const to = callable.length === 0 || (attackers.length > 0 && rng.chance(ATTACKER_SHARE)) ? rng.pick(attackers) : rng.pick(callable);
  const { target, args } = generateInputs(rng.pick(targets[to]), ctx);
  return {
    sender: rng.int(ctx.senders),
    to,
    target,
    args,
    value: generateCallValue(payingTarget(target, args, { ...ctx, targets }), ctx),
    ...generateDelays(ctx),
  };
}
