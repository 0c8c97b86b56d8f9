import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToBigInt, type Hex, hexToBytes } from 'viem';
import type { CompiledContract, CompiledProject, ContractId } from '../../compile/index.js';
import type { Budget, ChainConfig, ProjectConfig, ScheduleName, StopCondition, Techniques } from '../../config/index.js';
import { type Address, ATTACKER_FILE, type Deployment, Executor } from '../../evm/index.js';
import type { DeployedWorld } from '../../deploy/index.js';
import {
  buildOracles,
  type FailureSite,
  type OracleSettings,
  type PropertyFunction,
  propertyFunctions,
  type SequenceOracle,
  suiteOracles,
} from '../../oracles/index.js';
import { type CallTarget, callTargets, type TxSequence } from '../../abi/index.js';
import type { Clock } from '../../clock.js';
import { runCampaign, type CampaignEvent, type CampaignOutcome, type CampaignSetup } from './loop.js';
import type { CampaignExchange } from './exchange.js';
import { Dictionary } from '../inputs/dictionary.js';
import { mutationWeights, type MutationContext } from '../inputs/mutations.js';
import { PredictionStats } from '../harvey/prediction.js';
import { confirmFinding, type CampaignFinding, type ConfirmedFinding } from '../findings/replay.js';
import { judgeOnBase } from '../findings/besidePreExisting.js';
import type { BaseReplay } from '../findings/introduced.js';
import type { Rng } from '../../rng.js';
import { ReachTracker, type FirstReach, type ReachTarget } from '../schedule/reach.js';
import { ComparisonInterest, changedPcs, type Interest } from './comparisonInterest.js';
import { missedBranches } from '../schedule/missedBranches.js';
import { lidCutOffExponential, lookaheadSchedule } from '../schedule/lookaheadSchedule.js';
import { createPathAnalyzer, unreachableInCode, type PathAnalyzer, type WorldCode } from '../schedule/pathAnalysis.js';
import { fast, type PowerSchedule } from '../schedule/schedule.js';
import type { SequenceHarness } from './sequenceRunner.js';
import { generateCallValue, generateDelays, generateInputs } from '../inputs/values.js';
import { adoptCreatedContracts } from './createdContracts.js';
import { unwrapAttackerCall, type CallWorld } from '../inputs/attackerCalls.js';
import { approvalSeeds } from '../inputs/approvalSeeds.js';
import { stageSeeds } from '../inputs/stageSeeds.js';
import { openingAmounts } from '../inputs/worldAmounts.js';
import type { SavedInput } from '../corpus/savedInputs.js';
import { type CampaignCorpus, restoring } from '../corpus/restoring.js';

/** Most wei one generated call carries: enough for any realistic deposit, far below a sender's balance. */
const MAX_CALL_VALUE = 10_000n * 10n ** 18n;

/**
 * The chain a campaign runs on: every contract deployed in one state, the fuzzed one (the subject)
 * among them. Indexes are the executor's deployment indexes (`Tx.to`).
 */
export interface CampaignWorld extends DeployedWorld {
  subject: number;
  /** Deployments whose functions are called: the subject and the contracts it was deployed with. */
  callable: readonly number[];
  /** The same world deployed again on a fresh EVM (same addresses), for the final replay. */
  redeploy: () => Promise<Executor>;
  /** What rebuilds this world in a worker thread (serializable); absent for a world built by hand. */
  recipe?: WorldRecipe;
  /** The chain model lookout.toml pins (delays between transactions, panic codes to report). */
  chain?: ChainConfig;
  /** A Foundry test contract's world: what it allows to be called, and what judges it. */
  suite?: SuiteScope;
}

/**
 * A Foundry test contract's post-`setUp()` world (src/foundryTests/ builds it): forge's target
 * selection says what may be called, its invariants are the properties, its own oracles judge test
 * entry points. Cheatcodes move balances and identities (`deal`, `prank`), so the ether-leak and
 * token-theft oracles, which assume neither happens, do not judge it.
 */
