import type { CompiledProject } from '../build/types.js';
import { ConfigurationError } from '../errors.js';
import { Executor } from '../evm/executor.js';
import type { Failure } from '../oracles/failure.js';
import { propertyFunctions } from '../oracles/property.js';
import { transactionOracles } from '../oracles/transaction.js';
import { callTargets } from './abi.js';
import { runSequence } from './sequenceRunner.js';
import type { TxSequence } from './types.js';

/**
 * Whether a finding's sequence also fails on the base revision's build, the same way: the same
 * contract, the same calls by signature with the same arguments, senders and values, and a failure of
 * the same kind (same panic code, same property). Program counters differ between builds, so the
 * failure is matched by what it is, not where.
 */
export async function failsOnBase(
  base: CompiledProject,
  contractName: string,
  sequence: TxSequence,
  failure: Failure,
  panicCodes: ReadonlySet<number>,
): Promise<boolean> {
  const contract = base.contracts.find((c) => c.name === contractName && c.kind === 'contract');
  if (!contract || contract.creation.linkReferences.length > 0) return false;
  const targets = callTargets(contract.abi);
  const calls: TxSequence = [];
  for (const call of sequence) {
    if (call.target.kind !== 'function') {
      calls.push(call);
      continue;
    }
    const signature = call.target.signature;
    const target = targets.find((t) => t.kind === 'function' && t.signature === signature);
    if (!target) return false;
    calls.push({ ...call, target });
  }
  let executor: Executor;
  try {
    executor = await Executor.create([{ name: contract.name, abi: contract.abi, creationCode: contract.creation.bytecode }]);
  } catch (error) {
    if (error instanceof ConfigurationError) return false; // the base constructor reverts: nothing there fails this way
    throw error;
  }
  const run = await runSequence(
    { executor, oracles: transactionOracles({ panicCodes }), properties: propertyFunctions(contract.abi, 0, executor.deployments[0].codeId) },
    calls,
  );
  const seen = run.failure?.failure;
  return seen !== undefined && seen.kind === failure.kind && seen.panicCode === failure.panicCode && seen.property === failure.property;
}
