import { hexToBytes, toFunctionSelector, type Abi, type AbiFunction } from 'viem';
import { failureOf, type PropertyEvidence } from './evidence.js';
import { failureKey, type Failure } from './failure.js';
import { decodeRevert, describeRevert, isPropertyFunction } from '../abi/index.js';
import type { ProbeResult, PropertyFunction, PropertyProbe } from './types.js';

/** Echidna's rule: a property named so holds when it reverts and fails when it returns anything. */
const REVERT_PREFIX = 'echidna_revert_';

/** The property functions of one deployment's ABI, in ABI order. */
export function propertyFunctions(abi: Abi, to: number, codeId: number): PropertyFunction[] {
  return abi
    .filter((item): item is AbiFunction => item.type === 'function' && isPropertyFunction(item))
    .map((fn) => ({
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
export async function checkProperties(probe: PropertyProbe, properties: readonly PropertyFunction[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const property of properties) {
    const result = await probe(property.to, property.selector);
    const failed = verdict(property, result);
    if (failed === null) continue;
    failures.push(failureOf({ kind: 'property', property: property.name, ...failed }, { codeId: property.codeId, pc: 0 }));
  }
  return failures;
}

/** How the property's answer fails it, null when it holds. */
function verdict(property: PropertyFunction, result: ProbeResult): Pick<PropertyEvidence, 'failed' | 'reason'> | null {
  if (property.holds === 'reverts') return result.success ? { failed: 'did-not-revert', reason: null } : null;
  if (!result.success) return { failed: 'reverted', reason: describeRevert(decodeRevert(result.returnData)) };
  const failed = property.holds === 'does-not-fail' ? returnedFalse(result.returnData) : falseOrMalformed(result.returnData);
  return failed === null ? null : { failed, reason: null };
}

/** The identity (`failureKey`) a failure of `property` has: a campaign reports it once, then stops probing it. Asked before every sequence. */
export function propertyFailureKey(property: PropertyFunction): string {
  let key = failureKeys.get(property);
  if (key === undefined) {
    key = failureKey({ kind: 'property', panicCode: null, codeId: property.codeId, pc: 0, property: property.name });
    failureKeys.set(property, key);
  }
  return key;
}

const failureKeys = new WeakMap<PropertyFunction, string>();

/** The ABI's bool: one word, 0 or 1 (more data after it is ignored, as decoders do). Read by hand: it is decoded after every transaction. */
function falseOrMalformed(returnData: Uint8Array): 'returned-false' | 'not-a-bool' | null {
  // Assembly can return anything; a property that does not answer true is not holding.
  if (returnData.length < 32) return 'not-a-bool';
  for (let i = 0; i < 31; i++) if (returnData[i] !== 0) return 'not-a-bool';
  const last = returnData[31];
  return last === 1 ? null : last === 0 ? 'returned-false' : 'not-a-bool';
}

/** A Foundry invariant may return nothing (it asserts instead); a bool it returns must be true. */
function returnedFalse(returnData: Uint8Array): 'returned-false' | null {
  return returnData.length === 32 && returnData.every((byte) => byte === 0) ? 'returned-false' : null;
}
