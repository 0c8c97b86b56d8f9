import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, paramsEVM } from '@ethereumjs/evm';
import { bytesToHex, createZeroAddress } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { BlockHashes, blockHashOpcode } from '../../src/evm/blockHashes.js';
import { enableStepLoop } from '../../src/evm/stepLoop.js';
import { assemble } from '../analysis/assemble.js';

const CURRENT = 300n;
// The current block, the window's ends and both sides of them, block zero, and a word no block has.
const ASKED = [CURRENT, CURRENT - 1n, CURRENT - 256n, CURRENT - 257n, 0n, CURRENT + 1n, (1n << 256n) - 1n];

/** A chain whose hashes are not all zero, so that the window rule shows. */
class NumberedHashes extends BlockHashes {
  override hashOf(number: bigint): Uint8Array {
    return keccak_256(new TextEncoder().encode(number.toString()));
  }
}

function program(): Uint8Array {
  const lines = ASKED.flatMap((number, i) => [`PUSH32 ${number}`, 'BLOCKHASH', `PUSH2 ${i * 32}`, 'MSTORE']);
  lines.push(`PUSH2 ${ASKED.length * 32}`, 'PUSH1 0', 'RETURN');
  return assemble(lines.join('\n')).code;
}

async function run(fast: boolean) {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
  const hashes = new NumberedHashes();
  const evm = await createEVM({ common, blockchain: hashes, customOpcodes: fast ? blockHashOpcode(common, hashes) : undefined });
  if (fast) await enableStepLoop(evm);
  const block = {
    header: {
      number: CURRENT,
      timestamp: 1n,
      coinbase: createZeroAddress(),
      gasLimit: 30_000_000n,
      baseFeePerGas: 0n,
      prevRandao: new Uint8Array(32),
      difficulty: 0n,
      getBlobGasPrice: () => 1n,
    },
  };
  return evm.runCode({ code: program(), gasLimit: 1_000_000n, block: block as never });
}

describe('blockHashOpcode', () => {
  it("gives the hashes and gas the library's BLOCKHASH gives from the same chain, zero outside the 256-block window", async () => {
    const library = await run(false);
    const fast = await run(true);
    expect(library.exceptionError).toBeUndefined();
    expect(bytesToHex(fast.returnValue)).toBe(bytesToHex(library.returnValue));
    expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    const words = ASKED.map((_, i) => bytesToHex(library.returnValue.subarray(i * 32, i * 32 + 32)));
    expect(words[1]).toBe(bytesToHex(new NumberedHashes().hashOf(CURRENT - 1n)));
    expect(words[2]).toBe(bytesToHex(new NumberedHashes().hashOf(CURRENT - 256n)));
    for (const i of [0, 3, 4, 5, 6]) expect(BigInt(words[i])).toBe(0n);
  });

  it('reads zero for every past block of the executor chain, as the library default chain does', () => {
    expect(new BlockHashes().hashOf(CURRENT - 1n)).toEqual(new Uint8Array(32));
  });
});
