/**
 * The constant-propagation domain: a 256-bit word is either one known constant or Top (any value).
 * The lattice is flat, so joins need no widening: two different constants join to Top.
 */
export const TOP: unique symbol = Symbol('⊤');
export type Top = typeof TOP;

/** An abstract EVM word. */
export type AbsValue = bigint | Top;

export function isConst(value: AbsValue): value is bigint {
  return typeof value === 'bigint';
}

export function joinValues(a: AbsValue, b: AbsValue): AbsValue {
  return a === b ? a : TOP;
}

/** Short stable text for fingerprints and debugging. */
export function showValue(value: AbsValue): string {
  return typeof value === 'bigint' ? value.toString(16) : 'T';
}
