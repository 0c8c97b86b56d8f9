/**
 * Key follow-ups (mappingKeys.ts): a call that looked up an empty mapping entry under a key it was
 * given, after its prefix filed entries of that mapping under other keys, is tried with those keys,
 * and as the writer of the entry; nothing for another mapping, an argument that is not the key, or a
 * key its argument's type cannot hold.
 */
import { parseAbiItem, toFunctionSelector, type AbiFunction } from 'viem';
import { keyFollowUps, type WrittenEntry } from '../../../src/fuzz/harvey/mappingKeys.js';
import type { StorageAccess } from '../../../src/evm/types.js';
import type { Call } from '../../../src/abi/types.js';

function call(signature: string, args: bigint[], sender: number): Call {
  const fn = parseAbiItem(`function ${signature}`) as AbiFunction;
  const target = { kind: 'function' as const, fn, selector: toFunctionSelector(fn), signature: `${fn.name}(${fn.inputs.map((i) => i.type).join(',')})` };
  return { sender, to: 0, target, args, value: 0n, blockDelay: 0, timeDelay: 0 };
}

const RECORDS = 5n;
const lookup = (key: bigint, base = RECORDS): StorageAccess => ({ codeId: 0, pc: 0, address: '0x01', slot: 123n, origin: 'entry', key, base });
const filed = (key: bigint, sender: number, base = RECORDS): WrittenEntry => ({ address: '0x01', base, key, sender });

const register = call('register(bytes32 name)', [], 2);
const setField = (id: bigint, sender: number) => call('setField(uint256 id, uint256 index, uint256 value)', [id, 9n, 1n], sender);
const argsOf = (input: readonly Call[]) => input.map((c) => [c.sender, ...c.args]);

it('tries the key the prefix filed under, as the same sender and as the entry’s writer', () => {
  const followUps = keyFollowUps([register, setField(0n, 1)], [lookup(0n)], [filed(1n, 2)]);
  expect(followUps.map((f) => argsOf(f.input))).toEqual([
    [[2], [1, 1n, 9n, 1n]],
    [[2], [2, 1n, 9n, 1n]],
  ]);
  expect(new Set(followUps.map((f) => f.id)).size).toBe(2);
  // Its writer already sends it: one follow-up.
  expect(keyFollowUps([register, setField(0n, 2)], [lookup(0n)], [filed(1n, 2), filed(1n, 2)]).map((f) => argsOf(f.input))).toEqual([[[2], [2, 1n, 9n, 1n]]]);
});

it('nothing for another mapping, the key itself, a lookup no argument names, an address, or a key the argument cannot hold', () => {
  expect(keyFollowUps([register, setField(0n, 1)], [lookup(0n)], [filed(1n, 2, RECORDS + 1n), filed(0n, 2)])).toEqual([]);
  expect(keyFollowUps([register, setField(0n, 1)], [lookup(77n)], [filed(1n, 2)])).toEqual([]);
  // An address key is a holder's own (balances): the senders already draw those.
  const approve = call('approve(address spender, uint256 amount)', [0n, 1n], 1);
  expect(keyFollowUps([register, approve], [lookup(0n)], [filed(0xa11cen, 2)])).toEqual([]);
  const small = call('mark(uint8 id)', [3n], 1);
  expect(keyFollowUps([register, small], [lookup(3n)], [filed(300n, 1)])).toEqual([]);
  expect(keyFollowUps([register, small], [lookup(3n)], [filed(200n, 1)]).map((f) => argsOf(f.input))).toEqual([[[2], [1, 200n]]]);
});
