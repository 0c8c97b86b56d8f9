import type { Abi, AbiParameter } from 'viem';
import type { ReportFinding } from '../../report/index.js';

/** A contract the reproducer's `setUp()` deploys, as the campaign's world did, in the same order. */
export interface PlannedDeployment {
  /** The contract's name and the file declaring it (what the reproducer imports). */
  contract: string;
  file: string;
  /** The campaign's address: sequences and arguments name it, the reproducer by `instance`. */
  address: string;
  /** Constructor parameters and arguments (as the report holds them: numbers in decimal, addresses in hex). */
  params: readonly AbiParameter[];
  /** Its ABI: the parameter types of the functions the sequence calls. */
  abi: Abi;
  args: readonly unknown[];
  value: bigint;
  deployer: string;
  /**
   * `created`: another constructor created it (`creator`'s `nonce`-th creation), so the reproducer
   * computes its address instead of deploying it; `library`: linked, deployed by forge, never by name.
   */
  how: { kind: 'new' } | { kind: 'created'; creator: string; nonce: number } | { kind: 'library' };
  /**
   * The harness's state variable setUp() stored it in: a reproducer inheriting the harness reads it
   * there, since on another revision setUp() may create it elsewhere (CREATE2 over code the PR changed).
   */
  variable?: string;
}

/**
 * A test contract of the project's own (harness17's campaigns from Foundry tests): the reproducer
 * inherits it, so forge runs its `setUp()`, and names the contracts it deployed by their addresses.
 */
export interface ReproducerSuite {
  file: string;
  contract: string;
  /** Its functions: the invariant or test function the reproducer calls. */
  abi: Abi;
  /** Whether it inherits a `vm` (else the reproducer declares its own). */
  declaresVm: boolean;
  /** Its `external` functions, called as `this.f()`. */
  externalFunctions: string[];
}

/**
 * Lookout's attacker, when the sequence goes through it (or names it): its runtime code is etched at
 * the address the campaign deployed it to. It is deployed last, so leaving it out moves no other address.
 */
export interface PlannedAttacker {
  address: string;
  /** Runtime code, 0x-hex. */
  runtime: string;
}

/**
 * One transaction of the campaign's funded start state (src/deploy/funding.ts), replayed after the
 * deployments: `from` mints `amount` to the holder, wraps `value` wei as the holder, sends the holder
 * its balance divided by `shares`, donates `amount` to a vault (the holder), or sends a contract (the
 * holder; `token` is its address too) `value` wei with empty calldata.
 */
export type PlannedFunding = { token: string; from: string; holder: string } & (
  { via: 'mint' | 'donation'; amount: bigint } | { via: 'deposit' | 'ether'; value: bigint } | { via: 'transfer'; shares: number }
);

/** How a call of the sequence ended when Lookout replayed it: a reverting step is made through try/catch. */
export interface StepOutcome {
  success: boolean;
  /** The raw return (or revert) data, 0x-hex. */
  returnData: string;
  /** The logs it emitted (none when it reverted), as forge's `getRecordedLogs` gives them; replays record them. */
  logs?: readonly RecordedLog[];
  /** The nonzero changes it made to the ether of the world's senders and deployments, in wei; replays record them. */
  ether?: readonly { account: string; change: bigint }[];
  /**
   * The last call's changes to the plan's `tokenViews` (same order), when they were read: undefined
   * for a view that reverted before or after it.
   */
  tokenChanges?: readonly (bigint | undefined)[];
}

/** An ERC-20 view the reproducer can read before and after the diverging call: `token.balanceOf(alice)`. */
export interface TokenView {
  /** The token's address, and the view with its address arguments. */
  token: string;
  fn: 'totalSupply' | 'balanceOf' | 'allowance';
  args: readonly string[];
}

export interface RecordedLog {
  /** 0x-hex words and data. */
  topics: readonly string[];
  data: string;
  emitter: string;
}

/** Everything the Solidity source is written from: pure data, no executor. */
export interface ReproducerPlan {
  finding: ReportFinding;
  /** The test file's name (`Vault.assertion.t.sol`) and the test contract's (`VaultAssertionTest`). */
  file: string;
  contract: string;
  /** The funded accounts by role, deployer first, and what each held before deployment. */
  senders: readonly { name: string; address: string }[];
  senderBalance: bigint;
  /** The chain's first block and timestamp (the campaign's executor starts there). */
  start: { block: bigint; timestamp: bigint };
  deployments: readonly PlannedDeployment[];
  /** The funding transactions after the deployments, in the campaign's order. */
  funding: readonly PlannedFunding[];
  attacker?: PlannedAttacker;
  /** Head's outcome of each call of `finding.sequence`, when it was replayed. */
  head?: readonly StepOutcome[];
  /** `behaviour-change`: the base's outcome of the diverging (last) call: what the reproducer asserts. */
  baseOutcome?: StepOutcome;
  /** A behaviour change in token balances: the views read around the diverging call (on the base, and on head when `head` is known). */
  tokenViews?: readonly TokenView[];
  /** The file declaring each contract or interface of the build, by name: what a contract-typed parameter imports. */
  typeFiles: ReadonlyMap<string, string>;
  /** The compiler the project built the finding's contract with: the reproducer is compiled with it. */
  solidityVersion: string;
  /** The reproducer's `pragma solidity` range: the project's own (its source file's); absent: `^<solidityVersion>`. */
  pragma?: string;
  /** Import forge-std's `Test` (the project resolves `forge-std/Test.sol`), else a self-contained `Vm` interface. */
  forgeStd: boolean;
  harness?: ReproducerSuite;
  /**
   * `false`: `vm.prank(sender)` alone, leaving tx.origin as it is — for a harness whose `Vm` (a
   * project's own stand-in) lacks `prank(address,address)`. Otherwise tx.origin is the sender too, as in the campaign.
   */
  prankOrigin?: boolean;
}

/** What the reproducer must do on head for the finding to count as reproduced. */
export interface Expectation {
  /** In words, for `verified: false` reasons (`fail with Panic 0x01`). */
  description: string;
  /** Whether a failing run's reason is this finding's failure. */
  matches(reason: string): boolean;
}
