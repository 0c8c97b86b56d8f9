import type { TxResult } from '../../evm/index.js';
import type { Call } from '../../abi/index.js';
import { functionKey } from '../harvey/ddsf.js';

/**
 * Calls in a row that run out of gas, none ever ending otherwise, before a function is left out:
 * each burns the whole transaction gas limit (an unbounded loop costs a tenth of a second or more
 * where an ordinary call costs a millisecond) and, reverted, changes nothing.
 */
export const GAS_HOG_RUNS = 4;

/**
 * Functions that only ever run out of gas (Medusa's out-of-gas test: a loop that never ends). After
 * `GAS_HOG_RUNS` such calls and none that ended otherwise, the campaign drops its calls from every
 * input it runs: they could only spend the budget's time. One call that ends otherwise
 * (success, revert) keeps the function for good.
 */
export class GasHogs {
  private readonly outOfGas = new Map<string, number>();
  private readonly ends = new Set<string>();
  private readonly hogs = new Set<string>();

  observe(call: Call, result: TxResult): void {
    const key = hogKey(call);
    if (this.ends.has(key)) return;
    if (result.outcome.kind !== 'error' || result.outcome.error !== 'out of gas') {
      this.ends.add(key);
      return;
    }
    const runs = (this.outOfGas.get(key) ?? 0) + 1;
    this.outOfGas.set(key, runs);
    if (runs >= GAS_HOG_RUNS) this.hogs.add(key);
  }

  /** Whether `call` is to a function left out. */
  has(call: Call): boolean {
    return this.hogs.size > 0 && this.hogs.has(hogKey(call));
  }
}

function hogKey(call: Call): string {
  return `${call.to}:${functionKey(call)}`;
}
