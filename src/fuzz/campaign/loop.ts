import type { Budget, Techniques } from '../../config/index.js';
import type { ChangedPcs } from '../harvey/costs.js';
import type { TxResult } from '../../evm/index.js';
import type { Clock } from '../../clock.js';
import { aggressiveRun, functionKey } from '../harvey/ddsf.js';
import type { Dictionary } from '../inputs/dictionary.js';
import type { MutationContext } from '../inputs/mutations.js';
import type { PredictionStats } from '../harvey/prediction.js';
import type { PathAnalysis } from '../schedule/pathAnalysis.js';
import type { PowerSchedule } from '../schedule/schedule.js';
import type { FirstReach } from '../schedule/reach.js';
import type { CampaignFinding } from '../findings/replay.js';
import type { SequenceHarness } from './sequenceRunner.js';
import type { TxSequence } from '../../abi/index.js';
import type { BlockHits } from './blockHits.js';
import { CampaignState } from './state.js';
import { evaluate, withoutGasHogs } from './evaluation.js';
import { exchangePoint, type CampaignExchange } from './exchange.js';
import { mutationFor, nextMutant } from './mutants.js';
import { followPrediction } from './predictionStep.js';
import { followNewStates } from './followUpStep.js';
import { eventLoopTurns } from './interruption.js';
import { replayRestored } from './restoredInputs.js';

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
  /** Inputs earlier runs kept (a saved corpus), replayed before the seeds. */
  restored?: readonly TxSequence[];
  techniques: Techniques;
  /** Slots of the store cost metrics: the arbitrary-storage-write probe first, then guidance slots (Harvey Sect. 4.3). */
  probes: readonly bigint[];
  /** The changed lines' pcs, when comparing with the base: their comparisons' operands are goals to meet (`MeetCost`). */
  changed?: ChangedPcs;
  /** Ends the campaign before its budget is spent (checked between inputs and transactions of the loop). */
  stop?: (findings: number) => boolean;
  /** True once the run is interrupted (a signal): the campaign ends at its next input, as out of budget. */
  interrupted?: () => boolean;
  /**
   * LOOKAHEADANALYZE of Alg. 1 line 11: run on the last transaction of each input added to the
   * corpus; its LID and split points feed the lookahead schedules.
   */
  analyze?: (last: TxResult) => PathAnalysis;
  /**
   * What a path does not show about a sequence that did not fail (its executed calls): a mark added to
   * its path id (`≠` and a divergence's key), which makes it a path of its own, so the campaign keeps
   * and schedules it as it does a new path. Asked after the `sequence` event.
   */
  distinguish?: (executed: TxSequence) => Promise<string | undefined>;
  onEvent?: (event: CampaignEvent) => void;
  /** Set in a worker thread: trades finds with the campaign's other workers at fixed transaction counts. */
  exchange?: CampaignExchange;
  /** Count the basic blocks each transaction entered (`CampaignOutcome.blockHits`, for `--lcov`). */
  countBlocks?: boolean;
}

export type CampaignEvent =
  /**
   * `transactions`: the campaign's count of executed transactions, this one included (machine-independent, unlike `elapsedMs`);
   * `restored`: a transaction of a restored input's replay (see `replayRestored`).
   */
  | { kind: 'transaction'; result: TxResult; sequenceIndex: number; elapsedMs: number; transactions: number; restored?: boolean }
  | { kind: 'input-added'; pathId: string; corpusSize: number; sequence: TxSequence }
  /**
   * Every executed sequence, of which the first `executed` calls ran (the rest were cut by a failure);
   * `executesTargets` is filled in by a campaign that tracks targets. Copy what you keep.
   */
  | { kind: 'sequence'; sequence: TxSequence; executed: number; executesTargets?: boolean }
  /** `shape`: its `callShape`, which its alternates must differ from. */
  | { kind: 'finding'; finding: CampaignFinding; shape: string }
  /** A later input that failed as a reported finding did, kept as its alternate (see `Alternates`). */
  | { kind: 'alternate'; alternate: CampaignFinding; shape: string }
  /** A target executed for the first time (emitted by a campaign that tracks targets). */
  | { kind: 'target-reached'; target: number; first: FirstReach }
  /** Transactions other threads ran (workers report in batches, not one event per transaction). */
  | { kind: 'transactions'; count: number; elapsedMs: number };

