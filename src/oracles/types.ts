import type { Address, Tx, TxResult } from '../evm/index.js';
import type { Failure } from './failure.js';
import type { ReadOnlyCalls } from './getterPanic.js';

export interface OracleConfig {
  /** Panic codes reported as `panic` findings (0x01 is always the assertion oracle's). */
  panicCodes: ReadonlySet<number>;
  /** Which calls only read (a getter's out-of-range panic is no failure: see `isGetterIndexPanic`). */
  readsOnly: ReadOnlyCalls;
}

/** A detector run on every transaction, as sent and as it ran; null when it sees nothing wrong. */
export type TxOracle = (tx: Tx, result: TxResult) => Failure | null;

export interface ProbeResult {
  success: boolean;
  returnData: Uint8Array;
}

/**
 * Calls a deployment (by index) with state changes rolled back afterwards — the executor's `view`.
 * Declared here so the oracles do not depend on the executor class.
 */
export type PropertyProbe = (to: number, data: Uint8Array) => Promise<ProbeResult>;

/** A `property_*` / `echidna_*` function: no inputs, returns one bool that must stay true. */
export interface PropertyFunction {
  /** Deployment index. */
  to: number;
  codeId: number;
  name: string;
  /** The 4-byte selector: the whole calldata of the probe. */
  selector: Uint8Array;
  /**
   * What holding means: returning true, (Echidna's `echidna_revert_*`) reverting, or (a Foundry
   * `invariant_*`, `afterInvariant`) returning without reverting and not false.
   */
  holds: 'returns-true' | 'reverts' | 'does-not-fail';
  /** Of a contract a transaction creates: probed only in the sequences that have created it. */
  createdAtRuntime?: boolean;
}

/** What sequence oracles read of the chain between transactions (the executor is one). */
export interface ChainView {
  /** Sender addresses by index; 0 is the deployer. */
  readonly senderAddresses: readonly Address[];
  balanceOf(address: Address): bigint;
  /** The wei an account held before anything was deployed (what deployment and funding took from it is not yet spent). */
  openingBalance(address: Address): bigint;
  getStorage(address: Address, slot: bigint): bigint;
  /** A call whose state changes are rolled back (see `PropertyProbe`). */
  view(to: number, data: Uint8Array, sender?: number): Promise<ProbeResult>;
  /**
   * Counterfactuals (the reentrancy oracle's "the same calls without re-entry"): runs `alternative`
   * on the chain as it was before the last transaction, then puts back the state that transaction
   * left. Costs a re-run of that transaction: for the rare verdicts that need it.
   */
  beforeLastTransaction<T>(alternative: (chain: RunnableChain) => Promise<T>): Promise<T>;
}

/** A chain an oracle may run transactions on: only inside `ChainView.beforeLastTransaction`. */
export interface RunnableChain extends ChainView {
  run(tx: Tx): Promise<TxResult>;
}

/**
 * A detector that judges a transaction with what it knows of the sequence so far: who sent it, and
 * state read before the sequence. `begin` runs after the chain is reset to the deployment snapshot,
 * before the first transaction; `check` after each transaction. One sequence at a time.
 */
export interface SequenceOracle {
  begin(chain: ChainView): void | Promise<void>;
  check(chain: ChainView, tx: Tx, result: TxResult): Failure | null | Promise<Failure | null>;
}

/**
 * What kind of failure a finding is: one per oracle, and the base-vs-head behaviour diff. A list,
 * so that a report read back can be checked against it.
 */
export const FINDING_KINDS = [
  'assertion',
  'panic',
  'property',
  'arbitrary-storage-write',
  'ether-leak',
  'token-theft',
  'unprotected-selfdestruct',
  'controlled-delegatecall',
  'reentrancy',
  'behaviour-change',
  'behaviour-permits',
  'behaviour-value',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/**
 * Behaviour changes (base vs head): `behaviour-permits` and `behaviour-value` fail the check unless the
 * pull request acknowledges the change; `behaviour-change` (refuses, returns, events) is a note.
 */
export const BEHAVIOUR_KINDS: readonly FindingKind[] = ['behaviour-change', 'behaviour-permits', 'behaviour-value'];
