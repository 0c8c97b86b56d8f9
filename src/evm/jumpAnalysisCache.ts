import type { EVM } from '@ethereumjs/evm';
import { interpreterPrototype } from './interpreterPrototype.js';

/**
 * The interpreter redoes its jump-destination analysis (valid JUMPDESTs, PUSH values, the opcode
 * table per pc) on every call frame: 10 % of a profile, and caching it per code measured +26–32 %
 * calls/s. @ethereumjs/evm has no option for it and does not export its Interpreter, so the method is
 * wrapped on the prototype (`interpreterPrototype`). The wrapper only caches for EVMs enabled
 * here (the analysis holds that EVM's opcode handlers); every other EVM runs the original code.
 */

interface Interpreter {
  _evm: object;
  _getValidJumpDestinations(code: Uint8Array): unknown;
}

const cachesByEvm = new WeakMap<object, WeakMap<Uint8Array, unknown>>();
const wrapped = new WeakSet<object>();

export async function enableJumpAnalysisCache(evm: EVM): Promise<void> {
  const prototype = (await interpreterPrototype(evm)) as Interpreter;
  if (typeof prototype._getValidJumpDestinations !== 'function') {
    throw new Error('@ethereumjs/evm changed: Interpreter._getValidJumpDestinations not found');
  }
  cachesByEvm.set(evm, new WeakMap());
  if (wrapped.has(prototype)) return;
  wrapped.add(prototype);
  const analyse = prototype._getValidJumpDestinations;
  prototype._getValidJumpDestinations = function (this: Interpreter, code: Uint8Array) {
    const cache = cachesByEvm.get(this._evm);
    if (cache === undefined) return analyse.call(this, code);
    let analysis = cache.get(code);
    if (analysis === undefined) {
      analysis = analyse.call(this, code);
      cache.set(code, analysis);
    }
    return analysis;
  };
}
