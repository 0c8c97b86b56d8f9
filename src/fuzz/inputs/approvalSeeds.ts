import { signature } from './abi.js';
import { APPROVALS, generateCallValue, generateInputs, UNLIMITED, type DeploymentTargets, type ValueContext } from './values.js';
import type { Call, CallTarget, TxSequence } from '../types.js';

/**
 * Seeds in which the deployer approves a deployed contract for everything on a token and then calls
 * one of that contract's state-changing functions: a vault's deposit, a router's swap, a staking
 * pool's stake pull tokens their caller approved, and a random pair of calls rarely is that pair
 * (the approval's token, spender and sender must all line up). One seed per token, spender and
 * function; the greybox loop takes them from there (other senders, amounts, what comes after).
 * `addresses[i]` is deployment i's address.
 */
export function approvalSeeds(targets: DeploymentTargets, addresses: readonly string[], ctx: ValueContext): TxSequence[] {
  const seeds: TxSequence[] = [];
  targets.forEach((tokenTargets, token) => {
    const approval = tokenTargets.find((t) => t.kind === 'function' && APPROVALS.has(signature(t.fn)));
    if (approval?.kind !== 'function') return;
    targets.forEach((spenderTargets, spender) => {
      if (spender === token) return;
      const approve = call(token, approval, [addresses[spender], approval.fn.inputs[1].type === 'bool' ? true : UNLIMITED]);
      for (const target of spenderTargets.filter(changesState)) {
        const { target: called, args } = generateInputs(target, ctx);
        seeds.push([approve, { ...call(spender, called, args), value: generateCallValue(called, ctx) }]);
      }
    });
  });
  return seeds;
}

function changesState(target: CallTarget): boolean {
  return target.kind === 'function' && target.fn.stateMutability !== 'view' && target.fn.stateMutability !== 'pure';
}

function call(to: number, target: CallTarget, args: Call['args']): Call {
  return { sender: 0, to, target, args, value: 0n, blockDelay: 0, timeDelay: 0 };
}
