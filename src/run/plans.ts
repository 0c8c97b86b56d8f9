import type { CompiledProject, ContractId } from '../compile/index.js';
import type { ContractPlan, SuiteSource } from './fuzzing.js';
import type { ChangedFile } from '../diff/index.js';
import { harnessChain, NO_HARNESS_CONFIG, SENDER_ADDRESSES, type ChainConfig, type HarnessConfig } from '../config/index.js';
import type { Address } from '../evm/index.js';
import { discoverHarnesses, discoverSuites, failOnRevertInvariants, type FailOnRevertSetting, openSuiteWorld, type TestSuite } from '../foundryTests/index.js';
import type { CampaignWorld, HarnessSetup, SuiteRecipe } from '../fuzz/index.js';
import type { Logger } from '../logger.js';
import type { ReportDeployment } from '../report/index.js';
import { buildTargets, type Target, testOrScript } from '../targets/index.js';
import { skippedEntry } from './worlds.js';
import { readHarnessSeeds } from './harnessCorpora.js';

/** Where the test contracts are (foundry.toml's `test`), and forge's `fail_on_revert` for their invariants. */
export interface SuiteSettings extends FailOnRevertSetting {
  folder: string;
  /** echidna.yaml and medusa.json, and lookout.toml's chain keys (which win), for Echidna/Medusa harnesses. */
  harnesses?: { config: HarnessConfig; chain: ChainConfig };
}

/** Echidna's default deployer (0x30000, also one of its senders) where no file names one. */
const ECHIDNA_DEPLOYER: Address = SENDER_ADDRESSES[2];

/** What the project's Foundry test contracts give `lookout pr`: campaigns from their `setUp()` states. */
export interface SuitePlans {
  plans: ContractPlan[];
  /** What each test contract's `setUp()` deployed, or why the test contract was skipped. */
  deployments: ReportDeployment[];
  /** Contracts holding changed lines that a test contract's `setUp()` deploys: Lookout deploys none of them itself. */
  covered: ReadonlySet<ContractId>;
}

/**
 * Every test contract of the builds whose `setUp()` deploys code holding changed lines becomes a
 * campaign from its post-`setUp()` state: one in forge's invariant mode (sequences over its targets,
 * its invariants checked after each call) and, when it has test functions with parameters, one of
 * stateless calls to them. A test contract whose `setUp()` fails is skipped, with the reason.
 */
export async function planSuites(
  builds: readonly CompiledProject[],
  changes: readonly ChangedFile[],
  tests: SuiteSettings,
  logger: Logger,
): Promise<SuitePlans> {
  const planned: SuitePlans & { covered: Set<ContractId> } = { plans: [], deployments: [], covered: new Set() };
  const seen = new Set<ContractId>();
  const harnessing = tests.harnesses ?? { config: NO_HARNESS_CONFIG, chain: {} };
  for (const build of builds) {
    const targets = buildTargets(build, changes);
    const harnesses = discoverHarnesses(build, harnessing.config.contracts, harnessing.config.propertyPrefixes);
    // A harness is run as Echidna and Medusa run it, not again as a forge suite.
    for (const suite of [...harnesses, ...discoverSuites(build, tests.folder)]) {
      if (seen.has(suite.contract.id)) continue;
      seen.add(suite.contract.id);
      const harness = harnesses.includes(suite) ? harnessSetup(suite.contract, harnessing) : undefined;
      await planSuite(build, suite, { targets, settings: tests, harness }, logger, planned);
    }
  }
  return planned;
}

/** A harness's settings: its config files' (lookout.toml's chain keys first), else Echidna's defaults. */
function harnessSetup(contract: TestSuite['contract'], harnessing: NonNullable<SuiteSettings['harnesses']>): HarnessSetup {
  const { config } = harnessing;
  const chain = harnessChain(config, harnessing.chain);
  const { balances } = config;
  return {
    deployer: chain.deployer ?? ECHIDNA_DEPLOYER,
    senders: chain.senders ?? SENDER_ADDRESSES,
    balance: 'any' in balances ? (balances.any as bigint) : (balances.get(contract.name) ?? 0n),
    maxTimeDelay: chain.maxTimeDelay,
    maxBlockDelay: chain.maxBlockDelay,
    functionFilter: config.functionFilter,
    properties: config.properties,
    propertyPrefixes: config.propertyPrefixes,
    maxSequenceLength: config.maxSequenceLength,
  };
}

