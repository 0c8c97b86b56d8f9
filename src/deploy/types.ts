import type { CompiledContract, ContractId } from '../compile/index.js';
import type { ProjectConfig } from '../config/index.js';
import type { Address, Executor, ExecutorOptions } from '../evm/index.js';
import type { Rng } from '../rng.js';
import type { Funding } from './funding.js';

export interface DeployWorldRequest {
  /** Every contract of the compiled project: what can be deployed, linked, or passed as an argument. */
  contracts: readonly CompiledContract[];
  /** The contracts under test (those holding changed lines), deployed in this order after `config.deploy`. */
  wanted: readonly ContractId[];
  config: ProjectConfig;
  /** Picks among synthesised argument choices: the same seed gives the same world. */
  rng: Rng;
  executor?: ExecutorOptions;
}

/**
 * A deployed chain state: `contracts[i]` is the compiled contract behind `executor.deployments[i]`.
 * Head's and the base's worlds, a campaign's and a test contract's `setUp()` world are all this.
 */
export interface DeployedWorld {
  executor: Executor;
  contracts: readonly CompiledContract[];
}

/** Every contract that could be deployed, in one chain state, snapshotted, with how each was deployed. */
export interface DeployedProject extends DeployedWorld {
  /** In deployment order: `deployed[i]` is `executor.deployments[i]` (libraries and dependencies included). */
  deployed: readonly DeployedContract[];
  /** Contracts that were wanted, or tried as a dependency, and could not be deployed. */
  skipped: readonly SkippedDeployment[];
  /** The tokens the senders were given before the snapshot (see `fundSenders`). */
  funding: readonly Funding[];
}

/** A constructor argument as the report shows it: integers in decimal, addresses and bytes in hex. */
export type ReadableValue = string | boolean | readonly ReadableValue[];

export interface DeployedContract {
  contract: CompiledContract;
  /** Index into `executor.deployments`: a transaction's `to`. */
  index: number;
  address: Address;
  args: readonly ReadableValue[];
  /** Wei sent with the creation call. */
  value: bigint;
  deployer: Address;
  /** `config` when lookout.toml pins its arguments; `created` when another constructor created it. */
  from: 'config' | 'synthesised' | 'created';
  /** Deployment indexes of the libraries it links and the contracts its arguments name. */
  dependencies: readonly number[];
}

export interface SkippedDeployment {
  contract: CompiledContract;
  /** What failed and, where it helps, what to change (e.g. pin arguments in lookout.toml). */
  reason: string;
}