export interface SuiteScope {
  /** Callable selectors by deployment index. */
  selectors: ReadonlyMap<number, readonly Hex[]>;
  properties: readonly PropertyFunction[];
  sequenceOracles: readonly SequenceOracle[];
  /** 1 for stateless entry points: each call from the post-`setUp()` state. */
  maxSequenceLength?: number;
}

/** What rebuilds a campaign's world in a worker thread, as plain data. */
export type WorldRecipe = DeploymentRecipe | SuiteRecipe;

/** Everything `deployWorld` needs: a worker deploys the same world from it (deployment is deterministic by seed). */
export interface DeploymentRecipe {
  kind: 'deployment';
  contracts: readonly CompiledContract[];
  wanted: readonly ContractId[];
  config: ProjectConfig;
  seed: number;
}

/** A Foundry test contract whose `setUp()` a worker runs again (it is deterministic), fuzzed in one of two modes. */
export interface SuiteRecipe {
  kind: 'suite';
  /** The build holding the test contract (its artifacts serve `getCode`). */
  contracts: readonly CompiledContract[];
  suite: ContractId;
  /**
   * `invariant`: sequences over forge's targets; `stateless`: one call of a test function with
   * parameters; `harness`: an Echidna/Medusa harness, its constructor the setup and its own functions the handlers.
   */
  mode: 'invariant' | 'stateless' | 'harness';
  /** With `harness`: its settings, from echidna.yaml, medusa.json and lookout.toml. */
  harness?: HarnessSetup;
  /** The invariants forge's `fail_on_revert` is on for (foundry.toml or inline): a reverting target call fails the first. */
  failOnRevert?: readonly string[];
}

/** How an Echidna/Medusa harness is deployed and called: what their config files (or their defaults) say. */
export interface HarnessSetup {
  deployer: Address;
  senders: readonly Address[];
  /** Wei sent with the harness's creation. */
  balance: bigint;
  maxTimeDelay?: number;
  maxBlockDelay?: number;
  /** Signatures (`Contract.fn(uint256)` or `fn(uint256)`) only called, or never called when `exclude`. */
  functionFilter?: { signatures: readonly string[]; exclude: boolean };
  /** Whether property functions are checked (assertions always are). */
  properties: boolean;
  /** Name prefixes of the bool property functions. */
  propertyPrefixes: readonly string[];
  maxSequenceLength?: number;
}

/** Runs a prepared campaign: `runCampaign` in this thread, or a coordinator spreading it over worker threads. */
export type CampaignRunner = (setup: CampaignSetup, reach: ReachTracker) => Promise<CampaignOutcome>;

export interface ContractCampaignRequest {
  /** The ASTs feed the dictionary's literals. */
  project: Pick<CompiledProject, 'asts'>;
  world: CampaignWorld;
  /** Changed lines compiled into the subject (empty for `lookout fuzz`). */
  targets: readonly ReachTarget[];
  budget: Budget;
  rng: Rng;
  clock: Clock;
  schedule: ScheduleName;
  panicCodes: ReadonlySet<number>;
  techniques: Techniques;
  maxSequenceLength: number;
  stopWhen?: StopCondition;
  /** Shrinking stops at this clock reading (time budgets); execution budgets bound it by attempts only. */
  shrinkDeadline?: number;
  /** True once the run is interrupted: the campaign ends and shrinking stops (findings are still replayed). */
  interrupted?: () => boolean;
  onEvent?: (event: CampaignEvent) => void;
  /**
   * Asked about each sequence that executed a changed line or read state one wrote (`novel`: it did
   * there what no earlier one did): a key for what its path does not show (that it behaves differently
   * on the base), which makes it an input of its own.
   */
  distinguish?: (executed: TxSequence, interest: { novel: boolean }) => Promise<string | undefined>;
  /** Default: `runCampaign` here. */
  run?: CampaignRunner;
  /**
   * A worker of the campaign: its index (its own mutation stream; probe and world stay the campaign's)
   * and, in a worker thread, its trades. A shard run in one thread is a worker with no one to trade with.
   */
  worker?: { index: number; exchange?: CampaignExchange };
  /** `lookout pr` with a base built: each confirmed finding is replayed there (see `judgeOnBase`). */
  onBase?: BaseReplay;
  /** Count the blocks the transactions enter (`outcome.blockHits`): line coverage for `--lcov`. */
  countBlocks?: boolean;
  /** Inputs a saved corpus holds for this campaign (`--corpus`): checked against this build, then replayed first. */
  restored?: readonly SavedInput[];
  /** A harness's Echidna or Medusa corpus in the saved form: checked the same way, replayed before `restored`. */
  seeds?: readonly SavedInput[];
}

