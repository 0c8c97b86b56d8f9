import type { Address } from '../types.js';
import type { MockedCall } from './mockCalls.js';
import type { StateSnapshot } from './stateSnapshots.js';
import type { EmittedLog } from './types.js';

/** `prank`/`startPrank`: calls `caller` makes at `depth` run as `sender` (and `origin`). */
export interface Prank {
  sender: Address;
  origin: Address | undefined;
  caller: Address;
  depth: number;
  /** `prank` (one call) rather than `startPrank` (until `stopPrank`). */
  single: boolean;
}

/** `expectRevert` in any form: the next `count` calls `caller` makes at `depth` must revert so. */
export interface ExpectedRevert {
  caller: Address;
  depth: number;
  /** Expected revert data; undefined accepts any. */
  data: Uint8Array | undefined;
  /** `expectPartialRevert`: only the selector (first four bytes) must match. */
  partial: boolean;
  /** The account that must raise the revert (the deepest reverting frame). */
  reverter: Address | undefined;
  /** Calls still expected to revert; 0 means the next call must not revert with this data. */
  count: number;
}

/** `expectEmit`: the next log `caller` emits is the template; the next call must emit it. */
export interface ExpectedEmit {
  caller: Address;
  depth: number;
  /** Topics 1–3 and data: which parts must match (topic 0 always does). */
  checks: readonly [boolean, boolean, boolean, boolean];
  emitter: Address | undefined;
  /** The template, once the caller emitted it. */
  log: EmittedLog | undefined;
  /** How many times the next call must emit it. */
  count: number;
}

/** `expectCall`: calls to `callee` whose calldata starts with `data` (and carry `value`, when given). */
export interface ExpectedCall {
  callee: Address;
  data: Uint8Array;
  value: bigint | undefined;
  /** Exactly this many calls; undefined: at least one. */
  count: number | undefined;
  seen: number;
}

/** Storage slots read and written per account since `record()` (a write counts as a read too, as in forge). */
export interface StorageAccesses {
  reads: Map<Address, bigint[]>;
  writes: Map<Address, bigint[]>;
}

/** What cheatcodes remember between calls during one test (cleared by `reset`). */
export class CheatState {
  /** `prank`/`startPrank` by the depth of the calls they change (forge's nested pranks). */
  readonly pranks = new Map<number, Prank>();
  expectedRevert: ExpectedRevert | undefined;
  expectedEmits: ExpectedEmit[] = [];
  expectedCalls: ExpectedCall[] = [];
  /** Since `record()`; undefined before. */
  accesses: StorageAccesses | undefined;
  /** Logs since `recordLogs`, until `getRecordedLogs` takes them; undefined when not recording. */
  recordedLogs: EmittedLog[] | undefined;
  /** `chainId(n)`: what CHAINID returns; undefined keeps the EVM's. */
  chainId: bigint | undefined;
  /** Expectations that ended unmet (checked when the test's call ends). */
  readonly failures: string[] = [];
  /** A cheatcode Lookout cannot run (network, file system) was called: its name. */
  unsupported: string | undefined;
  /** `vm.skip(true)` was called. */
  skipped = false;
  /** DSTest's `fail()` raised the global failure flag during the running transaction (see failFlag.ts). */
  failFlagRaised = false;
  /** `snapshotState()` by id, and the id the next one gets (forge counts from 0 in each test). */
  readonly snapshots = new Map<bigint, StateSnapshot>();
  nextSnapshotId = 0n;
  /** `mockCall`s by callee, in the order they were made. */
  readonly mocks = new Map<Address, MockedCall[]>();
  /** `mockFunction`s by callee: calldata (hex: whole, or a selector) → the account whose code runs instead. */
  readonly mockedFunctions = new Map<Address, Map<string, Address>>();
  /** Names given by `label`, kept across tests (forge keeps them for traces). */
  readonly labels = new Map<Address, string>();

  reset(): void {
    this.pranks.clear();
    this.expectedRevert = undefined;
    this.expectedEmits = [];
    this.expectedCalls = [];
    this.accesses = undefined;
    this.recordedLogs = undefined;
    this.chainId = undefined;
    this.failures.length = 0;
    this.unsupported = undefined;
    this.skipped = false;
    this.failFlagRaised = false;
    this.snapshots.clear();
    this.nextSnapshotId = 0n;
    this.mocks.clear();
    this.mockedFunctions.clear();
  }
}