export interface CampaignOutcome {
  findings: CampaignFinding[];
  /** Later inputs that failed as a finding did, through other calls (see `Alternates`). */
  alternates: CampaignFinding[];
  sequences: number;
  transactions: number;
  elapsedMs: number;
  /** Time spent in `analyze`. */
  analysisMs: number;
  corpusSize: number;
  /** Restored inputs run, and of those the ones dropped because their first call reverts on this build. */
  restored: { replayed: number; reverted: number };
  prediction: PredictionStats;
  /** Aggressive runs, those that found new coverage, the functions that got longer sequences, and follow-ups run on states that met a comparison. */
  ddsf: { aggressiveRuns: number; aggressiveHits: number; enabledFunctions: readonly string[]; followUps: number };
  /** Edges any transaction took (TxTrace.edges): what names the branch that kept a target unreached. */
  coveredEdges: ReadonlySet<number>;
  /** With `countBlocks`: the blocks the campaign's transactions entered, and how many entered each. */
  blockHits?: BlockHits;
  /**
   * With restored inputs: the targets (indexes, ascending) their replay executed, before any input of
   * this run. Filled in by `campaignOn`, which tracks targets; workers' are joined.
   */
  reachedByCorpus?: readonly number[];
}

/** Mutations in a row that may fail to apply before the campaign gives up (it would spin without spending budget). */
const MAX_IDLE = 1000;

/**
 * The greybox loop of Alg. 1 (Bran) with Harvey's Alg. 1: pick the input picked least often
 * (AFLFast's search strategy), give it the schedule's energy, run that many mutants and keep those
 * that take a new path (trimmed of reverted calls). A mutant that changed one number is followed by
 * predicted inputs; with p_a an aggressive run fuzzes the storage its last transaction reads, and a state
 * holding a value a function compared what it read with is followed up by that call (StateFollowUps). Failures are
 * recorded once per failure identity and fuzzing goes on.
 */
export async function runCampaign(setup: CampaignSetup): Promise<CampaignOutcome> {
  const state = new CampaignState(setup);
  const rng = setup.mutation.rng.fork('harvey');
  const trade = exchangePoint(setup, state);
  const turn = eventLoopTurns(state);
  await replayRestored(state, setup, turn);
  for (const seed of setup.seeds) {
    if (state.done()) break;
    await evaluate(state, setup, seed);
    await turn();
  }
  let idle = 0;
  for (let entry = state.corpus.next(); entry && !state.done() && idle < MAX_IDLE; entry = state.corpus.next()) {
    const energy = setup.schedule.energy(entry, state.corpus);
    entry.selected++;
    const mutation = mutationFor(entry, setup.mutation, state);
    for (let i = 0; i < energy && !state.done(); i++) {
      const generated = nextMutant(entry, mutation, setup.techniques, rng);
      const mutant = generated && withoutGasHogs(state, generated);
      if (!mutant || mutant.length === 0) {
        idle++;
        continue;
      }
      idle = 0;
      const ran = await evaluate(state, setup, mutant);
      if (entry.goal !== undefined) state.corpus.recordExecution(entry.pathId);
      if (setup.techniques.prediction) await followPrediction(state, setup, { entry, mutant, ran, rng });
      if (state.ddsf && !state.done() && state.ddsf.shouldRunAggressive(rng, functionKey(mutant[mutant.length - 1]))) {
        // Its input is never kept and its failures never reported: the fuzzed storage may be unreachable.
        const aggressive = await aggressiveRun({
          executor: setup.harness.executor,
          state: state.ddsf,
          sequence: mutant,
          slots: ran.lastReads,
          rng,
          dictionary: setup.dictionary,
          comparisons: ran.lastComparisons,
        });
        state.meter.transactions += aggressive?.transactions ?? 0;
      }
      await followNewStates(state, setup);
      await trade();
      await turn();
    }
  }
  return state.outcome();
}