export interface ContractCampaignResult {
  contract: CompiledContract;
  senders: readonly Address[];
  /** Name of the contract behind each deployment index, for reporting calls. */
  deploymentNames: readonly string[];
  /** Address of each deployment index: two deployments of one contract (a setUp() may make both) are told apart by it. */
  deploymentAddresses: readonly Address[];
  /** What the campaign could call where: to report a call through the attacker as the calls it makes. */
  calls: CallWorld;
  outcome: CampaignOutcome;
  findings: ConfirmedFinding[];
  /** First reach of each target, by index into the request's targets. */
  reached: ReadonlyMap<number, FirstReach>;
  /** Targets (by index) the lookahead analysis proved no transaction sequence can execute. */
  unreachable: ReadonlySet<number>;
  /** What the oracles were built with (the probe slot included): the base replay judges with the same. */
  oracleSettings: OracleSettings;
  /** Unreached targets in the subject's code (by index) → pc of the nearest branch never taken toward them. */
  missedBranches?: ReadonlyMap<number, number>;
  /** What each deployment index runs: its compiled contract, its code id (as `outcome.blockHits` counts it), the creation blocks its constructor ran. */
  deployedCode: readonly DeployedCode[];
  /** With `restored` or `seeds`: the corpus's counts and what to save. */
  corpus?: CampaignCorpus;
}

export interface DeployedCode {
  contract: CompiledContract;
  codeId: number;
  creationBlocks: ReadonlySet<number>;
}

/**
 * Fuzzes one deployed contract (with the ones it was deployed with) for its budget, then shrinks and
 * replays every failure found; with a base, judges each there, and reports beside it the finding of
 * the other origin at its kind and location when one of its alternates is that (`judgeOnBase`).
 */
export async function fuzzContract(request: ContractCampaignRequest): Promise<ContractCampaignResult> {
  const { result, outcome, confirm } = await campaignOn(request);
  const { onBase } = request;
  const judgement = onBase && {
    onBase: (sequence: TxSequence, failure: FailureSite) => onBase(sequence, failure, result.oracleSettings),
    confirm,
    interrupted: request.interrupted,
  };
  const findings: ConfirmedFinding[] = [];
  for (const found of outcome.findings) {
    const confirmed = await confirm(found);
    if (!confirmed) continue;
    findings.push(...(judgement ? await judgeOnBase(confirmed, outcome.alternates, judgement) : [confirmed]));
  }
  return { ...result, findings };
}

