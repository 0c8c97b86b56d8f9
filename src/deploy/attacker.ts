import { contractId, type CompiledCode, type CompiledContract } from '../compile/index.js';
import { ATTACKER_ABI, ATTACKER_CREATION_CODE, ATTACKER_FILE, ATTACKER_NAME } from '../evm/index.js';
import { instructions, Op, stripMetadata } from '../bytecode/index.js';

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

/**
 * Whether runtime code can pay an account or call it back — a CALL (or CALLCODE) instruction: only
 * then can an attacker re-enter it, so only then do campaigns spend calls on the attacker. A token
 * that makes no external call (an ERC-20) pays nothing for it.
 */
export function callsOut(code: Uint8Array): boolean {
  for (const instruction of instructions(stripMetadata(code))) {
    if (instruction.op.code === Op.CALL || instruction.op.code === Op.CALLCODE) return true;
  }
  return false;
}
