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

async function run(fast: boolean, gasLimit: bigint) {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
  const state = new JournaledState();
  const evm = await createEVM({ common, stateManager: state, customOpcodes: fast ? storageOpcodes(common, state) : undefined });
  if (fast) await enableStepLoop(evm);
  // runCode runs at the zero address: SSTORE needs an account there.
  await evm.stateManager.putAccount(createZeroAddress(), new Account());
  return evm.runCode({ code: program(), gasLimit });
}

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
    for (const gasLimit of [full - 1n, full - 2000n, full - 2100n, 70_000n]) {
      const library = await run(false, gasLimit);
      const fast = await run(true, gasLimit);
      expect(fast.exceptionError?.error).toBe('out of gas');
      expect(fast.exceptionError?.error).toBe(library.exceptionError?.error);
      expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    }
  });
});
