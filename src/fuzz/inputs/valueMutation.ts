import { bytesToHex, hexToBytes, type AbiParameter, type Hex } from 'viem';
import { abiType, type AbiType } from './abi.js';
import { bounds } from './dictionary.js';
import { stringBytes, stringOfBytes } from './stringBytes.js';
import type { AbiValue } from '../types.js';
import {
  VALUE_DEFAULTS,
  generateAddress,
  generateLength,
  generateValue,
  printable,
  wordToFixedBytes,
  type ValueContext,
} from './values.js';

/** A weighted alternative; weight 0 when it does not apply to the value at hand. */
type Alternative<T> = readonly [weight: number, make: () => T];

function choose<T>(ctx: ValueContext, alternatives: readonly Alternative<T>[]): T {
  return alternatives[ctx.rng.weighted(alternatives.map(([w]) => w))][1]();
}

/**
 * A nearby value of the same type. Never changes `value` in place (the corpus keeps it): changed
 * arrays and tuples are fresh copies sharing the untouched parts. Always encodable.
 */
export function mutateValue(param: AbiParameter, value: AbiValue, ctx: ValueContext): AbiValue {
  const t = abiType(param);
  switch (t.kind) {
    case 'uint':
    case 'int':
      return mutateInteger(value as bigint, t.bits, t.kind === 'int', ctx);
    case 'bool':
      return !(value as boolean);
    case 'address':
      return mutateAddress(value as string, ctx);
    case 'fixedBytes':
      return mutateFixedBytes(value as string, t.size, ctx);
    case 'bytes':
      return bytesToHex(mutateByteString(hexToBytes(value as Hex), ctx));
    case 'string':
      return mutateText(value as string, ctx);
    case 'array':
      return mutateArray(t, value as AbiValue[], ctx);
    case 'tuple': {
      if (t.components.length === 0) return value;
      const i = ctx.rng.int(t.components.length);
      const copy = (value as AbiValue[]).slice();
      copy[i] = mutateValue(t.components[i], copy[i], ctx);
      return copy;
    }
  }
}

/** Bit flips, small deltas, dictionary values, type bounds, a changed byte, or a fresh value. */
export function mutateInteger(value: bigint, bits: number, signed: boolean, ctx: ValueContext): bigint {
  const { rng } = ctx;
  const wrap = (v: bigint): bigint => (signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v));
  return choose<bigint>(ctx, [
    [3, () => wrap(value ^ (1n << BigInt(rng.int(bits))))],
    [4, () => wrap(value + BigInt(rng.chance(0.5) ? rng.range(1, 16) : -rng.range(1, 16)))],
    [4, () => ctx.dictionary.draw(rng, bits, signed)],
    [2, () => rng.pick(bounds(bits, signed))],
    [2, () => {
      const shift = BigInt(8 * rng.int(bits / 8));
      return wrap((value & ~(0xffn << shift)) | (BigInt(rng.int(256)) << shift));
    }],
    [1, () => wrap(rng.bits(bits))],
  ]);
}

function mutateAddress(value: string, ctx: ValueContext): string {
  const { rng } = ctx;
  const others = ctx.addresses.filter((a) => a !== value);
  return choose<string>(ctx, [
    [others.length > 0 ? 6 : 0, () => rng.pick(others)],
    [1, () => bytesToHex(changeByte(hexToBytes(value as Hex), ctx))],
    [2, () => generateAddress(ctx)],
  ]);
}

function mutateFixedBytes(value: string, size: number, ctx: ValueContext): string {
  const { rng } = ctx;
  return choose<string>(ctx, [
    [4, () => bytesToHex(changeByte(hexToBytes(value as Hex), ctx))],
    [3, () => wordToFixedBytes(ctx.dictionary.draw(rng, 256, false), size)],
    [1, () => bytesToHex(rng.bytes(size))],
  ]);
}

/** A copy with one bit flipped or one byte replaced. */
function changeByte(bytes: Uint8Array, ctx: ValueContext): Uint8Array {
  const { rng } = ctx;
  const copy = bytes.slice();
  if (copy.length === 0) return copy;
  const i = rng.int(copy.length);
  copy[i] = rng.chance(0.5) ? copy[i] ^ (1 << rng.int(8)) : rng.int(256);
  return copy;
}

