import type { CompiledContract, CompiledProject } from '../build/types.js';
import type { Budget } from '../config/budget.js';
import { ConfigurationError } from '../errors.js';
import { Executor } from '../evm/executor.js';
import type { Address } from '../evm/types.js';
import { propertyFunctions } from '../oracles/property.js';
import { transactionOracles } from '../oracles/transaction.js';
import { callTargets } from './abi.js';
import type { Clock } from './clock.js';
import { runCampaign, type CampaignEvent, type CampaignOutcome } from './campaign.js';
import { Dictionary } from './dictionary.js';
import type { MutationContext } from './mutations.js';
import { confirmFinding, type ConfirmedFinding } from './replay.js';
import type { Rng } from './rng.js';
import { ReachTracker, type FirstReach, type ReachTarget } from './reach.js';
import type { PowerSchedule } from './schedule.js';
import type { SequenceHarness } from './sequenceRunner.js';
import type { TxSequence } from './types.js';
import { generateCallValue, generateDelays, generateInputs } from './values.js';

/** Most wei one generated call carries: enough for any realistic deposit, far below a sender's balance. */
const MAX_CALL_VALUE = 10_000n * 10n ** 18n;

export interface ContractCampaignRequest {
  project: CompiledProject;
  contract: CompiledContract;
  /** Changed lines compiled into this contract (empty for `lookout fuzz`). */
  targets: readonly ReachTarget[];
  budget: Budget;
  rng: Rng;
  clock: Clock;
  schedule: PowerSchedule;
  panicCodes: ReadonlySet<number>;
  maxSequenceLength: number;
  stopOnFinding?: boolean;
  /** Shrinking stops at this clock reading (time budgets); execution budgets bound it by attempts only. */
  shrinkDeadline?: number;
  onEvent?: (event: CampaignEvent) => void;
}

export interface ContractCampaignResult {
  contract: CompiledContract;
  senders: readonly Address[];
  outcome: CampaignOutcome;
  findings: ConfirmedFinding[];
  /** First reach of each target, by index into the request's targets. */
  reached: ReadonlyMap<number, FirstReach>;
}

/** Deploys one contract, fuzzes it for its budget, then shrinks and replays every failure found. */
export async function fuzzContract(request: ContractCampaignRequest): Promise<ContractCampaignResult> {
  const { contract, rng } = request;
  if (contract.creation.linkReferences.length > 0) {
    const libraries = contract.creation.linkReferences.map((l) => l.library).join(', ');
    throw new ConfigurationError(
      `${contract.file}:${contract.name} calls external library functions (${libraries}); linking libraries is not supported yet: make those functions internal, or fuzz another contract with --contract.`,
    );
  }
  const deploy = () => Executor.create([{ name: contract.name, abi: contract.abi, creationCode: contract.creation.bytecode }]);
  const executor = await deploy();
  const deployment = executor.deployments[0];
  const trackReach = () =>
    new ReachTracker(request.targets, deployment, { code: contract.creation.bytecode, executedBlocks: deployment.creationBlocks });
  const reach = trackReach();
  const harness: SequenceHarness = {
    executor,
    oracles: transactionOracles({ panicCodes: request.panicCodes }),
    properties: propertyFunctions(contract.abi, 0, deployment.codeId),
  };

  const dictionary = new Dictionary();
  dictionary.mineBytecode(deployment.code);
  for (const ast of Object.values(request.project.asts)) dictionary.mineAst(ast);
  const mutation: MutationContext = {
    rng: rng.fork('mutation'),
    dictionary,
    addresses: [...executor.senderAddresses, deployment.address, `0x${'0'.repeat(40)}`],
    senders: executor.senderAddresses.length,
    maxValue: MAX_CALL_VALUE,
    targets: [callTargets(contract.abi)],
    maxSequenceLength: request.maxSequenceLength,
  };
  if (mutation.targets[0].length === 0 && harness.properties.length === 0) {
    return { contract, senders: executor.senderAddresses, outcome: emptyOutcome(), findings: [], reached: reach.reached };
  }

  const outcome = await runCampaign({
    harness,
    budget: request.budget,
    clock: request.clock,
    schedule: request.schedule,
    mutation,
    dictionary,
    seeds: seedSequences(mutation),
    stopOnFinding: request.stopOnFinding,
    onEvent: (event) => {
      if (event.kind === 'transaction') reach.observe(event.result, event.elapsedMs, event.sequenceIndex);
      request.onEvent?.(event);
    },
  });

  const findings: ConfirmedFinding[] = [];
  for (const found of outcome.findings) {
    const confirmed = await confirmFinding(found, {
      harness,
      deployFresh: async () => ({ ...harness, executor: await deploy() }),
      clock: request.clock,
      deadline: request.shrinkDeadline,
      trackReach,
    });
    if (confirmed) findings.push(confirmed);
  }
  return { contract, senders: executor.senderAddresses, outcome, findings, reached: reach.reached };
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
  return { findings: [], sequences: 0, transactions: 0, elapsedMs: 0, analysisMs: 0, corpusSize: 0 };
}
