import { encodeAbiParameters, getAddress, hexToBigInt, keccak256 } from 'viem';
import type { StorageWrite, Tx, TxResult } from '../../src/evm/types.js';
import { toTx } from '../../src/fuzz/campaign/sequenceRunner.js';
import type { TxSequence } from '../../src/abi/types.js';
import { failureKey } from '../../src/oracles/failure.js';
import { storageWriteOracle } from '../../src/oracles/storageWrite.js';
import { deploy } from '../fuzz/harveyHarness.js';

const PROBE = (1n << 255n) + 0x1234n;
const OP_SSTORE = 0x55;
/** The oracle reads the trace alone: any transaction will do. */
const TX: Tx = { sender: 0, to: 0, data: new Uint8Array(4), value: 0n, blockDelay: 0, timeDelay: 0 };

function result(sstores: Partial<StorageWrite>[], outcome: TxResult['outcome'] = { kind: 'success' }): TxResult {
  return {
    outcome,
    returnData: new Uint8Array(0),
    gasUsed: 0n,
    logs: [],
    created: [],
    trace: {
      pathId: '',
      edges: [],
      jumps: new Uint32Array(0),
      jumpsTruncated: false,
      comparisons: [],
      sloads: [],
      blocks: new Map(),
      effects: [],
      balanceReads: [],
      calleeFrames: [],
      calleeJumps: new Uint32Array(0),
      sstores: sstores.map((s) => ({ codeId: 0, pc: 0, address: '0x01', slot: 0n, origin: 'plain' as const, key: 0n, base: 0n, value: 0n, ...s })),
    },
  };
}

describe('storageWriteOracle on hand-built results', () => {
  const oracle = storageWriteOracle(PROBE);

  test('no SSTORE, or none to the probe: nothing', () => {
    expect(oracle(TX, result([]))).toBeNull();
    expect(oracle(TX, result([{ slot: 0n }, { slot: PROBE - 1n }, { slot: PROBE + 1n }]))).toBeNull();
  });

  test('an SSTORE to the probe fails at that SSTORE', () => {
    const failure = oracle(
      TX,
      result([
        { slot: 3n, pc: 10 },
        { slot: PROBE, pc: 77, codeId: 2, address: '0xab' },
      ]),
    );
    expect(failure).toMatchObject({ kind: 'arbitrary-storage-write', panicCode: null, codeId: 2, pc: 77 });
    expect(failure?.message).toContain('0xab');
    expect(failure?.evidence).toEqual({ kind: 'arbitrary-storage-write', contract: '0xab', slot: `0x${PROBE.toString(16)}` });
    expect(failureKey(failure!)).toBe('arbitrary-storage-write@2:77');
  });

  test('counts even when the transaction reverts afterwards', () => {
    const reverted = result([{ slot: PROBE, pc: 5 }], { kind: 'revert', pc: 9, codeId: 0, data: new Uint8Array(0) });
    expect(oracle(TX, reverted)?.pc).toBe(5);
  });
});

describe('storageWriteOracle on the bonus-code wallet (Harvey Fig. 3)', () => {
  const base = hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [1n])));
  const index = (PROBE - base + (1n << 256n)) % (1n << 256n);

  async function lastResult(name: string, build: (call: Awaited<ReturnType<typeof deploy>>['call']) => TxSequence) {
    const { executor, call } = await deploy(name);
    executor.reset();
    let last: TxResult | undefined;
    for (const c of build(call)) last = await executor.run(toTx(c));
    return { result: last!, code: executor.deployments[0].code };
  }

  test('after the length underflow, SetCodeAt writes the probe slot: found at the SSTORE', async () => {
    const { result: r, code } = await lastResult('BonusCodeWallet', (call) => [call('PopCode'), call('SetCodeAt', [index, 1n], 2)]);
    expect(r.outcome.kind).toBe('success');
    const failure = storageWriteOracle(PROBE)(TX, r);
    expect(failure?.kind).toBe('arbitrary-storage-write');
    expect(code[failure!.pc]).toBe(OP_SSTORE);
    // The evidence names the wallet and the slot; the message is written from it, as before.
    const wallet = (await deploy('BonusCodeWallet')).executor.deployments[0].address;
    expect(failure?.evidence).toEqual({ kind: 'arbitrary-storage-write', contract: wallet, slot: `0x${PROBE.toString(16)}` });
    expect(failure?.message).toBe(`SSTORE to an arbitrary slot: the caller chose the slot 0x${PROBE.toString(16)} of ${getAddress(wallet)}`);
  });

  test('in-bounds writes, other probes and the safe twin report nothing', async () => {
    const inBounds = await lastResult('BonusCodeWallet', (call) => [call('PushCode', [5n]), call('SetCodeAt', [0n, 1n])]);
    expect(storageWriteOracle(PROBE)(TX, inBounds.result)).toBeNull();
    const other = await lastResult('BonusCodeWallet', (call) => [call('PopCode'), call('SetCodeAt', [index, 1n])]);
    expect(storageWriteOracle(PROBE + 1n)(TX, other.result)).toBeNull();
    const twin = await lastResult('BonusCodeWalletSafe', (call) => [call('PopCode'), call('SetCodeAt', [index, 1n])]);
    expect(twin.result.outcome.kind).toBe('revert');
    expect(storageWriteOracle(PROBE)(TX, twin.result)).toBeNull();
  });
});
