import { bytesToHex, decodeFunctionData, encodeFunctionData, hexToBytes, type Hex } from 'viem';
import { type Address, ATTACKER_ABI, type CallEffect, type Deployment, type Tx } from '../evm/index.js';
import { failureOf } from './evidence.js';
import type { Failure } from './failure.js';
import type { RunnableChain, SequenceOracle } from './types.js';

/** The attacker's deployment and where it sits in the world. */
export interface AttackerDeployment {
  index: number;
  deployment: Deployment;
}

/** The signature of the function `data` calls on the contract at `to` (`withdraw()`), when it has one. */
export type FunctionNamer = (to: Address, data: Hex) => string | undefined;

/**
 * Reentrancy that changes an outcome (sFuzz's catalogue; SWC-107): a transaction in which Lookout's
 * attacker, paid or called back by a contract under test, re-entered it with its second call — and
 * ended with more ether than the same two calls made one after the other give it: the attacker's
 * first call without re-entry, then the second as a transaction of its own, from the same state. A
 * re-entry that changes nothing (checks-effects-interactions, a guard that reverts it) is silent.
 * Only transactions in which the attacker did re-enter are re-run; the others cost a comparison.
 */
export function reentrancyOracle(attacker: AttackerDeployment, deployments: readonly Deployment[], functionName: FunctionNamer): SequenceOracle {
  const address = attacker.deployment.address;
  return {
    begin() {},
    check(chain, tx, result) {
      // The attacker re-enters only within its own lookoutCall.
      if (tx.to !== attacker.index || result.outcome.kind !== 'success') return null;
      const reentered = reenteredCall(result.trace.effects, address);
      if (reentered === undefined) return null;
      const withReentry = chain.balanceOf(address);
      return chain.beforeLastTransaction((before) => judge(before, tx, reentered, withReentry));
    },
  };

  /** Re-entry (which left the attacker with `withReentry`) against the same calls one after the other. */
  async function judge(chain: RunnableChain, tx: Tx, reentered: CallEffect, withReentry: bigint): Promise<Failure | null> {
    const { codeId, pc, from } = reentered;
    const [target, call, reenter] = decodeFunctionData({ abi: ATTACKER_ABI, data: bytesToHex(tx.data) }).args;
    const before = chain.balanceOf(address);
    await chain.run({ ...tx, data: attackerCall(target, call, '0x') });
    await chain.run({ sender: tx.sender, to: attacker.index, data: attackerCall(target, reenter, '0x'), value: 0n, blockDelay: 0, timeDelay: 0 });
    const sequential = chain.balanceOf(address);
    if (withReentry <= sequential) return null;
    const contractName = deployments.find((d) => d.address === from)?.name ?? from;
    const through = functionName(target, reenter) ?? null;
    return failureOf(
      { kind: 'reentrancy', contract: from, contractName, reentered: through, gained: withReentry - before, sequentialGain: sequential - before },
      { codeId, pc },
    );
  }
}

/**
 * The call into the attacker that it re-entered from, when it did: the attacker's outgoing calls
 * are its forwarding call (the first) and a re-entry, made inside a call into it — the last one
 * before it from another account, whose frame is still running.
 */
function reenteredCall(effects: readonly CallEffect[], attacker: Address): CallEffect | undefined {
  let outgoing = 0;
  for (let i = 0; i < effects.length; i++) {
    if (effects[i].kind !== 'call' || effects[i].from !== attacker || ++outgoing < 2) continue;
    const into = BigInt(attacker);
    for (let j = i - 1; j >= 0; j--) if (effects[j].to === into && effects[j].from !== attacker) return { ...effects[j] };
    return undefined;
  }
  return undefined;
}

function attackerCall(to: Address, data: Hex, reenter: Hex): Uint8Array {
  return hexToBytes(encodeFunctionData({ abi: ATTACKER_ABI, functionName: 'lookoutCall', args: [to, data, reenter] }));
}
