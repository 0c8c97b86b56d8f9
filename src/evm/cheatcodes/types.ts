import type { JournaledState } from '../journaledState.js';
import type { Address } from '../types.js';
import type { CheatState } from './state.js';

/** forge's cheatcode address: `address(uint160(uint256(keccak256("hevm cheat code"))))`. */
export const CHEATCODE_ADDRESS = '0x7109709ecfa91a80626ff3989d68f67f5b1dd12d' as Address;

/** An ABI-decoded address (viem checksums them) in the executor's lowercase form. */
export function decodedAddress(value: unknown): Address {
  return (value as string).toLowerCase() as Address;
}

/** The block fields cheatcodes change (the executor's own header object, read live by the EVM). */
export interface MutableHeader {
  number: bigint;
  timestamp: bigint;
  baseFeePerGas: bigint;
}

/** A log as the EVM emitted it, with the account that emitted it. */
export interface EmittedLog {
  emitter: Address;
  topics: readonly Uint8Array[];
  data: Uint8Array;
}

/** Who is calling a cheatcode: the calling contract and the depth of the call to the cheatcode address. */
export interface CheatCaller {
  address: Address;
  /** Depth of the message to the cheatcode address: calls the caller makes next have this depth. */
  depth: number;
}

/** The chain the cheatcodes act on. */
export interface Chain {
  state: JournaledState;
  header: MutableHeader;
}

/** A cheatcode that reverts: its message becomes `Error(string)` revert data. */
export class CheatcodeError extends Error {
  constructor(
    message: string,
    /** Revert data to return instead of `Error(message)` (forge's magic values, e.g. for `assume`). */
    readonly data?: Uint8Array,
  ) {
    super(message);
  }
}

/** A compiled contract `getCode` can name: `File.sol:Name`, `File.sol`, `Name` or `out/File.sol/Name.json`. */
export interface Artifact {
  /** Source unit path (`src/Vault.sol`). */
  file: string;
  name: string;
  creationCode: Uint8Array;
  deployedCode: Uint8Array;
  compilerVersion: string;
}

/** One call to a cheatcode: who called, the chain, and what the cheatcodes remember (`state`). */
export interface CheatCall {
  caller: CheatCaller;
  chain: Chain;
  state: CheatState;
  artifacts: readonly Artifact[];
}

/**
 * One cheatcode: its Solidity signature in human-readable ABI form (`function prank(address)`) and
 * what it does with the decoded arguments; it returns the decoded outputs (none for most).
 */
export interface CheatcodeDefinition {
  signature: string;
  run(args: readonly unknown[], call: CheatCall): readonly unknown[] | void | Promise<void>;
}
