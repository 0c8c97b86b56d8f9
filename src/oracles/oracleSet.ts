import { toFunctionSelector, toFunctionSignature, type Abi, type AbiFunction, type Hex } from 'viem';
import { type Address, ATTACKER_FILE, ATTACKER_NAME, type Deployment } from '../evm/index.js';
import { controlledDelegatecallOracle } from './delegatecall.js';
import { etherLeakOracle } from './etherLeak.js';
import { readOnlyCalls } from './getterPanic.js';
import { propertyFunctions } from './property.js';
import { reentrancyOracle, type FunctionNamer } from './reentrancy.js';
import { selfdestructOracle } from './selfdestruct.js';
import { storageWriteOracle } from './storageWrite.js';
import { hasDecimals, isErc20Shaped } from '../abi/index.js';
import { isTestHelper } from './testHelper.js';
import { tokenTheftOracle } from './tokenTheft.js';
import { transactionOracles } from './transaction.js';
import type { PropertyFunction, SequenceOracle, TxOracle } from './types.js';

/** What decides the oracles' verdicts beyond the code: the same values on head and on the base replay. */
export interface OracleSettings {
  /** Panic codes reported as `panic` findings. */
  panicCodes: ReadonlySet<number>;
  /** The campaign's random storage slot (the arbitrary-storage-write oracle's probe). */
  probe: bigint;
}

/** The contract behind a deployment, as far as the oracles look at it. */
export interface OracleContract {
  file: string;
  name: string;
  abi: Abi;
  storageLayout: readonly { label: string; slot: bigint; type: string }[];
}

/** A deployed world: `contracts[i]` was deployed as `deployments[i]`; `subject` is the fuzzed one. */
export interface OracleWorld {
  contracts: readonly OracleContract[];
  deployments: readonly Deployment[];
  subject: number;
}

/** Every oracle a sequence is judged by, in the shape `SequenceHarness` takes. */
export interface OracleSet {
  oracles: TxOracle[];
  sequenceOracles: SequenceOracle[];
  properties: PropertyFunction[];
}

/**
 * The full oracle set, built one way for the campaign and for the replay on the base revision, so
 * that "introduced" and "pre-existing" are decided by the same oracles: per transaction (assertion,
 * panics, arbitrary storage write), per sequence (ether leak, token theft for every ERC-20-shaped
 * deployment that is not a test helper, unprotected selfdestruct, controlled delegatecall, and
 * reentrancy when the world holds Lookout's attacker), and the subject's property functions. The
 * contracts' ABIs tell getters, whose out-of-range panics are no failures, from other functions.
 */
export function buildOracles(world: OracleWorld, settings: OracleSettings): OracleSet {
  const { contracts, deployments, subject } = world;
  const addresses = deployments.map((d) => d.address);
  const tokens = contracts.flatMap((contract, index) =>
    isErc20Shaped(contract.abi) && !isTestHelper(contract.file, contract.name)
      ? [tokenTheftOracle({ index, deployment: deployments[index], layout: contract.storageLayout, hasDecimals: hasDecimals(contract.abi) }, addresses)]
      : [],
  );
  const attacker = contracts.findIndex((c) => c.file === ATTACKER_FILE && c.name === ATTACKER_NAME);
  // Last: it re-runs the transaction, which the others need not see twice.
  const reentrancy = attacker < 0 ? [] : [reentrancyOracle({ index: attacker, deployment: deployments[attacker] }, deployments, functionNamer(world))];
  return {
    oracles: perTransaction(contracts, settings),
    sequenceOracles: [etherLeakOracle(deployments), ...tokens, selfdestructOracle, controlledDelegatecallOracle(deployments), ...reentrancy],
    properties: propertyFunctions(contracts[subject].abi, subject, deployments[subject].codeId),
  };
}

/** The per-transaction oracles of a world whose `contracts[i]` is deployment i's contract. */
function perTransaction(contracts: readonly { abi: Abi }[], settings: OracleSettings): TxOracle[] {
  return [
    ...transactionOracles({ panicCodes: settings.panicCodes, readsOnly: readOnlyCalls(contracts.map((c) => c.abi)) }),
    storageWriteOracle(settings.probe),
  ];
}

/** Names a call to a deployment of the world by its contract's ABI (`withdraw()`). */
function functionNamer(world: OracleWorld): FunctionNamer {
  return (to: Address, data: Hex) => {
    const index = world.deployments.findIndex((d) => d.address.toLowerCase() === to.toLowerCase());
    const selector = data.slice(0, 10).toLowerCase();
    const fn = world.contracts[index]?.abi.find((item): item is AbiFunction => item.type === 'function' && toFunctionSelector(item) === selector);
    return fn && toFunctionSignature(fn);
  };
}

/**
 * A Foundry test contract's world (`SuiteScope`): the per-transaction oracles, the suite's own
 * sequence oracles (its test functions' verdicts) and its invariants. Cheatcodes move balances and
 * identities there (`deal`, `prank`), which the ether-leak and token-theft oracles take for attacks.
 * `contracts[i]` is deployment i's contract (the test contract first), for what its calls only read.
 */
export function suiteOracles(
  suite: { sequenceOracles: readonly SequenceOracle[]; properties: readonly PropertyFunction[] },
  contracts: readonly { abi: Abi }[],
  settings: OracleSettings,
): OracleSet {
  return {
    oracles: perTransaction(contracts, settings),
    sequenceOracles: [...suite.sequenceOracles],
    properties: [...suite.properties],
  };
}
