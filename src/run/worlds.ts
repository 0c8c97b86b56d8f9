import { etherText } from '../abi/index.js';
import type { CompiledContract, CompiledProject } from '../compile/index.js';
import {
  type ChainConfig,
  DEFAULT_GAS_LIMIT,
  PROJECT_CONFIG_FILE,
  type ProjectConfig,
  readProjectConfig,
  type RunConfig,
  SENDER_ADDRESSES,
  SENDER_NAMES,
} from '../config/index.js';
import type { Address, ExecutorOptions } from '../evm/index.js';
import { ATTACKER_ID, attackerContract, callsOut, type DeployedProject, type DeployedWorld, deployWorld, type ReadableValue } from '../deploy/index.js';
import type { ContractPlan } from './fuzzing.js';
import type { CampaignWorld, DeploymentRecipe, SuiteRecipe, WorldRecipe } from '../fuzz/index.js';
import { openSuiteWorld } from '../foundryTests/index.js';
import { Rng } from '../rng.js';
import { notFuzzedTargets, type Report, type ReportDeployment, type ReportTarget } from '../report/index.js';
import type { Logger } from '../logger.js';
import type { FuzzSelection, Target } from '../targets/index.js';
import path from 'node:path';

/** What deploying the contracts under test gave: campaigns to run and, for the report, what was not deployed. */
export interface DeployedPlans {
  world: DeployedProject;
  plans: ContractPlan[];
  /** Targets of contracts that were not deployed, as `not-fuzzed`. */
  notFuzzed: ReportTarget[];
  deployments: ReportDeployment[];
  /** The funded accounts (lookout.toml may configure them), named for the report. */
  senders: NonNullable<Report['senders']>;
}

/** `ReportDeployment.source` of a contract Lookout deployed itself (not a test contract's `setUp()`). */
const SYNTHESISED = 'synthesised';

/** The funded accounts, deployer first, by the names lookout.toml and the report use (`deployer`, `alice`, …). */
export function namedAccounts(accounts: readonly Address[]): NonNullable<Report['senders']> {
  return accounts.map((address, i) => ({ name: SENDER_NAMES[i] ?? `sender${i}`, address }));
}

/** `--config FILE` (must exist), else `lookout.toml` at the project root when there is one. */
export function projectConfigFor(config: RunConfig, root: string): ProjectConfig {
  return config.configFile !== undefined ? readProjectConfig(config.configFile, { required: true }) : readProjectConfig(path.join(root, PROJECT_CONFIG_FILE));
}

/**
 * The world is built from the run's seed alone, so head and base get the same addresses and arguments.
 * Lookout's attacker (src/evm/attacker.ts) is deployed last, the same way on both.
 */
export function deployProject(
  project: CompiledProject,
  wanted: readonly CompiledContract[],
  projectConfig: ProjectConfig,
  seed: number,
): Promise<DeployedProject> {
  return deployRecipe(worldRecipe(project, wanted, projectConfig, seed));
}

/** How the wanted contracts are deployed, as plain data: what `buildWorld` deploys, in any thread. */
export function worldRecipe(project: CompiledProject, wanted: readonly CompiledContract[], config: ProjectConfig, seed: number): DeploymentRecipe {
  return { kind: 'deployment', contracts: project.contracts, wanted: wanted.map((c) => c.id), config, seed };
}

async function deployRecipe(recipe: DeploymentRecipe): Promise<DeployedProject> {
  const attacker = attackerContract();
  const world = await deployWorld({
    contracts: [...recipe.contracts, attacker],
    wanted: [...recipe.wanted, attacker.id],
    config: recipe.config,
    rng: new Rng(recipe.seed).fork('deploy'),
    executor: executorOptions(recipe.config.chain),
  });
  const deployed = world.deployed.find((d) => d.contract.id === ATTACKER_ID);
  if (deployed !== undefined) world.executor.leaveUnobserved(deployed.index);
  return world;
}

