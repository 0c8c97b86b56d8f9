import { concatBytes, encodeAbiParameters, hexToBytes } from 'viem';
import type { CompiledContract, ContractId } from '../compile/index.js';
import { ConfigurationError, errorMessage } from '../errors.js';
import { type Address, ATTACKER_ADDRESS, ATTACKER_CREATOR, type CreatedContract, DEPLOY_GAS, type Deployment, Executor } from '../evm/index.js';
import { SENDER_NAMES } from '../config/index.js';
import { contractOfRuntime } from './runtimeMatch.js';
import { type AbiValue, formatArgs } from '../abi/index.js';
import type { Rng } from '../rng.js';
import { ContractCatalog, constructorOf, contractTypeNames, isDeployable } from './catalog.js';
import { configuredValues, contractReferences } from './configuredArgs.js';
import { ATTACKER_ID, callsOut } from './attacker.js';
import { candidateVectors, constructorChoices } from './constructorArgs.js';
import { fundSenders, issuesTokens } from './funding.js';
import { linkCode } from './link.js';
import { resolveConfig, type ResolvedConfig } from './pins.js';
import { STAGE_TOKEN_INSTANCES, stageTokenCandidates } from './stageTokens.js';
import { tokenBalance } from './tokenViews.js';
import type { DeployedContract, DeployWorldRequest, ReadableValue, SkippedDeployment, DeployedProject } from './types.js';

/** Creation attempts per contract: argument vectors times the values tried for a payable constructor. */
const MAX_ATTEMPTS = 16;
const PAYABLE_VALUES = [0n, 10n ** 18n];

type Outcome = { kind: 'deployed'; deployed: DeployedContract } | { kind: 'skipped'; reason: string };

interface Attempt {
  args: readonly AbiValue[];
  value: bigint;
}

/**
 * Deploys the configured and the wanted contracts, with everything they need first (libraries to
 * link, contracts their constructors take), into one executor, and snapshots it. A contract that
 * cannot be deployed is skipped with the reason; the others still are. Throws ConfigurationError
 * only for a configuration that names what the build does not have or does not fit a constructor.
 */
export async function deployWorld(request: DeployWorldRequest): Promise<DeployedProject> {
  const catalog = new ContractCatalog(request.contracts);
  const config = resolveConfig(request.config, catalog);
  const builder = new WorldBuilder(await Executor.open(request.executor), catalog, config, request.rng);
  const wanted = request.wanted.map((id) => {
    const contract = catalog.byId(id);
    if (contract === undefined) throw new Error(`deployWorld: ${id} is not in the build`);
    return contract;
  });
  for (const contract of [...config.deploy, ...wanted]) await builder.ensure(contract);
  return builder.finish();
}

class WorldBuilder {
  private readonly outcomes = new Map<ContractId, Outcome>();
  /** Contracts being deployed, outermost first: one met again is a dependency cycle. */
  private readonly path: CompiledContract[] = [];
  private readonly deployed: DeployedContract[] = [];
  private readonly skipped: SkippedDeployment[] = [];

  constructor(
    private readonly executor: Executor,
    private readonly catalog: ContractCatalog,
    private readonly config: ResolvedConfig,
    private readonly rng: Rng,
  ) {}

  async finish(): Promise<DeployedProject> {
    const funding = await fundSenders(this.executor, this.deployed);
    await this.executor.snapshot();
    return { executor: this.executor, contracts: this.deployed.map((d) => d.contract), deployed: this.deployed, skipped: this.skipped, funding };
  }

  /** Deploys a contract once (its dependencies first), or says why it cannot be. */
  async ensure(contract: CompiledContract): Promise<Outcome> {
    const id = contract.id;
    const known = this.outcomes.get(id);
    if (known !== undefined) return known;
    const cycleStart = this.path.findIndex((c) => c.id === id);
    if (cycleStart >= 0) {
      // Not recorded: the contract's own attempt, further up, records how it ends.
      return { kind: 'skipped', reason: `dependency cycle ${[...this.path.slice(cycleStart), contract].map((c) => c.name).join(' → ')}` };
    }
    this.path.push(contract);
    let outcome: Outcome;
    try {
      outcome = await this.attempt(contract);
    } finally {
      this.path.pop();
    }
    this.outcomes.set(id, outcome);
    if (outcome.kind === 'skipped') this.skipped.push({ contract, reason: outcome.reason });
    return outcome;
  }

