import { jest } from '@jest/globals';
import path from 'node:path';
import { encodeFunctionData, type Abi } from 'viem';
import type { EVM } from '@ethereumjs/evm';
import { compileProject } from '../../src/compile/compile.js';
import { Executor } from '../../src/evm/executor.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * `Executor.view` runs a call's outermost frame itself (`viewFrame`) instead of through `runCall`.
 * Each view of __fixtures__/probes/Viewed.sol runs on an executor that does and on one kept on
 * `runCall` (a listener on the library's message events, as forge's cheatcodes add, sends it
 * there); their answers, gas seen inside, traces and storage reads must be equal.
 */
let abi: Abi;
let own: Executor;
let library: Executor;

beforeAll(async () => {
  const project = await compileProject({ root: path.join(REPO_ROOT, '__fixtures__/probes'), paths: ['Viewed.sol'] });
  const viewed = project.contracts.find((c) => c.name === 'Viewed')!;
  abi = viewed.abi as Abi;
  const request = { name: 'Viewed', abi, creationCode: viewed.creation.bytecode };
  // A lower gas limit than the default keeps `burns` short.
  own = await Executor.create([request], { gasLimit: 2_000_000n });
  library = await Executor.create([request], { gasLimit: 2_000_000n });
  (library as unknown as { evm: EVM }).evm.events.on('beforeMessage', () => undefined);
});

function data(functionName: string, args: unknown[] = []): Uint8Array {
  return Buffer.from(encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]).slice(2), 'hex');
}

async function bothViews(functionName: string, args: unknown[] = [], sender = 0) {
  const answers = [];
  for (const chain of [own, library]) {
    const answer = await chain.view(0, data(functionName, args), sender, { recordReads: true });
    const trace = chain.lastTrace();
    answers.push({
      ...answer,
      returnData: Buffer.from(answer.returnData).toString('hex'),
      edges: [...trace.edges],
      comparisons: trace.comparisons.map((c) => ({ ...c })),
    });
  }
  return answers;
}

test.each([
  ['readGas', []],
  ['parties', []],
  ['innerValue', []],
  ['writeAndRead', [5]],
  ['transientLeft', []],
  ['fails', [3]],
  ['fails', [30]],
  ['burns', []],
])('%s(%j) answers as through runCall', async (functionName, args) => {
  const [ownAnswer, libraryAnswer] = await bothViews(functionName, args.map(BigInt));
  expect(ownAnswer).toEqual(libraryAnswer);
});

test('a view leaves no state, transient storage or warm slot behind', async () => {
  const [before] = await bothViews('readGas');
  const [written] = await bothViews('writeAndRead', [9n]);
  expect(written.returnData).toBe(`${'0'.repeat(63)}9${'0'.repeat(63)}9`);
  const [after] = await bothViews('readGas');
  expect(after).toEqual(before);
  expect(own.getStorage(own.deployments[0].address, 0n)).toBe(7n);
  const [ownTransient, libraryTransient] = await bothViews('transientLeft');
  expect(ownTransient.returnData).toBe('0'.repeat(64));
  expect(ownTransient).toEqual(libraryTransient);
});

test('a view from another sender sees it as msg.sender and tx.origin', async () => {
  const [ownAnswer, libraryAnswer] = await bothViews('parties', [], 1);
  expect(ownAnswer).toEqual(libraryAnswer);
  expect(ownAnswer.returnData.slice(24, 64)).toBe(own.senderAddresses[1].slice(2).toLowerCase());
});

test('the outermost frame runs without runCall, an inner call through it', async () => {
  const runCall = jest.spyOn((own as unknown as { evm: EVM }).evm, 'runCall');
  try {
    await own.view(0, data('readGas'));
    expect(runCall).not.toHaveBeenCalled();
    await own.view(0, data('innerValue'));
    expect(runCall).toHaveBeenCalledTimes(1);
  } finally {
    runCall.mockRestore();
  }
});
