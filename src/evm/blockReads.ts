import type { Common } from '@ethereumjs/common';
import { getOpcodesForHF } from '@ethereumjs/evm';
import { type CustomOpcode, replaceOpcode } from './instrumentation.js';
import { Op } from '../bytecode/index.js';

/**
 * Whether code read the header fields a transaction moves (NUMBER, TIMESTAMP, and BLOCKHASH, whose
 * window moves with the number) since `seen` was last cleared: a call that read none of them answers
 * the same in any block. The other header fields are fixed for the executor's whole chain.
 */
export class BlockReads {
  seen = false;
}

/** NUMBER, TIMESTAMP and BLOCKHASH as in `base` (or the library), noting the read in `reads`. */
export function blockReadOpcodes(common: Common, base: CustomOpcode[], reads: BlockReads): CustomOpcode[] {
  const table = getOpcodesForHF(common, base);
  return [Op.NUMBER, Op.TIMESTAMP, Op.BLOCKHASH].map((code) =>
    replaceOpcode(table, code, (original) => (runState, opCommon) => {
      reads.seen = true;
      return original(runState, opCommon);
    }),
  );
}
