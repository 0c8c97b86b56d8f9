import semver from 'semver';

// Comments and string literals are matched (and skipped) too, so a pragma inside them is not taken.
const PRAGMA_OR_SKIPPED = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\bpragma\s+solidity\b([^;]*);/g;

/** Comparator sets of a valid range: the range is satisfied when every comparator of one set is. */
function comparatorSets(expression: string): string[][] | undefined {
  try {
    return new semver.Range(expression).set.map((set) => set.map((c) => c.value).filter((v) => v !== ''));
  } catch {
    return undefined;
  }
}

/**
 * The compiler versions a source accepts, as a semver range, from its `pragma solidity` lines
 * (undefined when it has none). One pragma gives its expression as written (`^0.8.0`,
 * `>=0.5.0 <0.8.0`, `=0.7.6`, `^0.8.0 || ^0.7.0`); several must all hold, so their ranges are
 * intersected. An expression semver cannot read is returned as is: no version satisfies it.
 */
export function pragmaRange(source: string): string | undefined {
  const expressions: string[] = [];
  for (const match of source.matchAll(PRAGMA_OR_SKIPPED)) {
    if (match[1] !== undefined) expressions.push(match[1].trim().replace(/\s+/g, ' '));
  }
  if (expressions.length <= 1) return expressions[0];
  let product: string[][] = [[]];
  for (const expression of expressions) {
    const sets = comparatorSets(expression);
    if (sets === undefined) return expression;
    product = product.flatMap((left) => sets.map((right) => [...left, ...right]));
  }
  return product.map((set) => set.join(' ') || '*').join(' || ');
}
