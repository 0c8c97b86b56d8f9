import { type Failure, failureKey } from '../../oracles/index.js';
import { branchEdge, CostCollector, type CostVector } from '../harvey/costs.js';
import { comparedValues, functionKey, slotsRead, slotsWritten, storageFingerprint, type ComparedValues, type StorageSlot } from '../harvey/ddsf.js';
import { harvestFeedback } from '../inputs/feedback.js';
import { keyFollowUps, type WrittenEntry } from '../harvey/mappingKeys.js';
import { deployedEther } from '../inputs/worldAmounts.js';
import { revertedPrefix, sequencePathId, stateSetters, storageStateId, txStep, type TxStep } from '../corpus/pathIdentity.js';
import { bucketedStateBefore, changesDeployedStorage, type SlotWrite } from '../corpus/storageState.js';
import { pastPrefix, type PathAnalysis } from '../schedule/pathAnalysis.js';
import { branchGoal, goalBranch, isMeetGoal } from '../schedule/nearMisses.js';
import { retainCalls } from '../findings/shrink.js';
import type { CampaignFinding } from '../findings/replay.js';
import { type ReportedFailures, runSequence, type SequenceRun } from './sequenceRunner.js';
import { callShape } from './alternates.js';
import { countBlocks } from './blockHits.js';
import { followBalanceDemands, learnBooking } from './balanceStep.js';
import type { TxSequence } from '../../abi/index.js';
import type { StorageWrite } from '../../evm/index.js';
import type { CampaignSetup } from './loop.js';
import type { CampaignState } from './state.js';

/** What one regular run left behind for the techniques that follow it. */
export interface Execution {
  run: SequenceRun;
  costs: CostVector;
  /** Slots the last transaction read (demand-driven sequences fuzz them), and what it compared. */
  lastReads: StorageSlot[];
  lastComparisons: ComparedValues[];
}

/** A run and what the corpus needs to judge it. */
interface Observed {
  execution: Execution;
  pathId: string;
  /** Its path on the storage its prefix set up for its last transaction, as a corpus key (`storageStateId`), when that rule is on. */
  stateId?: string;
  steps: TxStep[];
  written: StorageSlot[];
  /** What the transactions before the last one wrote, values included. */
  prefixWrites: SlotWrite[];
}

/**
 * Runs one input and assesses it (Alg. 1 lines 7–12): records its failure, its path and its cost
 * metrics, and keeps it when its path is new, or else the storage state it reached (trimmed of
 * reverted calls), or it came closer to a goal. An input `admits` rejects (by its executed steps) is
 * judged for failures but never kept.
 */
export async function evaluate(
  state: CampaignState,
  setup: CampaignSetup,
  input: TxSequence,
  admits?: (steps: readonly TxStep[]) => boolean,
): Promise<Execution> {
  const sequence = withoutGasHogs(state, input);
  const mark = setup.dictionary.mark();
  const observed = await observe(state, setup, sequence);
  const { execution, pathId, stateId, steps } = observed;
  const { run } = execution;
  const { corpus } = state;
  // Failures already reported do not stop a run, so a failure here is a new one; the calls it
  // executed may still take a new path and join the corpus like any input.
  const executed = run.failure ? sequence.slice(0, run.transactions) : sequence;
  if (run.failure) recordFinding(state, executed, run, steps);
  corpus.recordExecution(pathId);
  if (stateId !== undefined && corpus.has(stateId)) corpus.recordExecution(stateId);
  if (admits && !admits(steps)) {
    setup.dictionary.rollback(mark);
    return execution;
  }
  const identity = !corpus.has(pathId) ? pathId : stateId !== undefined && !corpus.has(stateId) ? stateId : undefined;
  if (identity === undefined) {
    const closer = state.nearMisses.improvements(execution.costs);
    if (closer.length > 0) {
      const asDeployed = await leftDeployedState(state, setup, observed.written);
      const setsUp = await leftNewState(state, setup, observed, asDeployed);
      const prefix = await prefixSetsUp(state, setup, executed, observed);
      // The first goal, and every changed comparison it brought closer to meeting: where their operands
      // meet, base and head may part, and each is aimed at from its own closest input.
      for (const goal of new Set([closer[0], ...closer.filter(isMeetGoal)])) keepClosest(state, setup, executed, observed, goal, setsUp, asDeployed, prefix);
    } else setup.dictionary.rollback(mark);
    return execution;
  }
  // Kept inputs go without reverted calls before their last one: run and judge the trimmed input
  // instead (its path is normally the same); this execution still answers the caller.
  const reverted = new Set(revertedPrefix(steps));
  if (reverted.size > 0) {
    setup.dictionary.rollback(mark);
    await evaluate(
      state,
      setup,
      retainCalls(executed, (i) => !reverted.has(i)),
    );
    return execution;
  }
  keep(
    state,
    setup,
    executed,
    { ...observed, pathId: identity },
    await leftNewState(state, setup, observed),
    await prefixSetsUp(state, setup, executed, observed),
  );
  return execution;
}

