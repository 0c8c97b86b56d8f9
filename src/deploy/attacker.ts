import { contractId, type CompiledCode, type CompiledContract } from '../build/types.js';
import { ATTACKER_ABI, ATTACKER_CREATION_CODE, ATTACKER_FILE, ATTACKER_NAME } from '../evm/attacker.js';

export const ATTACKER_ID = contractId(ATTACKER_FILE, ATTACKER_NAME);

/**
 * The attacker as a contract of the build, so that `deployWorld` deploys it like the project's own
 * (last, without arguments) and campaigns call it. It has no sources: nothing in it is a target.
 */
export function attackerContract(): CompiledContract {
  return {
    id: ATTACKER_ID,
    file: ATTACKER_FILE,
    name: ATTACKER_NAME,
    kind: 'contract',
    astId: -1,
    abi: ATTACKER_ABI,
    creation: withoutSources(ATTACKER_CREATION_CODE),
    // Runtime code is read from the chain after deployment; nothing maps it to source.
    deployed: withoutSources(new Uint8Array(0)),
    storageLayout: [],
    bases: [],
    sources: [],
    compilerVersion: '0.8.37',
  };
}

function withoutSources(bytecode: Uint8Array): CompiledCode {
  return { bytecode, sourceMap: '', generatedSources: [], linkReferences: [], immutableReferences: {} };
}