/** A campaign's world deployed anew in a worker thread: the same deployments at the same indexes and addresses. */
export async function rebuildCampaignWorld(recipe: WorldRecipe, subject: number): Promise<CampaignWorld> {
  return recipe.kind === 'deployment' ? campaignWorld(await deployRecipe(recipe), subject, recipe) : openSuite(recipe);
}

/** A world deployed from its recipe (the base revision's, in the main thread and again in each worker thread). */
export async function buildWorld(recipe: WorldRecipe): Promise<DeployedWorld> {
  const { executor, contracts } = recipe.kind === 'deployment' ? await deployRecipe(recipe) : await openSuite(recipe);
  return { executor, contracts };
}

async function openSuite(recipe: SuiteRecipe): Promise<CampaignWorld> {
  const opened = await openSuiteWorld(recipe);
  // The main thread ran the same setUp() successfully: a different outcome here is a bug.
  if ('reason' in opened) throw new Error(`${recipe.suite} setUp() did not run again: ${opened.reason}`);
  return opened.world;
}

/**
 * Deploys the wanted contracts (with what they need) into one world and plans one campaign per
 * wanted contract that deployed, calling it and the contracts it was deployed with. A contract that
 * was skipped here or by target selection keeps its targets, as `not-fuzzed` with the reason.
 */
export async function deployPlans(
  project: CompiledProject,
  selection: FuzzSelection,
  targets: readonly Target[],
  projectConfig: ProjectConfig,
  config: RunConfig,
  logger: Logger,
): Promise<DeployedPlans> {
  const recipe = worldRecipe(project, selection.contracts, projectConfig, config.seed);
  const world = await logger.group('Deploying', () => deployRecipe(recipe));
  const targetsOf = (contract: CompiledContract) => targets.filter((t) => t.contract === contract.id);
  const plans: ContractPlan[] = [];
  for (const contract of selection.contracts) {
    const deployed = world.deployed.find((d) => d.contract.id === contract.id);
    if (deployed) plans.push({ contract, targets: targetsOf(contract), world: campaignWorld(world, deployed.index, recipe) });
  }
  const unlinked = selection.libraries.filter((library) => !aimAtLibrary(library, targetsOf(library), plans, world));
  const unselected = [
    ...selection.skipped.map((s) => ({ contract: project.contracts.find((c) => c.file === s.file && c.name === s.contract)!, reason: s.reason })),
    ...unlinked.map((library) => ({ contract: library, reason: 'no deployed contract links this external library, so nothing executes its code' })),
  ];
  for (const { contract, reason } of world.skipped) logger.warning(`Not deploying ${contract.name} (${contract.file}): ${reason}`);
  const funded = fundingNote(world);
  if (funded !== undefined) logger.info(funded);
  const notFuzzed = [
    ...unselected.flatMap(({ contract, reason }) => notFuzzedTargets(targetsOf(contract), `${contract.name}: ${reason}`)),
    ...world.skipped.flatMap(({ contract, reason }) => notFuzzedTargets(targetsOf(contract), `${contract.name} was not deployed: ${reason}`)),
  ];
  const isDeployed = (contract: CompiledContract) => world.deployed.some((d) => d.contract.id === contract.id);
  const skipped = [...unselected.filter(({ contract }) => !isDeployed(contract)), ...world.skipped];
  // The attacker is Lookout's, not the project's: the report lists what the project deployed.
  const projectDeployed = world.deployed.filter((d) => d.contract.id !== ATTACKER_ID);
  return {
    world,
    plans,
    notFuzzed,
    senders: namedAccounts(world.executor.deployerAddresses),
    deployments: [...projectDeployed.map(deployedEntry), ...skipped.map(({ contract, reason }) => skippedEntry(contract, reason))],
  };
}

