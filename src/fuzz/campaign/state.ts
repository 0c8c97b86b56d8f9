import { Alternates } from './alternates.js';
import { BudgetMeter } from './budgetMeter.js';
import { Corpus, type CorpusEntry } from '../corpus/corpus.js';
import { DemandDrivenState } from '../harvey/ddsf.js';
import { DEFAULT_MAX_SEQUENCE_LENGTH } from '../inputs/mutations.js';
import { GasHogs } from '../corpus/gasHogs.js';
import { NearMisses } from '../schedule/nearMisses.js';
import { PredictionStats } from '../harvey/prediction.js';
import { StateFollowUps } from '../harvey/stateFollowUps.js';
import { BalanceDemands } from '../harvey/balanceDemands.js';
import type { CampaignFinding } from '../findings/replay.js';
import type { CampaignEvent, CampaignOutcome, CampaignSetup } from './loop.js';
import type { Executor } from '../../evm/index.js';
import type { BlockHits } from './blockHits.js';

/**
 * Everything a campaign accumulates while it runs: the budget spent, the corpus, the failures
 * found (one per failure identity), the demand-driven state and the counters of the outcome.
 */
export class CampaignState {
  readonly meter: BudgetMeter;
  readonly corpus = new Corpus();
  readonly findings = new Map<string, CampaignFinding>();
  /** Later inputs that failed as a reported finding did, through other calls. */
  readonly alternates = new Alternates();
  readonly ddsf: DemandDrivenState | undefined;
  /** States that met a function's comparison, waiting for its call to run on them (with DDSF). */
  readonly followUps: StateFollowUps | undefined;
  /** Balances branches compared and the calls that book them: their follow-ups go through `followUps`. */
  readonly balanceDemands: BalanceDemands | undefined;
  readonly prediction = new PredictionStats();
  readonly nearMisses = new NearMisses();
  /** Functions that only ever run out of gas: their calls are dropped from the inputs run. */
  readonly gasHogs = new GasHogs();
  /** Corpus entries kept for being closest to a goal (untaken branch direction, probe slot), by goal. */
  readonly closest = new Map<string, CorpusEntry>();
  /** Storage states (written slots and their values) kept inputs left: see `leftNewState`. */
  readonly statesLeft = new Set<string>();
  /** Blocks entered, with `countBlocks`. */
  readonly blockHits: BlockHits | undefined;
  /** A copy of the executor left in its deployed state (made when first needed): what a slot held before any call. */
  deployed: Promise<Executor> | undefined;
  /** Inputs of earlier runs replayed (see `replayRestored`), and those dropped for a reverting first call. */
  readonly restored = { replayed: 0, reverted: 0 };
  /** True while a restored input is replayed: its transactions are the corpus's, not this run's own. */
  replayingRestored = false;
  sequences = 0;
  analysisMs = 0;
  /** Set when the workers' coordinator ends the campaign (its stop condition held across workers). */
  stopped = false;
  /** Where events go; silenced while inputs other workers found are replayed. */
  emit: (event: CampaignEvent) => void;

  constructor(private readonly setup: CampaignSetup) {
    this.meter = new BudgetMeter(setup.budget, setup.clock);
    this.ddsf = setup.techniques.ddsf ? new DemandDrivenState() : undefined;
    this.followUps = setup.techniques.ddsf ? new StateFollowUps(setup.mutation.maxSequenceLength ?? DEFAULT_MAX_SEQUENCE_LENGTH) : undefined;
    this.balanceDemands = this.followUps && new BalanceDemands();
    this.blockHits = setup.countBlocks ? new Map() : undefined;
    this.emit = setup.onEvent ?? (() => {});
  }

  done(): boolean {
    return this.stopped || this.meter.exhausted() || (this.setup.stop?.(this.findings.size) ?? false) || (this.setup.interrupted?.() ?? false);
  }

  outcome(): CampaignOutcome {
    return {
      findings: [...this.findings.values()],
      alternates: this.alternates.list(),
      sequences: this.sequences,
      transactions: this.meter.transactions,
      elapsedMs: this.meter.elapsedMs(),
      analysisMs: this.analysisMs,
      corpusSize: this.corpus.entries.length,
      restored: { ...this.restored },
      prediction: this.prediction,
      ddsf: {
        aggressiveRuns: this.ddsf?.aggressiveRuns ?? 0,
        aggressiveHits: this.ddsf?.aggressiveHits ?? 0,
        enabledFunctions: this.ddsf?.enabledFunctions ?? [],
        followUps: this.followUps?.ran ?? 0,
      },
      coveredEdges: this.nearMisses.coveredEdges,
      ...(this.blockHits && { blockHits: this.blockHits }),
    };
  }
}
