/**
 * Solidity's Panic(uint256) codes (docs: "Panic via assert and Error via require"). 0x01 belongs to
 * the assertion oracle; 0x11 is off by default because checked arithmetic reverting is usually the
 * contract working as intended, not a bug.
 */
export const PANIC_ASSERTION = 0x01;
export const PANIC_ARITHMETIC = 0x11;
export const PANIC_OUT_OF_BOUNDS = 0x32;

const PANIC_DESCRIPTIONS: ReadonlyMap<number, string> = new Map([
  [0x00, 'generic compiler panic'],
  [0x01, 'assertion failed'],
  [0x11, 'arithmetic overflow or underflow'],
  [0x12, 'division or modulo by zero'],
  [0x21, 'conversion to an out-of-range enum value'],
  [0x22, 'incorrectly encoded storage byte array'],
  [0x31, 'pop() on an empty array'],
  [0x32, 'array index out of bounds'],
  [0x41, 'too much memory allocated'],
  [0x51, 'call to a zero-initialized function pointer'],
]);

/** Every Panic code Solidity documents. */
export const KNOWN_PANIC_CODES: ReadonlySet<number> = new Set(PANIC_DESCRIPTIONS.keys());

/** Every known panic except the assertion (its own oracle) and arithmetic over/underflow. */
export const DEFAULT_PANIC_CODES: ReadonlySet<number> = new Set(
  [...PANIC_DESCRIPTIONS.keys()].filter((code) => code !== PANIC_ASSERTION && code !== PANIC_ARITHMETIC),
);

/** `0x32`: the form the report uses. */
export function formatPanicCode(code: number): string {
  return `0x${code.toString(16).padStart(2, '0')}`;
}

/** `Panic 0x32: array index out of bounds`. */
export function describePanic(code: number): string {
  return `Panic ${formatPanicCode(code)}: ${PANIC_DESCRIPTIONS.get(code) ?? 'unknown panic code'}`;
}
