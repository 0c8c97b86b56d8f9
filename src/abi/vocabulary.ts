import { bytesToHex, formatUnits, getAddress, parseAbiItem, type AbiParameter } from 'viem';
import { holdsRawBytes, stringBytes } from './stringBytes.js';
import { printable } from '../logger.js';

/**
 * The one vocabulary every output speaks (issue 30): finding messages, behaviour-change texts, the
 * comment, SARIF, annotations, review threads and the terminal all write values through it.
 * Counterexample values as Solidity expressions where the language has one: `type(uint256).max - 4`,
 * `2**128`, `5e18`, `1.5 ether`, `bytes32(0)`, `alice`, `auction`; counts, durations and waits as
 * people read them. Pure, so the PR comment and a Foundry reproducer (which declares the same names)
 * read the same. Here, under every stage that writes words, so that none borrows it from a stage above.
 */

/** `23,587` */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function plural(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** A time the run took: `0.4 s`, `11.2 s`, `3 min 5 s`, `1 h 2 min`, `2 days 3 h` (two units at most: it is rounded). */
export function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const [days, hours, minutes, rest] = timeParts(Math.round(seconds));
  if (days > 0) return joinParts([dayText(days), hours > 0 ? `${hours} h` : '']);
  if (hours > 0) return joinParts([`${hours} h`, minutes > 0 ? `${minutes} min` : '']);
  return joinParts([`${minutes} min`, rest > 0 ? `${rest} s` : '']);
}

/**
 * A wait between two transactions, exact (a reproducer warps by it): `1 s`, `1 h`, `1 day`,
 * `1 day 1 h 1 min 1 s` (90061 s).
 */
export function waitText(seconds: number): string {
  if (seconds === 0) return '0 s';
  const [days, hours, minutes, rest] = timeParts(seconds);
  return joinParts([days > 0 ? dayText(days) : '', hours > 0 ? `${hours} h` : '', minutes > 0 ? `${minutes} min` : '', rest > 0 ? `${rest} s` : '']);
}

function timeParts(seconds: number): [number, number, number, number] {
  return [Math.floor(seconds / 86_400), Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60];
}

function dayText(days: number): string {
  return `${count(days)} day${days === 1 ? '' : 's'}`;
}

function joinParts(parts: readonly string[]): string {
  return parts.filter(Boolean).join(' ');
}

/** At most `max` items, then how many more: a long list must not become a wall of text. */
export function listText(items: readonly string[], max = 4): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/** `2 min`, `50,000 transactions`, `unlimited`. */
export function budgetText(budget: { seconds: number | null; executions: number | null }): string {
  if (budget.executions !== null) return `${count(budget.executions)} transactions`;
  return budget.seconds !== null ? duration(budget.seconds * 1000) : 'unlimited';
}

/**
 * At most `max` characters, the middle elided (`115_792_089…639_935`), for narrow places (a review
 * thread's call column): both ends of a number or literal are what tells two values apart.
 */
export function truncated(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = Math.floor((max - 1) / 2);
  return `${text.slice(0, max - 1 - tail)}…${text.slice(text.length - tail)}`;
}

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

/** A balance change: `+1 ether`, `−0.5 ether`, `+3 wei`. */
export function etherChangeText(wei: bigint): string {
  return `${wei < 0n ? '−' : '+'}${etherText(wei < 0n ? -wei : wei)}`;
}

/**
 * A token amount: in whole tokens when the token has `decimals` (`2,000`, `1,999.999999999999999997`,
 * `0.5`), else as an integer (`2**128`, `5e18`).
 */
export function tokenAmountText(amount: bigint, decimals: number | null): string {
  if (decimals === null || decimals === 0) return integerText(amount, 'uint256');
  const [whole, fraction] = formatUnits(amount, decimals).split('.');
  const grouped = BigInt(whole!).toLocaleString('en-US');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
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
  if (param.type === 'tuple' && 'components' in param && typeof value === 'object' && value !== null) return argumentsText(param.components, value, names);
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

/**
 * A decoded custom error with its arguments named as the ABI names them:
 * `ERC20InsufficientBalance(sender: attacker, balance: 0, needed: 2**128)`; positional where the ABI
 * leaves a name out.
 */
export function customErrorText(name: string, inputs: readonly AbiParameter[], values: unknown, names: AddressNames): string {
  return `${name}${argumentsText(inputs, values, names, { named: true })}`;
}

/**
 * `(a, b)` for decoded arguments, which viem gives as an array or, when all are named, a record;
 * `(to: alice, amount: 5)` when `named`.
 */
export function argumentsText(params: readonly AbiParameter[], values: unknown, names: AddressNames, how: { named?: boolean } = {}): string {
  const at = (param: AbiParameter, i: number) => (Array.isArray(values) ? values[i] : (values as Record<string, unknown>)[param.name ?? '']);
  const text = (param: AbiParameter, i: number) => {
    const value = valueText(param, at(param, i), names);
    return how.named && param.name ? `${param.name}: ${value}` : value;
  };
  return `(${params.map(text).join(', ')})`;
}
