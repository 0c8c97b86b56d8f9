import type { CompiledContract } from '../compile/index.js';

/**
 * The compiled contract whose runtime code `code` is: same length, same bytes outside the ranges
 * filled at deployment (immutables, linked library addresses). How a contract a constructor created
 * is recognised among the build's contracts (Medusa matches dynamically deployed bytecode likewise),
 * and one a Foundry test's `setUp` created. Undefined when none.
 */
export function contractOfRuntime(code: Uint8Array, contracts: readonly CompiledContract[]): CompiledContract | undefined {
  return contracts.find((contract) => sameCode(code, contract));
}

function sameCode(code: Uint8Array, contract: CompiledContract): boolean {
  const expected = contract.deployed.bytecode;
  if (expected.length !== code.length || expected.length === 0) return false;
  const filled = new Uint8Array(expected.length);
  for (const ranges of Object.values(contract.deployed.immutableReferences)) {
    for (const { start, length } of ranges) filled.fill(1, start, start + length);
  }
  for (const link of contract.deployed.linkReferences) for (const offset of link.offsets) filled.fill(1, offset, offset + 20);
  for (let i = 0; i < code.length; i++) if (filled[i] === 0 && code[i] !== expected[i]) return false;
  return true;
}