  private async attempt(contract: CompiledContract): Promise<Outcome> {
    const skippedBy = this.config.skip.get(contract.id);
    if (skippedBy !== undefined) return skip(`skipped by ${this.config.file} (\`${skippedBy}\`)`);
    if (!isDeployable(contract) && contract.kind !== 'library') {
      return skip(`${contract.kind === 'interface' ? 'an interface' : 'abstract'}: nothing to deploy; its code runs in the contracts that inherit it`);
    }
    const libraries = new Map<string, Address>();
    for (const reference of contract.creation.linkReferences) {
      const library = this.catalog.library(reference);
      if (library === undefined) return skip(`links library ${reference.file}:${reference.library}, which is not in the build`);
      const outcome = await this.ensure(library);
      if (outcome.kind === 'skipped') return skip(`needs library ${library.name}, which could not be deployed: ${outcome.reason}`);
      libraries.set(`${reference.file}:${reference.library}`, outcome.deployed.address);
    }
    const code = linkCode(contract.creation.bytecode, contract.creation.linkReferences, (r) => libraries.get(`${r.file}:${r.library}`)!);
    const plan = await this.plan(contract);
    if ('reason' in plan) return skip(plan.reason);
    const tokens = await this.stageTokens(contract);
    return this.create(contract, code, plan, { libraries: new Set(libraries.values()), tokens });
  }

  /**
   * Deployment indexes of the tokens a contract trades without being given them at construction
   * (see `stageTokenCandidates`): STAGE_TOKEN_INSTANCES instances of the first candidate that deploys
   * and that someone holds or can be given, as a user's test deploys them before the pair. Empty when
   * none applies or deploys.
   */
  private async stageTokens(contract: CompiledContract): Promise<number[]> {
    if (this.config.pins.get(contract.id)?.args !== undefined) return [];
    for (const candidate of stageTokenCandidates(contract, this.catalog.contracts)) {
      const first = await this.ensure(candidate);
      if (first.kind === 'skipped' || !(await this.holdsOrIssues(first.deployed))) continue;
      const instances = [first.deployed.index];
      while (instances.length < STAGE_TOKEN_INSTANCES) {
        // A further instance, past `ensure`'s one per contract: the same arguments give the same token at another address.
        const again = await this.attempt(candidate);
        if (again.kind === 'skipped') break;
        instances.push(again.deployed.index);
      }
      return instances;
    }
    return [];
  }

  /** The argument vectors and values to try: the configured ones, or synthesised. */
  private async plan(contract: CompiledContract): Promise<{ attempts: Attempt[]; from: 'config' | 'synthesised' } | { reason: string }> {
    const { params, payable } = constructorOf(contract);
    const pin = this.config.pins.get(contract.id);
    const values = pin?.value !== undefined ? [pin.value] : payable ? PAYABLE_VALUES : [0n];
    if (pin?.args !== undefined) {
      const addresses = new Map<string, Address>();
      for (const { ref, key } of contractReferences(pin.args)) {
        const outcome = await this.ensure(this.config.contract(ref, key));
        if (outcome.kind === 'skipped') return { reason: `\`${key}\` in ${this.config.file} names ${ref}, which could not be deployed: ${outcome.reason}` };
        addresses.set(ref, outcome.deployed.address);
      }
      const args = configuredValues(
        pin.args,
        params,
        { contract: (ref) => addresses.get(ref)!, sender: (i) => this.account(i) },
        { file: this.config.file, key: pin.key },
      );
      return { attempts: values.map((value) => ({ args, value })), from: 'config' };
    }
    const implementers = new Map<string, Address>();
    for (const typeName of contractTypeNames(params)) {
      const found = await this.implementer(typeName);
      if ('reason' in found) return found;
      if (found.deployed !== undefined) implementers.set(typeName, found.deployed.address);
    }
    const context = {
      implementers,
      contracts: this.deployed.filter((d) => d.contract.kind !== 'library').map((d) => ({ name: d.contract.name, address: d.address })),
      senders: this.executor.deployerAddresses,
      // Deployed last, at an address known now: a role or a payment it holds is one the campaign can use only when it calls the attacker.
      attacker: this.catalog.byId(ATTACKER_ID) !== undefined && callsOut(contract.deployed.bytecode) ? ATTACKER_ADDRESS : undefined,
    };
    let synthesised: ReturnType<typeof constructorChoices>;
    try {
      synthesised = constructorChoices(params, context);
    } catch (error) {
      // abiType's message names the type (e.g. a function type).
      return { reason: `its constructor arguments cannot be synthesised (${errorMessage(error)}): pin them in ${this.config.file}` };
    }
    const vectors = candidateVectors(synthesised.choices, this.rng.fork(contract.id), Math.ceil(MAX_ATTEMPTS / values.length), synthesised.inStep);
    return { attempts: vectors.flatMap((args) => values.map((value) => ({ args, value }))), from: 'synthesised' };
  }

  /**
   * A deployed contract standing for parameters typed `contract <typeName>`: the first candidate
   * that deploys. `deployed` is undefined when no project contract has that type (any address goes).
   */
  private async implementer(typeName: string): Promise<{ deployed?: DeployedContract } | { reason: string }> {
    const candidates = this.catalog.implementers(typeName);
    if (candidates === undefined || candidates.length === 0) return {};
    const failures: string[] = [];
    for (const candidate of candidates) {
      const outcome = await this.ensure(candidate);
      if (outcome.kind === 'deployed') return { deployed: outcome.deployed };
      failures.push(`${candidate.name}: ${outcome.reason}`);
    }
    return { reason: `its constructor needs a deployed ${typeName}, and none could be deployed (${failures.join('; ')})` };
  }

