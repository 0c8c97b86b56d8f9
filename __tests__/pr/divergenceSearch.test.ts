/**
 * Issue 12: the search aims at divergences. A sequence whose outcome differs between base and head
 * is kept as an input of its own even when its path is not new — here every call of FeeMath's
 * `protocolFee` takes one path, and only amounts large enough for the transposed constant to show
 * diverge — and the report's examples come from what the campaign compared as it ran.
 */
import { BehaviourWatch, ComparisonAllowance } from '../../src/run/behaviourWatch.js';
import { planBudget } from '../../src/run/budget.js';
import { runCampaign, type CampaignEvent } from '../../src/fuzz/campaign/loop.js';
import { callTargets } from '../../src/abi/encoding.js';
import { Dictionary } from '../../src/fuzz/inputs/dictionary.js';
import type { MutationContext } from '../../src/fuzz/inputs/mutations.js';
import { Rng } from '../../src/rng.js';
import { fast } from '../../src/fuzz/schedule/schedule.js';
import type { TxSequence } from '../../src/abi/types.js';
import { call, deployRevisions, ETHER } from '../fuzz/behaviour/revisions.js';

const BUDGET = { kind: 'executions', executions: 2000 } as const;

async function campaign(withWatch: boolean) {
  const { base, head } = await deployRevisions('transposed-constant', ['FeeMath']);
  const allowance = new ComparisonAllowance(
    planBudget(BUDGET, [{ campaign: 'FeeMath', contract: 'FeeMath', targets: 1 }], { workers: 1, compared: 1 }).comparison!,
    () => 0,
  );
  const watch = new BehaviourWatch(head, base, allowance);
  const dictionary = new Dictionary();
  dictionary.mineBytecode(head.executor.deployments[0].code);
  const mutation: MutationContext = {
    rng: new Rng(1).fork('mutation'),
    dictionary,
    addresses: [...head.executor.senderAddresses],
    senders: head.executor.senderAddresses.length,
    maxValue: ETHER,
    targets: [callTargets(head.contracts[0].abi)],
    maxSequenceLength: 2,
  };
  const kept: { pathId: string; sequence: TxSequence }[] = [];
  const asked: TxSequence[] = [];
  await runCampaign({
    harness: { executor: head.executor, oracles: [], sequenceOracles: [], properties: [] },
    budget: BUDGET,
    clock: () => 0,
    schedule: fast,
    mutation,
    dictionary,
    seeds: [[call(head, 'FeeMath', 'protocolFee', [1n])]],
    techniques: { prediction: false, ddsf: false },
    probes: [],
    distinguish: withWatch
      ? async (executed) => {
          asked.push(executed);
          const key = await watch.distinguish(executed, { novel: false });
          return key && `≠${key}`;
        }
      : undefined,
    onEvent: (event: CampaignEvent) => {
      watch.observe(event);
      if (event.kind === 'input-added') kept.push({ pathId: event.pathId, sequence: event.sequence });
    },
  });
  allowance.startFinal();
  allowance.startFinalPart(0, 1);
  const during = watch.compared;
  return { kept, asked, during, confirmed: await watch.confirmed() };
}

describe('the search aims at divergences', () => {
  it('keeps a sequence that behaves differently on the base as an input of its own, though its path is known', async () => {
    const { kept, asked, during, confirmed } = await campaign(true);
    const distinguished = kept.filter((k) => k.pathId.includes('≠'));
    expect(distinguished.length).toBeGreaterThan(0);
    for (const { pathId, sequence } of distinguished) {
      // The key ends with who made the differing call when it was the deployer (a stranger's is kept apart).
      expect(pathId).toMatch(/≠.*FeeMath\.protocolFee\(uint256\)\/returns\/return-value(\/deployer)?$/);
      // 2537 vs 2573 ppm: the same fee below 1,000,000 / 36 ≈ 27,778.
      const diverges = (amount: bigint) => (amount * 2537n) / 1_000_000n !== (amount * 2573n) / 1_000_000n;
      expect(sequence.some((c) => c.target.kind === 'function' && c.target.fn.name === 'protocolFee' && diverges(c.args[0] as bigint))).toBe(true);
    }
    // Within the allowance: at most one comparison per 40 transactions while the campaign runs.
    expect(asked.length).toBeGreaterThan(during);
    expect(during).toBeLessThanOrEqual(2000 / 40 + 1);
    expect(confirmed.map((c) => c.kind)).toContain('return-value');
  });

  it('keeps no such input without the base to compare with', async () => {
    const { kept, asked } = await campaign(false);
    expect(asked).toEqual([]);
    expect(kept.every((k) => !k.pathId.includes('≠'))).toBe(true);
  });
});
