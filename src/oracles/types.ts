import type { TxResult } from '../evm/types.js';
import type { Failure } from './failure.js';

export interface OracleConfig {
  /** Panic codes reported as `panic` findings (0x01 is always the assertion oracle's). */
  panicCodes: ReadonlySet<number>;
}

/** A detector run on every transaction's result; null when it sees nothing wrong. */
export type TxOracle = (result: TxResult) => Failure | null;

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
}
