import type { AbiFunction, Hex } from 'viem';
import type { CompiledContract } from '../compile/index.js';
import type { Address } from '../evm/index.js';

/**
 * What forge runs from a test function: `unit` (no parameters), `fuzz` (parameters: one call per
 * input), or `invariant` (`invariant_*`/`statefulFuzz_*`: a property checked after every call of a
 * sequence).
 */
export type TestKind = 'unit' | 'fuzz' | 'invariant';

export interface TestFunction {
  name: string;
  fn: AbiFunction;
  kind: TestKind;
  /** Legacy `testFail*`: passes when it fails. */
  expectsFailure: boolean;
}

/** A test contract and the functions forge would run from it. */
export interface TestSuite {
  contract: CompiledContract;
  hasSetUp: boolean;
  tests: TestFunction[];
  /** `afterInvariant()`: run at the end of each invariant sequence. */
  hasAfterInvariant: boolean;
}

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestResult {
  name: string;
  kind: TestKind;
  status: TestStatus;
  /** Why it failed or was skipped (decoded revert, unmet expectation, the cheatcode Lookout cannot run). */
  reason?: string;
  /** The inputs of the failing fuzz run, ABI-decoded. */
  counterexample?: readonly unknown[];
  /** The failing invariant sequence. */
  sequence?: readonly InvariantCall[];
  /** Inputs run (fuzz), sequences run (invariant). */
  runs: number;
  /** Inputs `vm.assume` rejected. */
  rejected: number;
}

/** One call of an invariant sequence: from whom, to which contract, with which calldata. */
export interface InvariantCall {
  sender: Address;
  target: Address;
  data: Hex;
}

export interface FuzzSelector {
  address: Address;
  selectors: Hex[];
}

/**
 * Forge's invariant-mode selection, read from the test contract after `setUp()` through the getters
 * forge-std's StdInvariant declares (empty when the contract lacks one).
 */
export interface InvariantSelection {
  targetContracts: Address[];
  excludeContracts: Address[];
  targetSenders: Address[];
  excludeSenders: Address[];
  targetSelectors: FuzzSelector[];
  excludeSelectors: FuzzSelector[];
  targetInterfaces: { address: Address; artifacts: string[] }[];
  targetArtifacts: string[];
  excludeArtifacts: string[];
  targetArtifactSelectors: { artifact: string; selectors: Hex[] }[];
}

/** A contract `setUp()` deployed (or the test contract itself), identified by its code when it is one of the project's. */
export interface SetUpContract {
  address: Address;
  /** The compiled contract whose runtime code it runs; undefined for code Lookout did not compile. */
  contract: CompiledContract | undefined;
}

export type SetUpOutcome = { status: 'ready' } | { status: 'skipped'; reason: string };

export interface SuiteResult {
  /** `file:Name` of the test contract. */
  suite: string;
  setUp: SetUpOutcome;
  results: TestResult[];
}