/** The mapping entries among a transaction's writes (copied: the trace's buffers are reused). */
function writtenEntries(sstores: readonly StorageWrite[], sender: number): WrittenEntry[] {
  return sstores.flatMap(({ origin, address, base, key }) => (origin === 'entry' ? [{ address, base, key, sender }] : []));
}

/** The input without its calls to functions that only ever run out of gas (`GasHogs`). */
export function withoutGasHogs(state: CampaignState, input: TxSequence): TxSequence {
  return input.some((call) => state.gasHogs.has(call)) ? retainCalls(input, (i) => !state.gasHogs.has(input[i])) : input;
}

/** Runs the sequence, feeding every transaction to the dictionary, the cost metrics and the path id. */
async function observe(state: CampaignState, setup: CampaignSetup, sequence: TxSequence): Promise<Observed> {
  const { ddsf, meter } = state;
  state.sequences++;
  const costs = new CostCollector(setup.probes, setup.changed);
  const written: StorageSlot[] = [];
  const steps: TxStep[] = [];
  const sequenceIndex = state.sequences;
  const perTransaction = ddsf !== undefined && !setup.techniques.prefixPathIds;
  // What each successful transaction wrote, with values: the state the earlier ones set up for the last one (see bucketedStateBefore, prefixSetsUp).
  const writes: SlotWrite[][] = [];
  // The mapping entries each successful transaction wrote: keys a later lookup may want (keyFollowUps).
  const entries: WrittenEntry[][] = [];
  // The first transaction after which each reported failure was seen again, when it wants alternates.
  const passed = new Map<string, { failure: Failure; index: number }>();
  const reported: ReportedFailures = {
    has(key) {
      return state.findings.has(key);
    },
    passedOver(failure, key, index) {
      if (!passed.has(key) && state.alternates.wants(key)) passed.set(key, { failure, index });
    },
  };
  const run = await runSequence(
    setup.harness,
    sequence,
    (result, index) => {
      meter.transactions++;
      state.gasHogs.observe(sequence[index], result);
      harvestFeedback(setup.dictionary, result, sequence[index]);
      costs.observe(result, index);
      state.nearMisses.cover(result.trace.edges);
      if (state.blockHits) countBlocks(state.blockHits, result.trace.blocks);
      steps.push(txStep(result, sequence[index]));
      written.push(...slotsWritten(result.trace));
      writes[index] = result.outcome.kind === 'success' ? result.trace.sstores.map(({ address, slot, value }) => ({ address, slot, value })) : [];
      // Read only by the follow-ups (below): not copied when there are none.
      entries[index] = state.followUps && result.outcome.kind === 'success' ? writtenEntries(result.trace.sstores, sequence[index].sender) : [];
      if (result.outcome.kind === 'success' && result.trace.balanceReads.length > 0)
        learnBooking(state, setup, sequence[index], result, () => retainCalls(sequence.slice(0, index), (i) => steps[i]?.changedState === true));
      state.emit({
        kind: 'transaction',
        result,
        sequenceIndex,
        elapsedMs: meter.elapsedMs(),
        transactions: meter.transactions,
        restored: state.replayingRestored,
      });
    },
    reported,
  );
  for (const { failure, index } of passed.values()) keepAlternate(state, sequence.slice(0, index + 1), failure, steps);
  const lastReads = ddsf && run.last ? slotsRead(run.last.trace) : [];
  const prefixWrites = writes.slice(0, run.transactions - 1).flat();
  const readState = perTransaction ? bucketedStateBefore(lastReads, prefixWrites) : '';
  const lastCall = run.transactions > 0 ? sequence[run.transactions - 1] : undefined;
  if (state.followUps) {
    // The state this input left first meets what earlier calls compared, then its last call's comparisons join them.
    const valueOf = storageReader(setup.harness.executor);
    state.followUps.offer(written, valueOf, () => retainCalls(sequence, (i) => steps[i]?.changedState === true));
    if (lastCall && run.last) state.followUps.observe(functionKey(lastCall), lastCall, lastReads, run.last.trace.comparisons, run.last.trace.sstores, valueOf);
    // Only where the call failed: an empty entry it was refused for (a transfer to a new holder reads one and succeeds).
    if (run.last && run.last.outcome.kind !== 'success') {
      const empty = run.last.trace.sloads.filter((read) => read.origin === 'entry' && valueOf(read) === 0n);
      const written = entries.slice(0, run.transactions - 1).flat();
      for (const { id, input } of keyFollowUps(sequence.slice(0, run.transactions), empty, written)) state.followUps.enqueue(id, input);
    }
    // Last: it runs views, after which only the storage (not the trace) of this input is read.
    if (run.last) {
      await followBalanceDemands(
        state,
        setup,
        sequence.slice(0, run.transactions),
        () => retainCalls(sequence.slice(0, run.transactions - 1), (i) => steps[i]?.changedState === true),
        run.last,
        () => analyzeLast(state, setup, run),
      );
    }
  }
  state.emit({ kind: 'sequence', sequence, executed: run.transactions });
  // A run without a failure executed every call.
  const distinction = run.failure ? undefined : await setup.distinguish?.(sequence);
  const pathId = sequencePathId(steps, spansPrefix(state, setup, lastCall)) + (distinction ?? '');
  const stateId = storageStateId(pathId, readState);
  // The last transaction's trace is still intact (property probes only add to it): read it once, here.
  // New edges behind a state-changing prefix show, without fuzzing storage, that the function's
  // coverage depends on state: it gets longer sequences as if an aggressive run had found them.
  // Property probes run after the last transaction too, so for them the whole sequence is the prefix.
  // A function reading what pooled inputs write is enabled too (see DemandDrivenState).
  if (ddsf && lastCall && run.last) {
    const key = functionKey(lastCall);
    const added = ddsf.recordCoverage(key, run.last.trace.edges);
    const prefix = setup.harness.properties.length > 0 ? steps : steps.slice(0, -1);
    if (added > 0 && stateSetters(prefix).length > 0) ddsf.enable(key);
    else ddsf.enableIfDependent(key, lastReads);
  }
  // Only aggressive runs read them, and those fuzz functions not enabled yet.
  const aggressiveCandidate = ddsf !== undefined && lastCall !== undefined && lastReads.length > 0 && !ddsf.enabledFor(functionKey(lastCall));
  const lastComparisons = aggressiveCandidate && run.last ? comparedValues(run.last.trace) : [];
  return { execution: { run, costs: costs.vector(), lastReads, lastComparisons }, pathId, stateId, steps, written, prefixWrites };
}