  /** Account `index` (deployer, alice, bob), which configured `senders` may not provide. */
  private account(index: number): Address {
    const account = this.executor.deployerAddresses[index];
    if (account === undefined) {
      throw new ConfigurationError(
        `${this.config.file} names the account ${SENDER_NAMES[index]}, but its \`senders\` and \`deployer\` give only ${this.executor.deployerAddresses.length} account(s).`,
      );
    }
    return account;
  }

  /** The contracts a constructor created that the build knows, as deployments of their own. */
  private adoptCreated(created: readonly CreatedContract[], creator: Deployment): DeployedContract[] {
    return created.flatMap(({ address, code }) => {
      const contract = contractOfRuntime(code, this.catalog.contracts);
      if (contract === undefined) return [];
      const index = this.executor.adopt({ file: contract.file, name: contract.name, address }, creator.deployer);
      return [{ contract, index, address, args: [], value: 0n, deployer: creator.address, from: 'created' as const, dependencies: [] }];
    });
  }

  /** Whether a token's deployer holds some of it, or anyone can be given it (funding gives the senders some). */
  private async holdsOrIssues(token: DeployedContract): Promise<boolean> {
    return issuesTokens(token.contract.abi) || ((await tokenBalance(this.executor, token.index, token.deployer)) ?? 0n) > 0n;
  }

  /**
   * Tries each attempt until one deploys. `libraries` are the addresses linked into `code`; `tokens`
   * the deployment indexes of the tokens deployed for it to trade (fuzzed with it).
   */
  private async create(
    contract: CompiledContract,
    code: Uint8Array,
    plan: { attempts: Attempt[]; from: 'config' | 'synthesised' },
    { libraries, tokens }: { libraries: ReadonlySet<Address>; tokens: readonly number[] },
  ): Promise<Outcome> {
    const { params } = constructorOf(contract);
    const deployer = this.config.pins.get(contract.id)?.deployer ?? 0;
    // Lookout's attacker comes from an account of its own, so that its address is known before it is deployed.
    const creator = contract.id === ATTACKER_ID ? ATTACKER_CREATOR : undefined;
    const deployerAddress = creator ?? this.account(deployer);
    const reasons: string[] = [];
    let outOfGas = false;
    for (const { args, value } of plan.attempts) {
      const encoded = params.length === 0 ? code : concatBytes([code, hexToBytes(encodeAbiParameters(params, args as unknown[]))]);
      const outcome = await this.executor.deploy({ file: contract.file, name: contract.name, creationCode: encoded, deployer, creator, value });
      if (outcome.kind === 'failed') {
        reasons.push(outcome.reason);
        outOfGas ||= outcome.outOfGas === true;
        continue;
      }
      const readable = formatArgs(args, params) as ReadableValue[];
      const named = new Set<unknown>([...libraries, ...leaves(readable)]);
      const created = this.adoptCreated(outcome.created, outcome.deployment);
      const deployed: DeployedContract = {
        contract,
        index: outcome.index,
        address: outcome.deployment.address,
        args: readable,
        value,
        deployer: deployerAddress,
        from: plan.from,
        // What it created is fuzzed with it, as Echidna's allContracts does.
        dependencies: [...this.deployed.filter((d) => named.has(d.address)).map((d) => d.index), ...tokens, ...created.map((d) => d.index)],
      };
      this.deployed.push(deployed, ...created);
      return { kind: 'deployed', deployed };
    }
    const hint = outOfGas
      ? `; raise \`gas-limit\` in ${this.config.file} (a deployment gets the larger of it and ${DEPLOY_GAS.toLocaleString('en-US')} gas)`
      : '';
    return skip(failureReason(reasons, plan.from, this.config.file, contract) + hint);
  }
}

function failureReason(reasons: readonly string[], from: 'config' | 'synthesised', file: string, contract: CompiledContract): string {
  if (from === 'config') return `its constructor ${reasons[0]} with the arguments from ${file}`;
  const distinct = [...new Set(reasons)];
  const others = distinct.length > 1 ? ` (also: ${distinct.slice(1, 3).join('; ')})` : '';
  const tried = reasons.length === 1 ? '' : ` for each of the ${reasons.length} argument choices tried`;
  const hint = constructorOf(contract).params.length > 0 ? `; pin working arguments in ${file} under [contracts.${contract.name}]` : '';
  return `its constructor ${distinct[0]}${tried}${others}${hint}`;
}

/** The scalar values of nested arguments: the addresses an argument list names are among them. */
function leaves(values: readonly ReadableValue[]): (string | boolean)[] {
  return values.flatMap((value) => (Array.isArray(value) ? leaves(value) : [value as string | boolean]));
}

function skip(reason: string): Outcome {
  return { kind: 'skipped', reason };
}
