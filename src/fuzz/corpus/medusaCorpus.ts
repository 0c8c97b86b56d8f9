import { type AbiFunction, type AbiParameter, toFunctionSignature } from 'viem';
import type { Address } from '../../abi/index.js';
import type { SavedInput } from './savedInputs.js';

/**
 * One file of a Medusa corpus (`corpusDirectory`'s `call_sequences/immutable|mutable/`): a JSON list
 * of `{call: {from, to, value, data, dataAbiValues: {methodName, inputValues}}, blockNumberDelay,
 * blockTimestampDelay}`. Read as calls to the harness, the method resolved by name in its ABI as
 * Medusa resolves it (a name now overloaded, or gone, no longer matches); Medusa already writes
 * integers as decimal strings and bytes and addresses as hex, the saved form's JSON. A call without
 * ABI values (raw calldata) makes the file unreadable.
 */
export function medusaInput(parsed: unknown, harness: { name: string; functions: readonly AbiFunction[] }): SavedInput | undefined {
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  const input: SavedInput = [];
  for (const element of parsed) {
    const call = isTable(element) ? element.call : undefined;
    const abiValues = isTable(call) ? call.dataAbiValues : undefined;
    if (!isTable(call) || !isTable(abiValues) || typeof abiValues.methodName !== 'string' || !Array.isArray(abiValues.inputValues)) return undefined;
    const { blockNumberDelay, blockTimestampDelay } = element as Record<string, unknown>;
    const from = typeof call.from === 'string' && /^0x[0-9a-fA-F]{40}$/.test(call.from) ? (call.from.toLowerCase() as Address) : undefined;
    const value =
      call.value === undefined || call.value === null
        ? 0n
        : typeof call.value === 'string' && /^0x[0-9a-fA-F]+$/.test(call.value)
          ? BigInt(call.value)
          : undefined;
    if (from === undefined || value === undefined || !isCount(blockNumberDelay) || !isCount(blockTimestampDelay)) return undefined;
    const named = harness.functions.filter((fn) => fn.name === abiValues.methodName);
    const fn = named.length === 1 ? named[0] : undefined;
    input.push({
      sender: from,
      to: harness.name,
      // A method the harness no longer has (or has overloaded) keeps only its name: the restore check drops it.
      function: fn ? toFunctionSignature(fn) : `${abiValues.methodName}()`,
      args: fn ? abiValues.inputValues.map((arg, i) => positional(arg, fn.inputs[i])) : abiValues.inputValues,
      value: value.toString(),
      blockDelay: blockNumberDelay,
      timeDelay: blockTimestampDelay,
    });
  }
  return input;
}

/** Medusa writes a struct as an object keyed by its fields; the saved form lists them in order. */
function positional(value: unknown, param: AbiParameter | undefined): unknown {
  if (param === undefined) return value;
  if (param.type === 'tuple' && 'components' in param && isTable(value)) return param.components.map((c, i) => positional(value[c.name ?? String(i)], c));
  if (param.type.endsWith(']') && Array.isArray(value)) {
    const element = { ...param, type: param.type.slice(0, param.type.lastIndexOf('[')) };
    return value.map((item) => positional(item, element));
  }
  // Small integer types may come as JSON numbers; the saved form writes every integer as a decimal string.
  return typeof value === 'number' && Number.isSafeInteger(value) && /int/.test(param.type) ? String(value) : value;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
