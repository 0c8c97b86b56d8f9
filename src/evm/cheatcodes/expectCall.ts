import { equalsBytes } from '@ethereumjs/util';
import { bytesToHex, hexToBytes, type Hex } from 'viem';
import type { Address } from '../types.js';
import type { CheatState, ExpectedCall } from './state.js';
import { type CheatCall, type CheatcodeDefinition, decodedAddress } from './types.js';

function expectCall(call: CheatCall, callee: unknown, value: unknown, data: unknown, count: unknown): void {
  call.state.expectedCalls.push({
    callee: decodedAddress(callee),
    data: hexToBytes(data as Hex),
    value: value as bigint | undefined,
    count: count === undefined ? undefined : Number(count as bigint),
    seen: 0,
  });
}

export const expectCallCheatcodes: readonly CheatcodeDefinition[] = [
  { signature: 'function expectCall(address callee, bytes data)', run: ([callee, data], call) => expectCall(call, callee, undefined, data, undefined) },
  {
    signature: 'function expectCall(address callee, bytes data, uint64 count)',
    run: ([callee, data, count], call) => expectCall(call, callee, undefined, data, count),
  },
  {
    signature: 'function expectCall(address callee, uint256 msgValue, bytes data)',
    run: ([callee, value, data], call) => expectCall(call, callee, value, data, undefined),
  },
  {
    signature: 'function expectCall(address callee, uint256 msgValue, bytes data, uint64 count)',
    run: ([callee, value, data, count], call) => expectCall(call, callee, value, data, count),
  },
];

function matches(expected: ExpectedCall, to: Address, data: Uint8Array, value: bigint): boolean {
  if (expected.callee !== to || data.length < expected.data.length) return false;
  if (expected.value !== undefined && expected.value !== value) return false;
  return equalsBytes(data.subarray(0, expected.data.length), expected.data);
}

/** Counts a starting call against every `expectCall`. */
export function countExpectedCalls(state: CheatState, to: Address, data: Uint8Array, value: bigint): void {
  for (const expected of state.expectedCalls) if (matches(expected, to, data, value)) expected.seen += 1;
}

/** forge's messages for expected calls the test did not make (as often as asked). */
export function unmetExpectedCalls(state: CheatState): string[] {
  return state.expectedCalls.flatMap((e) => {
    const what = `call to ${e.callee} with data ${bytesToHex(e.data)}${e.value === undefined ? '' : ` and value ${e.value}`}`;
    if (e.count === undefined) return e.seen > 0 ? [] : [`expected ${what}, but got none`];
    return e.seen === e.count ? [] : [`expected ${what} to be called ${e.count} times, but was called ${e.seen} times`];
  });
}
