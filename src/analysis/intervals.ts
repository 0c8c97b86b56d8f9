import { MAX_WORD, evaluate } from './arithmetic.js';
import { between, high, isConst, low, unknown, type AbsValue, type Test } from './lattice.js';

const SIGNED_MAX = (1n << 255n) - 1n;
const ADDRESS_MAX = (1n << 160n) - 1n;
const BOOL = (test?: Test): AbsValue => between(0n, 1n, test);

/** Environment opcodes whose result is an address: below 2^160. */
const ADDRESSES = new Set([0x30, 0x32, 0x33, 0x41]); // ADDRESS ORIGIN CALLER COINBASE

/**
 * The abstract result of a pure stack opcode (`args[0]` the top of the stack): exact on constants,
 * interval arithmetic where no wrap-around is possible, comparisons decided when the intervals do not
 * overlap (or are one value) and otherwise a 0/1 carrying the test that refine.ts applies at a JUMPI.
 * Anything else is a fresh unknown.
 */
export function abstractResult(opcode: number, args: readonly AbsValue[]): AbsValue {
  if (args.every(isConst)) {
    const exact = evaluate(opcode, args as bigint[]);
    if (exact !== undefined) return exact;
  }
  const [a, b, c] = args;
  switch (opcode) {
    case 0x01:
      return noWrap(low(a) + low(b), high(a) + high(b));
    case 0x02:
      return noWrap(low(a) * low(b), high(a) * high(b));
    case 0x03:
      return low(a) >= high(b) ? between(low(a) - high(b), high(a) - low(b)) : unknown();
    case 0x04:
      return low(b) > 0n ? between(low(a) / high(b), high(a) / low(b)) : between(0n, high(a));
    case 0x06:
      return modulo(a, b);
    case 0x08:
    case 0x09:
      return between(0n, high(c) === 0n ? 0n : high(c) - 1n);
    case 0x10:
      return lessThan(a, b);
    case 0x11:
      return lessThan(b, a);
    case 0x12:
      return nonNegative(a) && nonNegative(b) ? lessThan(a, b) : BOOL();
    case 0x13:
      return nonNegative(a) && nonNegative(b) ? lessThan(b, a) : BOOL();
    case 0x14:
      return equal(a, b);
    case 0x15:
      return isZero(a);
    case 0x16:
      return between(0n, high(a) < high(b) ? high(a) : high(b));
    case 0x17:
      return between(low(a) > low(b) ? low(a) : low(b), fillBits(high(a) > high(b) ? high(a) : high(b)));
    case 0x18:
      return between(0n, fillBits(high(a) > high(b) ? high(a) : high(b)));
    case 0x19:
      return between(MAX_WORD - high(a), MAX_WORD - low(a));
    case 0x1a:
      return between(0n, 255n);
    case 0x1b:
      return isConst(a) && a < 256n ? noWrap(low(b) << a, high(b) << a) : unknown();
    case 0x1c:
      return isConst(a) && a < 256n ? between(low(b) >> a, high(b) >> a) : between(0n, high(b));
    case 0x1e:
      return between(0n, 256n);
    default:
      return unknown();
  }
}

/** The result of an environment opcode that pushes one word, with what is known of its range. */
export function environmentResult(opcode: number): AbsValue {
  return ADDRESSES.has(opcode) ? between(0n, ADDRESS_MAX) : unknown();
}

function noWrap(lo: bigint, hi: bigint): AbsValue {
  return hi <= MAX_WORD ? between(lo, hi) : unknown();
}

function modulo(a: AbsValue, b: AbsValue): AbsValue {
  if (low(b) > 0n && high(a) < low(b)) return a; // already below every modulus
  const bound = high(b) === 0n ? 0n : high(b) - 1n;
  return between(0n, high(a) < bound ? high(a) : bound);
}

function nonNegative(value: AbsValue): boolean {
  return high(value) <= SIGNED_MAX;
}

/** 2^bitLength(x) − 1: every value of at most x's bits. */
function fillBits(x: bigint): bigint {
  return x === 0n ? 0n : (1n << BigInt(x.toString(2).length)) - 1n;
}

function lessThan(a: AbsValue, b: AbsValue): AbsValue {
  if (a === b) return 0n;
  if (high(a) < low(b)) return 1n;
  if (low(a) >= high(b)) return 0n;
  return BOOL({ op: 'lt', left: a, right: b, negated: false });
}

function equal(a: AbsValue, b: AbsValue): AbsValue {
  if (a === b) return 1n; // one runtime value
  if (high(a) < low(b) || high(b) < low(a)) return 0n;
  return BOOL({ op: 'eq', left: a, right: b, negated: false });
}

function isZero(a: AbsValue): AbsValue {
  if (low(a) > 0n) return 0n;
  if (typeof a !== 'bigint' && a.test !== undefined) return BOOL({ ...a.test, negated: !a.test.negated });
  return BOOL({ op: 'eq', left: a, right: 0n, negated: false });
}
