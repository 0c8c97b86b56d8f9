import { shrinkSequence, type CallUnwrap, type ShrinkBudget } from '../findings/shrink.js';
import { type Call, type TxSequence } from '../../abi/index.js';
import { type CallWorld, unwrapAttackerCall } from '../inputs/attackerCalls.js';
import { compareObservations } from './compare.js';
import { type BehaviourGrade, gradeDivergence } from './grade.js';
import { Counterparts, deployedCalls } from './counterparts.js';
import { RevisionObserver } from './observation.js';
import type { BehaviourDifference, ConfirmedDivergence, Divergence } from './types.js';
import type { DeployedWorld } from '../../deploy/index.js';
import type { TxResult } from '../../evm/index.js';
import { type BlockHits, countBlocks } from '../campaign/blockHits.js';

/** Both revisions, deployed by the same plan: base contracts are matched to head's by `CompiledContract.id`. */
export interface BehaviourDiffRequest {
  head: DeployedWorld;
  base: DeployedWorld;
  /**
   * Counts the blocks the base's transactions of `check` enter (the base's line coverage for
   * `--lcov`); shrinking's replays are not counted, as head's coverage counts no shrinking either.
   */
  baseBlocks?: BlockHits;
}

export interface BehaviourDiff {
  /** The first transaction of `sequence` whose behaviour differs between base and head, if any. */
  check(sequence: TxSequence): Promise<Divergence | undefined>;
  /**
   * Shrinks the divergence's sequence while it diverges with the same key, then replays it on fresh
   * executors of both revisions; undefined when not even the original sequence diverges there.
   */
  confirm(divergence: Divergence, budget?: ShrinkBudget): Promise<ConfirmedDivergence | undefined>;
  /** Replays (each on both revisions) every `confirm` so far made while shrinking. */
  readonly shrinkReplays: number;
}

/** Replays per confirmed divergence while shrinking; each replays the sequence on both revisions. */
export const DIVERGENCE_SHRINK_ATTEMPTS = 500;

/**
 * Runs given sequences on both revisions and compares each transaction as a caller sees it. Works on
 * its own `fresh()` copies of the worlds' executors (made once), so the campaign's executor is never
 * disturbed. Calls to a function only head has run on head only and are not compared; their effects
 * on later calls are.
 */
export async function createBehaviourDiff(request: BehaviourDiffRequest): Promise<BehaviourDiff> {
  const working = await SideBySide.create(request);
  const { baseBlocks } = request;
  const counting = baseBlocks && ((result: TxResult) => countBlocks(baseBlocks, result.trace.blocks));
  let shrinkReplays = 0;
  return {
    check: (sequence) => working.firstDivergence(sequence, counting),
    get shrinkReplays() {
      return shrinkReplays;
    },
    async confirm(divergence, budget = { maxAttempts: DIVERGENCE_SHRINK_ATTEMPTS }) {
      const sameWay = async (candidate: TxSequence) => (await working.firstDivergence(candidate))?.key === divergence.key;
      // Calls through Lookout's attacker are shown plainly where they diverge the same way so, as a finding's are.
      const shrunk = await shrinkSequence(divergence.sequence, sameWay, budget, working.unwrap);
      shrinkReplays += shrunk.attempts;
      const replay = await SideBySide.create(request);
      for (const sequence of [shrunk.sequence, divergence.sequence]) {
        const replayed = await replay.firstDivergence(sequence);
        if (replayed?.key === divergence.key) return { ...replayed, minimal: shrunk.minimal && sequence === shrunk.sequence };
      }
      return undefined;
    },
  };
}

/** The sender that deployed the contracts (the first of `SENDER_NAMES`). */
const DEPLOYER = 0;

/** Head and base observers on fresh executors, and how head calls translate to base. */
class SideBySide {
  /** Head's deployments as the attacker's calls address them: what a call through it forwards. */
  private readonly headCalls: CallWorld;
  /** How shrinking shows a call through the attacker as the plain call it forwards. */
  readonly unwrap: CallUnwrap;

