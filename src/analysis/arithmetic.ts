/**
 * Exact EVM word arithmetic on constants (yellow paper semantics): everything modulo 2^256, division
 * and modulo by zero give 0, signed operations on two's complement. Used by the transfer function when
 * every argument of an opcode is a constant.
 */
export const WORD_BITS = 256n;
export const MAX_WORD = (1n << WORD_BITS) - 1n;
const SIGN_BIT = 1n << 255n;

export function toSigned(x: bigint): bigint {
  return x & SIGN_BIT ? x - (1n << WORD_BITS) : x;
}

export function toWord(x: bigint): bigint {
  return x & MAX_WORD;
}

function exp(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) & MAX_WORD;
    b = (b * b) & MAX_WORD;
  }
  return result;
}

function signExtend(byteIndex: bigint, x: bigint): bigint {
  if (byteIndex >= 31n) return x;
  const bit = byteIndex * 8n + 7n;
  const mask = (1n << (bit + 1n)) - 1n;
  return (x >> bit) & 1n ? (x | ~mask) & MAX_WORD : x & mask;
}

function sar(shift: bigint, x: bigint): bigint {
  if (shift >= 256n) return x & SIGN_BIT ? MAX_WORD : 0n;
  return toWord(toSigned(x) >> shift);
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

const bool = (b: boolean): bigint => (b ? 1n : 0n);

/**
 * Evaluates a pure stack opcode on constant arguments, `args[0]` being the top of the stack.
 * Returns undefined for opcodes that are not pure word functions.
 */
export function evaluate(opcode: number, args: readonly bigint[]): bigint | undefined {
  const [a, b, c] = args;
  switch (opcode) {
    case 0x01:
      return (a + b) & MAX_WORD;
    case 0x02:
      return (a * b) & MAX_WORD;
    case 0x03:
      return (a - b) & MAX_WORD;
    case 0x04:
      return b === 0n ? 0n : a / b;
    case 0x05:
      return b === 0n ? 0n : toWord(toSigned(a) / toSigned(b));
    case 0x06:
      return b === 0n ? 0n : a % b;
    case 0x07:
      return b === 0n ? 0n : toWord(toSigned(a) % toSigned(b));
    case 0x08:
      return c === 0n ? 0n : (a + b) % c;
    case 0x09:
      return c === 0n ? 0n : (a * b) % c;
    case 0x0a:
      return exp(a, b);
    case 0x0b:
      return signExtend(a, b);
    case 0x10:
      return bool(a < b);
    case 0x11:
      return bool(a > b);
    case 0x12:
      return bool(toSigned(a) < toSigned(b));
    case 0x13:
      return bool(toSigned(a) > toSigned(b));
    case 0x14:
      return bool(a === b);
    case 0x15:
      return bool(a === 0n);
    case 0x16:
      return a & b;
    case 0x17:
      return a | b;
    case 0x18:
      return a ^ b;
    case 0x19:
      return MAX_WORD ^ a;
    case 0x1a:
      return a < 32n ? (b >> (248n - a * 8n)) & 0xffn : 0n;
    case 0x1b:
      return a >= 256n ? 0n : (b << a) & MAX_WORD;
    case 0x1c:
      return a >= 256n ? 0n : b >> a;
    case 0x1d:
      return sar(a, b);
    case 0x1e:
      return BigInt(256 - bitLength(a));
    default:
      return undefined;
  }
}
