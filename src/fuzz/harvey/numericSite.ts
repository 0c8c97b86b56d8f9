import type { AbiParameter } from 'viem';
import { abiType, type AbiValue, type Call, type TxSequence } from '../../abi/index.js';

/**
 * One numeric leaf of a sequence: an integer, address or bytesN argument (nested in arrays and
 * tuples too), or a call's `msg.value`. Input prediction changes exactly one of these.
 */
export type NumericSite =
  | { kind: 'arg'; call: number; /** Argument index, then array/tuple indices down to the leaf. */ path: readonly number[]; domain: NumericDomain }
  | { kind: 'value'; call: number; domain: NumericDomain };

/** How a leaf's number is stored: its width, signedness and ABI encoding. */
export interface NumericDomain {
  bits: number;
  signed: boolean;
  encoding: 'integer' | 'address' | 'fixedBytes';
}

const VALUE_DOMAIN: NumericDomain = { bits: 256, signed: false, encoding: 'integer' };

/**
 * The single numeric leaf by which `b` differs from `a`, or undefined when they differ in anything
 * else, in more than one leaf, or not at all (the precondition of Harvey Alg. 1, line 17).
 */
export function diffSingleNumeric(a: TxSequence, b: TxSequence): NumericSite | undefined {
  if (a.length !== b.length) return undefined;
  const found: NumericSite[] = [];
  for (let i = 0; i < a.length; i++) {
    if (!diffCall(a[i], b[i], i, found) || found.length > 1) return undefined;
  }
  return found.length === 1 ? found[0] : undefined;
}

/** False on a difference that is not one numeric leaf. */
function diffCall(x: Call, y: Call, call: number, found: NumericSite[]): boolean {
  if (x.sender !== y.sender || x.to !== y.to || x.blockDelay !== y.blockDelay || x.timeDelay !== y.timeDelay) return false;
  const tx = x.target;
  const ty = y.target;
  if (tx.kind !== ty.kind) return false;
  if (tx.kind === 'fallback' && ty.kind === 'fallback' && tx.data !== ty.data) return false;
  if (tx.kind === 'function' && ty.kind === 'function' && tx.selector !== ty.selector) return false;
  if (x.value !== y.value) found.push({ kind: 'value', call, domain: VALUE_DOMAIN });
  if (tx.kind !== 'function') return true;
  return tx.fn.inputs.every((param, j) => diffValue(param, x.args[j], y.args[j], call, [j], found));
}

function diffValue(param: AbiParameter, x: AbiValue, y: AbiValue, call: number, path: number[], found: NumericSite[]): boolean {
  const t = abiType(param);
  switch (t.kind) {
    case 'uint':
    case 'int':
    case 'address':
    case 'fixedBytes': {
      const domain = domainOf(param);
      if (toNumber(x, domain) !== toNumber(y, domain)) found.push({ kind: 'arg', call, path, domain });
      return true;
    }
    case 'bool':
    case 'bytes':
    case 'string':
      return x === y;
    case 'array':
    case 'tuple': {
      const xs = x as AbiValue[];
      const ys = y as AbiValue[];
      if (xs.length !== ys.length) return false;
      const params = t.kind === 'array' ? xs.map(() => t.element) : t.components;
      return xs.every((v, k) => diffValue(params[k], v, ys[k], call, [...path, k], found));
    }
  }
}

function domainOf(param: AbiParameter): NumericDomain {
  const t = abiType(param);
  switch (t.kind) {
    case 'uint':
      return { bits: t.bits, signed: false, encoding: 'integer' };
    case 'int':
      return { bits: t.bits, signed: true, encoding: 'integer' };
    case 'address':
      return { bits: 160, signed: false, encoding: 'address' };
    case 'fixedBytes':
      return { bits: t.size * 8, signed: false, encoding: 'fixedBytes' };
    default:
      throw new Error(`not a numeric ABI type: ${param.type}`);
  }
}

function toNumber(value: AbiValue, domain: NumericDomain): bigint {
  return domain.encoding === 'integer' ? (value as bigint) : BigInt(value as string);
}

function fromNumber(value: bigint, domain: NumericDomain): AbiValue {
  if (domain.encoding === 'integer') return value;
  return `0x${value.toString(16).padStart(domain.bits / 4, '0')}`;
}

/** The numeric arguments of call `index` of a sequence (not those nested in arrays or tuples). */
export function argumentSites(call: Call, index: number): Extract<NumericSite, { kind: 'arg' }>[] {
  if (call.target.kind !== 'function') return [];
  return call.target.fn.inputs.flatMap((param, j): Extract<NumericSite, { kind: 'arg' }>[] =>
    ['uint', 'int', 'address', 'fixedBytes'].includes(abiType(param).kind) ? [{ kind: 'arg', call: index, path: [j], domain: domainOf(param) }] : [],
  );
}

/** The number at `site` in `seq`. */
export function readNumeric(seq: TxSequence, site: NumericSite): bigint {
  const call = seq[site.call];
  if (site.kind === 'value') return call.value;
  let value: AbiValue = call.args[site.path[0]];
  for (const k of site.path.slice(1)) value = (value as AbiValue[])[k];
  return toNumber(value, site.domain);
}

/** A copy of `seq` with `value` at `site`; only the containers on the path to it are copied. */
export function withNumeric(seq: TxSequence, site: NumericSite, value: bigint): TxSequence {
  const copy = seq.slice();
  const call = seq[site.call];
  if (site.kind === 'value') {
    copy[site.call] = { ...call, value };
    return copy;
  }
  copy[site.call] = { ...call, args: replaceAt(call.args, site.path, fromNumber(value, site.domain)) };
  return copy;
}

function replaceAt(values: AbiValue[], path: readonly number[], leaf: AbiValue): AbiValue[] {
  const copy = values.slice();
  const [k, ...rest] = path;
  copy[k] = rest.length === 0 ? leaf : replaceAt(values[k] as AbiValue[], rest, leaf);
  return copy;
}

/** Whether the site can hold `value` (a uint8 cannot hold a reserve it happened to be compared with). */
export function holds(domain: NumericDomain, value: bigint): boolean {
  const { min, max } = domainRange(domain);
  return value >= min && value <= max;
}

/** Smallest and largest number the site can hold. */
export function domainRange(domain: NumericDomain): { min: bigint; max: bigint } {
  const bits = BigInt(domain.bits);
  return domain.signed ? { min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n } : { min: 0n, max: (1n << bits) - 1n };
}
