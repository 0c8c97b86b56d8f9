import type { Budget } from '../../config/budget.js';
import type { Techniques } from '../../config/types.js';
import type { TxResult } from '../../evm/types.js';
import { failureKey } from '../../oracles/failure.js';
import { BudgetMeter } from './budgetMeter.js';
import type { Clock } from '../execution/clock.js';
import { Corpus, type CorpusEntry } from '../search/corpus.js';
import { CostCollector, type CostVector } from '../search/costs.js';
import { aggressiveRun, DemandDrivenState, functionKey, slotsRead, slotsWritten, storageFingerprint, type StorageSlot } from '../search/ddsf.js';
import type { Dictionary } from '../inputs/dictionary.js';
import { harvestFeedback } from '../search/feedback.js';
import { applyMutation, mutateSequence, type MutationContext } from '../inputs/mutations.js';
import { NearMisses } from '../search/nearMisses.js';
import {
  diffSingleNumeric, evaluatePrediction, pickPrediction, predict, PredictionStats, readNumeric, withNumeric, type PreferMetric,
} from '../search/prediction.js';
import { revertedPrefix, sequencePathId, stateSetters, txStep, type TxStep } from '../search/pathIdentity.js';
import type { PathAnalysis } from '../search/pathAnalysis.js';
import type { PowerSchedule } from '../search/schedule.js';
import { retainCalls } from '../findings/shrink.js';
import type { CampaignFinding } from '../findings/replay.js';
import { runSequence, type SequenceHarness, type SequenceRun } from '../execution/sequenceRunner.js';
import type { TxSequence } from '../types.js';

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
  techniques: Techniques;
  /** Slots of the store cost metrics: the arbitrary-storage-write probe first, then guidance slots (Harvey Sect. 4.3). */
  probes: readonly bigint[];
  /** Ends the campaign before its budget is spent (checked between inputs and transactions of the loop). */
  stop?: (findings: number) => boolean;
  /**
   * LOOKAHEADANALYZE of Alg. 1 line 11: run on the last transaction of each input added to the
   * corpus; its LID and split points feed the lookahead schedules.
   */
  analyze?: (last: TxResult) => PathAnalysis;
  /**
   * What a path does not show about a sequence that did not fail (its executed calls): a key that
   * makes it a path of its own, so the campaign keeps and schedules it as it does a new path. Asked
   * after the `sequence` event.
   */
  distinguish?: (executed: TxSequence) => Promise<string | undefined>;
  onEvent?: (event: CampaignEvent) => void;
}

export type CampaignEvent =
  | { kind: 'transaction'; result: TxResult; sequenceIndex: number; elapsedMs: number }
  | { kind: 'input-added'; pathId: string; corpusSize: number; sequence: TxSequence }
  /**
   * Every executed sequence, of which the first `executed` calls ran (the rest were cut by a failure);
   * `executesTargets` is filled in by a campaign that tracks targets. Copy what you keep.
   */
  | { kind: 'sequence'; sequence: TxSequence; executed: number; executesTargets?: boolean }
  | { kind: 'finding'; finding: CampaignFinding };

export interface CampaignOutcome {
  findings: CampaignFinding[];
  sequences: number;
  transactions: number;
  elapsedMs: number;
  /** Time spent in `analyze`. */
  analysisMs: number;
  corpusSize: number;
  prediction: PredictionStats;
  /** Aggressive runs, those that found new coverage, and the functions that got longer sequences. */
  ddsf: { aggressiveRuns: number; aggressiveHits: number; enabledFunctions: readonly string[] };
}

/** Share of mutants that change a single argument when input prediction is on. */
const SINGLE_CHANGE_SHARE = 0.3;

/** What one regular run left behind for the techniques that follow it. */
interface Execution {
  run: SequenceRun;
  costs: CostVector;
  /** Slots the last transaction read (demand-driven sequences fuzz them). */
  lastReads: StorageSlot[];
}

/**
 * The greybox loop of Alg. 1 (Bran) with Harvey's Alg. 1: pick the input picked least often
 * (AFLFast's search strategy), give it the schedule's energy, run that many mutants and keep those
 * that take a new path (trimmed of reverted calls).
 * A mutant that changed one number is followed by a predicted input (secant step on a cost metric,
 * run even past the energy); with p_a an aggressive run fuzzes the storage its last transaction reads
 * and, when that finds new coverage, lets the function grow longer sequences. Failures are recorded
 * once per failure identity and fuzzing goes on.
 */
