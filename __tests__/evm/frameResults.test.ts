import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM, type EVMResult } from '@ethereumjs/evm';
import { Account, createAddressFromString } from '@ethereumjs/util';
import path from 'node:path';
import { encodeFunctionData, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import { enableLeanFrameResults } from '../../src/evm/frameResults.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * `enableLeanFrameResults` replaces the library's per-frame `runInterpreter`: every call answers as
 * the library's own method does (gas, refunds, logs, return data, errors, created contracts),
 * nested frames and reverts included, on __fixtures__/probes/Watched.sol (it creates a Counter and calls it).
 */
const CALLER = createAddressFromString('0x0000000000000000000000000000000000010000');

let abi: Abi;
let creationCode: Uint8Array;

beforeAll(async () => {
  const project = await compileProject({ root: path.join(REPO_ROOT, '__fixtures__/probes'), paths: ['Watched.sol'] });
  const watched = project.contracts.find((c) => c.name === 'Watched')!;
  abi = watched.abi as Abi;
  creationCode = watched.creation.bytecode;
});

async function chain(lean: boolean): Promise<EVM> {
  const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Prague }) });
  await evm.stateManager.putAccount(CALLER, new Account(0n, 10n ** 20n));
  if (lean) await enableLeanFrameResults(evm);
  return evm;
}

/** What a call's result says, without the run state (what the lean method leaves out). */
function answer(result: EVMResult) {
  const { runState: _, ...execResult } = result.execResult;
  return { createdAddress: result.createdAddress?.toString(), execResult };
}

function data(functionName: string, args: unknown[] = []): Uint8Array {
  const hex = encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  return Buffer.from(hex.slice(2), 'hex');
}

describe('lean frame results', () => {
  it('answer every call as the library does', async () => {
    const [library, lean] = [await chain(false), await chain(true)];
    const deploy = async (evm: EVM) => evm.runCall({ caller: CALLER, origin: CALLER, data: creationCode, gasLimit: 5_000_000n });
    const [deployedByLibrary, deployedLean] = [await deploy(library), await deploy(lean)];
    expect(answer(deployedLean)).toEqual(answer(deployedByLibrary));
    const to = deployedLean.createdAddress!;
    const calls = [data('setWatched', [3n]), data('rewrite'), data('fail'), data('bump'), data('deposit'), data('echidna_counted'), Uint8Array.of(1, 2)];
    for (const [i, callData] of calls.entries()) {
      const run = (evm: EVM) => evm.runCall({ caller: CALLER, origin: CALLER, to, data: callData, value: i === 4 ? 5n : 0n, gasLimit: 1_000_000n });
      expect(answer(await run(lean))).toEqual(answer(await run(library)));
    }
  });
});
