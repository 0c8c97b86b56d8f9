import type { Common } from '@ethereumjs/common';
import { type EVMMockBlockchainInterface, getOpcodesForHF } from '@ethereumjs/evm';
import { bytesToBigInt } from '@ethereumjs/util';
import { type CustomOpcode, replaceOpcode, type RunState } from './instrumentation.js';
import { Op } from '../bytecode/index.js';

/** The BLOCKHASH window: the 256 blocks before the current one. */
const WINDOW = 256n;
const ZERO_HASH = new Uint8Array(32);

/**
 * The chain's past block hashes, for the EVM's `blockchain` option: the executor's chain has no
 * blocks before the fuzzed transactions, so every hash is zero, as with the library's default mock
 * chain. Both the library's BLOCKHASH (`getBlock`, a promise) and `blockHashOpcode` read `hashOf`.
 */
export class BlockHashes implements EVMMockBlockchainInterface {
  hashOf(_number: bigint): Uint8Array {
    return ZERO_HASH;
  }

  async getBlock(number: number): Promise<{ hash(): Uint8Array }> {
    const hash = this.hashOf(BigInt(number));
    return { hash: () => hash };
  }

  async putBlock(): Promise<void> {}

  shallowCopy(): BlockHashes {
    return this;
  }
}

/**
 * BLOCKHASH served from `hashes` without a promise: the library's handler awaits the chain's
 * `getBlock` on every read, which cost the step loop an await per read (the shapes bench's Blockhash
 * contract reads ten per call). Same window rule as the library; with EIP-7709 (hashes read from the
 * history contract's storage) the library's handler stays.
 */
export function blockHashOpcode(common: Common, hashes: BlockHashes): CustomOpcode[] {
  if (common.isActivatedEIP(7709)) return [];
  return [
    replaceOpcode(getOpcodesForHF(common), Op.BLOCKHASH, () => (runState: RunState) => {
      const number = runState.stack.pop();
      const diff = runState.interpreter.getBlockNumber() - number;
      runState.stack.push(diff > WINDOW || diff <= 0n ? 0n : bytesToBigInt(hashes.hashOf(number)));
    }),
  ];
}