async function planSuite(
  build: CompiledProject,
  suite: TestSuite,
  { targets, settings, harness: harnessed }: { targets: readonly Target[]; settings: SuiteSettings; harness?: HarnessSetup },
  logger: Logger,
  planned: SuitePlans & { covered: Set<ContractId> },
): Promise<void> {
  const { contract } = suite;
  const source = contract.id;
  const failOnRevert = failOnRevertInvariants(build, suite, settings);
  const sequences: SuiteRecipe['mode'] = harnessed ? 'harness' : 'invariant';
  const recipe = (mode: SuiteRecipe['mode']): SuiteRecipe => ({
    kind: 'suite',
    contracts: build.contracts,
    suite: contract.id,
    mode,
    ...(mode === 'invariant' && failOnRevert.length > 0 && { failOnRevert }),
    ...(mode === 'harness' && { harness: harnessed }),
  });
  const harness = (mode: SuiteRecipe['mode']): SuiteSource => ({ file: contract.file, contract: contract.name, mode });
  // forge deploys and links a test's external libraries; Lookout's runner does not yet, so Lookout deploys such code itself.
  const opened =
    contract.creation.linkReferences.length > 0
      ? { status: 'skipped' as const, reason: 'it links external libraries, which Lookout does not deploy for test contracts yet' }
      : await openSuiteWorld(recipe(sequences));
  if ('reason' in opened) {
    logger.warning(`Not fuzzing from ${source}: ${opened.reason}`);
    planned.deployments.push(skippedEntry(contract, opened.reason, source));
    return;
  }
  // A harness that deploys a system is the campaign's subject: its own changed handlers are targets too (a forge
  // suite's test contract is not). A contract with properties that deploys nothing is fuzzed as any other.
  const deploysSome = opened.session.setUpContracts.some((created) => created.contract !== undefined);
  const held = heldTargets(opened.world, targets, { subject: harnessed !== undefined && deploysSome });
  if (held.length === 0) {
    logger.info(`${source}: its ${harnessed ? 'constructor' : 'setUp()'} deploys none of the changed code.`);
    return;
  }
  for (const target of held) planned.covered.add(target.contract);
  planned.deployments.push(
    ...opened.session.setUpContracts.flatMap(({ address, contract: deployed }) =>
      deployed === undefined
        ? []
        : [
            {
              contract: deployed.name,
              file: deployed.file,
              address,
              from: harnessed ? 'constructor' : 'setUp',
              args: [],
              value: '0',
              deployer: null,
              skipped: null,
              source,
            },
          ],
    ),
  );
  const seeds = harnessed && settings.harnesses && readHarnessSeeds(settings.harnesses.config.corpora, contract);
  if (opened.world.callable.length > 0)
    planned.plans.push({ contract, world: opened.world, targets: held, harness: harness(sequences), build, ...(seeds && { seeds }) });
  else logger.info(`${source}: its target selection leaves no function to call.`);
  if (harnessed || !suite.tests.some((t) => t.kind === 'fuzz')) return;
  const stateless = await openSuiteWorld(recipe('stateless'));
  if ('world' in stateless)
    planned.plans.push({ contract, world: stateless.world, targets: heldTargets(stateless.world, targets), harness: harness('stateless'), build });
}

/**
 * The changed lines in contracts `setUp()` deployed, each tracked in the code of the first deployment
 * of its contract. Lines of tests and their handlers are not targets, as in Lookout's own deployments.
 */
function heldTargets(world: CampaignWorld, targets: readonly Target[], { subject = false } = {}): ContractPlan['targets'] {
  return targets.flatMap((target) => {
    const index = world.contracts.findIndex((c, i) => (i > 0 || subject) && c.id === target.contract);
    if (index < 0 || testOrScript(world.contracts[index]) !== undefined) return [];
    const { code, codeId } = world.executor.deployments[index];
    return [{ ...target, runtime: { code, codeId } }];
  });
}
