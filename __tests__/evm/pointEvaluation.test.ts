/**
 * The point-evaluation precompile (0x0a) runs with the bundled KZG setup, and an error the EVM
 * library throws from inside a call (0x0a without a KZG library) fails that transaction only.
 */
import path from 'node:path';
import { encodeFunctionData, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { EVM_INTERNAL_ERROR, Executor } from '../../src/evm/executor.js';
import type { Tx } from '../../src/evm/types.js';

const ROOT = path.resolve('__fixtures__/parity');
let project: CompiledProject;

beforeAll(async () => {
  project = await compileProject({ root: ROOT, paths: ['PointEvaluationSafe.sol'] });
});

function deployRequest() {
  const contract = project.contracts.find((c) => c.name === 'PointEvaluationSafe')!;
  return { name: contract.name, abi: contract.abi, creationCode: contract.creation.bytecode };
}

function claim(z: bigint, y: bigint): Tx {
  const data = encodeFunctionData({ abi: deployRequest().abi as Abi, functionName: 'claim', args: [z, y] });
  return { sender: 0, to: 0, data: Buffer.from(data.slice(2), 'hex'), value: 0n, blockDelay: 0, timeDelay: 0 };
}

it('verifies KZG openings: the zero blob opens to 0 at any point and to nothing else', async () => {
  const executor = await Executor.create([deployRequest()]);
  for (const [z, y] of [
    [0n, 0n],
    [12345n, 0n],
    [7n, 1n],
  ]) {
    expect((await executor.run(claim(z, y))).outcome).toEqual({ kind: 'success' });
  }
});

it('fails only the transaction that hits an internal error of the EVM library, with a note', async () => {
  const executor = await Executor.create([deployRequest()], { pointEvaluation: false });
  const broken = await executor.run(claim(1n, 0n));
  expect(broken.outcome).toMatchObject({ kind: 'error', error: `${EVM_INTERNAL_ERROR}: kzg not initialized` });
  // The chain is usable afterwards: a call that skips the precompile (z past the modulus) runs.
  expect((await executor.run(claim(2n ** 255n, 0n))).outcome).toEqual({ kind: 'success' });
  executor.reset();
  expect((await executor.run(claim(3n, 0n))).outcome).toMatchObject({ kind: 'error' });
});