  private constructor(
    private readonly head: RevisionObserver,
    private readonly base: RevisionObserver,
    private readonly counterparts: Counterparts,
  ) {
    this.headCalls = deployedCalls(head.world);
    this.unwrap = { plain: (call) => unwrapAttackerCall(call, this.headCalls), senders: head.world.executor.deployerAddresses.length };
  }

  static async create(request: BehaviourDiffRequest): Promise<SideBySide> {
    const fresh = async (world: DeployedWorld) => RevisionObserver.create({ ...world, executor: await world.executor.fresh() });
    const [head, base] = [await fresh(request.head), await fresh(request.base)];
    return new SideBySide(head, base, new Counterparts(head.world, base.world));
  }

  /** `observeBase` sees each base transaction's result. */
  async firstDivergence(sequence: TxSequence, observeBase?: (result: TxResult) => void): Promise<Divergence | undefined> {
    this.head.reset();
    this.base.reset();
    const baseCalls = this.counterparts.sequence(sequence);
    for (let index = 0; index < sequence.length; index++) {
      const head = await this.head.run(sequence[index]);
      const baseCall = baseCalls[index];
      if (baseCall === undefined) {
        // A call base lacks that changed head's state leaves the revisions in states no later call
        // can be compared from (transferBatch, then transfer): the comparison ends. One that reverted changed nothing.
        if (head.observation.failure === undefined) return undefined;
        await this.head.tokenChanges(this.head.staleViews(head.touched));
        continue;
      }
      const base = await this.base.run(baseCall, observeBase);
      const touched = new Set([...head.touched, ...base.touched]);
      const views = new Set([...this.head.staleViews(touched), ...this.base.staleViews(touched)]);
      const [baseSeen, headSeen] = [
        { ...base.observation, tokens: await this.base.tokenChanges(views) },
        { ...head.observation, tokens: await this.head.tokenChanges(views) },
      ];
      const difference = compareObservations(baseSeen, headSeen);
      if (difference) {
        const call = sequence[index];
        const byDeployer = call.sender === DEPLOYER && unwrapAttackerCall(call, this.headCalls) === undefined;
        const grade = gradeDivergence(
          { observation: baseSeen, acted: base.touched.size > 0 },
          { observation: headSeen, acted: head.touched.size > 0 },
          byDeployer,
        );
        return this.divergence(sequence.slice(0, index + 1), { ...difference, grade }, byDeployer);
      }
    }
    return undefined;
  }

  /**
   * The key names who made the differing call when it was the deployer: shrinking keeps the key, so it
   * cannot turn a stranger's call into the deployer's (which then reads as the deployer acting on its
   * own contract), and a stranger's examples are kept apart from the deployer's.
   */
  private divergence(sequence: TxSequence, difference: BehaviourDifference & { grade: BehaviourGrade }, byDeployer: boolean): Divergence {
    const { to, fn } = this.namedCall(sequence[sequence.length - 1]);
    const contract = this.head.world.contracts[to];
    const name = this.head.book.name(this.head.world.executor.deployments[to].address);
    return {
      ...difference,
      key: `${contract.id}.${fn}/${difference.grade}/${difference.kind}${byDeployer ? '/deployer' : ''}`,
      contract: contract.id,
      function: fn,
      message: `${name}.${fn}: base: ${difference.base}; head: ${difference.head}`,
      sequence,
    };
  }

  /**
   * Where a divergence is grouped: the called function, or for a call through Lookout's attacker the
   * call it forwards, so that it joins the same function's group and never names the attacker.
   */
  private namedCall(call: Call): { to: number; fn: string } {
    const named = unwrapAttackerCall(call, this.headCalls) ?? call;
    return { to: named.to, fn: functionName(named) };
  }
}

function functionName(call: Call): string {
  return call.target.kind === 'function' ? call.target.signature : call.target.kind;
}
