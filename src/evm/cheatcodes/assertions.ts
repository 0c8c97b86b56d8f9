import { CheatcodeError, type CheatcodeDefinition } from './types.js';

/**
 * forge-std ≥ 1.8 asserts through cheatcodes (`vm.assertEq(…)`): each fails by reverting with
 * forge's message, `assertion failed: <left> != <right>`, or `<error>: …` when one is given.
 */
const SCALARS = ['bool', 'uint256', 'int256', 'address', 'bytes32', 'string', 'bytes'] as const;
const NUMBERS = ['uint256', 'int256'] as const;

type Compare = (left: bigint, right: bigint) => boolean;
const ORDERS: readonly { name: string; holds: Compare; opposite: string }[] = [
  { name: 'Gt', holds: (l, r) => l > r, opposite: '<=' },
  { name: 'Ge', holds: (l, r) => l >= r, opposite: '<' },
  { name: 'Lt', holds: (l, r) => l < r, opposite: '>=' },
  { name: 'Le', holds: (l, r) => l <= r, opposite: '>' },
];

function show(value: unknown, decimals?: bigint): string {
  if (Array.isArray(value)) return `[${value.map((v) => show(v)).join(', ')}]`;
  if (typeof value === 'bigint' && decimals !== undefined && decimals > 0n) return withDecimals(value, decimals);
  return String(value);
}

function withDecimals(value: bigint, decimals: bigint): string {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(Number(decimals) + 1, '0');
  const cut = digits.length - Number(decimals);
  return `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  return typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function fail(error: unknown, detail: string | undefined): never {
  const prefix = typeof error === 'string' ? error : 'assertion failed';
  throw new CheatcodeError(detail === undefined ? prefix : `${prefix}: ${detail}`);
}

/** Both forms of an assertion: without and with a trailing `string error`. */
function withMessage(name: string, params: string, run: (args: readonly unknown[], error: unknown) => void): CheatcodeDefinition[] {
  return [params, `${params}, string message`].map((list, i) => ({
    signature: `function ${name}(${list})`,
    run: (args: readonly unknown[]) => {
      run(args, i === 1 ? args[args.length - 1] : undefined);
    },
  }));
}

const equality = SCALARS.flatMap((type) =>
  [type, `${type}[]`].flatMap((t) => [
    ...withMessage('assertEq', `${t} left, ${t} right`, ([l, r], error) => equal(l, r) || fail(error, `${show(l)} != ${show(r)}`)),
    ...withMessage('assertNotEq', `${t} left, ${t} right`, ([l, r], error) => !equal(l, r) || fail(error, `${show(l)} == ${show(r)}`)),
  ]),
);

const decimalEquality = NUMBERS.flatMap((t) => [
  ...withMessage(
    'assertEqDecimal',
    `${t} left, ${t} right, uint256 decimals`,
    ([l, r, d], error) => l === r || fail(error, `${show(l, d as bigint)} != ${show(r, d as bigint)}`),
  ),
  ...withMessage(
    'assertNotEqDecimal',
    `${t} left, ${t} right, uint256 decimals`,
    ([l, r, d], error) => l !== r || fail(error, `${show(l, d as bigint)} == ${show(r, d as bigint)}`),
  ),
]);

const orders = NUMBERS.flatMap((t) =>
  ORDERS.flatMap(({ name, holds, opposite }) => [
    ...withMessage(
      `assert${name}`,
      `${t} left, ${t} right`,
      ([l, r], error) => holds(l as bigint, r as bigint) || fail(error, `${show(l)} ${opposite} ${show(r)}`),
    ),
    ...withMessage(
      `assert${name}Decimal`,
      `${t} left, ${t} right, uint256 decimals`,
      ([l, r, d], error) => holds(l as bigint, r as bigint) || fail(error, `${show(l, d as bigint)} ${opposite} ${show(r, d as bigint)}`),
    ),
  ]),
);

const abs = (n: bigint) => (n < 0n ? -n : n);

function approxAbs(l: bigint, r: bigint, maxDelta: bigint, error: unknown, decimals?: bigint): void {
  const delta = abs(l - r);
  if (delta > maxDelta)
    fail(error, `${show(l, decimals)} !~= ${show(r, decimals)} (max delta: ${show(maxDelta, decimals)}, real delta: ${show(delta, decimals)})`);
}

// Relative deltas are 1e18-scaled (1e18 = 100 %), relative to `right`.
function approxRel(l: bigint, r: bigint, maxPercent: bigint, error: unknown, decimals?: bigint): void {
  if (r === 0n) {
    if (l !== 0n) fail(error, `${show(l, decimals)} !~= ${show(r, decimals)} (right is 0)`);
    return;
  }
  const percent = (abs(l - r) * 10n ** 18n) / abs(r);
  if (percent > maxPercent)
    fail(error, `${show(l, decimals)} !~= ${show(r, decimals)} (max delta: ${withDecimals(maxPercent, 16n)}%, real delta: ${withDecimals(percent, 16n)}%)`);
}

const approximations = NUMBERS.flatMap((t) => [
  ...withMessage('assertApproxEqAbs', `${t} left, ${t} right, uint256 maxDelta`, ([l, r, m], error) => approxAbs(l as bigint, r as bigint, m as bigint, error)),
  ...withMessage('assertApproxEqAbsDecimal', `${t} left, ${t} right, uint256 maxDelta, uint256 decimals`, ([l, r, m, d], error) =>
    approxAbs(l as bigint, r as bigint, m as bigint, error, d as bigint),
  ),
  ...withMessage('assertApproxEqRel', `${t} left, ${t} right, uint256 maxPercentDelta`, ([l, r, m], error) =>
    approxRel(l as bigint, r as bigint, m as bigint, error),
  ),
  ...withMessage('assertApproxEqRelDecimal', `${t} left, ${t} right, uint256 maxPercentDelta, uint256 decimals`, ([l, r, m, d], error) =>
    approxRel(l as bigint, r as bigint, m as bigint, error, d as bigint),
  ),
]);

export const assertionCheatcodes: readonly CheatcodeDefinition[] = [
  ...withMessage('assertTrue', 'bool condition', ([c], error) => c === true || fail(error, undefined)),
  ...withMessage('assertFalse', 'bool condition', ([c], error) => c === false || fail(error, undefined)),
  ...equality,
  ...decimalEquality,
  ...orders,
  ...approximations,
];
