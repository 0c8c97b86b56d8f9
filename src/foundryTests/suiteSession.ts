import { getAddress, type Hex, hexToBytes, toFunctionSelector } from 'viem';
import { minimalProxyTarget } from '../bytecode/index.js';
import type { CompiledContract } from '../compile/index.js';
import { type Address, type Artifact, type ChainStart, Executor, findArtifact, type TxResult } from '../evm/index.js';
import { cheatcodeArtifacts } from './artifacts.js';
import { judgeCall, type CallVerdict, unsupportedReason } from './judge.js';
import { type AbiError, decodeBool } from '../abi/index.js';
import { readInvariantSelection } from './selection.js';
import type { InvariantSelection, SetUpContract, SetUpOutcome, TestSuite } from './types.js';
import { errorMessage } from '../errors.js';
import { contractOfRuntime } from '../deploy/index.js';
import { artifactFilter, type ArtifactFilter } from './artifactFilter.js';

/** forge's default sender (`msg.sender` and `tx.origin` of every test call); it deploys the test contract. */
export const FORGE_SENDER = '0x1804c8ab1f12e6bbf3894d4083f33e07309d1f38' as Address;
/** forge funds its sender and the test contract with 2^96 − 1 wei. */
export const FORGE_INITIAL_BALANCE = 2n ** 96n - 1n;

/** forge runs tests from block 1 at timestamp 1 (its default `block_number` and `block_timestamp`). */
export const FORGE_START: ChainStart = { number: 1n, timestamp: 1n };

const TEST_GAS_LIMIT = 30_000_000n;

export interface SuiteOptions {
  /** Gas limit of each test call (default 30,000,000, above the fuzzer's 12,500,000: a test may set up a whole protocol in one call). */
  gasLimit?: bigint;
  /** An Echidna/Medusa harness's accounts instead of forge's: who deploys it, who sends, the wei its constructor receives. */
  accounts?: HarnessAccounts;
}

export interface HarnessAccounts {
  deployer: Address;
  senders: readonly Address[];
  /** Sent with the creation call, as Echidna's `balanceContract` and Medusa's `targetContractsBalances` are. */
  balance: bigint;
}

/**
 * One test contract deployed, `setUp()` run and the state snapshotted: each test call starts from
 * there. The contracts `setUp()` deployed are the executor's deployments 1.. (0 is the test contract),
 * so a campaign can target them.
 */
export class SuiteSession {
  private constructor(
    readonly suite: TestSuite,
    readonly executor: Executor,
    readonly setUpContracts: readonly SetUpContract[],
    readonly selection: InvariantSelection,
    /** forge's artifact filters (`targetArtifacts()`, …), resolved among the build's contracts. */
    readonly artifacts: ArtifactFilter,
    /** The build's custom errors: a revert's reason names one with its arguments. */
    private readonly errors: readonly AbiError[],
  ) {}

  /** Deploys the suite and runs `setUp()`; a revert (or a cheatcode Lookout cannot run) skips it, saying why. */
  static async open(
    project: { contracts: readonly CompiledContract[] },
    suite: TestSuite,
    options: SuiteOptions = {},
  ): Promise<SuiteSession | { status: 'skipped'; reason: string }> {
    const { accounts } = options;
    const executor = await Executor.open({
      cheatcodes: { artifacts: cheatcodeArtifacts(project) },
      accounts: accounts ?? { deployer: FORGE_SENDER, senders: [FORGE_SENDER] },
      start: FORGE_START,
      gasLimit: options.gasLimit ?? TEST_GAS_LIMIT,
    });
    if (accounts === undefined) {
      executor.setBalance(FORGE_SENDER, FORGE_INITIAL_BALANCE);
      // forge starts its sender at nonce 1 (DappTools' addresses): the test contract lands at 0x7FA9…1496,
      // and what setUp() creates where forge creates it, so a reproducer's addresses hold under forge too.
      executor.setNonce(FORGE_SENDER, 1n);
    }
    const { contract } = suite;
    const value = accounts?.balance ?? 0n;
    const deployed = await executor.deploy({ file: contract.file, name: contract.name, creationCode: contract.creation.bytecode, value });
    if (deployed.kind === 'failed') {
      const name = executor.cheatcodes!.state.unsupported;
      return { status: 'skipped', reason: name === undefined ? `the constructor ${deployed.reason}` : unsupportedReason(name) };
    }
    const testAddress = deployed.deployment.address;
    if (accounts === undefined) executor.setBalance(testAddress, FORGE_INITIAL_BALANCE);
    const errors = buildErrors(project.contracts);
    const setUp = suite.hasSetUp ? await callFunction(executor, toFunctionSelector('function setUp()')) : undefined;
    if (setUp !== undefined) {
      const verdict = judgeCall(setUp, executor.cheatcodes!, false, errors);
      if (verdict.kind === 'rejected') return { status: 'skipped', reason: 'setUp() called vm.assume(false)' };
      if (verdict.kind === 'skipped') return { status: 'skipped', reason: verdict.reason };
      if (verdict.kind === 'failed') return { status: 'skipped', reason: `setUp() failed: ${verdict.reason}` };
    }
    const created = adoptCreated(executor, project, testAddress);
    const selection = await readInvariantSelection(executor, contract.abi);
    const setUpContracts = adoptInterfaces(executor, project, selection, created);
    if (typeof setUpContracts === 'string') return { status: 'skipped', reason: setUpContracts };
    const artifacts = artifactFilter(selection, project.contracts);
    if (typeof artifacts === 'string') return { status: 'skipped', reason: artifacts };
    await executor.snapshot();
    return new SuiteSession(suite, executor, setUpContracts, selection, artifacts, errors);
  }

