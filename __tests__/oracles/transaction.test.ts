import { encodeAbiParameters, encodeErrorResult, hexToBytes, parseAbi } from 'viem';
import type { Tx, TxOutcome, TxResult } from '../../src/evm/types.js';
import { failureKey, type Failure } from '../../src/oracles/failure.js';
import { DEFAULT_PANIC_CODES, describePanic, formatPanicCode } from '../../src/abi/panic.js';
import { decodeRevert, describeRevert, panicCode } from '../../src/abi/revert.js';
import { NO_READ_ONLY_CALLS } from '../../src/oracles/getterPanic.js';
import { DEFAULT_ORACLE_CONFIG, assertionOracle, checkTransaction, panicOracle, transactionOracles } from '../../src/oracles/transaction.js';

const errors = parseAbi(['error Panic(uint256 code)', 'error Error(string reason)', 'error NotOwner(address who)']);

function panicData(code: number): Uint8Array {
  return hexToBytes(encodeErrorResult({ abi: errors, errorName: 'Panic', args: [BigInt(code)] }));
}

function result(outcome: TxOutcome): TxResult {
  return {
    outcome,
    returnData: outcome.kind === 'revert' ? outcome.data : new Uint8Array(),
    gasUsed: 21000n,
    created: [],
    logs: [],
    trace: {
      pathId: '0',
      edges: [],
      jumps: new Uint32Array(),
      jumpsTruncated: false,
      comparisons: [],
      sloads: [],
      sstores: [],
      effects: [],
      balanceReads: [],
      blocks: new Map(),
      calleeFrames: [],
      calleeJumps: new Uint32Array(0),
    },
  };
}

const reverted = (data: Uint8Array, pc = 100, codeId = 2) => result({ kind: 'revert', pc, codeId, data });

/** The transaction these results came from: only the getter rule reads it (see getterPanic.test.ts). */
const TX: Tx = { sender: 0, to: 0, data: new Uint8Array(4), value: 0n, blockDelay: 0, timeDelay: 0 };

describe('decodeRevert', () => {
  it.each([
    ['empty', new Uint8Array(), { kind: 'empty' }],
    ['panic', panicData(0x32), { kind: 'panic', code: 0x32 }],
    ['Error(string)', hexToBytes(encodeErrorResult({ abi: errors, errorName: 'Error', args: ['not owner'] })), { kind: 'error', message: 'not owner' }],
  ])('%s', (_name, data, expected) => {
    expect(decodeRevert(data)).toEqual(expected);
  });

  it('keeps custom errors and malformed data raw', () => {
    const custom = encodeErrorResult({ abi: errors, errorName: 'NotOwner', args: ['0x0000000000000000000000000000000000000001'] });
    expect(decodeRevert(hexToBytes(custom))).toEqual({ kind: 'other', data: custom });
    const truncatedError = hexToBytes('0x08c379a00000');
    expect(decodeRevert(truncatedError)).toEqual({ kind: 'other', data: '0x08c379a00000' });
    const hugePanic = hexToBytes(encodeErrorResult({ abi: errors, errorName: 'Panic', args: [2n ** 200n] }));
    expect(decodeRevert(hugePanic).kind).toBe('other');
  });

  it("reads a panic's code as the oracles ask for it: 32 bits at most, one word exactly", () => {
    const panic = (code: bigint) => hexToBytes(encodeErrorResult({ abi: errors, errorName: 'Panic', args: [code] }));
    expect([0x01n, 0x11n, 0xffffffffn].map((code) => panicCode(panic(code)))).toEqual([0x01, 0x11, 0xffffffff]);
    expect(decodeRevert(panic(0xffffffffn))).toEqual({ kind: 'panic', code: 0xffffffff });
    expect(panicCode(panic(2n ** 32n))).toBeUndefined();
    expect(panicCode(new Uint8Array([...panic(1n), 0]))).toBeUndefined();
    expect(panicCode(hexToBytes(encodeErrorResult({ abi: errors, errorName: 'Error', args: ['x'] })))).toBeUndefined();
    expect(panicCode(new Uint8Array())).toBeUndefined();
  });

  it('describes reasons for the report', () => {
    expect(describeRevert({ kind: 'error', message: 'a "b"' })).toBe('Error("a \\"b\\"")');
    expect(describeRevert({ kind: 'panic', code: 0x12 })).toBe('Panic 0x12: division or modulo by zero');
    // Long custom-error data is cut after the selector and one word.
    expect(describeRevert({ kind: 'other', data: `0x${'ab'.repeat(100)}` })).toBe(`revert data 0x${'ab'.repeat(36)}…`);
  });
});

