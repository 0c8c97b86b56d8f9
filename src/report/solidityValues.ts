import { bytesToHex, formatUnits, getAddress, parseAbiItem, type AbiParameter } from 'viem';
import { holdsRawBytes, stringBytes } from '../abi/index.js';
import { printable } from '../logger.js';

/**
 * Counterexample values written for people, as Solidity expressions where the language has one:
 * `type(uint256).max - 4`, `2**128`, `5e18`, `1.5 ether`, `bytes32(0)`, `alice`, `auction`. Pure, so
 * the PR comment and a Foundry reproducer (which declares the same names) read the same.
 */

/** Who an address is: a sender's role or a deployed contract's instance name. */
export type AddressNames = ReadonlyMap<string, string>;

/** Decimals this long or longer are worth a shorter form (`2**64`, `3e18`); shorter ones stay plain. */
const LONG_DECIMAL = 7;
/** How far from a power of two or a type bound a number may be and still be written relative to it. */
const NEAR = 1000n;

/** `1 ether`, `0.5 ether`, `20 gwei`, `3 wei`: whichever unit writes the amount shortest (the bigger unit on a tie). */
export function etherText(wei: bigint): string {
  if (wei === 0n) return '0';
  const forms = [`${formatUnits(wei, 18)} ether`, `${formatUnits(wei, 9)} gwei`, `${wei} wei`];
  return forms.reduce((best, form) => (form.length < best.length ? form : best));
}

/** An integer of Solidity type `type` (`uint256`, `int8`, …) in the shortest faithful form. */
export function integerText(value: bigint, type: string): string {
  const signed = type.startsWith('int');
  const bits = Number(/\d+$/.exec(type)?.[0] ?? 256);
  const max = signed ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n;
  const min = signed ? -(2n ** BigInt(bits - 1)) : 0n;
  const plain = value.toString();
  if (plain.replace('-', '').length < LONG_DECIMAL) return plain;
  if (max - value <= NEAR) return offset(`type(${type}).max`, value - max);
  if (signed && value - min <= NEAR) return offset(`type(${type}).min`, value - min);
  return nearPowerOfTwo(value) ?? scientific(value) ?? grouped(value);
}

/** `2**128`, `2**64 - 1`, `-(2**100 + 3)` (Solidity reads `-2**100` as `(-2)**100`), or undefined when no power of two is that close. */
function nearPowerOfTwo(value: bigint): string | undefined {
  const magnitude = value < 0n ? -value : value;
  const exponent = magnitude.toString(2).length; // 2**(exponent-1) <= magnitude < 2**exponent
  for (const e of [exponent - 1, exponent]) {
    const power = 2n ** BigInt(e);
    if (magnitude - power <= NEAR && power - magnitude <= NEAR) {
      const text = offset(`2**${e}`, magnitude - power);
      return value < 0n ? `-(${text})` : text;
    }
  }
  return undefined;
}

/** `3e18`, `125e15`: a multiple of a million or more written with its power of ten. */
function scientific(value: bigint): string | undefined {
  const digits = value.toString();
  const zeros = /0*$/.exec(digits)![0].length;
  return zeros >= 6 ? `${digits.slice(0, digits.length - zeros)}e${zeros}` : undefined;
}

/** `12_345_678`: Solidity accepts underscores between digits. */
function grouped(value: bigint): string {
  const digits = (value < 0n ? -value : value).toString().replace(/\B(?=(\d{3})+$)/g, '_');
  return value < 0n ? `-${digits}` : digits;
}

function offset(base: string, delta: bigint): string {
  if (delta === 0n) return base;
  return delta > 0n ? `${base} + ${delta}` : `${base} - ${-delta}`;
}

