import type { TxResult } from '../../evm/types.js';
import type { Dictionary } from '../inputs/dictionary.js';

/**
 * Feeds what a transaction revealed back into the dictionary: the operands of the comparisons that
 * decided its branches (the value a check wants is usually one of them), the values it stored, its
 * return data, its event words, and the addresses of the contracts it created (a later call may
 * have to name one). The campaign rolls these back unless the input was kept.
 */
export function harvestFeedback(dictionary: Dictionary, result: TxResult): void {
  const operands: bigint[] = [];
  for (const cmp of result.trace.comparisons) operands.push(cmp.left, cmp.right);
  for (const write of result.trace.sstores) operands.push(write.value);
  for (const address of result.created) operands.push(BigInt(address));
  dictionary.addFeedback(operands);
  dictionary.addFeedbackData(result.returnData);
  for (const log of result.logs) {
    dictionary.addFeedbackData(log.data);
    for (const topic of log.topics) dictionary.addFeedbackData(topic);
  }
}