/** Reads a slot as the executor holds it now. */
function storageReader(executor: CampaignSetup['harness']['executor']): (slot: StorageSlot) => bigint {
  return (slot) => executor.getStorage(slot.address, slot.slot);
}

/**
 * Whether path ids span the state-changing prefix: always without demand-driven sequences (Harvey's
 * configuration D); with them only under the `prefixPathIds` ablation, once the function is enabled.
 * Otherwise they are the last transaction's path (Sect. 5), and new storage states keep prefixes.
 */
function spansPrefix(state: CampaignState, setup: CampaignSetup, lastCall: TxSequence[number] | undefined): boolean {
  const { ddsf } = state;
  if (!ddsf) return true;
  return setup.techniques.prefixPathIds === true && lastCall !== undefined && ddsf.enabledFor(functionKey(lastCall));
}

/** The first input per failure identity is the one reported (the run skipped those reported already). */
function recordFinding(state: CampaignState, executed: TxSequence, run: SequenceRun, steps: readonly TxStep[]): void {
  const finding = found(state, run.failure!.failure, executed);
  const shape = callShape(executed, (i) => steps[i].changedState);
  state.findings.set(failureKey(finding.failure), finding);
  state.alternates.reported(finding, shape);
  state.emit({ kind: 'finding', finding, shape });
}

