import type { Budget } from '../config/budget.js';
import type { TxResult } from '../evm/types.js';
import { failureKey, type Failure } from '../oracles/failure.js';
import { BudgetMeter } from './budgetMeter.js';
import type { Clock } from './clock.js';
import { Corpus } from './corpus.js';
import type { Dictionary } from './dictionary.js';
import { harvestFeedback } from './feedback.js';
import { mutateSequence, type MutationContext } from './mutations.js';
import type { PowerSchedule } from './schedule.js';
import { runSequence, type SequenceHarness } from './sequenceRunner.js';
import type { TxSequence } from './types.js';

export interface CampaignSetup {
  harness: SequenceHarness;
  budget: Budget;
  clock: Clock;
  schedule: PowerSchedule;
  /** Carries the campaign's Rng, the dictionary and the callable functions. */
  mutation: MutationContext;
  dictionary: Dictionary;
  /** Initial inputs (one call per function is a good start). */
  seeds: readonly TxSequence[];
  /** End the campaign at its first finding. */
  stopOnFinding?: boolean;
  /**
   * LOOKAHEADANALYZE of Alg. 1 line 11: run on the last transaction of each input added to the
   * corpus; its LID and split points feed the lookahead schedules.
   */
  analyze?: (last: TxResult) => PathAnalysis;
  onEvent?: (event: CampaignEvent) => void;
}

export interface PathAnalysis {
  lid: string;
  splitPoints: readonly number[];
}

/** A failure the campaign saw first at `execution` (its transaction count), with the sequence up to it. */
export interface CampaignFinding {
  failure: Failure;
  sequence: TxSequence;
  foundMs: number;
  execution: number;
}

export type CampaignEvent =
  | { kind: 'transaction'; result: TxResult; sequenceIndex: number; elapsedMs: number }
  | { kind: 'input-added'; pathId: string; corpusSize: number }
  | { kind: 'finding'; finding: CampaignFinding };

export interface CampaignOutcome {
  findings: CampaignFinding[];
  sequences: number;
  transactions: number;
  elapsedMs: number;
  /** Time spent in `analyze`. */
  analysisMs: number;
  corpusSize: number;
}

/**
 * The greybox loop of Alg. 1: pick inputs in queue order, give each the schedule's energy, run that
 * many mutants, keep those whose last transaction takes a new path. Failures are recorded once per
 * failure identity and fuzzing goes on.
 */
export async function runCampaign(setup: CampaignSetup): Promise<CampaignOutcome> {
  const meter = new BudgetMeter(setup.budget, setup.clock);
  const corpus = new Corpus();
  const findings = new Map<string, CampaignFinding>();
  const done = () => meter.exhausted() || (setup.stopOnFinding === true && findings.size > 0);
  let sequences = 0;
  let analysisMs = 0;
  // Replacement prefixes and splices come from the inputs kept so far (Harvey Sect. 5).
  const mutation: MutationContext = {
    ...setup.mutation,
    prefixSource: setup.mutation.prefixSource ?? ((rng) => (corpus.entries.length > 0 ? rng.pick(corpus.entries).sequence : undefined)),
  };

  const execute = async (sequence: TxSequence): Promise<void> => {
    sequences++;
    const mark = setup.dictionary.mark();
    const run = await runSequence(setup.harness, sequence, (result) => {
      meter.transactions++;
      harvestFeedback(setup.dictionary, result);
      setup.onEvent?.({ kind: 'transaction', result, sequenceIndex: sequences, elapsedMs: meter.elapsedMs() });
    });
    if (run.failure && !findings.has(failureKey(run.failure.failure))) {
      const finding: CampaignFinding = {
        failure: run.failure.failure,
        sequence: sequence.slice(0, run.failure.index + 1),
        foundMs: meter.elapsedMs(),
        execution: meter.transactions,
      };
      findings.set(failureKey(finding.failure), finding);
      setup.onEvent?.({ kind: 'finding', finding });
    }
    corpus.recordExecution(run.pathId);
    if (run.failure || corpus.has(run.pathId)) {
      setup.dictionary.rollback(mark);
      return;
    }
    let analysis: PathAnalysis | undefined;
    if (setup.analyze && run.last) {
      const before = setup.clock();
      analysis = setup.analyze(run.last);
      analysisMs += setup.clock() - before;
    }
    corpus.add(sequence, run.pathId, analysis);
    setup.onEvent?.({ kind: 'input-added', pathId: run.pathId, corpusSize: corpus.entries.length });
  };

  for (const seed of setup.seeds) {
    if (done()) break;
    await execute(seed);
  }
  // A queue cycle in which nothing could be mutated would spin forever without spending budget.
  let idle = 0;
  for (let next = 0; !done() && corpus.entries.length > 0 && idle < 1000; next++) {
    const entry = corpus.entries[next % corpus.entries.length];
    const energy = setup.schedule.energy(entry, corpus);
    entry.selected++;
    for (let i = 0; i < energy && !done(); i++) {
      const mutant = mutateSequence(entry.sequence, mutation);
      if (!mutant) {
        idle++;
        continue;
      }
      idle = 0;
      await execute(mutant);
    }
  }

  return {
    findings: [...findings.values()],
    sequences,
    transactions: meter.transactions,
    elapsedMs: meter.elapsedMs(),
    analysisMs,
    corpusSize: corpus.entries.length,
  };
}
