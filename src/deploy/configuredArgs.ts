import { BaseError, encodeAbiParameters, type AbiParameter } from 'viem';
import { weiOf, type ConfiguredArg } from '../config/index.js';
import { ConfigurationError } from '../errors.js';
import type { Address } from '../evm/index.js';
import { abiType, type AbiValue } from '../abi/index.js';

/** Addresses that configured references stand for. */
export interface ReferenceAddresses {
  contract(ref: string, key: string): Address;
  sender(index: number): Address;
}

/**
 * The constructor arguments lookout.toml gives, as ABI values checked against the constructor's
 * parameters: the right number, each of the right shape and encodable by viem (in range, the right
 * byte length). A mismatch is a ConfigurationError naming the key and the file.
 */
export function configuredValues(
  args: readonly ConfiguredArg[],
  params: readonly AbiParameter[],
  references: ReferenceAddresses,
  where: { file: string; key: string },
): AbiValue[] {
  const fail = (key: string, problem: string): never => {
    throw new ConfigurationError(`${where.file}: \`${key}\` ${problem}`);
  };
  if (args.length !== params.length) {
    fail(`${where.key}.args`, `has ${args.length} argument(s) but the constructor takes ${params.length}: (${params.map(describe).join(', ')}).`);
  }
  return params.map((param, i) => {
    const value = toValue(args[i], param, references, fail);
    try {
      encodeAbiParameters([param], [value]);
    } catch (error) {
      fail(args[i].key, `does not fit ${describe(param)}: ${error instanceof BaseError ? error.shortMessage : String(error)}`);
    }
    return value;
  });
}

/** Every `{ contract = "…" }` among the arguments, nested ones included, in order. */
export function contractReferences(args: readonly ConfiguredArg[]): { ref: string; key: string }[] {
  return args.flatMap((arg) => {
    if (arg.kind === 'contract') return [{ ref: arg.ref, key: arg.key }];
    return arg.kind === 'list' ? contractReferences(arg.items) : [];
  });
}

type Fail = (key: string, problem: string) => never;

function toValue(arg: ConfiguredArg, param: AbiParameter, references: ReferenceAddresses, fail: Fail): AbiValue {
  const t = abiType(param);
  const expected = (what: string) => fail(arg.key, `must be ${what} for ${describe(param)}.`);
  if (arg.kind === 'contract' || arg.kind === 'sender') {
    if (t.kind !== 'address') return expected(literalOf(t.kind));
    return arg.kind === 'contract' ? references.contract(arg.ref, arg.key) : references.sender(arg.sender);
  }
  if (arg.kind === 'list') {
    if (t.kind === 'array') {
      if (t.length !== undefined && arg.items.length !== t.length) return expected(`an array of ${t.length} element(s)`);
      return arg.items.map((item) => toValue(item, t.element, references, fail));
    }
    if (t.kind === 'tuple') {
      if (arg.items.length !== t.components.length) return expected(`an array of the ${t.components.length} tuple component(s)`);
      return arg.items.map((item, i) => toValue(item, t.components[i], references, fail));
    }
    return expected(literalOf(t.kind));
  }
  const value = arg.value;
  switch (t.kind) {
    case 'uint':
    case 'int': {
      if (typeof value === 'bigint') return value;
      const parsed = typeof value === 'string' ? integerOf(value) : undefined;
      return parsed ?? expected(literalOf(t.kind));
    }
    case 'bool':
      return typeof value === 'boolean' ? value : expected(literalOf(t.kind));
    case 'string':
      return typeof value === 'string' ? value : expected(literalOf(t.kind));
    case 'address':
      return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : expected(literalOf(t.kind));
    case 'fixedBytes':
    case 'bytes':
      return typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(value) ? value.toLowerCase() : expected(literalOf(t.kind));
    case 'array':
    case 'tuple':
      return expected(literalOf(t.kind));
  }
}

/** A decimal (signed), hex, or unit amount ("1.5 ether") written as a string. */
function integerOf(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (/^-\d+$/.test(trimmed)) return BigInt(trimmed);
  return weiOf(trimmed);
}

function literalOf(kind: ReturnType<typeof abiType>['kind']): string {
  switch (kind) {
    case 'uint':
    case 'int':
      return 'an integer (or a string: "123", "0x7b", "1.5 ether")';
    case 'bool':
      return 'true or false';
    case 'string':
      return 'a string';
    case 'address':
      return 'a 0x-address, { contract = "Name" } or { sender = "alice" }';
    case 'fixedBytes':
    case 'bytes':
      return 'a 0x-hex string';
    case 'array':
    case 'tuple':
      return 'an array';
  }
}

function describe(param: AbiParameter): string {
  return `${(param as { internalType?: string }).internalType ?? param.type}${param.name ? ` ${param.name}` : ''}`;
}