/** Sets up the campaign on the request's world and runs it; shrinking and replaying are left to the caller (a worker does none). */
export async function campaignOn(request: ContractCampaignRequest): Promise<{
  result: ContractCampaignResult;
  outcome: CampaignOutcome;
  /** Shrinks and replays a failure the campaign found (while `keeps` holds too). */
  confirm: (found: CampaignFinding, keeps?: (candidate: TxSequence) => Promise<boolean>) => Promise<ConfirmedFinding | undefined>;
}> {
  const { world, rng } = request;
  const { executor } = world;
  const contract = world.contracts[world.subject];
  const deployment = executor.deployments[world.subject];
  // Harvey Sect. 4.3: a random slot no honest SSTORE targets; writing it means the slot was attacker-computed.
  const probe = rng.fork('probe').bits(256);
  const oracleSettings: OracleSettings = { panicCodes: world.chain?.panicCodes ?? request.panicCodes, probe };
  const trackReach = () => new ReachTracker(request.targets, deployment, { code: contract.creation.bytecode, executedBlocks: deployment.creationBlocks });
  const reach = trackReach();
  const callable = new Set(world.callable);
  const dictionary = new Dictionary();
  for (const index of callable) dictionary.mineBytecode(executor.deployments[index].code);
  for (const ast of Object.values(request.project.asts)) dictionary.mineAst(ast);
  // Where dynamic arrays keep their elements: 2^256 − keccak(slot) indexes wrap onto other slots.
  for (const variable of contract.storageLayout) {
    if (variable.type.endsWith('[]')) dictionary.addConstant(bytesToBigInt(keccak_256(toBytes32(variable.slot))));
  }
  const { suite } = world;
  // forge's target selection, where a test contract made one.
  const selected = (t: CallTarget, i: number) => suite === undefined || (t.kind === 'function' && (suite.selectors.get(i) ?? []).includes(t.selector as Hex));
  // A getter whose variable's line changed is the only code that runs the line.
  const changedGetters = new Set(request.targets.flatMap((t) => (t.getter === undefined ? [] : [t.getter])));
  const isChangedGetter = (t: CallTarget) => t.kind === 'function' && changedGetters.has(t.fn.name);
  const targetsOf = (contracts: readonly CompiledContract[]) =>
    contracts.map((c, i) =>
      callable.has(i) && c.kind === 'contract' ? callTargets(c.abi).filter((t) => (!isGetter(t, c) || isChangedGetter(t)) && selected(t, i)) : [],
    );
  const values = {
    dictionary,
    senders: executor.senderAddresses.length,
    maxValue: MAX_CALL_VALUE,
    maxBlockDelay: world.chain?.maxBlockDelay,
    maxTimeDelay: world.chain?.maxTimeDelay,
  };
  // Every deployed contract's address is an input (an allowance contract needs the token's); Lookout's
  // attacker's (deployed last) only when the campaign calls it, so that other campaigns draw as without it.
  const isUncalledAttacker = (i: number) => world.contracts[i]?.file === ATTACKER_FILE && !callable.has(i);
  const addresses = () => [
    ...executor.senderAddresses,
    ...executor.deployments.flatMap((d, i) => (isUncalledAttacker(i) ? [] : [d.address])),
    `0x${'0'.repeat(40)}`,
  ];
  const created = await adoptCreatedContracts(executor, world.recipe?.contracts ?? world.contracts, targetsOf(world.contracts), {
    ...values,
    rng: rng.fork('created contracts'),
    addresses: addresses(),
  });
  const contracts = deployedContracts(world, executor);
  for (const index of created) {
    callable.add(index);
    dictionary.mineBytecode(executor.deployments[index].code);
  }
  dictionary.addAmounts(
    await openingAmounts(
      executor,
      contracts.map((c) => c?.abi),
    ),
    true,
  );
  // After adoption: the lookahead follows calls into contracts the constructors created too.
  const lookahead = lookaheadSetup(
    request.schedule,
    deployment,
    request.targets,
    reach,
    request.techniques.calleeFrames === false ? undefined : executor.deployments,
  );
  const oracles = suite
    ? suiteOracles(suite, contracts, oracleSettings)
    : buildOracles({ contracts, deployments: executor.deployments, subject: world.subject }, oracleSettings);
  const harness: SequenceHarness = {
    executor,
    ...oracles,
    properties: [...oracles.properties, ...created.flatMap((i) => createdProperties(contracts[i], executor.deployments[i], i))],
  };
  const deploymentNames = contracts.map((c) => c.name);
  const targets = targetsOf(contracts);
  const mutation: MutationContext = {
    ...values,
    rng: rng.fork(request.worker === undefined ? 'mutation' : `mutation ${request.worker.index}`),
    addresses: addresses(),
    contracts: executor.deployments.map((d) => d.address),
    targets,
    weights: mutationWeights(targets),
    maxSequenceLength: suite?.maxSequenceLength ?? request.maxSequenceLength,
    selfCalls: targets.flat(),
  };
  const calls: CallWorld = { addresses: mutation.addresses, senders: mutation.senders, targets };
  const saving =
    (request.restored || request.seeds) &&
    restoring(request.restored ?? [], { senders: executor.senderAddresses, deployments: deploymentNames, targets }, request.seeds);
  const deploymentAddresses = executor.deployments.map((d) => d.address);
  const deployedCode = executor.deployments.map(({ codeId, creationBlocks }, i) => ({ contract: contracts[i], codeId, creationBlocks }));
  const result = {
    contract,
    deployedCode,
    senders: executor.senderAddresses,
    deploymentNames,
    deploymentAddresses,
    calls,
    reached: reach.reached,
    unreachable: lookahead.unreachable,
    oracleSettings,
  };
  const confirm = (found: CampaignFinding, keeps?: (candidate: TxSequence) => Promise<boolean>) =>
    confirmFinding(found, {
      keeps,
      harness,
      deployFresh: async () => ({ ...harness, executor: withCreatedContracts(await world.redeploy(), executor) }),
      clock: request.clock,
      deadline: request.shrinkDeadline,
      interrupted: request.interrupted,
      trackReach,
      unwrap: { plain: (call) => unwrapAttackerCall(call, mutation), senders: mutation.senders },
    });
  if (mutation.targets.every((t) => t.length === 0) && harness.properties.length === 0) {
    const outcome = emptyOutcome();
    return { result: { ...result, outcome, findings: [], corpus: saving?.corpus(outcome) }, outcome, confirm };
  }

  // Whether the sequence running now has executed a changed line (for the `sequence` event).
  let entersTargets = false;
  // With a base to compare with: what makes the last sequence worth comparing (see ComparisonInterest).
  const changed = request.distinguish && changedPcs(request.targets, deployment);
  const interest = changed && new ComparisonInterest(changed);
  let lastInterest: Interest = { worth: false, novel: false };
  // What the restored corpus alone executes: the changed lines a base branch's run already covered.
  const byCorpus = request.restored && request.restored.length > 0 ? new Set<number>() : undefined;
  const { distinguish } = request;
  const run = request.run ?? runCampaign;
  const ran = await run(
    {
      harness,
      budget: request.budget,
      clock: request.clock,
      schedule: lookahead.schedule,
      analyze: lookahead.analyzer && ((last) => lookahead.analyzer!.analyze(last)),
      mutation,
      dictionary,
      seeds: [
        ...seedSequences(mutation),
        ...approvalSeeds(
          targets,
          executor.deployments.map((d) => d.address),
          world.subject,
          mutation,
        ),
        ...stageSeeds(
          {
            subject: world.subject,
            contracts,
            targets,
            addresses: executor.deployments.map((d) => d.address),
            code: executor.deployments[world.subject].code,
          },
          mutation,
        ),
      ],
      restored: saving?.sequences,
      techniques: request.techniques,
      // The state variables' own slots guide store-cost predictions towards overwriting them.
      probes: [probe, ...new Set(contract.storageLayout.map((v) => v.slot))],
      changed,
      stop: request.stopWhen && ((findings) => (request.stopWhen === 'finding' ? findings > 0 : reach.allReached)),
      interrupted: request.interrupted,
      // The behaviour diff replays on freshly deployed revisions, which hold no contract a transaction created.
      distinguish:
        distinguish &&
        (async (executed) => {
          const { worth, novel } = lastInterest;
          if (!worth || !executed.every((call) => call.to < world.contracts.length)) return undefined;
          const divergence = await distinguish(executed, { novel });
          return divergence && `≠${divergence}`;
        }),
      exchange: request.worker?.exchange,
      countBlocks: request.countBlocks,
      onEvent: (event) => {
        if (event.kind === 'transaction') {
          for (const target of reach.observe(event.result, { ms: event.elapsedMs, transactions: event.transactions, sequence: event.sequenceIndex })) {
            request.onEvent?.({ kind: 'target-reached', target, first: reach.reached.get(target)! });
          }
          const enters = reach.enters(event.result);
          entersTargets ||= enters;
          interest?.observe(event.result, enters);
          if (byCorpus && event.restored) for (const target of reach.entered(event.result)) byCorpus.add(target);
        }
        if (event.kind === 'input-added') saving?.keep(event.sequence);
        if (event.kind === 'sequence') {
          // A worker's forwarded sequence says itself whether it executed a target.
          request.onEvent?.({ ...event, executesTargets: event.executesTargets || entersTargets });
          if (interest) lastInterest = interest.end(event.sequence);
          entersTargets = false;
        } else request.onEvent?.(event);
      },
    },
    reach,
  );
  // On worker threads the workers replayed the corpus: their outcomes carry what it reached.
  for (const target of ran.reachedByCorpus ?? []) byCorpus?.add(target);
  const outcome = byCorpus ? { ...ran, reachedByCorpus: [...byCorpus].sort((a, b) => a - b) } : ran;
  const unreached = new Map(
    request.targets.flatMap((t, i) => (t.runtime === undefined && !reach.reached.has(i) && !lookahead.unreachable.has(i) ? [[i, t.pcs] as const] : [])),
  );
  const missed = unreached.size > 0 ? missedBranches(deployment.code, deployment.codeId, outcome.coveredEdges, unreached) : new Map<number, number>();
  return { result: { ...result, outcome, findings: [], missedBranches: missed, corpus: saving?.corpus(outcome) }, outcome, confirm };
}

