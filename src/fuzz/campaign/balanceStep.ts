import { signature, type Call, type TxSequence } from '../../abi/index.js';
import { tokenBalance } from '../../deploy/index.js';
import type { Address, TxResult } from '../../evm/index.js';
import type { Holding } from '../harvey/balanceDemands.js';
import { pastPrefix, type PathAnalysis } from '../schedule/pathAnalysis.js';
import type { CampaignSetup } from './loop.js';
import type { CampaignState } from './state.js';

const TRANSFER = 'transfer(address,uint256)';

/**
 * Queues the follow-ups that send a contract the token balance a branch of `last` (the last call of
 * `executed`) asked for (BalanceDemands), after `setUp()`, the state-changing calls before it. A branch
 * the lookahead analysis (`analyze`, run once and only when a demand is due) proves past the path's
 * no-target-ahead prefix asks for nothing: flipping it leads to no changed line (a balance's overflow
 * check). Read before the next execution reuses the trace's buffers; the holders' balances are views
 * on the state `executed` left.
 */
export async function followBalanceDemands(
  state: CampaignState,
  setup: CampaignSetup,
  executed: TxSequence,
  setUp: () => TxSequence,
  last: TxResult,
  analyze: () => PathAnalysis | undefined,
): Promise<void> {
  const { balanceDemands, followUps } = state;
  const call = executed[executed.length - 1];
  if (!balanceDemands || !followUps || call === undefined) return;
  const { executor } = setup.harness;
  const demands = balanceDemands.demands(last.trace, {
    covered: state.nearMisses.coveredEdges,
    storageAt(address, slot) {
      return executor.getStorage(address, slot);
    },
    codeIdOf(address) {
      return executor.codeIdOf(address);
    },
  });
  if (demands.length === 0) return;
  const prefix = setUp();
  let analysis: PathAnalysis | undefined | null = null;
  const due = balanceDemands.due(call, prefix, demands, (branch) => {
    if (analysis === null) analysis = analyze();
    return analysis === undefined || !pastPrefix(analysis, last.trace.jumps, branch);
  });
  const holdings = new Map<string, Holding | undefined>();
  for (const { token, holder, booking } of due) {
    for (const t of booking?.tokens ?? [token]) {
      const key = `${t}|${holder}`;
      if (!holdings.has(key)) holdings.set(key, await holdingOf(setup, t, holder));
    }
  }
  const holding = (token: Address, holder: Address) => holdings.get(`${token}|${holder}`);
  for (const { id, input } of balanceDemands.followUps(call, prefix, due, holding)) followUps.enqueue(`balance|${id}`, input);
}

/**
 * A successful call that asked for balances: a booking when it booked its own (BalanceDemands.learn),
 * set up by `before()`, the state-changing calls before it.
 */
export function learnBooking(state: CampaignState, setup: CampaignSetup, call: Call, result: TxResult, before: () => TxSequence): void {
  const address = setup.harness.executor.deployments[call.to]?.address;
  if (address !== undefined) state.balanceDemands?.learn(call, result.trace, address, (token) => transferOf(setup, token) !== undefined, before);
}

/** The first sender other than `holder` holding some of the token deployed at `token`, with its `transfer`; undefined when none does or it is no deployment. */
async function holdingOf(setup: CampaignSetup, token: Address, holder: Address): Promise<Holding | undefined> {
  const { executor } = setup.harness;
  const sendable = transferOf(setup, token);
  if (sendable === undefined) return undefined;
  for (let sender = 0; sender < setup.mutation.senders; sender++) {
    const address = executor.senderAddresses[sender];
    if (address === undefined || address === holder) continue;
    const balance = await tokenBalance(executor, sendable.token, address);
    if (balance !== undefined && balance > 0n) return { sender, balance, ...sendable };
  }
  return undefined;
}

/** The deployment at `token` and its `transfer(address,uint256)`, when it is a deployment that has one. */
function transferOf(setup: CampaignSetup, token: Address): Pick<Holding, 'token' | 'transfer'> | undefined {
  const index = setup.harness.executor.deployments.findIndex((d) => d.address === token);
  const transfer = setup.mutation.targets[index]?.find((t) => t.kind === 'function' && signature(t.fn) === TRANSFER);
  return transfer === undefined ? undefined : { token: index, transfer };
}
