import { bytesToHex, decodeFunctionData, encodeFunctionData, formatEther, hexToBytes, type Hex } from 'viem';
import { ATTACKER_ABI } from '../evm/attacker.js';
import type { Address, CallEffect, Deployment, Tx, TxResult } from '../evm/types.js';
import type { Failure } from './failure.js';
import type { ChainView, SequenceOracle } from './types.js';

/**
 * What the reentrancy oracle needs beyond a `ChainView`: running transactions, and running them in
 * the state before the last one (the executor is one).
 */
export interface RewindableChain extends ChainView {
  run(tx: Tx): Promise<TxResult>;
  beforeLastTransaction<T>(alternative: () => Promise<T>): Promise<T>;
}

/** The attacker's deployment and where it sits in the world. */
export interface AttackerDeployment {
  index: number;
  deployment: Deployment;
}

/**
 * Reentrancy that changes an outcome (sFuzz's catalogue; SWC-107): a transaction in which Lookout's
 * attacker, paid or called back by a contract under test, re-entered it with its second call — and
 * ended with more ether than the same two calls made one after the other give it: the attacker's
 * first call without re-entry, then the second as a transaction of its own, from the same state. A
 * re-entry that changes nothing (checks-effects-interactions, a guard that reverts it) is silent.
 * Only transactions with a re-entry are re-run; the others are judged synchronously (no await).
 */
export function reentrancyOracle(attacker: AttackerDeployment, deployments: readonly Deployment[]): SequenceOracle {
  const address = attacker.deployment.address;
  return {
    begin() {},
    check(chain, tx, result) {
      // The attacker re-enters only within its own lookoutCall.
      if (tx.to !== attacker.index || result.outcome.kind !== 'success' || !isRewindable(chain)) return null;
      const reentered = reenteredCall(result.trace.effects, address);
      return reentered === undefined ? null : judge(chain, tx, reentered);
    },
  };

  /** Re-entry against the same calls one after the other. */
  async function judge(chain: RewindableChain, tx: Tx, reentered: CallEffect): Promise<Failure | null> {
    const { codeId, pc, from } = reentered;
    const [target, call, reenter] = decodeFunctionData({ abi: ATTACKER_ABI, data: bytesToHex(tx.data) }).args;
    const withReentry = chain.balanceOf(address);
    const { before, sequential } = await chain.beforeLastTransaction(async () => {
      const before = chain.balanceOf(address);
      await chain.run({ ...tx, data: attackerCall(target, call, '0x') });
      await chain.run({ sender: tx.sender, to: attacker.index, data: attackerCall(target, reenter, '0x'), value: 0n, blockDelay: 0, timeDelay: 0 });
      return { before, sequential: chain.balanceOf(address) };
    });
    if (withReentry <= sequential) return null;
    const name = deployments.find((d) => d.address === from)?.name ?? from;
    return {
      kind: 'reentrancy',
      panicCode: null,
      codeId,
      pc,
      message:
        `${name} (${from}) was re-entered by the attacker it called: the attacker gained ${formatEther(withReentry - before)} ether, ` +
        `against ${formatEther(sequential - before)} ether for the same calls made one after the other`,
    };
  }
}

function isRewindable(chain: ChainView): chain is RewindableChain {
  return 'beforeLastTransaction' in chain;
}

/**
 * The call into the attacker that it re-entered from, when it did: the attacker's outgoing calls
 * are its forwarding call (the first) and a re-entry, made inside a call into it — the last one
 * before it from another account, whose frame is still running.
 */
function reenteredCall(effects: readonly CallEffect[], attacker: Address): CallEffect | undefined {
  const into = BigInt(attacker);
  const outgoing = effects.filter((e) => e.kind === 'call' && e.from === attacker);
  const reentry = outgoing.length > 1 ? effects.indexOf(outgoing[1]) : -1;
  for (let j = reentry - 1; j >= 0; j--) {
    if (effects[j].to === into && effects[j].from !== attacker) return { ...effects[j] };
  }
  return undefined;
}

function attackerCall(to: Address, data: Hex, reenter: Hex): Uint8Array {
  return hexToBytes(encodeFunctionData({ abi: ATTACKER_ABI, functionName: 'lookoutCall', args: [to, data, reenter] }));
}
