import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, getOpcodesForHF, paramsEVM } from '@ethereumjs/evm';
import { replaceOpcode } from '../../src/evm/instrumentation.js';
import { keepSynchronous } from '../../src/evm/syncOpcodes.js';
import { Op } from '../../src/bytecode/opcodes.js';
import { assemble } from '../analysis/assemble.js';

const COUNTED = [Op.JUMPDEST, Op.SLOAD];

describe('keepSynchronous', () => {
  it('gives hooks over synchronous opcodes their synchronous dispatch back, even after the table is rebuilt, and they still run', async () => {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
    const table = getOpcodesForHF(common);
    const seen: number[] = [];
    const custom = COUNTED.map((code) =>
      replaceOpcode(table, code, (original) => (runState, opCommon) => {
        seen.push(code);
        return original(runState, opCommon);
      }),
    );
    const evm = await createEVM({ common, customOpcodes: custom });
    const dispatch = () => (evm as unknown as { _opcodeMap: { opcodeInfo: { isAsync: boolean; name: string } }[] })._opcodeMap;
    expect(dispatch()[Op.JUMPDEST].opcodeInfo.isAsync).toBe(true);
    keepSynchronous(evm, common, custom);
    expect(dispatch()[Op.JUMPDEST].opcodeInfo).toMatchObject({ isAsync: false, name: 'JUMPDEST' });
    // SLOAD reads state through a promise: it stays asynchronous.
    expect(dispatch()[Op.SLOAD].opcodeInfo.isAsync).toBe(true);
    evm.getActiveOpcodes();
    expect(dispatch()[Op.JUMPDEST].opcodeInfo.isAsync).toBe(false);

    const { code } = assemble('PUSH @a\nJUMP\na:\nJUMPDEST\nPUSH1 0\nSLOAD\nPOP\nSTOP');
    const result = await evm.runCode({ code, gasLimit: 100_000n });
    expect(result.exceptionError).toBeUndefined();
    expect(seen).toEqual([Op.JUMPDEST, Op.SLOAD]);
  });
});
