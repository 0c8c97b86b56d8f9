import type { Abi } from 'viem';

import type { Address } from '../abi/index.js';

export type { Address };

/** One transaction as the executor sees it: raw calldata, no ABI. */
export interface Tx {
  /** Index into the executor's senders (0 is the deployer). */
  sender: number;
  /** Index into the executor's deployments. */
  to: number;
  data: Uint8Array;
  value: bigint;
  /** Blocks and seconds that pass before this transaction (a reverted transaction still advances them). */
  blockDelay: number;
  timeDelay: number;
}

/** One creation transaction. */
export interface CreationRequest {
  /** Which contract: source unit path of the file that declares it, and its name (two `C`s are two contracts). */
  file: string;
  name: string;
  /** Creation code, linked, with the ABI-encoded constructor arguments appended. */
  creationCode: Uint8Array;
  /** Index of the sender that deploys it (default 0, the deployer). */
  deployer?: number;
  /** An unfunded account that creates it instead of `deployer` (Lookout's attacker: see ATTACKER_CREATOR). */
  creator?: Address;
  /** Wei sent with the creation call (payable constructors). */
  value?: bigint;
}

/** `Executor.create`'s shorthand: from the deployer, without value. `file` is '' when not given. */
export interface DeployRequest {
  name: string;
  file?: string;
  abi?: Abi;
  creationCode: Uint8Array;
}

export interface Deployment {
  /** Source unit path of the file that declares the contract ('' when `Executor.create` was not told). */
  file: string;
  name: string;
  address: Address;
  /** Index of the sender that deployed it. */
  deployer: number;
  /** Wei sent with the creation call. */
  value: bigint;
  /** Runtime code as deployed (immutables and library addresses filled in). */
  code: Uint8Array;
  /** Index of this code in the trace's code ids. */
  codeId: number;
  /** Start pcs of the creation-code blocks the constructor executed. */
  creationBlocks: ReadonlySet<number>;
  /** Senders its constructor arguments name (a beneficiary, a payee, an owner): whoever deployed it chose them. */
  namedSenders: readonly number[];
}

/** What `Executor.deploy` did: the new deployment (its index is `Tx.to`), or why it failed (rolled back). */
export type DeployOutcome =
  | { kind: 'deployed'; index: number; deployment: Deployment; created: readonly CreatedContract[] }
  /** `outOfGas`: the creation ran out of gas (the gas limit, when set higher than the deployment gas, helps). */
  | { kind: 'failed'; reason: string; outOfGas?: boolean };

/** A contract a constructor created (`new A()` inside B's constructor): its address and runtime code. */
export interface CreatedContract {
  address: Address;
  code: Uint8Array;
}

/** How a transaction ended. `pc` and `codeId` locate the instruction that failed. */
export type TxOutcome =
  | { kind: 'success' }
  | { kind: 'revert'; pc: number; codeId: number; data: Uint8Array }
  | { kind: 'invalid'; pc: number; codeId: number }
  | { kind: 'error'; error: string; pc: number; codeId: number };

/** A comparison whose result decided a JUMPI: the raw operands, for branch distance and prediction. */
export interface BranchComparison {
  codeId: number;
  /** pc of the JUMPI. */
  pc: number;
  /**
   * pc and opcode byte (EQ, LT, GT, SLT, SGT, or ISZERO for a bare zero test) of the comparison the
   * condition is computed from, found by data flow (stack shuffles, ISZERO, AND/OR, predecessor
   * blocks). solc tests `a == b` with SUB (non-zero when they differ): that is recorded as EQ with one
   * more negation, `cmpPc` pointing at the SUB. A condition that is a plain number (a stored bool, a
   * masked word) is recorded as ISZERO of it with one negation, `cmpPc` pointing at the JUMPI.
   */
  cmpPc: number;
  op: number;
  left: bigint;
  right: bigint;
  /** Times the condition negates the comparison (ISZEROs on the way, and one for SUB-based equality or a plain number tested against zero). */
  negations: number;
  taken: boolean;
}

/**
 * What a frame did to other accounts: a CALL or CALLCODE (with the wei it sends), a DELEGATECALL, or a
 * SELFDESTRUCT (ether swept to `to`). Recorded when the instruction starts, so a call whose callee
 * then reverts is still here (an attacker who controls the call avoids that revert).
 */
