import { bytesToHex, type Hex, hexToBytes } from 'viem';
import type { Address } from '../types.js';
import { account, setCode } from './chainAccess.js';
import type { CheatState } from './state.js';
import { type CheatCall, CheatcodeError, type CheatcodeDefinition, decodedAddress as address } from './types.js';

/** A `mockCall`: calls to the callee whose calldata starts with `data` (and carry `value`, when given) answer so, unexecuted. */
export interface MockedCall {
  data: Uint8Array;
  value: bigint | undefined;
  /** What the next matching calls get, in turn (`mockCalls`); the last one stays. */
  responses: Uint8Array[];
  reverts: boolean;
}

/** What a mocked call answers: its return data, or its revert data. */
export interface MockAnswer {
  data: Uint8Array;
  reverts: boolean;
}

/**
 * The answer to a call to `callee`, if a mock covers it: exact calldata wins, then the longest mocked
 * prefix (forge: "if you pass exact calldata, it will have priority"); a mock with a value only
 * covers calls with that value.
 */
export function mockedAnswer(state: CheatState, callee: Address, data: Uint8Array, value: bigint): MockAnswer | undefined {
  const mocks = state.mocks.get(callee);
  if (mocks === undefined) return undefined;
  let best: MockedCall | undefined;
  for (const mock of mocks) {
    if ((mock.value !== undefined && mock.value !== value) || !startsWith(data, mock.data)) continue;
    if (best === undefined || mock.data.length > best.data.length || (mock.data.length === best.data.length && mock.value !== undefined)) best = mock;
  }
  if (best === undefined) return undefined;
  const response = best.responses.length > 1 ? best.responses.shift()! : best.responses[0];
  return { data: response, reverts: best.reverts };
}

function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

/**
 * Adds a mock, replacing one with the same calldata and value. A callee without code gets one byte
 * of it, as forge does, so that Solidity's check that a callee has code passes.
 */
async function mock(call: CheatCall, callee: unknown, value: unknown, data: unknown, responses: Uint8Array[], reverts: boolean): Promise<void> {
  if (responses.length === 0) throw new CheatcodeError('vm.mockCalls: no return data to answer with');
  const target = address(callee);
  const entry: MockedCall = { data: hexToBytes(data as Hex), value: value as bigint | undefined, responses, reverts };
  const key = bytesToHex(entry.data);
  const kept = (call.state.mocks.get(target) ?? []).filter((m) => bytesToHex(m.data) !== key || m.value !== entry.value);
  call.state.mocks.set(target, [...kept, entry]);
  if (account(call.chain, target).isContract()) return;
  await setCode(call.chain, target, new Uint8Array([0]));
}

/**
 * forge's `mockFunction`: a call to `callee` whose calldata is `data` — or, failing that, whose
 * selector is `data` — runs `target`'s code in the callee's context (its storage, its address).
 */
function mockFunction(call: CheatCall, callee: unknown, target: unknown, data: unknown): void {
  const key = (data as Hex).toLowerCase();
  const functions = call.state.mockedFunctions.get(address(callee)) ?? new Map<string, Address>();
  call.state.mockedFunctions.set(address(callee), functions.set(key, address(target)));
}

/** The account whose code a call to `callee` with `data` runs under `mockFunction`, if one does. */
export function mockedFunctionCode(state: CheatState, callee: Address, data: Uint8Array): Address | undefined {
  const functions = state.mockedFunctions.get(callee);
  if (functions === undefined) return undefined;
  return functions.get(bytesToHex(data)) ?? (data.length >= 4 ? functions.get(bytesToHex(data.subarray(0, 4))) : undefined);
}

const one = (data: unknown) => [hexToBytes(data as Hex)];
const many = (data: unknown) => (data as Hex[]).map((d) => hexToBytes(d));

export const mockCallCheatcodes: readonly CheatcodeDefinition[] = [
  ...['bytes', 'bytes4'].flatMap((selector): CheatcodeDefinition[] => [
    {
      signature: `function mockCall(address callee, ${selector} data, bytes returnData)`,
      run: ([callee, data, ret], call) => mock(call, callee, undefined, data, one(ret), false),
    },
    {
      signature: `function mockCall(address callee, uint256 msgValue, ${selector} data, bytes returnData)`,
      run: ([callee, value, data, ret], call) => mock(call, callee, value, data, one(ret), false),
    },
    {
      signature: `function mockCallRevert(address callee, ${selector} data, bytes revertData)`,
      run: ([callee, data, ret], call) => mock(call, callee, undefined, data, one(ret), true),
    },
    {
      signature: `function mockCallRevert(address callee, uint256 msgValue, ${selector} data, bytes revertData)`,
      run: ([callee, value, data, ret], call) => mock(call, callee, value, data, one(ret), true),
    },
  ]),
  {
    signature: 'function mockCalls(address callee, bytes data, bytes[] returnData)',
    run: ([callee, data, ret], call) => mock(call, callee, undefined, data, many(ret), false),
  },
  {
    signature: 'function mockCalls(address callee, uint256 msgValue, bytes data, bytes[] returnData)',
    run: ([callee, value, data, ret], call) => mock(call, callee, value, data, many(ret), false),
  },
  { signature: 'function clearMockedCalls()', run: (_args, call) => call.state.mocks.clear() },
  {
    signature: 'function mockFunction(address callee, address target, bytes data)',
    run: ([callee, target, data], call) => mockFunction(call, callee, target, data),
  },
];