export async function runCampaign(setup: CampaignSetup): Promise<CampaignOutcome> {
  const { harness, dictionary, techniques } = setup;
  const meter = new BudgetMeter(setup.budget, setup.clock);
  const corpus = new Corpus();
  const findings = new Map<string, CampaignFinding>();
  const done = () => meter.exhausted() || (setup.stop?.(findings.size) ?? false);
  const ddsf = techniques.ddsf ? new DemandDrivenState() : undefined;
  const prediction = new PredictionStats();
  const nearMisses = new NearMisses();
  /** Corpus entries kept for being closest to a goal (untaken branch direction, probe slot), by goal. */
  const closest = new Map<string, CorpusEntry>();
  const rng = setup.mutation.rng.fork('harvey');
  let sequences = 0;
  let analysisMs = 0;

  const execute = async (sequence: TxSequence): Promise<Execution> => {
    sequences++;
    const mark = dictionary.mark();
    const costs = new CostCollector(setup.probes);
    const written: StorageSlot[] = [];
    const steps: TxStep[] = [];
    const run = await runSequence(harness, sequence, (result, index) => {
      meter.transactions++;
      harvestFeedback(dictionary, result);
      costs.observe(result, index);
      nearMisses.cover(result.trace.edges);
      steps.push(txStep(result, sequence[index]));
      if (ddsf) written.push(...slotsWritten(result.trace));
      setup.onEvent?.({ kind: 'transaction', result, sequenceIndex: sequences, elapsedMs: meter.elapsedMs() });
    });
    setup.onEvent?.({ kind: 'sequence', sequence, executed: run.transactions });
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
    // Without demand-driven sequences no function waits to be enabled: paths span the state-changing prefix.
    const lastCall = run.transactions > 0 ? sequence[run.transactions - 1] : undefined;
    const distinction = run.failure ? undefined : await setup.distinguish?.(sequence.slice(0, run.transactions));
    const pathId = sequencePathId(steps, !ddsf || (lastCall !== undefined && ddsf.enabledFor(functionKey(lastCall)))) + (distinction ? `≠${distinction}` : '');
    corpus.recordExecution(pathId);
    // The last transaction's trace is still intact (property probes record none): read it once, here.
    // New edges behind a state-changing prefix show, without fuzzing storage, that the function's
    // coverage depends on state: it gets longer sequences as if an aggressive run had found them.
    if (ddsf && lastCall && run.last) {
      const added = ddsf.recordCoverage(functionKey(lastCall), run.last.trace.edges);
      if (added > 0 && stateSetters(steps.slice(0, -1)).length > 0) ddsf.enable(functionKey(lastCall));
    }
    const lastReads = ddsf && run.last ? slotsRead(run.last.trace) : [];
    const execution = { run, costs: costs.vector(), lastReads };
    const closer = nearMisses.improvements(execution.costs);
    if (run.failure || corpus.has(pathId)) {
      if (!run.failure && closer.length > 0) keepClosest(sequence, pathId, execution.costs, closer[0]);
      else dictionary.rollback(mark);
      return execution;
    }
    // Kept inputs go without reverted calls before their last one: run and judge the trimmed input
    // instead (its path is normally the same); this execution still answers the caller.
    const reverted = new Set(revertedPrefix(steps));
    if (reverted.size > 0) {
      dictionary.rollback(mark);
      await execute(retainCalls(sequence, (i) => !reverted.has(i)));
      return execution;
    }
    let analysis: PathAnalysis | undefined;
    if (setup.analyze && run.last) {
      const before = setup.clock();
      analysis = setup.analyze(run.last);
      analysisMs += setup.clock() - before;
    }
    corpus.add(sequence, pathId, analysis).costs = execution.costs;
    // The executor still holds this input's final state: fingerprint it before the next reset. The
    // pools get the transactions that set that state, without the reverted ones in between, so that
    // prefixes drawn from them leave room for the calls that follow.
    const setters = new Set(stateSetters(steps));
    if (setters.size > 0) ddsf?.offer(retainCalls(sequence, (i) => setters.has(i)), storageFingerprint(harness.executor, written));
    setup.onEvent?.({ kind: 'input-added', pathId, corpusSize: corpus.entries.length, sequence });
    return execution;
  };

  /** One entry per goal, replaced as inputs get closer: the corpus grows with goals, not with steps. */
  const keepClosest = (sequence: TxSequence, pathId: string, costs: CostVector, goal: string): void => {
    const kept = closest.get(goal);
    if (kept) corpus.replaceSequence(kept, sequence);
    const entry = kept ?? corpus.add(sequence, `${pathId}~${goal}`, undefined, goal);
    entry.costs = costs;
    closest.set(goal, entry);
  };

  /** Harvey Alg. 1 lines 17–22, iterated as in Learning-inputs Sect. 3.2 while steps make progress. */
  const predictFrom = async (entry: CorpusEntry, mutant: TxSequence, ran: Execution): Promise<void> => {
    const site = diffSingleNumeric(entry.sequence, mutant);
    if (!site || !entry.costs) return;
    const x = readNumeric(entry.sequence, site);
    const x2 = readNumeric(mutant, site);
    let next = pickPrediction(predict(site, x, entry.costs, x2, ran.costs, preferFor(entry)), rng);
    while (next && !done()) {
      // A predicted msg.value above what a call may carry would only fail for lack of balance.
      if (site.kind === 'value' && (next.value < 0n || next.value > setup.mutation.maxValue)) return;
      const tried = await execute(withNumeric(mutant, site, next.value));
      const outcome = evaluatePrediction(next, tried.costs);
      prediction.record(next, outcome);
      next = outcome.kind === 'miss' ? outcome.next : undefined;
    }
  };

  const base = setup.mutation;
  /** With the lookahead analysis, predictions aim first at branches of the entry's no-target-ahead prefix. */
  const preferFor = (entry: CorpusEntry): PreferMetric | undefined => {
    const branches = entry.prefixBranches;
    const lastTx = entry.sequence.length - 1;
    return branches && ((cost) => cost.kind === 'branch' && cost.tx === lastTx && branches.has(cost.pc));
  };
  const prefixSource = (r: typeof rng) =>
    ddsf?.drawPrefix(r) ?? (corpus.entries.length > 0 ? r.pick(corpus.entries).sequence : undefined);

  for (const seed of setup.seeds) {
    if (done()) break;
    await execute(seed);
  }
  // Inputs none of whose mutations apply would spin forever without spending budget.
  let idle = 0;
  for (let entry = corpus.next(); entry && !done() && idle < 1000; entry = corpus.next()) {
    const energy = setup.schedule.energy(entry, corpus);
    entry.selected++;
    const last = entry.sequence[entry.sequence.length - 1];
    const mutation: MutationContext = {
      ...base,
      prefixSource: base.prefixSource ?? prefixSource,
      weights: ddsf && last ? ddsf.sequenceMutationWeights(functionKey(last), base.weights) : base.weights,
    };
    for (let i = 0; i < energy && !done(); i++) {
      // Prediction needs mutants that differ in one number (Harvey Alg. 1 line 17): stacked havoc
      // mutations rarely do, so a share of mutants are single argument changes.
      const single = techniques.prediction && rng.chance(SINGLE_CHANGE_SHARE);
      const mutant = (single && applyMutation(entry.sequence, 'mutate-arg', mutation)) || mutateSequence(entry.sequence, mutation);
      if (!mutant) {
        idle++;
        continue;
      }
      idle = 0;
      const ran = await execute(mutant);
      if (entry.goal !== undefined) corpus.recordExecution(entry.pathId);
      if (techniques.prediction) await predictFrom(entry, mutant, ran);
      if (ddsf && !done() && ddsf.shouldRunAggressive(rng)) {
        // Its input is never kept and its failures never reported: the fuzzed storage may be unreachable.
        const aggressive = await aggressiveRun({ executor: harness.executor, state: ddsf, sequence: mutant, slots: ran.lastReads, rng, dictionary });
        meter.transactions += aggressive?.transactions ?? 0;
      }
    }
  }

  return {
    findings: [...findings.values()],
    sequences,
    transactions: meter.transactions,
    elapsedMs: meter.elapsedMs(),
    analysisMs,
    corpusSize: corpus.entries.length,
    prediction,
    ddsf: {
      aggressiveRuns: ddsf?.aggressiveRuns ?? 0,
      aggressiveHits: ddsf?.aggressiveHits ?? 0,
      enabledFunctions: ddsf?.enabledFunctions ?? [],
    },
  };
}