function maxLength(ctx: ValueContext): number {
  return ctx.maxArrayLength ?? VALUE_DEFAULTS.maxArrayLength;
}

/** Insert, delete or change a byte, append a dictionary word, truncate, or start afresh. */
function mutateByteString(bytes: Uint8Array, ctx: ValueContext): Uint8Array {
  const { rng } = ctx;
  const n = bytes.length;
  return choose<Uint8Array>(ctx, [
    [3, () => spliceBytes(bytes, rng.range(0, n), 0, Uint8Array.of(rng.int(256)))],
    [n > 0 ? 3 : 0, () => spliceBytes(bytes, rng.int(n), 1, new Uint8Array(0))],
    [n > 0 ? 4 : 0, () => changeByte(bytes, ctx)],
    [2, () => spliceBytes(bytes, n, 0, hexToBytes(wordToFixedBytes(ctx.dictionary.draw(rng, 256, false), 32) as Hex))],
    [n > 0 ? 1 : 0, () => bytes.slice(0, rng.int(n))],
    [1, () => rng.bytes(generateLength(ctx))],
  ]);
}

function spliceBytes(bytes: Uint8Array, at: number, remove: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length - remove + insert.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(insert, at);
  out.set(bytes.subarray(at + remove), at + insert.length);
  return out;
}

/** Insert, delete or replace a character, a mined string literal, a byte-level mutation (raw bytes), or a fresh string. */
function mutateText(text: string, ctx: ValueContext): string {
  const { rng } = ctx;
  const n = text.length;
  const mined = ctx.dictionary.drawString(rng);
  return choose<string>(ctx, [
    [3, () => spliceText(text, rng.range(0, n), 0, printable(rng))],
    [n > 0 ? 3 : 0, () => spliceText(text, rng.int(n), 1, '')],
    [n > 0 ? 3 : 0, () => spliceText(text, rng.int(n), 1, printable(rng))],
    [mined !== undefined && mined !== text ? 3 : 0, () => mined!],
    [2, () => stringOfBytes(mutateByteString(stringBytes(text), ctx))],
    [1, () => generateValue({ type: 'string' }, ctx) as string],
  ]);
}

function spliceText(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}

/**
 * One element mutated, two swapped; for dynamic arrays also grow, shrink, duplicate an element,
 * or resize to a dictionary length.
 */
function mutateArray(t: Extract<AbiType, { kind: 'array' }>, items: AbiValue[], ctx: ValueContext): AbiValue[] {
  const { rng } = ctx;
  const n = items.length;
  const dynamic = t.length === undefined;
  const max = maxLength(ctx);
  const withItem = (at: number, remove: number, ...insert: AbiValue[]): AbiValue[] => {
    const copy = items.slice();
    copy.splice(at, remove, ...insert);
    return copy;
  };
  if (n === 0 && !dynamic) return items;
  return choose<AbiValue[]>(ctx, [
    [n > 0 ? 6 : 0, () => {
      const i = rng.int(n);
      return withItem(i, 1, mutateValue(t.element, items[i], ctx));
    }],
    [n > 1 ? 2 : 0, () => {
      const i = rng.int(n);
      const j = rng.int(n);
      const copy = items.slice();
      [copy[i], copy[j]] = [copy[j], copy[i]];
      return copy;
    }],
    [dynamic && n < max ? 3 : 0, () => withItem(rng.range(0, n), 0, generateValue(t.element, ctx))],
    [dynamic && n > 0 ? 3 : 0, () => withItem(rng.int(n), 1)],
    [dynamic && n > 0 && n < max ? 1 : 0, () => withItem(rng.range(0, n), 0, items[rng.int(n)])],
    [dynamic ? 1 : 0, () => {
      const length = Number(ctx.dictionary.draw(rng, 16, false) % BigInt(max + 1));
      const copy = items.slice(0, length);
      while (copy.length < length) copy.push(generateValue(t.element, ctx));
      return copy;
    }],
  ]);
}
