import type { AbiParameter } from 'viem';
import { abiType, type AbiValue, type Address, type Call, type CallTarget, encodeCall, formatArgs, type TxSequence } from '../../abi/index.js';

/**
 * One call of an input saved across runs, as a person reads it: the contract by its deployment's
 * name, the function by signature, arguments ABI-decoded (integers as decimal strings). Nothing in it
 * depends on the build it was found on (no selectors, no deployment indexes), so it can be checked
 * against the next build call by call.
 */
export interface SavedCall {
  sender: Address;
  /** The deployment's contract name; `Name#2` for the second deployment of one contract. */
  to: string;
  /** `deposit(uint256)`, `fallback` (its calldata the one argument) or `receive()`. */
  function: string;
  args: unknown[];
  /** Wei, decimal. */
  value: string;
  blockDelay: number;
  timeDelay: number;
}

export type SavedInput = SavedCall[];

/** Why a saved input cannot run on this build. */
export type SavedInputDrop = 'missingFunction' | 'undecodable';

/** What a campaign can call, by the names saved inputs use. */
export interface SavedInputWorld {
  senders: readonly Address[];
  /** Contract name of each deployment index. */
  deployments: readonly string[];
  /** What may be called on each deployment index. */
  targets: readonly (readonly CallTarget[])[];
}

const FALLBACK = 'fallback';
const RECEIVE = 'receive()';

export function savedInput(sequence: TxSequence, world: SavedInputWorld): SavedInput {
  const labels = deploymentLabels(world.deployments);
  return sequence.map((call) => ({
    sender: world.senders[call.sender],
    to: labels[call.to],
    function: call.target.kind === 'function' ? call.target.signature : call.target.kind === 'fallback' ? FALLBACK : RECEIVE,
    args: call.target.kind === 'function' ? formatArgs(call.args, call.target.fn.inputs) : call.target.kind === 'fallback' ? [call.target.data] : [],
    value: call.value.toString(),
    blockDelay: call.blockDelay,
    timeDelay: call.timeDelay,
  }));
}

/**
 * The saved input as calls on this build, or why it cannot be: a contract or function gone (a
 * function whose parameter types changed is looked up by name and arity, one overload only), or
 * arguments, sender or value that no longer fit.
 */
export function restoredInput(saved: SavedInput, world: SavedInputWorld): { sequence: TxSequence } | { dropped: SavedInputDrop } {
  const labels = deploymentLabels(world.deployments);
  const sequence: TxSequence = [];
  for (const call of saved) {
    const to = labels.indexOf(call.to);
    const target = to < 0 ? undefined : targetFor(world.targets[to] ?? [], call);
    if (target === undefined) return { dropped: 'missingFunction' };
    const restored = restoredCall(call, to, target, world.senders);
    if (restored === undefined) return { dropped: 'undecodable' };
    sequence.push(restored);
  }
  return { sequence };
}

/** Deployment names, the second and later deployments of one contract numbered (`Pair#2`). */
function deploymentLabels(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}#${n}`;
  });
}

function targetFor(targets: readonly CallTarget[], call: SavedCall): CallTarget | undefined {
  if (call.function === FALLBACK) return targets.find((t) => t.kind === 'fallback');
  if (call.function === RECEIVE) return targets.find((t) => t.kind === 'receive');
  const exact = targets.find((t) => t.kind === 'function' && t.signature === call.function);
  if (exact) return exact;
  const name = call.function.slice(0, call.function.indexOf('('));
  const renamed = targets.filter((t) => t.kind === 'function' && t.fn.name === name && t.fn.inputs.length === call.args.length);
  return renamed.length === 1 ? renamed[0] : undefined;
}

function restoredCall(call: SavedCall, to: number, target: CallTarget, senders: readonly Address[]): Call | undefined {
  const sender = senders.findIndex((s) => s.toLowerCase() === String(call.sender).toLowerCase());
  if (sender < 0 || !isWei(call.value) || !isDelay(call.blockDelay) || !isDelay(call.timeDelay)) return undefined;
  try {
    const restored: Call = {
      sender,
      to,
      target: withData(target, call),
      args: [],
      value: BigInt(call.value),
      blockDelay: call.blockDelay,
      timeDelay: call.timeDelay,
    };
    if (target.kind === 'function') restored.args = target.fn.inputs.map((param, i) => abiValue(param, call.args[i]));
    encodeCall(restored);
    return restored;
  } catch {
    return undefined;
  }
}

/** A fallback call's target carries its calldata. */
function withData(target: CallTarget, call: SavedCall): CallTarget {
  if (target.kind !== 'fallback') return target;
  const [data] = call.args;
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data)) throw new Error('fallback calldata is not hex');
  return { ...target, data: data.toLowerCase() };
}

/** The JSON value as an ABI value of the parameter's type; throws when it does not fit. */
function abiValue(param: AbiParameter, json: unknown): AbiValue {
  const type = abiType(param);
  switch (type.kind) {
    case 'uint':
    case 'int': {
      if (typeof json !== 'string' || !/^-?\d+$/.test(json)) throw new Error('not an integer');
      const value = BigInt(json);
      const min = type.kind === 'uint' ? 0n : -(1n << BigInt(type.bits - 1));
      const max = type.kind === 'uint' ? (1n << BigInt(type.bits)) - 1n : (1n << BigInt(type.bits - 1)) - 1n;
      if (value < min || value > max) throw new Error('out of range');
      return value;
    }
    case 'bool':
      if (typeof json !== 'boolean') throw new Error('not a bool');
      return json;
    case 'address':
      return hex(json, 20);
    case 'fixedBytes':
      return hex(json, type.size);
    case 'bytes':
      return hex(json, undefined);
    case 'string':
      if (typeof json !== 'string') throw new Error('not a string');
      return json;
    case 'array':
      if (!Array.isArray(json) || (type.length !== undefined && json.length !== type.length)) throw new Error('not an array of that length');
      return json.map((element) => abiValue(type.element, element));
    case 'tuple':
      if (!Array.isArray(json) || json.length !== type.components.length) throw new Error('not a tuple of that shape');
      return type.components.map((component, i) => abiValue(component, json[i]));
  }
}

function hex(json: unknown, size: number | undefined): string {
  if (typeof json !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(json) || (size !== undefined && json.length !== 2 + 2 * size))
    throw new Error('not hex of that size');
  return json.toLowerCase();
}

function isWei(value: unknown): value is string {
  return typeof value === 'string' && /^\d+$/.test(value);
}

function isDelay(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
