import { functionTarget } from '../../../src/abi/encoding.js';
import { groupDivergences, type Divergence } from '../../../src/fuzz/behaviour/index.js';
import type { Call } from '../../../src/abi/types.js';

const target = functionTarget({ type: 'function', name: 'f', inputs: [{ name: 'x', type: 'uint256' }], outputs: [], stateMutability: 'nonpayable' });
const call = (x: bigint): Call => ({ sender: 0, to: 0, target, args: [x], value: 0n, blockDelay: 0, timeDelay: 0 });

function divergence(key: string, x: bigint): Divergence {
  return { key, contract: 'C.sol:C', function: 'f(uint256)', kind: 'outcome', grade: 'refuses', base: 'b', head: 'h', message: key, sequence: [call(x)] };
}

it('keeps at most N examples with distinct sequences per key, groups in order of first appearance', () => {
  const list = [divergence('a', 1n), divergence('b', 1n), divergence('a', 1n), divergence('a', 2n), divergence('a', 3n), divergence('a', 4n)];
  const groups = groupDivergences(list, 3);
  expect(groups.map((g) => [g.key, g.total, g.examples.map((e) => e.sequence[0].args[0])])).toEqual([
    ['a', 5, [1n, 2n, 3n]],
    ['b', 1, [1n]],
  ]);
});

it('keeps the shortest examples, the first found among equals (issue 30: one call where six diverge the same way)', () => {
  const long = (x: bigint, length: number): Divergence => ({ ...divergence('a', x), sequence: Array.from({ length }, () => call(x)) });
  const groups = groupDivergences([long(1n, 6), long(2n, 3), long(3n, 1), long(4n, 3), long(5n, 1)], 3);
  expect(groups[0].examples.map((e) => [e.sequence.length, e.sequence[0].args[0]])).toEqual([
    [1, 3n],
    [1, 5n],
    [3, 2n],
  ]);
  expect(groups[0].total).toBe(5);
});
