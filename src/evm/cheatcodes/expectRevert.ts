import { equalsBytes } from '@ethereumjs/util';
import { hexToBytes, type Hex } from 'viem';
import { decodeRevert, describeRevert } from '../../abi/index.js';
import type { Address } from '../types.js';
import type { CheatState, ExpectedRevert } from './state.js';
import { CheatcodeError, type CheatCall, type CheatcodeDefinition, decodedAddress } from './types.js';

type Form = { data?: 'bytes4' | 'bytes'; reverter?: true; count?: true };

// Every form forge has: optional data (bytes4 or bytes), optional reverter, optional count, in that order.
const FORMS: Form[] = [undefined, 'bytes4' as const, 'bytes' as const].flatMap((data) =>
  [false, true].flatMap((reverter) => [false, true].map((count) => ({ data, reverter: reverter || undefined, count: count || undefined }) as Form)),
);

function signature(name: string, form: Form): string {
  const params = [
    form.data === undefined ? undefined : `${form.data} revertData`,
    form.reverter ? 'address reverter' : undefined,
    form.count ? 'uint64 count' : undefined,
  ].filter((p) => p !== undefined);
  return `function ${name}(${params.join(', ')})`;
}

function expect(call: CheatCall, args: readonly unknown[], form: Form, partial: boolean): void {
  if (call.state.expectedRevert !== undefined) throw new CheatcodeError('vm.expectRevert: an expected revert is already pending for the next call');
  let i = 0;
  const data = form.data === undefined ? undefined : hexToBytes(args[i++] as Hex);
  const reverter = form.reverter ? decodedAddress(args[i++]) : undefined;
  const count = form.count ? Number(args[i++] as bigint) : 1;
  call.state.expectedRevert = { caller: call.caller.address, depth: call.caller.depth, data, partial, reverter, count };
}

export const expectRevertCheatcodes: readonly CheatcodeDefinition[] = [
  ...FORMS.map((form) => ({ signature: signature('expectRevert', form), run: (args: readonly unknown[], call: CheatCall) => expect(call, args, form, false) })),
  ...[{ data: 'bytes4' as const }, { data: 'bytes4' as const, reverter: true as const }].map((form) => ({
    signature: signature('expectPartialRevert', form),
    run: (args: readonly unknown[], call: CheatCall) => expect(call, args, form, true),
  })),
];

/** Revert data as people read it: the `Error(string)` message, else as the oracles describe it. */
export function revertText(data: Uint8Array): string {
  return errorMessage(data) ?? describeRevert(decodeRevert(data));
}

function errorMessage(data: Uint8Array): string | undefined {
  const reason = decodeRevert(data);
  return reason.kind === 'error' ? reason.message : undefined;
}

/** Whether revert data is what the expectation names: equal bytes, the same selector (partial), or an `Error(string)` whose text is the expected bytes. */
function dataMatches(expected: ExpectedRevert, actual: Uint8Array): boolean {
  if (expected.data === undefined) return true;
  if (expected.partial) return actual.length >= 4 && equalsBytes(actual.subarray(0, 4), expected.data.subarray(0, 4));
  if (equalsBytes(actual, expected.data)) return true;
  const message = errorMessage(actual);
  return message !== undefined && equalsBytes(new TextEncoder().encode(message), expected.data);
}

/** How the expected call ended, as the expectation sees it. */
export interface WatchedCallEnd {
  reverted: boolean;
  data: Uint8Array;
  /** The account whose frame raised the revert first. */
  revertedBy: Address | undefined;
}

/** What becomes of the call: it stands, counts as success (the expected revert happened), or fails with a message. */
export type RevertVerdict = { kind: 'unchanged' } | { kind: 'expected' } | { kind: 'failed'; message: string };

/** Judges the call an expectation watched and counts it off (the expectation is gone when its count is). */
export function judgeExpectedRevert(state: CheatState, end: WatchedCallEnd): RevertVerdict {
  const expected = state.expectedRevert!;
  const matched = end.reverted && dataMatches(expected, end.data) && (expected.reverter === undefined || expected.reverter === end.revertedBy);
  if (expected.count === 0) {
    state.expectedRevert = undefined;
    return matched ? { kind: 'failed', message: `expected 0 reverts with ${describeExpected(expected)}, but the call reverted` } : { kind: 'unchanged' };
  }
  expected.count -= 1;
  if (expected.count === 0) state.expectedRevert = undefined;
  if (matched) return { kind: 'expected' };
  state.expectedRevert = undefined;
  if (!end.reverted) return { kind: 'failed', message: 'next call did not revert as expected' };
  if (!dataMatches(expected, end.data)) return { kind: 'failed', message: `Error != expected error: ${revertText(end.data)} != ${describeExpected(expected)}` };
  return { kind: 'failed', message: `Reverter != expected reverter: ${end.revertedBy ?? 'none'} != ${expected.reverter}` };
}

// `expectRevert(bytes("text"))` names the message itself: show it as text when it is printable.
function describeExpected(expected: ExpectedRevert): string {
  if (expected.data === undefined) return 'any revert';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(expected.data);
  return errorMessage(expected.data) === undefined && /^[\x20-\x7e]+$/.test(text) ? text : revertText(expected.data);
}
