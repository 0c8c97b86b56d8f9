import { bytesToHex, hexToBytes } from 'viem';
import { ATTACKER_NAME, type Executor } from '../evm/index.js';
import type { StepOutcome, TokenView } from './source/types.js';
import { readTokenViews } from './tokenViews.js';
import type { ReportCall } from '../report/index.js';

/** The deployments of the world a sequence was found in, in order: which of two same-named contracts a call meant. */
export type FoundIn = readonly { contract: string; address: string }[];

/**
 * Replays a report's sequence from the deployment snapshot and says how each call ended (a
 * reverting step of the sequence is made through try/catch in the reproducer; a behaviour change's
 * last call on the base is what the reproducer expects). Undefined when a sender or contract the
 * sequence names is not in this executor's world.
 */
export async function replayOutcomes(
  executor: Executor,
  sequence: readonly ReportCall[],
  { views = [], foundIn = [] }: { views?: readonly TokenView[]; foundIn?: FoundIn } = {},
): Promise<StepOutcome[] | undefined> {
  const senders = executor.senderAddresses.map((a) => a.toLowerCase());
  const steps = sequence.map((call) => ({
    call,
    sender: senders.indexOf(call.sender.toLowerCase()),
    to: calledDeployment(executor, call, foundIn),
  }));
  if (steps.some((s) => s.sender < 0 || s.to < 0)) return undefined;
  // The accounts whose ether a behaviour change compares (src/fuzz/behaviour/observation.ts).
  const accounts = [...executor.senderAddresses, ...executor.deployments.map((d) => d.address)];
  executor.reset();
  try {
    const outcomes: StepOutcome[] = [];
    for (const [i, { call, sender, to }] of steps.entries()) {
      // The token views around the last call (a behaviour change's diverging one), when asked for.
      const last = i === steps.length - 1 && views.length > 0;
      const tokensBefore = last ? await readTokenViews(executor, views) : [];
      const before = accounts.map((a) => executor.balanceOf(a));
      const result = await executor.run({
        sender,
        to,
        data: hexToBytes(call.calldata as `0x${string}`),
        value: BigInt(call.value),
        blockDelay: call.blockDelay,
        timeDelay: call.timeDelay,
      });
      const data = result.outcome.kind === 'revert' ? result.outcome.data : result.returnData;
      const logs = result.logs.map((log) => ({ topics: log.topics.map((t) => bytesToHex(t)), data: bytesToHex(log.data), emitter: log.address }));
      const ether = accounts.flatMap((account, i) => {
        const change = executor.balanceOf(account) - before[i];
        return change === 0n ? [] : [{ account, change }];
      });
      const tokenChanges = last
        ? (await readTokenViews(executor, views)).map((after, v) =>
            after === undefined || tokensBefore[v] === undefined ? undefined : after - tokensBefore[v]!,
          )
        : undefined;
      outcomes.push({ success: result.outcome.kind === 'success', returnData: bytesToHex(data), logs, ether, tokenChanges });
    }
    return outcomes;
  } finally {
    executor.reset();
  }
}

/**
 * The executor's deployment a call is sent to: the k-th of its contract where the call's address is
 * the k-th of that contract in the world it was found in, as behaviour comparison pairs them — on the
 * base a contract created with CREATE2 over changed code lies elsewhere, and the first of its name
 * may be another instance (a factory's clone implementation). Else the one at the call's address, else the first.
 */
function calledDeployment(executor: Executor, call: ReportCall, foundIn: FoundIn): number {
  const name = calledContract(call);
  const address = call.address?.toLowerCase();
  const candidates = executor.deployments.flatMap((d, i) => (d.name === name ? [i] : []));
  const k = foundIn.filter((d) => d.contract === name).findIndex((d) => d.address.toLowerCase() === address);
  const atAddress = candidates.find((i) => executor.deployments[i].address.toLowerCase() === address);
  return (k >= 0 ? candidates[k] : undefined) ?? atAddress ?? candidates[0] ?? -1;
}

/** The contract a call is sent to: Lookout's attacker for one made through it (its calldata is `lookoutCall`'s). */
function calledContract(call: ReportCall): string | undefined {
  return call.attacker === undefined ? call.contract : ATTACKER_NAME;
}
