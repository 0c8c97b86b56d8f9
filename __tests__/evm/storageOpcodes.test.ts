import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, paramsEVM } from '@ethereumjs/evm';
import { Account, bytesToHex, createZeroAddress } from '@ethereumjs/util';
import { JournaledState } from '../../src/evm/journaledState.js';
import { storageOpcodes } from '../../src/evm/storageOpcodes.js';
import { enableStepLoop } from '../../src/evm/stepLoop.js';
import { assemble } from '../analysis/assemble.js';

const MAX = (1n << 256n) - 1n;
const SLOTS = [0n, 1n, 0x20n, MAX, MAX - 7n];

/** Writes some slots, then reads each slot twice (cold, then warm) and a few never written, returning every value read. */
function program(): Uint8Array {
  const lines: string[] = [];
  SLOTS.slice(0, 3).forEach((slot, i) => lines.push(`PUSH32 ${slot * 3n + 5n}`, `PUSH32 ${slot}`, 'SSTORE', `PUSH1 ${i}`, 'POP'));
  [...SLOTS, ...SLOTS].forEach((slot, i) => lines.push(`PUSH32 ${slot}`, 'SLOAD', `PUSH2 ${i * 32}`, 'MSTORE'));
  lines.push(`PUSH2 ${SLOTS.length * 64}`, 'PUSH1 0', 'RETURN');
  return assemble(lines.join('\n')).code;
}

async function run(fast: boolean, gasLimit: bigint, code = program()) {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
  const state = new JournaledState();
  const evm = await createEVM({ common, stateManager: state, customOpcodes: fast ? storageOpcodes(common, state) : undefined });
  if (fast) await enableStepLoop(evm);
  // runCode runs at the zero address: SSTORE needs an account there.
  await evm.stateManager.putAccount(createZeroAddress(), new Account());
  // Slots 1 and 2 hold values before the transaction (EIP-2200's original values).
  state.writeSlot(createZeroAddress(), slotKey(1n), Uint8Array.of(0x11));
  state.writeSlot(createZeroAddress(), slotKey(2n), Uint8Array.of(0x22));
  return evm.runCode({ code, gasLimit });
}

function slotKey(slot: bigint): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => Number((slot >> BigInt(8 * (31 - i))) & 0xffn));
}

/** Every EIP-2200 case, on slots empty or not at the start, cold and warm: pairs of slot and value, stored in order. */
const STORES: [bigint, bigint][] = [
  [5n, 0n], // no-op on a cold empty slot
  [5n, 7n], // create
  [5n, 7n], // no-op, warm
  [5n, 9n], // dirty update
  [5n, 0n], // back to the original zero: init refund
  [1n, 0x11n], // no-op on a cold slot with a value
  [1n, 0x12n], // clean update
  [1n, 0x11n], // back to the original value: clean refund
  [2n, 0n], // delete: clear refund
  [2n, 0x23n], // recreate: clear refund taken back
  [2n, 0n], // delete again
  [2n, 0x22n], // back to the original after deleting
  [6n, 1n], // create on a slot never read
  [3n, 0n], // no-op on an empty cold slot
];

function storing(): Uint8Array {
  const lines = STORES.flatMap(([slot, value]) => [`PUSH32 ${value}`, `PUSH32 ${slot}`, 'SSTORE']);
  lines.push('PUSH1 2', 'SLOAD', 'PUSH1 0', 'MSTORE', 'PUSH1 5', 'SLOAD', 'PUSH1 32', 'MSTORE', 'PUSH1 64', 'PUSH1 0', 'RETURN');
  return assemble(lines.join('\n')).code;
}

describe('storageOpcodes SSTORE', () => {
  it('charges and refunds what the library does in every EIP-2200 case, cold and warm', async () => {
    const library = await run(false, 1_000_000n, storing());
    const fast = await run(true, 1_000_000n, storing());
    expect(library.exceptionError).toBeUndefined();
    expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    expect(fast.gasRefund).toBe(library.gasRefund);
    expect(library.gasRefund).toBeGreaterThan(0n);
    expect(bytesToHex(fast.returnValue)).toBe(bytesToHex(library.returnValue));
  });

  it('fails where the library does: below the 2,300 gas sentry, and out of gas', async () => {
    const full = (await run(false, 1_000_000n, storing())).executionGasUsed;
    for (const gasLimit of [2_300n + 6n, 2_301n + 6n, full - 1n, full / 2n]) {
      const library = await run(false, gasLimit, storing());
      const fast = await run(true, gasLimit, storing());
      expect(fast.exceptionError?.error).toBe(library.exceptionError?.error);
      expect(fast.exceptionError?.error).toBe('out of gas');
      expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    }
  });
});

describe('storageOpcodes', () => {
  it('reads what the library reads, for the gas it charges, cold and warm, written or not', async () => {
    const library = await run(false, 1_000_000n);
    const fast = await run(true, 1_000_000n);
    expect(library.exceptionError).toBeUndefined();
    expect(bytesToHex(fast.returnValue)).toBe(bytesToHex(library.returnValue));
    expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    expect(bytesToHex(library.returnValue.subarray(32, 64))).toBe(`0x${(1n * 3n + 5n).toString(16).padStart(64, '0')}`);
  });

  it('runs out of gas exactly where the library does', async () => {
    const full = (await run(false, 1_000_000n)).executionGasUsed;
    for (const gasLimit of [full - 1n, full - 2000n, full - 2100n, full / 3n]) {
      const library = await run(false, gasLimit);
      const fast = await run(true, gasLimit);
      expect(fast.exceptionError?.error).toBe('out of gas');
      expect(fast.exceptionError?.error).toBe(library.exceptionError?.error);
      expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    }
  });
});
