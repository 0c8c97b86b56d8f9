import { decodeAbiParameters, hexToBytes, toFunctionSelector, type Abi, type AbiFunction } from 'viem';
import { failureKey, type Failure } from './failure.js';
import { decodeRevert, describeRevert, isPropertyFunction } from '../abi/index.js';
import type { PropertyFunction, PropertyProbe } from './types.js';

/** Echidna's rule: a property named so holds when it reverts and fails when it returns anything. */
const REVERT_PREFIX = 'echidna_revert_';

/** The property functions of one deployment's ABI, in ABI order. */
export function propertyFunctions(abi: Abi, to: number, codeId: number): PropertyFunction[] {
  return abi.filter((item): item is AbiFunction => item.type === 'function' && isPropertyFunction(item)).map((fn) => ({
    to,
    codeId,
    name: fn.name,
    selector: hexToBytes(toFunctionSelector(fn)),
    holds: fn.name.startsWith(REVERT_PREFIX) ? 'reverts' : 'returns-true',
  }));
}

/**
 * Calls every property through the probe, one after the other (the probe runs on one EVM), and
 * returns a failure for each that returned false, reverted, or did not return a bool; an
 * `echidna_revert_*` property fails when it returns at all.
 */
export async function checkProperties(
  probe: PropertyProbe,
  properties: readonly PropertyFunction[],
): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const property of properties) {
    const result = await probe(property.to, property.selector);
    const problem = property.holds === 'reverts'
      ? (result.success ? 'returned instead of reverting' : null)
      : !result.success
        ? `reverted: ${describeRevert(decodeRevert(result.returnData))}`
        : property.holds === 'does-not-fail'
          ? returnedFalse(result.returnData)
          : falseOrMalformed(result.returnData);
    if (problem === null) continue;
    failures.push({
      kind: 'property',
      panicCode: null,
      codeId: property.codeId,
      pc: 0,
      message: `${property.name}() ${problem}`,
      property: property.name,
    });
  }
  return failures;
}

/** The identity (`failureKey`) a failure of `property` has: a campaign reports it once, then stops probing it. */
export function propertyFailureKey(property: PropertyFunction): string {
  return failureKey({ kind: 'property', panicCode: null, codeId: property.codeId, pc: 0, message: '', property: property.name });
}

function falseOrMalformed(returnData: Uint8Array): string | null {
  try {
    const [holds] = decodeAbiParameters([{ type: 'bool' }], returnData);
    return holds ? null : 'returned false';
  } catch {
    // Assembly can return anything; a property that does not answer true is not holding.
    return 'did not return a bool';
  }
}

/** A Foundry invariant may return nothing (it asserts instead); a bool it returns must be true. */
function returnedFalse(returnData: Uint8Array): string | null {
  return returnData.length === 32 && returnData.every((byte) => byte === 0) ? 'returned false' : null;
}
