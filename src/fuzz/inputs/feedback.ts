import type { TxResult } from '../../evm/index.js';
import type { Dictionary } from './dictionary.js';
import type { AbiValue, Call } from '../../abi/index.js';

/**
 * Feeds what a transaction revealed back into the dictionary: the operands of the comparisons that
 * decided its branches (the value a check wants is usually one of them), the values it stored, its
 * return data, its event words, and the addresses of the contracts it created (a later call may
 * have to name one). The call's own arguments echoed back (stored, returned, logged) are left out:
 * the generator drew them already, and random words crowd the values the code computed out of the
 * bounded pool. The campaign rolls these back unless the input was kept.
 */
export function harvestFeedback(dictionary: Dictionary, result: TxResult, call: Call): void {
  const echoes = new Echoes(call);
  const operands: bigint[] = [];
  for (const cmp of result.trace.comparisons) operands.push(cmp.left, cmp.right);
  for (const write of result.trace.sstores) operands.push(write.value);
  for (const address of result.created) operands.push(BigInt(address));
  dictionary.addFeedback(operands, echoes);
  dictionary.addFeedbackData(result.returnData, echoes);
  for (const log of result.logs) {
    dictionary.addFeedbackData(log.data, echoes);
    for (const topic of log.topics) dictionary.addFeedbackData(topic, echoes);
  }
}

/** The call's argument words, collected when first asked: most operands are left out before (small, constants, known). */
class Echoes {
  private words: Set<bigint> | undefined;

  constructor(private readonly call: Call) {}

  has(word: bigint): boolean {
    if (this.words === undefined) {
      this.words = new Set();
      for (const arg of this.call.args) argumentWords(arg, this.words);
    }
    return this.words.has(word);
  }
}

/** The words an argument puts on the stack or in storage as it is: integers, and addresses and bytesN ≤ 32 bytes. */
function argumentWords(value: AbiValue, into: Set<bigint>): void {
  if (typeof value === 'bigint') into.add(BigInt.asUintN(256, value));
  else if (Array.isArray(value)) for (const item of value) argumentWords(item, into);
  else if (typeof value === 'string' && /^0x[0-9a-f]{1,64}$/i.test(value)) into.add(BigInt(value));
}