  get testAddress(): Address {
    return this.executor.deployments[0].address;
  }

  /** Calls a function of the test contract from the post-`setUp` state and judges it by forge's rules. */
  async call(data: Hex, expectsFailure = false): Promise<CallVerdict> {
    this.executor.reset();
    const verdict = judgeCall(await callFunction(this.executor, data), this.executor.cheatcodes!, expectsFailure, this.errors);
    return verdict.kind === 'passed' && (await this.flaggedFailed())
      ? { kind: 'failed', reason: 'failed() is true: an assertion failed without reverting' }
      : verdict;
  }

  /** DSTest-style assertions record a failure (`failed()`) instead of reverting; forge reads it after a passing call. */
  private async flaggedFailed(): Promise<boolean> {
    if (!this.suite.contract.abi.some((item) => item.type === 'function' && item.name === 'failed' && item.inputs.length === 0)) return false;
    const result = await this.executor.view(0, hexToBytes(toFunctionSelector('function failed()')));
    return result.success && decodeBool(result.returnData) === true;
  }
}

export function isSkipped(session: SuiteSession | { status: 'skipped'; reason: string }): session is { status: 'skipped'; reason: string } {
  return !(session instanceof SuiteSession);
}

export function setUpOutcome(session: SuiteSession | { status: 'skipped'; reason: string }): SetUpOutcome {
  return isSkipped(session) ? session : { status: 'ready' };
}

/** One call from forge's sender to the test contract. */
export function callFunction(executor: Executor, data: Hex): Promise<TxResult> {
  return executor.run({ sender: 0, to: 0, data: hexToBytes(data), value: 0n, blockDelay: 0, timeDelay: 0 });
}

/** The contracts `setUp()` created that still have code, made deployments (1..) with the compiled contract each runs. */
/** Every custom error the build declares, once (a contract's ABI repeats those it inherits or uses). */
function buildErrors(contracts: readonly CompiledContract[]): AbiError[] {
  const errors = new Map<string, AbiError>();
  for (const item of contracts.flatMap((c) => c.abi)) if (item.type === 'error') errors.set(JSON.stringify(item), item);
  return [...errors.values()];
}

function adoptCreated(executor: Executor, project: { contracts: readonly CompiledContract[] }, testAddress: Address): SetUpContract[] {
  const created = [...new Set(executor.cheatcodes!.created)].filter((address) => address !== testAddress);
  return created.flatMap((address) => {
    const codeId = executor.codeIdOf(address);
    if (codeId === undefined) return [];
    const contract = runningContract(executor, executor.code(codeId), project.contracts);
    executor.adopt({ address, file: contract?.file ?? '', name: contract?.name ?? address });
    return [{ address, contract }];
  });
}

/**
 * The compiled contract whose functions an address runs: its own code's, or for an EIP-1167 clone its
 * implementation's (the clone is called through the implementation's ABI, as a factory's users do).
 */
function runningContract(executor: Executor, code: Uint8Array, contracts: readonly CompiledContract[]): CompiledContract | undefined {
  const implementation = minimalProxyTarget(code);
  const codeId = implementation === undefined ? undefined : executor.codeIdOf(getAddress(implementation) as Address);
  return contractOfRuntime(codeId === undefined ? code : executor.code(codeId), contracts);
}

/**
 * forge's `targetInterfaces()`: an address (a proxy, code `setUp()` etched) called through a compiled
 * contract's ABI, named by artifact path. The address becomes a deployment with that contract (the
 * first artifact named for it); an artifact no compiled contract matches is the reason to skip.
 */
function adoptInterfaces(
  executor: Executor,
  project: { contracts: readonly CompiledContract[] },
  selection: InvariantSelection,
  created: SetUpContract[],
): SetUpContract[] | string {
  const adopted = [...created];
  const artifacts = cheatcodeArtifacts(project);
  for (const { address, artifacts: paths } of selection.targetInterfaces) {
    if (paths.length === 0) continue;
    const artifact = interfaceArtifact(artifacts, paths[0]);
    if (typeof artifact === 'string') return artifact;
    const contract = project.contracts.find((c) => c.file === artifact.file && c.name === artifact.name);
    const known = adopted.findIndex((c) => c.address === address);
    if (known >= 0) adopted[known] = { address, contract };
    else if (executor.codeIdOf(address) !== undefined) {
      executor.adopt({ address, file: artifact.file, name: artifact.name });
      adopted.push({ address, contract });
    }
  }
  return adopted;
}

function interfaceArtifact(artifacts: readonly Artifact[], path: string): Artifact | string {
  try {
    return findArtifact(artifacts, path);
  } catch (error) {
    return `targetInterfaces(): ${errorMessage(error)}`;
  }
}
