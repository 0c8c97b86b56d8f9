import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, paramsEVM } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import { memoryGasOpcodes } from '../../src/evm/memoryGas.js';
import { enableStepLoop } from '../../src/evm/stepLoop.js';
import { wordOpcodes } from '../../src/evm/wordOpcodes.js';
import { assemble } from '../analysis/assemble.js';

const CALLDATA = Uint8Array.from({ length: 70 }, (_, i) => i * 7);

/** Every opcode with a synchronous gas function, growing memory in steps (some within, some past, what was paid). */
const PROGRAM = `
PUSH1 7
PUSH2 300
MSTORE
PUSH1 0
MLOAD
POP
PUSH1 9
PUSH2 2000
MSTORE8
PUSH2 1000
MLOAD
POP
PUSH1 70
PUSH1 3
PUSH2 4000
CALLDATACOPY
PUSH1 0
PUSH1 0
PUSH2 9000
CALLDATACOPY
PUSH2 100
PUSH1 0
KECCAK256
POP
PUSH1 0
PUSH2 50000
KECCAK256
POP
PUSH2 600
PUSH2 4000
PUSH2 6000
MCOPY
PUSH32 ${(1n << 255n) + 12345n}
PUSH1 3
EXP
POP
PUSH1 0
PUSH1 3
EXP
POP
PUSH2 0x1234
PUSH1 3
EXP
POP
PUSH2 100
PUSH2 8000
PUSH1 0
MCOPY
PUSH2 300
PUSH1 0
PUSH1 0
MCOPY
PUSH2 7000
PUSH1 0
RETURN
`;

async function run(fast: boolean, code: Uint8Array, gasLimit: bigint) {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
  const words = wordOpcodes(common);
  const evm = await createEVM({ common, customOpcodes: fast ? [...words, ...memoryGasOpcodes(common, words)] : words });
  if (fast) await enableStepLoop(evm);
  return evm.runCode({ code, gasLimit, data: CALLDATA });
}

describe('memoryGasOpcodes', () => {
  const code = assemble(PROGRAM).code;

  it('charges what the library charges and leaves the same memory', async () => {
    const library = await run(false, code, 1_000_000n);
    const fast = await run(true, code, 1_000_000n);
    expect(library.exceptionError).toBeUndefined();
    expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    expect(bytesToHex(fast.returnValue)).toBe(bytesToHex(library.returnValue));
  });

  it('runs out of gas where the library does', async () => {
    const full = (await run(false, code, 1_000_000n)).executionGasUsed;
    for (const gasLimit of [full - 1n, full - 500n, full / 2n, 500n]) {
      const library = await run(false, code, gasLimit);
      const fast = await run(true, code, gasLimit);
      expect(fast.exceptionError?.error).toBe('out of gas');
      expect(fast.exceptionError?.error).toBe(library.exceptionError?.error);
      expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    }
  });

  it.each(['MLOAD', 'PUSH1 1\nRETURN', 'PUSH1 1\nPUSH1 1\nCALLDATACOPY', 'PUSH1 2\nEXP'])('fails `%s` on a short stack as the library does', async (source) => {
    const short = assemble(source).code;
    const library = await run(false, short, 100_000n);
    const fast = await run(true, short, 100_000n);
    expect(library.exceptionError?.error).toBe('stack underflow');
    expect(fast.exceptionError?.error).toBe(library.exceptionError?.error);
  });
});
