import {
  bytesToHex,
  decodeAbiParameters,
  encodeAbiParameters,
  hexToBytes,
  toFunctionSelector,
  toFunctionSignature,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from 'viem';
import { isPropertyFunction } from './propertyFunctions.js';
import type { AbiValue, Call, CallTarget } from './types.js';
import { stringBytes, stringOfBytes } from './stringBytes.js';

/** The shape of one ABI parameter type, parsed once and cached per parameter object. */
export type AbiType =
  | { kind: 'uint'; bits: number }
  | { kind: 'int'; bits: number }
  | { kind: 'address' }
  | { kind: 'bool' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'bytes' }
  | { kind: 'string' }
  /** `length` undefined for a dynamic array `T[]`. */
  | { kind: 'array'; element: AbiParameter; length: number | undefined }
  | { kind: 'tuple'; components: readonly AbiParameter[] };

const typeCache = new WeakMap<AbiParameter, AbiType>();

/** Parses `param.type`; throws on a type the fuzzer cannot produce (e.g. `function`). */
export function abiType(param: AbiParameter): AbiType {
  let parsed = typeCache.get(param);
  if (parsed === undefined) {
    parsed = parseType(param);
    typeCache.set(param, parsed);
  }
  return parsed;
}

function parseType(param: AbiParameter): AbiType {
  const type = param.type;
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const element = { ...param, type: array[1] } as AbiParameter;
    return { kind: 'array', element, length: array[2] === '' ? undefined : Number(array[2]) };
  }
  if (type === 'tuple') return { kind: 'tuple', components: componentsOf(param) };
  if (type === 'address' || type === 'bool' || type === 'bytes' || type === 'string') return { kind: type };
  const int = /^(u?)int(\d*)$/.exec(type);
  if (int) {
    const bits = int[2] === '' ? 256 : Number(int[2]);
    if (bits % 8 === 0 && bits >= 8 && bits <= 256) return { kind: int[1] ? 'uint' : 'int', bits };
  }
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed && Number(fixed[1]) >= 1 && Number(fixed[1]) <= 32) return { kind: 'fixedBytes', size: Number(fixed[1]) };
  throw new Error(`unsupported ABI type ${type}`);
}

function componentsOf(param: AbiParameter): readonly AbiParameter[] {
  return (param as { components?: readonly AbiParameter[] }).components ?? [];
}

