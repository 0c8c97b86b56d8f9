import type { Deployment } from '../evm/index.js';
import { failureOf, wordAddress } from './evidence.js';
import type { SequenceOracle } from './types.js';

/**
 * Controlled delegatecall (sFuzz's "dangerous delegatecall", SWC-112): a DELEGATECALL or CALLCODE runs
 * code from an address that a sender other than the deployer passed in — an address-sized word of
 * its calldata, in this transaction or an earlier one of the sequence (a setter, then the call). That
 * caller can then run any code it likes with the contract's storage and balance. The call counts
 * even when the transaction reverts afterwards: the attacker's code decides how it ends.
 *
 * Targets that are deployments of the world (linked libraries, implementations a proxy was deployed
 * with) are never "controlled": the fuzzer passes their addresses too, and delegating to them is what
 * the contract was built to do. The zero address is left out: an unset target is zero, and zero is
 * a common argument.
 */
export function controlledDelegatecallOracle(deployments: readonly Deployment[]): SequenceOracle {
  const trusted = new Set(deployments.map((d) => BigInt(d.address)));
  // Calldata of the sequence's non-deployer transactions; decoded only when a delegatecall runs (rare).
  const inputs: Uint8Array[] = [];
  return {
    begin() {
      inputs.length = 0;
    },
    check(chain, tx, result) {
      if (tx.sender === 0) return null;
      inputs.push(tx.data);
      const delegations = result.trace.effects.filter((e) => (e.kind === 'delegatecall' || e.kind === 'callcode') && !trusted.has(e.to));
      if (delegations.length === 0) return null;
      const supplied = new Set(inputs.flatMap(addressWords));
      const call = delegations.find((e) => supplied.has(e.to));
      if (call === undefined) return null;
      const opcode = call.kind === 'delegatecall' ? 'DELEGATECALL' : 'CALLCODE';
      return failureOf(
        { kind: 'controlled-delegatecall', opcode, from: call.from, target: wordAddress(call.to), sender: chain.senderAddresses[tx.sender] },
        call,
      );
    },
  };
}

/** Every non-zero calldata word (after the selector) that fits in an address. */
function addressWords(data: Uint8Array): bigint[] {
  const words: bigint[] = [];
  for (let at = 4; at + 32 <= data.length; at += 32) {
    let high = 0;
    for (let i = at; i < at + 12; i++) high |= data[i];
    if (high !== 0) continue;
    let word = 0n;
    for (let i = at + 12; i < at + 32; i++) word = (word << 8n) | BigInt(data[i]);
    if (word !== 0n) words.push(word);
  }
  return words;
}