/** A later input that failed as a reported finding did: kept, and forwarded, when its calls differ from those kept for it. */
function keepAlternate(state: CampaignState, executed: TxSequence, failure: Failure, steps: readonly TxStep[]): void {
  const alternate = found(state, failure, executed);
  const shape = callShape(executed, (i) => steps[i].changedState);
  if (state.alternates.offer(alternate, shape)) state.emit({ kind: 'alternate', alternate, shape });
}

function found(state: CampaignState, failure: Failure, executed: TxSequence): CampaignFinding {
  return { failure, sequence: executed, foundMs: state.meter.elapsedMs(), execution: state.meter.transactions };
}

/** Adds an input with a new path to the corpus, with its analysis, and offers its state to the DDSF pools. */
function keep(
  state: CampaignState,
  setup: CampaignSetup,
  sequence: TxSequence,
  { execution, pathId, steps, written }: Observed,
  setsUpState: boolean,
  prefixSetsUp: boolean,
): void {
  const analysis = analyzeLast(state, setup, execution.run);
  const entry = state.corpus.add(sequence, pathId, analysis);
  entry.costs = execution.costs;
  entry.setsUpState = setsUpState;
  entry.prefixSetsUp = prefixSetsUp;
  setup.dictionary.addAmounts(deployedEther(setup.harness.executor));
  // The executor still holds this input's final state: fingerprint it before the next reset. The
  // pools get the transactions that set that state, without the reverted ones in between, so that
  // prefixes drawn from them leave room for the calls that follow.
  const setters = new Set(stateSetters(steps));
  if (setters.size > 0)
    state.ddsf?.offer(
      retainCalls(sequence, (i) => setters.has(i)),
      storageFingerprint(setup.harness.executor, written),
      written,
    );
  state.emit({ kind: 'input-added', pathId, corpusSize: state.corpus.entries.length, sequence });
}

/**
 * Whether the input's last call changed state and left storage (the slots the input wrote, with the
 * values they hold now) that differs from the deployed one and that no kept input left before: a
 * setup the calls after it may need, which Corpus.next picks by its own path. Inputs leaving a state
 * already kept are interchangeable as setups, and a call storing what a slot held at deployment
 * (CalleeGuard's `hits` on every loop path) sets up nothing. Read while the executor holds the
 * input's final state. `asDeployed`: `leftDeployedState`, when the caller has it already.
 */
async function leftNewState(state: CampaignState, setup: CampaignSetup, { steps, written }: Observed, asDeployed?: boolean): Promise<boolean> {
  if (steps.at(-1)?.changedState !== true) return false;
  if (asDeployed ?? (await leftDeployedState(state, setup, written))) return false;
  const { executor } = setup.harness;
  const left = storageFingerprint(executor, written);
  if (state.statesLeft.has(left)) return false;
  state.statesLeft.add(left);
  return true;
}

/** Whether the slots written hold what they held at deployment: the input's calls left nothing set up. */
async function leftDeployedState(state: CampaignState, setup: CampaignSetup, written: readonly StorageSlot[]): Promise<boolean> {
  const { executor } = setup.harness;
  const deployed = await deployedState(state, setup);
  return written.every((s) => executor.getStorage(s.address, s.slot) === deployed.getStorage(s.address, s.slot));
}