export type EffectKind = 'call' | 'callcode' | 'delegatecall' | 'selfdestruct';

export interface CallEffect {
  kind: EffectKind;
  codeId: number;
  pc: number;
  /** The account whose code runs the instruction (the storage context, for a delegate frame). */
  from: Address;
  /** Callee, code source (delegatecall, callcode) or beneficiary (selfdestruct), as a number. */
  to: bigint;
  /** Wei sent: the call's value, 0 for a delegatecall; 0 for a selfdestruct (its balance is what leaves). */
  value: bigint;
}

/**
 * A `balanceOf(address)` call (CALL or STATICCALL) that returned a word: the token asked, whose balance,
 * the account whose code asked (a pair reading its own balance: `holder` is `reader`) and the answer.
 * What a branch compares it with tells how much the holder must be sent for the branch to go the other way.
 */
export interface BalanceRead {
  token: Address;
  holder: Address;
  reader: Address;
  value: bigint;
  /** Comparisons (`TxTrace.comparisons`) recorded before it returned: none of those compared it. */
  comparisonsBefore: number;
}

export interface StorageAccess {
  codeId: number;
  pc: number;
  /** Address whose storage it is. */
  address: Address;
  slot: bigint;
  /**
   * Where the slot comes from: `entry`, just above keccak(key . base) of the same transaction (a
   * mapping entry or a member of the struct it holds, `key` and `base` its input words); `element`,
   * just above another hash of it (an array's element); `plain`, neither (a declared variable, or a
   * slot nothing computed from a hash: an arbitrary one).
   */
  origin: 'plain' | 'entry' | 'element';
  key: bigint;
  base: bigint;
}

/** An SSTORE: the slot and the value written (feedback for the value generator). */
export interface StorageWrite extends StorageAccess {
  value: bigint;
}

/**
 * Runtime instrumentation of one transaction. Views into buffers the executor reuses: copy what you
 * keep before running the next transaction.
 */
export interface TxTrace {
  /**
   * The path id of this transaction: a hash of the distinct JUMPI edges of all frames in first-hit
   * order, each with its hit count bucketed as AFL does (1, 2, 3, 4–7, 8–15, 16–31, 32–127, 128+).
   */
  pathId: string;
  /** Distinct JUMPI edges hit, each encoded as the number codeId * 2^32 + pc * 2 + (taken ? 1 : 0). */
  edges: Iterable<number>;
  /** Jumps taken in the outermost frame, in order: pairs [pc, destination] flattened (for prefix inference). */
  jumps: Uint32Array;
  /** True when `jumps` overflowed its buffer and was cut. */
  jumpsTruncated: boolean;
  comparisons: BranchComparison[];
  sloads: StorageAccess[];
  sstores: StorageWrite[];
  /** Calls, delegatecalls and selfdestructs of every frame, in execution order (STATICCALL is left out: it changes nothing). */
  effects: CallEffect[];
  /** `balanceOf(address)` calls of every frame that returned a word, in execution order. */
  balanceReads: BalanceRead[];
  /** Basic blocks entered, per code id: start pcs. Reached pcs derive from these plus `outcome`. */
  blocks: Map<number, Set<number>>;
  /** Frames that ran code below the outermost one, down to depth 4, in the order they were entered. */
  calleeFrames: CalleeFrame[];
  /** Jumps of those frames in execution order: triples [index in `calleeFrames`, pc, destination] flattened. */
  calleeJumps: Uint32Array;
}

/** A call's frame, for Bran's callee LIDs (§IV-C): which code ran, and where in its caller's path. */
export interface CalleeFrame {
  /** Index in `calleeFrames` of the frame that made the call; −1 for the outermost frame. */
  parent: number;
  codeId: number;
  code: Uint8Array;
  /** Jumps the caller had made when it called: the call ran in the block its jump number `callerJumps` entered. */
  callerJumps: number;
}

export interface TxResult {
  outcome: TxOutcome;
  returnData: Uint8Array;
  gasUsed: bigint;
  /** Raw logs emitted (address, topics, data) when the transaction succeeded. */
  logs: { address: Address; topics: Uint8Array[]; data: Uint8Array }[];
  trace: TxTrace;
  /** Contracts the transaction created (CREATE, CREATE2), when it succeeded. */
  created: readonly Address[];
}
