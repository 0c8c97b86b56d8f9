import { getAddress, type Hex, isAddress, isHex } from 'viem';
import { CheatcodeError, type CheatcodeDefinition } from './types.js';

/**
 * `vm.toString` and `vm.parse*`: forge-std helpers build names with them (`makeAddr("Actor" +
 * vm.toString(i))`), so a `setUp()` calls them. Addresses print checksummed, bytes as 0x-hex,
 * numbers in decimal; parsing takes decimal or 0x-hex numbers.
 */
export const stringCheatcodes: readonly CheatcodeDefinition[] = [
  { signature: 'function toString(address value) returns (string stringifiedValue)', run: ([value]) => [getAddress(value as string)] },
  { signature: 'function toString(bytes32 value) returns (string stringifiedValue)', run: ([value]) => [(value as string).toLowerCase()] },
  { signature: 'function toString(bytes value) returns (string stringifiedValue)', run: ([value]) => [(value as string).toLowerCase()] },
  { signature: 'function toString(bool value) returns (string stringifiedValue)', run: ([value]) => [String(value)] },
  { signature: 'function toString(uint256 value) returns (string stringifiedValue)', run: ([value]) => [(value as bigint).toString()] },
  { signature: 'function toString(int256 value) returns (string stringifiedValue)', run: ([value]) => [(value as bigint).toString()] },
  { signature: 'function parseUint(string stringifiedValue) returns (uint256 parsedValue)', run: ([text]) => [parseInteger(text as string, 'uint256', false)] },
  { signature: 'function parseInt(string stringifiedValue) returns (int256 parsedValue)', run: ([text]) => [parseInteger(text as string, 'int256', true)] },
  {
    signature: 'function parseAddress(string stringifiedValue) returns (address parsedValue)',
    run: ([text]) => [parsed(text as string, 'address', isAddress(text as string, { strict: false }), () => text)],
  },
  {
    signature: 'function parseBool(string stringifiedValue) returns (bool parsedValue)',
    run: ([text]) => [parsed(text as string, 'bool', text === 'true' || text === 'false', () => text === 'true')],
  },
  // Exactly 32 bytes of hex, as forge's parser (alloy's fixed-bytes coercion) takes them: no padding.
  {
    signature: 'function parseBytes32(string stringifiedValue) returns (bytes32 parsedValue)',
    run: ([text]) => [parsed(text as string, 'bytes32', /^(0x)?[0-9a-fA-F]{64}$/.test(text as string), () => withPrefix(text as string).toLowerCase())],
  },
  {
    signature: 'function parseBytes(string stringifiedValue) returns (bytes parsedValue)',
    run: ([text]) => [
      parsed(text as string, 'bytes', isHex(withPrefix(text as string)) && (text as string).length % 2 === 0, () => withPrefix(text as string)),
    ],
  },
];

const UINT256_MAX = 2n ** 256n - 1n;
const INT256_MAX = 2n ** 255n - 1n;

function withPrefix(text: string): Hex {
  return (text.startsWith('0x') ? text : `0x${text}`) as Hex;
}

function parseInteger(text: string, type: 'uint256' | 'int256', signed: boolean): bigint {
  const negative = signed && text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const valid = /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(digits);
  const magnitude = valid ? BigInt(digits) : 0n;
  const fits = signed ? magnitude <= (negative ? INT256_MAX + 1n : INT256_MAX) : magnitude <= UINT256_MAX;
  return parsed(text, type, valid && fits, () => (negative ? -magnitude : magnitude));
}

function parsed<T>(text: string, type: string, valid: boolean, value: () => T): T {
  if (!valid) throw new CheatcodeError(`vm.parse: failed parsing "${text}" as type \`${type}\``);
  return value();
}
