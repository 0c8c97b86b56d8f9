import { hexToBytes } from 'viem';
import type { LinkReference } from '../compile/index.js';
import type { Address } from '../evm/index.js';

/**
 * Creation code with each library's address written over its placeholders, as solc's linker (and
 * forge) does: 20 bytes at every offset of the link reference. The input is left untouched.
 */
export function linkCode(code: Uint8Array, references: readonly LinkReference[], addressOf: (reference: LinkReference) => Address): Uint8Array {
  if (references.length === 0) return code;
  const linked = Uint8Array.from(code);
  for (const reference of references) {
    const address = hexToBytes(addressOf(reference));
    for (const offset of reference.offsets) {
      if (offset + address.length > linked.length) throw new RangeError(`link offset ${offset} of ${reference.library} past the end of the code`);
      linked.set(address, offset);
    }
  }
  return linked;
}
