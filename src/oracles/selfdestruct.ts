import { failureOf, wordAddress } from './evidence.js';
import type { SequenceOracle } from './types.js';

/**
 * Unprotected selfdestruct (sFuzz's catalogue, SWC-106): a sender other than the deployer gets a
 * SELFDESTRUCT executed. Since Cancun (EIP-6780) it no longer removes the code of a contract created
 * earlier, but it still sweeps the whole balance to a beneficiary the caller may choose, and a
 * contract that meant to destroy itself did not mean that for anyone. Only transactions that succeed
 * count: a reverted one undid it.
 */
export const selfdestructOracle: SequenceOracle = {
  begin() {},
  check(chain, tx, result) {
    if (tx.sender === 0 || result.outcome.kind !== 'success') return null;
    const destruct = result.trace.effects.find((e) => e.kind === 'selfdestruct');
    if (destruct === undefined) return null;
    const evidence = {
      kind: 'unprotected-selfdestruct',
      contract: destruct.from,
      beneficiary: wordAddress(destruct.to),
      sender: chain.senderAddresses[tx.sender],
    } as const;
    return failureOf(evidence, destruct);
  },
};
