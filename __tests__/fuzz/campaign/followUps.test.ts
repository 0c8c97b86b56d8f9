/**
 * Demand-driven sequences follow states up where they meet a comparison (StateFollowUps): on
 * LongSequence, where each stage's step compares the stage it reads with the one it needs, a real
 * campaign with DDSF runs that step on each new stage as soon as an input reaches it, and finds the
 * five-step bug well within the transactions mutations alone took to build each stage's call (bench,
 * section ablation: a median of 2,800–3,500 over 10–20 seeds, with or without DDSF, before follow-ups).
 */
import { runCampaign, type CampaignOutcome } from '../../../src/fuzz/campaign/loop.js';
import { callTargets } from '../../../src/abi/encoding.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import type { MutationContext } from '../../../src/fuzz/inputs/mutations.js';
import { Rng } from '../../../src/rng.js';
import { generateCall } from '../../../src/fuzz/inputs/values.js';
import { fast } from '../../../src/fuzz/schedule/schedule.js';
import { transactionOracles } from '../../../src/oracles/transaction.js';
import { deploy } from '../harveyHarness.js';

/** Below what DDSF needed before follow-ups on most seeds. */
const BUDGET = 1500;

async function campaign(seed: string): Promise<CampaignOutcome> {
  const { executor, project } = await deploy('LongSequence');
  const contract = project.contracts.find((c) => c.name === 'LongSequence')!;
  const { code, address } = executor.deployments[0];
  const dictionary = new Dictionary();
  dictionary.mineBytecode(code);
  const ctx: MutationContext = {
    rng: new Rng(seed),
    dictionary,
    addresses: [...executor.senderAddresses, address],
    senders: executor.senderAddresses.length,
    maxValue: 0n,
    targets: [callTargets(contract.abi)],
  };
  return runCampaign({
    harness: { executor, oracles: transactionOracles(), sequenceOracles: [], properties: [] },
    budget: { kind: 'executions', executions: BUDGET },
    clock: () => 0,
    schedule: fast,
    mutation: ctx,
    dictionary,
    seeds: ctx.targets[0].map((target) => [generateCall([[target]], ctx)]),
    techniques: { prediction: true, ddsf: true },
    probes: [],
    stop: (findings) => findings > 0,
  });
}

describe.each(['1', '2'])('LongSequence, seed %s', (seed) => {
  it(`finds the assertion after step1..step5 within ${BUDGET} transactions, following each new stage up`, async () => {
    const outcome = await campaign(seed);
    expect(outcome.findings.map((f) => f.sequence.map((c) => (c.target.kind === 'function' ? c.target.fn.name : c.target.kind)))).toEqual([
      ['step1', 'step2', 'step3', 'step4', 'step5'],
    ]);
    expect(outcome.ddsf.followUps).toBeGreaterThan(0);
  });
});
