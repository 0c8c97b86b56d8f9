import type { CompiledContract } from '../build/types.js';

/** Runtime code as compiled, with immutables still zero: equal outside the immutable ranges. */
function sameCode(deployed: Uint8Array, contract: CompiledContract): boolean {
  const compiled = contract.deployed.bytecode;
  if (compiled.length !== deployed.length || compiled.length === 0) return false;
  const masked = new Uint8Array(deployed);
  for (const ranges of Object.values(contract.deployed.immutableReferences)) {
    for (const { start, length } of ranges) masked.fill(0, start, start + length);
  }
  for (const ref of contract.deployed.linkReferences) for (const offset of ref.offsets) masked.fill(0, offset, offset + 20);
  return masked.every((byte, i) => byte === compiled[i]);
}

/** Which compiled contract runs this code (immutables and linked libraries aside); undefined when none. */
export function identifyCode(code: Uint8Array, contracts: readonly CompiledContract[]): CompiledContract | undefined {
  return contracts.find((contract) => sameCode(code, contract));
}