/**
 * Whether the calls before the last one left anything but the deployed state for it: ether moved,
 * or a slot's last written value is not its deployed one. Without that, the input is its last call
 * on deployed storage, which is what that call's LID speaks of (CalleeFig2's `bar; bar`, each call
 * storing the `hits` it read). Time the earlier calls let pass does not count: it matters only to a
 * call reading the clock, and most prefixes carry a delay (counted, CalleeFig2's B took a median
 * 657 transactions instead of 199).
 */
async function prefixSetsUp(state: CampaignState, setup: CampaignSetup, executed: TxSequence, { steps, prefixWrites }: Observed): Promise<boolean> {
  if (executed.slice(0, -1).some((call, i) => call.value > 0n && !steps[i].reverted)) return true;
  if (prefixWrites.length === 0) return false;
  const deployed = await deployedState(state, setup);
  return changesDeployedStorage(prefixWrites, (s) => deployed.getStorage(s.address, s.slot));
}

function deployedState(state: CampaignState, setup: CampaignSetup): NonNullable<CampaignState['deployed']> {
  state.deployed ??= setup.harness.executor.fresh();
  return state.deployed;
}

/** LOOKAHEADANALYZE on the run's last transaction, timed; undefined without the analysis. */
function analyzeLast(state: CampaignState, setup: CampaignSetup, run: SequenceRun): PathAnalysis | undefined {
  if (!setup.analyze || !run.last) return undefined;
  const before = setup.clock();
  const analysis = setup.analyze(run.last);
  state.analysisMs += setup.clock() - before;
  return analysis;
}

/**
 * One entry per goal, replaced as inputs get closer: the corpus grows with goals, not with steps.
 * A goal is its own identity for the schedules, unless the lookahead analysis shows its branch past
 * the input's no-target-ahead prefix: flipping it cannot reach a target, so the entry is scheduled
 * under that prefix's LID like the inputs sharing it (a loop's overflow checks on Bran's Fig. 2
 * would otherwise each get a rare identity's energy). Analysed once, when the goal is first kept.
 */
function keepClosest(
  state: CampaignState,
  setup: CampaignSetup,
  sequence: TxSequence,
  { pathId, execution }: Observed,
  goal: string,
  setsUpState: boolean,
  asDeployed: boolean,
  prefixSetsUp: boolean,
): void {
  const kept = state.closest.get(goal);
  if (kept) state.corpus.replaceSequence(kept, sequence);
  const entry = kept ?? state.corpus.add(sequence, `${pathId}~${goal}`, suffixGoalAnalysis(state, setup, execution, goal, asDeployed), goal);
  entry.costs = execution.costs;
  entry.setsUpState = setsUpState;
  entry.prefixSetsUp = prefixSetsUp;
  state.closest.set(goal, entry);
}

/**
 * The analysis of a goal input when the goal is a branch its last transaction measured past that
 * transaction's no-target-ahead prefix. With earlier calls that left storage set up (`asDeployed`
 * false) it keeps its own identity, as such inputs do in Corpus.next: the LID does not see their
 * state (Airlock B 415 -> 371 median tx); earlier calls that left the deployed storage set up
 * nothing (CalleeGuard's `bar; bar`: B 560 -> 194 with their goals under the LID again).
 */
function suffixGoalAnalysis(
  state: CampaignState,
  setup: CampaignSetup,
  { run, costs }: Execution,
  goal: string,
  asDeployed: boolean,
): PathAnalysis | undefined {
  const branch = goalBranch(goal);
  if (branch === undefined || !run.last || !setup.analyze || (run.transactions > 1 && !asDeployed)) return undefined;
  const lastTx = run.transactions - 1;
  const measured = [...costs.values()].some((c) => c.kind === 'branch' && c.tx === lastTx && branchGoal(branchEdge(c)) === goal);
  if (!measured) return undefined;
  const analysis = analyzeLast(state, setup, run);
  return analysis && pastPrefix(analysis, run.last.trace.jumps, branch) ? analysis : undefined;
}
