import { branchEdge, type Cost, type CostVector, type MeetCost } from '../harvey/costs.js';
import { isMeetGoal, meetGoal } from '../schedule/nearMisses.js';
import type { CorpusEntry } from '../corpus/corpus.js';
import {
  diffSingleNumeric,
  evaluatePrediction,
  holds,
  pickPrediction,
  predict,
  readNumeric,
  withNumeric,
  type PreferMetric,
  type UncoveredMetric,
} from '../harvey/prediction.js';
import type { Rng } from '../../rng.js';
import type { TxSequence } from '../../abi/index.js';
import type { CampaignSetup } from './loop.js';
import type { CampaignState } from './state.js';
import { evaluate, type Execution } from './evaluation.js';

/**
 * Harvey Alg. 1 lines 17–22, iterated as in Learning-inputs Sect. 3.2 while steps make progress: a
 * mutant that changed one number of the entry is followed by predicted inputs (secant steps on a
 * cost metric), run even past the entry's energy.
 */
export async function followPrediction(
  state: CampaignState,
  setup: CampaignSetup,
  step: { entry: CorpusEntry; mutant: TxSequence; ran: Execution; rng: Rng },
): Promise<void> {
  const { entry, ran } = step;
  let { mutant } = step;
  const site = diffSingleNumeric(entry.sequence, mutant);
  if (!site || !entry.costs) return;
  const x = readNumeric(entry.sequence, site);
  const x2 = readNumeric(mutant, site);
  let costs = ran.costs;
  // Kept for meeting a changed comparison's operands, the entry compares a number the chain may not have
  // come to yet (a block, a timestamp: a lookup of the current block is refused before it is compared):
  // a mutant refused before that comparison is tried once more, a block later.
  const later = meetsAt(entry) && site.kind === 'arg' ? (sequence: TxSequence) => aBlockLater(sequence, site.call) : undefined;
  if (later && goalCosts(costs, entry.goal!).length === 0 && !state.done()) {
    mutant = later(mutant);
    costs = (await evaluate(state, setup, mutant)).costs;
  }
  // Input-to-state (Redqueen): the number the mutant changed is one operand of the comparison as
  // compared; the other one is where they meet, without a secant step — if the argument can hold it
  // (a small number equal to an operand by chance, a zero, says nothing of the other operand's size).
  const partner = later && meetingPartner(entry.costs, entry.goal!, x);
  if (partner !== undefined && partner !== x2 && holds(site.domain, partner) && !state.done()) {
    const predicted = withNumeric(mutant, site, partner);
    const reached = goalCosts((await evaluate(state, setup, predicted)).costs, entry.goal!).some((c) => c.value === 0n);
    if (!reached && !state.done()) await evaluate(state, setup, later!(predicted));
  }
  let next = pickPrediction(predict(site, x, entry.costs, x2, costs, preferFor(entry), uncoveredIn(state)), step.rng);
  while (next && !state.done()) {
    // A predicted msg.value above what a call may carry would only fail for lack of balance.
    if (site.kind === 'value' && (next.value < 0n || next.value > setup.mutation.maxValue)) return;
    const predicted = withNumeric(mutant, site, next.value);
    let outcome = evaluatePrediction(next, (await evaluate(state, setup, predicted)).costs);
    if (outcome.kind === 'unreached' && later && !state.done()) outcome = evaluatePrediction(next, (await evaluate(state, setup, later(predicted))).costs);
    state.prediction.record(next, outcome);
    next = outcome.kind === 'miss' ? outcome.next : undefined;
  }
}

/** Whether the entry was kept for being closest to meeting a changed comparison's operands. */
function meetsAt(entry: CorpusEntry): boolean {
  return entry.goal !== undefined && isMeetGoal(entry.goal);
}

/** An execution's distances from a meet goal, one per execution of its comparison (none: not reached). */
function goalCosts(costs: CostVector, goal: string): MeetCost[] {
  return [...costs.values()].filter((cost): cost is MeetCost => cost.kind === 'meet' && meetGoal(cost) === goal);
}

/** The other operand of the goal's comparison where one of them is `x` (the first such execution of it). */
function meetingPartner(costs: CostVector, goal: string, x: bigint): bigint | undefined {
  const { left, right } = goalCosts(costs, goal).find((cost) => cost.left === x || cost.right === x) ?? {};
  return left === x ? right : left;
}

/**
 * With the lookahead analysis, predictions aim first at branches of the entry's no-target-ahead prefix;
 * an entry kept for being closest to meeting a changed comparison's operands aims at that (it was kept
 * for it, and where they meet is where base and head may part).
 */
function preferFor(entry: CorpusEntry): PreferMetric | undefined {
  const branches = entry.prefixBranches;
  const lastTx = entry.sequence.length - 1;
  const onPrefix = branches && ((cost: Cost) => cost.kind === 'branch' && cost.tx === lastTx && branches.has(cost.pc));
  if (!meetsAt(entry)) return onPrefix;
  return (cost) => (cost.kind === 'meet' && meetGoal(cost) === entry.goal) || (onPrefix?.(cost) ?? false);
}

/**
 * Branch directions no input took yet; store probes count as uncovered (writing one is a finding, not
 * coverage). A changed comparison's operands are aimed at only from the entry kept for them (`preferFor`):
 * among the uncovered metrics of every input, they took predictions from new branches.
 */
function uncoveredIn(state: CampaignState): UncoveredMetric {
  const covered = state.nearMisses.coveredEdges;
  return (cost) => (cost.kind === 'branch' ? !covered.has(branchEdge(cost)) : cost.kind === 'store');
}

function aBlockLater(sequence: TxSequence, index: number): TxSequence {
  const call = sequence[index];
  return sequence.map((c, i) => (i === index ? { ...call, blockDelay: call.blockDelay + 1, timeDelay: call.timeDelay + SECONDS_PER_BLOCK } : c));
}

/** Ethereum's slot time: a block later is this much later. */
const SECONDS_PER_BLOCK = 12;