/** `bytes32(0)`, `bytes32(uint256(5))`, `bytes4(0x12345678)` for a `bytesN` value given as hex. */
export function fixedBytesText(hex: string, type: string): string {
  const digits = hex.replace(/^0x/i, '').toLowerCase();
  if (/^0*$/.test(digits)) return `${type}(0)`;
  const size = digits.length / 2;
  const trimmed = digits.replace(/^(00)+/, '');
  // Mostly leading zero bytes: a small number stored as bytes.
  if (size === 32 && trimmed.length <= 16) return `${type}(uint256(${integerText(BigInt(`0x${digits}`), 'uint256')}))`;
  return `${type}(0x${digits})`;
}

/** `hex"00ff"` for dynamic bytes, `""` when empty. */
export function bytesText(hex: string): string {
  const digits = hex.replace(/^0x/i, '').toLowerCase();
  return digits === '' ? '""' : `hex"${digits}"`;
}

/**
 * A string literal; `unicode"…"` when it holds characters beyond ASCII; `string(bytes(hex"…"))` when
 * its bytes are no valid UTF-8 (raw bytes, see `stringBytes`): Solidity rejects such a string literal.
 */
export function stringText(text: string): string {
  if (holdsRawBytes(text)) return `string(bytes(${bytesText(bytesToHex(stringBytes(text)))}))`;
  const literal = printable(JSON.stringify(text), 'escape');
  return /[^\u0000-\u007f]/.test(literal) ? `unicode${literal}` : literal;
}

/** A named account, `address(0)`, or the checksummed literal Solidity requires. */
export function addressText(address: string, names: AddressNames): string {
  const name = names.get(address.toLowerCase());
  if (name !== undefined) return name;
  if (/^0x0{40}$/i.test(address)) return 'address(0)';
  try {
    return getAddress(address);
  } catch {
    return address;
  }
}

/** A decoded argument of ABI type `param` (values as the JSON report holds them: numbers as decimal strings). */
export function valueText(param: AbiParameter, value: unknown, names: AddressNames): string {
  const array = /^(.*)\[\d*\]$/.exec(param.type);
  if (array && Array.isArray(value)) {
    const element = { ...param, type: array[1] } as AbiParameter;
    return `[${value.map((v) => valueText(element, v, names)).join(', ')}]`;
  }
  if (param.type === 'tuple' && 'components' in param && Array.isArray(value)) {
    return `(${param.components.map((c, i) => valueText(c, value[i], names)).join(', ')})`;
  }
  if (/^u?int\d*$/.test(param.type) && isInteger(value))
    return integerText(BigInt(value), param.type === 'uint' ? 'uint256' : param.type === 'int' ? 'int256' : param.type);
  if (param.type === 'address' && typeof value === 'string') return addressText(value, names);
  if (/^bytes\d+$/.test(param.type) && typeof value === 'string') return fixedBytesText(value, param.type);
  if (param.type === 'bytes' && typeof value === 'string') return bytesText(value);
  if (param.type === 'string' && typeof value === 'string') return stringText(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isInteger(value: unknown): value is string | number | bigint {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value));
}

/** The parameters of `name(type,…)`, or undefined when the signature does not parse (then arguments show as given). */
export function signatureParameters(signature: string): readonly AbiParameter[] | undefined {
  try {
    const item = parseAbiItem(`function ${signature}`);
    return item.type === 'function' ? item.inputs : undefined;
  } catch {
    return undefined;
  }
}

/** `Auction` → `auction`, `ERC20Token` → `erc20Token`, `WETH` → `weth`: the instance name of a contract. */
export function instanceName(contract: string): string {
  const leadingCapitals = /^[A-Z0-9]+/.exec(contract)?.[0] ?? '';
  if (leadingCapitals.length === contract.length) return contract.toLowerCase();
  if (leadingCapitals.length <= 1) return contract.charAt(0).toLowerCase() + contract.slice(1);
  // `ERC20Token`: all but the capital that starts the next word.
  const keep = /[a-z]/.test(contract.charAt(leadingCapitals.length)) ? leadingCapitals.length - 1 : leadingCapitals.length;
  return contract.slice(0, keep).toLowerCase() + contract.slice(keep);
}