/** The compiled contract behind each of the executor's deployments: the world's, then those adopted since (created at run time). */
function deployedContracts(world: CampaignWorld, executor: Executor): CompiledContract[] {
  const catalog = world.recipe?.contracts ?? world.contracts;
  return executor.deployments.map((d, i) => world.contracts[i] ?? catalog.find((c) => c.file === d.file && c.name === d.name)!);
}

/** A created contract's properties, probed in the sequences that have created it. */
function createdProperties(contract: CompiledContract, deployment: Deployment, index: number): PropertyFunction[] {
  return propertyFunctions(contract.abi, index, deployment.codeId).map((p) => ({ ...p, createdAtRuntime: true }));
}

/** A redeployed world with the contracts `original` adopted since it was deployed, at the same indexes. */
function withCreatedContracts(fresh: Executor, original: Executor): Executor {
  for (const d of original.deployments.slice(fresh.deployments.length)) fresh.adoptCreated(d, d.deployer);
  return fresh;
}

/**
 * The getter solc generates for a public state variable: no user code to reach and nothing that can
 * fail, so calling it only spends budget, unless its variable's line is a target. (User-written view
 * functions stay callable.)
 */
function isGetter(target: CallTarget, contract: CompiledContract): boolean {
  return target.kind === 'function' && target.fn.stateMutability === 'view' && contract.storageLayout.some((variable) => variable.label === target.fn.name);
}

