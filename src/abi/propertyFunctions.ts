import type { AbiFunction } from 'viem';

const PROPERTY_PREFIXES = ['property_', 'echidna_'];

/**
 * `property_*` / `echidna_*` functions: no inputs, one bool output (Echidna's convention; Medusa's
 * default prefix is `property_`, and it takes `echidna_` for ported suites).
 */
export function isPropertyFunction(fn: AbiFunction): boolean {
  return PROPERTY_PREFIXES.some((prefix) => fn.name.startsWith(prefix)) && fn.inputs.length === 0 && fn.outputs.length === 1 && fn.outputs[0]!.type === 'bool';
}