function isSupported(param: AbiParameter): boolean {
  try {
    const t = abiType(param);
    if (t.kind === 'array') return isSupported(t.element);
    if (t.kind === 'tuple') return t.components.every(isSupported);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the fuzzer may call: every function (properties excluded, as Echidna does, and functions
 * whose parameter types cannot be generated), then fallback and receive when present. View and pure
 * functions change no state but can fail an assert or panic, and a pull request may change them.
 */
export function callTargets(abi: Abi): CallTarget[] {
  const targets: CallTarget[] = [];
  for (const item of abi) {
    if (item.type !== 'function') continue;
    if (isPropertyFunction(item) || !item.inputs.every(isSupported)) continue;
    targets.push(functionTarget(item));
  }
  for (const item of abi) {
    if (item.type === 'fallback') targets.push({ kind: 'fallback', data: '0x', payable: item.stateMutability === 'payable' });
    if (item.type === 'receive') targets.push({ kind: 'receive' });
  }
  return targets;
}

export function functionTarget(fn: AbiFunction): CallTarget {
  return { kind: 'function', fn, selector: toFunctionSelector(fn), signature: signature(fn) };
}

/** Canonical signature with tuples expanded, e.g. `settle((address,uint256)[],uint8)`. */
export function signature(fn: AbiFunction): string {
  return toFunctionSignature(fn);
}

/** Whether the call may carry ether. */
export function isPayable(target: CallTarget): boolean {
  switch (target.kind) {
    case 'function':
      return target.fn.stateMutability === 'payable';
    case 'fallback':
      return target.payable === true;
    case 'receive':
      return true;
  }
}

/**
 * Calldata per Call object. Calls are immutable and mutants share their untouched calls, so most
 * calls of a mutant were encoded before; viem's encoder (~33 µs a call) would otherwise cost about
 * 8 % of execution time. Callers must not modify the returned bytes.
 */
const calldataCache = new WeakMap<Call, Uint8Array>();

/** Calldata of a call. AbiValue tuples are arrays, which viem's encoder accepts positionally. */
export function encodeCall(call: Call): Uint8Array {
  let data = calldataCache.get(call);
  if (data === undefined) {
    data = encodeCalldata(call);
    calldataCache.set(call, data);
  }
  return data;
}

function encodeCalldata(call: Call): Uint8Array {
  const target = call.target;
  switch (target.kind) {
    case 'function':
      return hexToBytes(`${target.selector}${encodeArguments(target.fn.inputs, call.args).slice(2)}` as Hex);
    case 'fallback':
      return hexToBytes(target.data as Hex);
    case 'receive':
      return new Uint8Array(0);
  }
}

/** Calldata (selector and arguments) of a call to `fn`: for callers that hold no Call (Foundry tests). */
export function encodeFunctionCall(fn: AbiFunction, args: readonly AbiValue[]): Hex {
  return `${toFunctionSelector(fn)}${encodeArguments(fn.inputs, args).slice(2)}`;
}

/** Arguments ABI-encoded, strings as the bytes they stand for (`stringBytes`: raw bytes included). */
function encodeArguments(params: readonly AbiParameter[], args: readonly AbiValue[]): Hex {
  const asBytes = bytesParams(params);
  if (asBytes === params) return encodeAbiParameters(params, args as readonly unknown[]);
  return encodeAbiParameters(
    asBytes,
    params.map((param, i) => stringsAsBytes(param, args[i])),
  );
}

/** Decodes a function's calldata (selector included) back into AbiValues; for replay and tests. */
export function decodeArgs(fn: AbiFunction, calldata: Uint8Array): AbiValue[] {
  const decoded = decodeAbiParameters(bytesParams(fn.inputs), calldata.subarray(4));
  return fn.inputs.map((param, i) => normalize(param, decoded[i]));
}

const bytesParamsCache = new WeakMap<readonly AbiParameter[], readonly AbiParameter[]>();

/**
 * The parameters with every `string` (nested ones too) declared `bytes`: the two encode alike, and
 * viem would write a string as UTF-8 text (a raw byte as U+FFFD) and read one back the same lossy
 * way. The parameters themselves when they hold no string.
 */
function bytesParams(params: readonly AbiParameter[]): readonly AbiParameter[] {
  let converted = bytesParamsCache.get(params);
  if (converted === undefined) {
    const mapped = params.map(stringAsBytes);
    converted = mapped.every((param, i) => param === params[i]) ? params : mapped;
    bytesParamsCache.set(params, converted);
  }
  return converted;
}

function stringAsBytes(param: AbiParameter): AbiParameter {
  const type = param.type.replace(/^string(?=$|\[)/, 'bytes');
  const components = componentsOf(param);
  const mapped = components.map(stringAsBytes);
  if (type === param.type && mapped.every((c, i) => c === components[i])) return param;
  return (components.length > 0 ? { ...param, type, components: mapped } : { ...param, type }) as AbiParameter;
}

function stringsAsBytes(param: AbiParameter, value: AbiValue): AbiValue {
  const t = abiType(param);
  if (t.kind === 'string') return bytesToHex(stringBytes(value as string));
  if (t.kind === 'array') return (value as AbiValue[]).map((v) => stringsAsBytes(t.element, v));
  if (t.kind === 'tuple') return t.components.map((c, i) => stringsAsBytes(c, (value as AbiValue[])[i]));
  return value;
}

/** viem's decoded form → AbiValue: numbers to bigint, named tuples to arrays, addresses lowercase. */
function normalize(param: AbiParameter, value: unknown): AbiValue {
  const t = abiType(param);
  switch (t.kind) {
    case 'uint':
    case 'int':
      return BigInt(value as bigint | number);
    case 'bool':
      return value as boolean;
    case 'address':
    case 'fixedBytes':
    case 'bytes':
      return (value as string).toLowerCase();
    case 'string':
      return stringOfBytes(hexToBytes(value as Hex));
    case 'array':
      return (value as unknown[]).map((v) => normalize(t.element, v));
    case 'tuple': {
      const record = value as Record<string, unknown> & unknown[];
      return t.components.map((c, i) => normalize(c, Array.isArray(value) ? record[i] : record[c.name!]));
    }
  }
}

/** A property function's verdict: `undefined` when the return data is not one ABI bool. */
export function decodeBool(returnData: Uint8Array): boolean | undefined {
  if (returnData.length !== 32) return undefined;
  for (let i = 0; i < 31; i++) if (returnData[i] !== 0) return undefined;
  if (returnData[31] > 1) return undefined;
  return returnData[31] === 1;
}

/** JSON-friendly arguments for the report: bigints as decimal strings, arrays and tuples nested. */
export function formatArgs(values: readonly AbiValue[], params: readonly AbiParameter[]): unknown[] {
  return params.map((param, i) => formatValue(param, values[i]));
}

function formatValue(param: AbiParameter, value: AbiValue): unknown {
  const t = abiType(param);
  if (t.kind === 'array') return (value as AbiValue[]).map((v) => formatValue(t.element, v));
  if (t.kind === 'tuple') return t.components.map((c, i) => formatValue(c, (value as AbiValue[])[i]));
  return typeof value === 'bigint' ? value.toString() : value;
}