const SCHEDULE: Record<ScheduleName, PowerSchedule> = {
  baseline: fast,
  lookahead: lookaheadSchedule,
  'lookahead-imprecise': lookaheadSchedule,
  'lid-aflfast': lidCutOffExponential,
};

/**
 * The schedule, and for the lookahead configurations the path analyzer. The empty-prefix check runs
 * first: targets proven unreachable get that status, and the schedule stops aiming at them (they are
 * left out of the analyzer's target set). A target in a linked library is proven so from the
 * library's own entry (anyone may call it); with `deployments`, the analyzer follows calls into them.
 */
function lookaheadSetup(
  schedule: ScheduleName,
  deployment: { code: Uint8Array; codeId: number },
  targets: readonly ReachTarget[],
  reach: ReachTracker,
  deployments?: readonly KnownCode[],
): { schedule: PowerSchedule; analyzer?: PathAnalyzer; unreachable: ReadonlySet<number> } {
  if (schedule === 'baseline') return { schedule: SCHEDULE.baseline, unreachable: new Set() };
  const mode = schedule === 'lookahead-imprecise' ? 'imprecise' : 'precise';
  const own = targets.map((t) => (t.runtime === undefined ? t.pcs : []));
  const provenOwn = createPathAnalyzer({ code: deployment.code, codeId: deployment.codeId, targetPcs: own.flat(), mode }).unreachable();
  const proven = targets.map((t) => (t.runtime === undefined ? provenOwn : unreachableInCode(t.runtime.code, t.pcs)));
  const unreachable = new Set<number>();
  targets.forEach((t, i) => {
    if (t.pcs.length > 0 && t.creationPcs.length === 0 && t.pcs.every((pc) => proven[i].has(pc))) unreachable.add(i);
  });
  const live = targets.map((t, i) => (unreachable.has(i) ? { ...t, pcs: [] } : t));
  const analyzer = createPathAnalyzer({
    code: deployment.code,
    codeId: deployment.codeId,
    targetPcs: live.flatMap((t) => (t.runtime === undefined ? t.pcs.filter((pc) => !provenOwn.has(pc)) : [])),
    // The analysis reads the subject's code; targets in a linked library are reached through its calls.
    targetsElsewhere: live.some((t) => t.runtime !== undefined && t.pcs.length > 0),
    world: deployments && worldCode(deployments, deployment, live),
    mode,
  });
  return { schedule: untilReached(SCHEDULE[schedule], reach, unreachable.size), analyzer, unreachable };
}

