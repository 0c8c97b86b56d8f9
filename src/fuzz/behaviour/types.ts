import type { ContractId } from '../../compile/index.js';
import type { TxSequence } from '../../abi/index.js';
import type { BehaviourGrade } from './grade.js';

/**
 * What differs in the first transaction whose caller-observable behaviour differs, checked in this
 * order: success vs failure, then the failure's data, then (both succeeded) the return data, the
 * events, the ether balance changes and the ERC-20 readings (balances, supply, allowances).
 */
export type DivergenceKind = 'outcome' | 'revert-reason' | 'return-value' | 'events' | 'ether' | 'token-balance';

/** What one transaction did on each revision, in words; equal words mean equal behaviour. */
export interface BehaviourDifference {
  kind: DivergenceKind;
  base: string;
  head: string;
}

export interface Divergence extends BehaviourDifference {
  /** `Contract.function/grade/kind`, `/deployer` when the deployer made the call: divergences with one key are one group, and shrinking keeps the key. */
  key: string;
  /** How alarming the change is (see `gradeDivergence`). */
  grade: BehaviourGrade;
  /** The head contract the diverging transaction calls. */
  contract: ContractId;
  /** Its signature (`withdraw(uint256)`), or `fallback` / `receive`. */
  function: string;
  /** `Contract.function: base: …; head: …`. */
  message: string;
  /** The head sequence up to and including the diverging transaction (the last one). */
  sequence: TxSequence;
}

/** A divergence shrunk and replayed on fresh executors of both revisions, diverging the same way there. */
export interface ConfirmedDivergence extends Divergence {
  /** True when shrinking reached a sequence from which nothing more can be dropped or simplified. */
  minimal: boolean;
}