/** What the senders (and vaults) were given before the snapshot (README: what a campaign starts from), for the log. */
export function fundingNote(world: DeployedProject): string | undefined {
  const name = (index: number) => world.deployed.find((d) => d.index === index)!.contract.name;
  const given = new Map<string, Set<string>>();
  const donated: string[] = [];
  for (const { token, holder, via, amount } of world.funding) {
    if (via === 'donation')
      donated.push(`${world.deployed.find((d) => d.address === holder)?.contract.name ?? holder} holds ${amount} unit(s) of ${name(token)}`);
    else if (via === 'ether') donated.push(`${name(token)} holds ${etherText(amount)}`);
    else given.set(name(token), (given.get(name(token)) ?? new Set()).add(via));
  }
  const parts = [
    ...(given.size > 0 ? [`the senders hold ${[...given].map(([token, ways]) => `${token} (${[...ways].join(', ')})`).join(', ')}`] : []),
    ...donated,
  ];
  return parts.length === 0 ? undefined : `Funded before fuzzing: ${parts.join('; ')}`;
}

/**
 * An external library's own code runs when a contract that links it calls it: its targets join the
 * first campaign whose world holds the library (tracked in the library's code). False when none does.
 */
function aimAtLibrary(library: CompiledContract, targets: readonly Target[], plans: ContractPlan[], world: DeployedProject): boolean {
  const deployed = world.deployed.find((d) => d.contract.id === library.id);
  const plan = deployed && plans.find((p) => p.world.callable.includes(deployed.index));
  if (!deployed || !plan) return false;
  const { code, codeId } = world.executor.deployments[deployed.index];
  plan.targets.push(...targets.map((t) => ({ ...t, runtime: { code, codeId } })));
  return true;
}

/**
 * The campaign's view of the world: the subject, everything it was deployed with (transitively),
 * and the attacker when one of those can call out (pay or call back an account).
 */
export function campaignWorld(world: DeployedProject, subject: number, recipe: DeploymentRecipe): CampaignWorld {
  const callable = new Set([subject]);
  const queue = [subject];
  for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
    for (const dependency of world.deployed[index].dependencies) {
      if (!callable.has(dependency)) {
        callable.add(dependency);
        queue.push(dependency);
      }
    }
  }
  const attacker = world.deployed.find((d) => d.contract.id === ATTACKER_ID);
  if (attacker !== undefined && [...callable].some((i) => callsOut(world.executor.deployments[i].code))) callable.add(attacker.index);
  return {
    executor: world.executor,
    contracts: world.deployed.map((d) => d.contract),
    subject,
    callable: [...callable].sort((a, b) => a - b),
    redeploy: () => world.executor.fresh(),
    recipe,
    chain: recipe.config.chain,
  };
}

function deployedEntry(deployed: DeployedProject['deployed'][number]): ReportDeployment {
  return {
    contract: deployed.contract.name,
    file: deployed.contract.file,
    address: deployed.address,
    from: deployed.from,
    args: deployed.args.map(readable),
    value: deployed.value.toString(),
    deployer: deployed.deployer,
    skipped: null,
    source: SYNTHESISED,
  };
}

/** A contract that was not deployed, and why, as the report lists it; `source` says what tried to deploy it. */
export function skippedEntry(contract: CompiledContract, reason: string, source: string = SYNTHESISED): ReportDeployment {
  return {
    contract: contract.name,
    file: contract.file,
    address: null,
    from: null,
    args: [],
    value: '0',
    deployer: null,
    skipped: reason,
    source,
  };
}

function readable(value: ReadableValue): string {
  return typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : `[${value.map(readable).join(', ')}]`;
}

/**
 * What the executor takes of the chain model: the gas limit and the funded accounts. A deployer that
 * also sends goes first among the senders: oracles read sender 0 as the owner (its withdrawals are
 * by design).
 */
export function executorOptions(chain: ChainConfig): ExecutorOptions {
  if (chain.senders === undefined && chain.deployer === undefined) return { gasLimit: chain.gasLimit ?? DEFAULT_GAS_LIMIT };
  const senders = chain.senders ?? SENDER_ADDRESSES;
  const deployer = chain.deployer ?? senders[0];
  const ordered = senders.includes(deployer) ? [deployer, ...senders.filter((s) => s !== deployer)] : senders;
  return { gasLimit: chain.gasLimit ?? DEFAULT_GAS_LIMIT, accounts: { deployer, senders: ordered } };
}
