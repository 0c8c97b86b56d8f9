import type { Address, CallEffect, Deployment, TxResult } from '../evm/index.js';
import { failureOf } from './evidence.js';
import type { Failure } from './failure.js';
import type { SequenceOracle } from './types.js';

/**
 * Ether leak (ILF's "leaking", sFuzz's catalogue): a sender other than the deployer holds more ether
 * than before the sequence, so it took out more than it ever sent in — ether that belonged to a
 * contract (its constructor value) or to another sender's deposit. Senders pay no gas here, so their
 * balance moves only with the value they send and receive. The deployer is the owner: its
 * withdrawals are by design. What a sender put in before the sequence (deployment, funding) counts
 * as sent in: its baseline is the larger of its balance now and its opening balance. Checked after every transaction: the first one that leaves a sender in
 * profit is the failing one.
 */
export function etherLeakOracle(deployments: readonly Deployment[]): SequenceOracle {
  let senders: bigint[] = [];
  return {
    begin(chain) {
      // Ether a sender paid into contracts while the world was deployed and funded (WETH deposits) counts as sent in.
      senders = chain.senderAddresses.map((a) => max(chain.balanceOf(a), chain.openingBalance(a)));
    },
    check(chain, tx, result) {
      // Ether reaches a sender only through a CALL with value or a SELFDESTRUCT.
      if (result.outcome.kind !== 'success' || !result.trace.effects.some(paysEther)) return null;
      const addresses = chain.senderAddresses;
      // Sender 0 is the deployer.
      for (let s = 1; s < addresses.length; s++) {
        const gain = chain.balanceOf(addresses[s]) - senders[s];
        if (gain > 0n) return leak(addresses[s], gain, result, deployments[tx.to]);
      }
      return null;
    },
  };

  function leak(sender: Address, gain: bigint, result: TxResult, called: Deployment): Failure {
    // Located at the last transfer of ether to the sender: the CALL (or SELFDESTRUCT) that paid it.
    const to = BigInt(sender);
    const payment = result.trace.effects.findLast((e) => e.to === to && paysEther(e));
    const payer = deployments.find((d) => d.address === payment?.from);
    return failureOf(
      { kind: 'ether-leak', sender, gain, payer: payer?.address ?? null, payerName: payer?.name ?? null },
      { codeId: payment?.codeId ?? called.codeId, pc: payment?.pc ?? 0 },
    );
  }
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function paysEther(effect: CallEffect): boolean {
  return effect.value > 0n || effect.kind === 'selfdestruct';
}
