import type { CompiledContract } from '../../compile/index.js';
import { contractOfRuntime } from '../../deploy/index.js';
import type { Address, Executor } from '../../evm/index.js';
import { toTx } from './sequenceRunner.js';
import { generateCallValue, generateInputs, type DeploymentTargets, type ValueContext } from '../inputs/values.js';

/** How often each function is called in the discovery run: the second call finds what a creator makes next (its next nonce). */
const DISCOVERY_ROUNDS = 2;

/**
 * Contracts the callable functions create when called (Echidna's `allContracts`, Medusa's contracts
 * deployed at run time), adopted as deployments so that calls can target them, their addresses are
 * inputs and their properties are checked. One run from the snapshot calls every callable function
 * `DISCOVERY_ROUNDS` times in order, then the state is reset: a contract exists only in the
 * sequences that create it, at the address its creator's nonce gives, which is the address found
 * here when its creator creates nothing before it. The run is a function of the world and `ctx`
 * (the campaign's, not a worker's, stream), so every worker and the replay adopt the same
 * contracts at the same indexes. Returns the adopted deployment indexes, in order.
 */
export async function adoptCreatedContracts(
  executor: Executor,
  catalog: readonly CompiledContract[],
  targets: DeploymentTargets,
  ctx: ValueContext,
): Promise<number[]> {
  const adopted: number[] = [];
  const known = new Set<Address>(executor.deployments.map((d) => d.address));
  executor.reset();
  for (let round = 0; round < DISCOVERY_ROUNDS; round++) {
    for (const [to, callables] of targets.entries()) {
      for (const callable of callables) {
        const { target, args } = generateInputs(callable, ctx);
        const call = { sender: 0, to, target, args, value: generateCallValue(target, ctx), blockDelay: 0, timeDelay: 0 };
        const result = await executor.run(toTx(call));
        for (const address of result.created) {
          if (known.has(address)) continue;
          known.add(address);
          const codeId = executor.codeIdOf(address);
          const code = codeId === undefined ? undefined : executor.code(codeId);
          const contract = code && contractOfRuntime(code, catalog);
          if (code && contract)
            adopted.push(executor.adoptCreated({ file: contract.file, name: contract.name, address, code }, executor.deployments[to].deployer));
        }
      }
    }
  }
  executor.reset();
  return adopted;
}