describe('assertionOracle', () => {
  it('reports Panic(0x01) at the revert location', () => {
    expect(assertionOracle(TX, reverted(panicData(1), 321, 4))).toEqual({
      kind: 'assertion',
      panicCode: 1,
      codeId: 4,
      pc: 321,
      message: 'Assertion failed (Panic 0x01)',
      evidence: { kind: 'assertion', how: 'panic' },
    });
  });

  it('reports the INVALID opcode', () => {
    expect(assertionOracle(TX, result({ kind: 'invalid', pc: 55, codeId: 1 }))).toMatchObject({
      kind: 'assertion',
      panicCode: null,
      pc: 55,
      codeId: 1,
      message: 'INVALID opcode (0xfe) executed: an assertion failed',
      evidence: { kind: 'assertion', how: 'invalid-opcode' },
    });
  });

  it.each([
    ['success', result({ kind: 'success' })],
    ['other panic', reverted(panicData(0x32))],
    ['require', reverted(hexToBytes(encodeErrorResult({ abi: errors, errorName: 'Error', args: ['x'] })))],
    ['out of gas', result({ kind: 'error', error: 'out of gas', pc: 9, codeId: 1 })],
  ])('ignores %s', (_name, r) => {
    expect(assertionOracle(TX, r)).toBeNull();
  });
});

describe('panicOracle', () => {
  const oracle = panicOracle(DEFAULT_PANIC_CODES, NO_READ_ONLY_CALLS);

  it.each([0x00, 0x12, 0x21, 0x22, 0x31, 0x32, 0x41, 0x51])('reports panic %i by default', (code) => {
    expect(oracle(TX, reverted(panicData(code), 7, 3))).toEqual({
      kind: 'panic',
      panicCode: code,
      codeId: 3,
      pc: 7,
      message: describePanic(code),
      evidence: { kind: 'panic', code },
    });
  });

  it('skips arithmetic overflow by default, reports it when configured', () => {
    expect(oracle(TX, reverted(panicData(0x11)))).toBeNull();
    expect(panicOracle(new Set([0x11]), NO_READ_ONLY_CALLS)(TX, reverted(panicData(0x11)))).toMatchObject({ kind: 'panic', panicCode: 0x11 });
  });

  it('leaves 0x01 to the assertion oracle even when configured', () => {
    expect(panicOracle(new Set([0x01]), NO_READ_ONLY_CALLS)(TX, reverted(panicData(0x01)))).toBeNull();
  });

  it('names the panic in its message', () => {
    expect(describePanic(0x32)).toBe('Panic 0x32: array index out of bounds');
    expect(describePanic(0x99)).toBe('Panic 0x99: unknown panic code');
    expect(formatPanicCode(1)).toBe('0x01');
  });
});

describe('checkTransaction', () => {
  const oracles = transactionOracles(DEFAULT_ORACLE_CONFIG);

  it('returns what each oracle saw, none for a clean result', () => {
    expect(checkTransaction(TX, result({ kind: 'success' }), oracles)).toEqual([]);
    expect(checkTransaction(TX, reverted(panicData(0x12)), oracles).map((f) => f.kind)).toEqual(['panic']);
    expect(checkTransaction(TX, reverted(panicData(0x01)), oracles).map((f) => f.kind)).toEqual(['assertion']);
  });

  it('keys failures by kind, location and panic code, not by message', () => {
    const [a] = checkTransaction(TX, reverted(panicData(0x12), 10, 1), oracles);
    const [b] = checkTransaction(TX, reverted(panicData(0x12), 10, 1), oracles);
    const [elsewhere] = checkTransaction(TX, reverted(panicData(0x12), 11, 1), oracles);
    const [otherCode] = checkTransaction(TX, reverted(panicData(0x32), 10, 1), oracles);
    const reworded: Failure = { ...b!, message: 'changed' };
    expect(failureKey(a!)).toBe(failureKey(reworded));
    expect(failureKey(a!)).toBe('panic@1:10#0x12');
    expect(new Set([a, elsewhere, otherCode].map((f) => failureKey(f!))).size).toBe(3);
  });
});

it('encodes panic data the way solc does', () => {
  // Guards the fixture helper: selector 0x4e487b71 followed by the uint256 code.
  expect(panicData(0x32)).toEqual(hexToBytes(`0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [0x32n]).slice(2)}`));
});
