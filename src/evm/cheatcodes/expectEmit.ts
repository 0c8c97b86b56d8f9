import { equalsBytes } from '@ethereumjs/util';
import { bytesToHex } from 'viem';
import type { Address } from '../types.js';
import type { CheatState, ExpectedEmit } from './state.js';
import { type CheatCall, type CheatcodeDefinition, decodedAddress, type EmittedLog } from './types.js';

type Checks = readonly [boolean, boolean, boolean, boolean];
const ALL: Checks = [true, true, true, true];

function expectEmit(call: CheatCall, checks: Checks, emitter: unknown, count: unknown): void {
  call.state.expectedEmits.push({
    caller: call.caller.address,
    depth: call.caller.depth,
    checks,
    emitter: emitter === undefined ? undefined : decodedAddress(emitter),
    log: undefined,
    count: count === undefined ? 1 : Number(count as bigint),
  });
}

const FLAGS = 'bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData';
const flags = (args: readonly unknown[]): Checks => [args[0], args[1], args[2], args[3]] as unknown as Checks;

export const expectEmitCheatcodes: readonly CheatcodeDefinition[] = [
  { signature: 'function expectEmit()', run: (_args, call) => expectEmit(call, ALL, undefined, undefined) },
  { signature: 'function expectEmit(uint64 count)', run: ([count], call) => expectEmit(call, ALL, undefined, count) },
  { signature: 'function expectEmit(address emitter)', run: ([emitter], call) => expectEmit(call, ALL, emitter, undefined) },
  { signature: 'function expectEmit(address emitter, uint64 count)', run: ([emitter, count], call) => expectEmit(call, ALL, emitter, count) },
  { signature: `function expectEmit(${FLAGS})`, run: (args, call) => expectEmit(call, flags(args), undefined, undefined) },
  { signature: `function expectEmit(${FLAGS}, uint64 count)`, run: (args, call) => expectEmit(call, flags(args), undefined, args[4]) },
  { signature: `function expectEmit(${FLAGS}, address emitter)`, run: (args, call) => expectEmit(call, flags(args), args[4], undefined) },
  { signature: `function expectEmit(${FLAGS}, address emitter, uint64 count)`, run: (args, call) => expectEmit(call, flags(args), args[4], args[5]) },
];

/** A log emitted in the frame of the contract that called `expectEmit` is the template of the oldest expectation still without one. */
export function captureExpectedLog(state: CheatState, log: EmittedLog, frameDepth: number): boolean {
  const waiting = state.expectedEmits.find((e) => e.log === undefined);
  if (waiting === undefined || waiting.caller !== log.emitter || waiting.depth !== frameDepth + 1) return false;
  waiting.log = log;
  return true;
}

function matches(expected: ExpectedEmit, actual: EmittedLog): boolean {
  const template = expected.log!;
  if (expected.emitter !== undefined && expected.emitter !== actual.emitter) return false;
  if (template.topics.length !== actual.topics.length) return false;
  if (template.topics.length > 0 && !equalsBytes(template.topics[0], actual.topics[0])) return false;
  for (let i = 1; i < template.topics.length; i++) if (expected.checks[i - 1] && !equalsBytes(template.topics[i], actual.topics[i])) return false;
  return !expected.checks[3] || equalsBytes(template.data, actual.data);
}

/** Expectations with a template that a call made by `caller` at `depth` must satisfy. */
export function emitsAwaitedBy(state: CheatState, caller: Address, depth: number): ExpectedEmit[] {
  return state.expectedEmits.filter((e) => e.log !== undefined && e.caller === caller && e.depth === depth);
}

/**
 * Checks the logs of the call the expectations waited for, in order (other logs may come between),
 * and removes those expectations. The message says which log was not emitted; undefined when all were.
 */
export function judgeExpectedEmits(state: CheatState, awaited: readonly ExpectedEmit[], logs: readonly EmittedLog[]): string | undefined {
  state.expectedEmits = state.expectedEmits.filter((e) => !awaited.includes(e));
  let next = 0;
  for (const expected of awaited) {
    let found = 0;
    while (next < logs.length && found < Math.max(expected.count, 1)) {
      if (matches(expected, logs[next])) found += 1;
      next += 1;
    }
    const wanted = expected.count;
    if (wanted === 0 ? found > 0 : found < wanted) {
      return `log != expected log: ${wanted === 0 ? 'emitted' : 'did not emit'} topic0 ${expected.log!.topics[0] === undefined ? '(anonymous)' : bytesToHex(expected.log!.topics[0])}`;
    }
  }
  return undefined;
}
