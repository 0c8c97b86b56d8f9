import path from 'node:path';
import type { AbiFunction } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import type { TxResult } from '../../src/evm/types.js';
import { functionTarget } from '../../src/abi/encoding.js';
import { CostCollector, type CostVector } from '../../src/fuzz/harvey/costs.js';
import { toTx } from '../../src/fuzz/campaign/sequenceRunner.js';
import type { AbiValue, Call, TxSequence } from '../../src/abi/types.js';

/** Test helpers over the real fixtures of __fixtures__/harvey: compile once, deploy, run with costs. */
export const HARVEY_ROOT = path.resolve('__fixtures__/harvey');

let compiled: Promise<CompiledProject> | undefined;

export function compileHarvey(): Promise<CompiledProject> {
  compiled ??= compileProject({ root: HARVEY_ROOT, paths: ['.'] });
  return compiled;
}

export interface Deployed {
  executor: Executor;
  project: CompiledProject;
  /** A call of `name` on deployment 0 from `sender` (default the deployer). */
  call(name: string, args?: AbiValue[], sender?: number): Call;
}

export async function deploy(name: string): Promise<Deployed> {
  const project = await compileHarvey();
  const contract = project.contracts.find((c) => c.name === name);
  if (contract === undefined) throw new Error(`no contract ${name}`);
  const executor = await Executor.create([{ name, abi: contract.abi, creationCode: contract.creation.bytecode }]);
  const call = (fnName: string, args: AbiValue[] = [], sender = 0): Call => {
    const fn = contract.abi.find((item): item is AbiFunction => item.type === 'function' && item.name === fnName);
    if (fn === undefined) throw new Error(`no function ${fnName} in ${name}`);
    return { sender, to: 0, target: functionTarget(fn), args, value: 0n, blockDelay: 0, timeDelay: 0 };
  };
  return { executor, project, call };
}

export interface CostedRun {
  results: { outcome: TxResult['outcome']; returnData: Uint8Array; edges: number[] }[];
  costs: CostVector;
}

/** Runs `sequence` from the snapshot and collects its cost vector. */
export async function runWithCosts(executor: Executor, sequence: TxSequence, probes: readonly bigint[] = []): Promise<CostedRun> {
  executor.reset();
  const collector = new CostCollector(probes);
  const results: CostedRun['results'] = [];
  for (let i = 0; i < sequence.length; i++) {
    const result = await executor.run(toTx(sequence[i]));
    collector.observe(result, i);
    results.push({ outcome: result.outcome, returnData: result.returnData.slice(), edges: [...result.trace.edges] });
  }
  return { results, costs: collector.vector() };
}