interface KnownCode {
  address: Address;
  code: Uint8Array;
  codeId: number;
}

/**
 * The deployments as the lookahead follows calls into them: address, code and the pcs of the
 * targets in that code (the subject's own are its analyzer's to give).
 */
function worldCode(deployments: readonly KnownCode[], subject: { codeId: number }, targets: readonly ReachTarget[]): WorldCode[] {
  return deployments.map(({ address, code, codeId }) => ({
    address: BigInt(address),
    code,
    targetPcs: codeId === subject.codeId ? [] : targets.flatMap((t) => (t.runtime?.codeId === codeId ? t.pcs : [])),
  }));
}

/**
 * Once every target that can be reached has been, there is nothing left to aim at; failures beyond
 * the changed lines still count, so the campaign goes on with the baseline schedule.
 */
function untilReached(aimed: PowerSchedule, reach: ReachTracker, unreachable: number): PowerSchedule {
  return {
    name: aimed.name,
    energy: (entry, corpus) => (reach.reached.size + unreachable >= reach.size ? fast.energy(entry, corpus) : aimed.energy(entry, corpus)),
  };
}

/** One single-call sequence per callable function: the seeds S of Alg. 1. */
function seedSequences(ctx: MutationContext): TxSequence[] {
  return ctx.targets.flatMap((targets, to) =>
    targets.map((callable) => {
      const { target, args } = generateInputs(callable, ctx);
      return [{ sender: 0, to, target, args, value: generateCallValue(target, ctx), ...generateDelays(ctx) }];
    }),
  );
}

function emptyOutcome(): CampaignOutcome {
  return {
    findings: [],
    alternates: [],
    sequences: 0,
    transactions: 0,
    elapsedMs: 0,
    analysisMs: 0,
    corpusSize: 0,
    restored: { replayed: 0, reverted: 0 },
    prediction: new PredictionStats(),
    ddsf: { aggressiveRuns: 0, aggressiveHits: 0, enabledFunctions: [], followUps: 0 },
    coveredEdges: new Set(),
  };
}

function toBytes32(value: bigint): Uint8Array {
  return hexToBytes(`0x${value.toString(16).padStart(64, '0')}`);
}
