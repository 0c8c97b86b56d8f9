import { type Call, type CallTarget, signature, type TxSequence } from '../../abi/index.js';
import { changesState, SEED_INTEGER_BITS, seedCall as call } from './seedCalls.js';
import { APPROVALS, generateCallValue, generateInputs, UNLIMITED, type DeploymentTargets, type ValueContext } from './values.js';

/**
 * Seeds in which the deployer approves a deployed contract for everything on a token and then calls
 * one of that contract's state-changing functions: a vault's deposit, a router's swap, a staking
 * pool's stake pull tokens their caller approved, and a random pair of calls rarely is that pair
 * (the approval's token, spender and sender must all line up). When the spender is the subject, each
 * such pair is followed by each of the subject's functions in turn (what a changed function needs is
 * often a state only the pulled tokens make: a vault with shares). The greybox loop takes them from
 * there (other senders, amounts, what comes after). `addresses[i]` is deployment i's address.
 */
export function approvalSeeds(targets: DeploymentTargets, addresses: readonly string[], subject: number, valueContext: ValueContext): TxSequence[] {
  const seeds: TxSequence[] = [];
  const ctx = { ...valueContext, maxIntegerBits: SEED_INTEGER_BITS };
  const fresh = (to: number, target: CallTarget): Call => {
    const { target: called, args } = generateInputs(target, ctx);
    // A zero amount exercises nothing the pulled tokens made possible; one fits every integer type.
    const amounts = args.map((arg) => (arg === 0n ? 1n : arg));
    return { ...call(to, called, amounts), value: generateCallValue(called, ctx) };
  };
  targets.forEach((tokenTargets, token) => {
    const approval = tokenTargets.find((t) => t.kind === 'function' && APPROVALS.has(signature(t.fn)));
    if (approval?.kind !== 'function') return;
    targets.forEach((spenderTargets, spender) => {
      if (spender === token) return;
      const approve = call(token, approval, [addresses[spender], approval.fn.inputs[1].type === 'bool' ? true : UNLIMITED]);
      for (const pulling of spenderTargets.filter(changesState)) {
        const pair = [approve, fresh(spender, pulling)];
        if (spender !== subject) seeds.push(pair);
        else for (const next of spenderTargets) seeds.push([...pair, fresh(spender, next)]);
      }
    });
  });
  return seeds;
}
