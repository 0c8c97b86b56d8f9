import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, paramsEVM, type EVM } from '@ethereumjs/evm';
import { Account, bytesToHex, createZeroAddress } from '@ethereumjs/util';
import { wordOpcodes, writeWord } from '../../src/evm/wordOpcodes.js';
import { assemble } from '../analysis/assemble.js';

const MAX = (1n << 256n) - 1n;
const WORDS = [0n, 1n, 0xffn, 0x123n, 1n << 255n, MAX, MAX >> 4n, 0xdeadbeefn << 100n];

describe('writeWord', () => {
  it.each(WORDS.map((w) => [`0x${w.toString(16)}`, w]))('writes %s big-endian into 32 bytes at an offset, touching nothing else', (_hex, word) => {
    const target = new Uint8Array(40).fill(0xaa);
    writeWord(target, 3, word);
    expect(bytesToHex(target.subarray(3, 35))).toBe(`0x${word.toString(16).padStart(64, '0')}`);
    expect([...target.subarray(0, 3), ...target.subarray(35)]).toEqual(new Array(8).fill(0xaa));
  });
});

/** Stores each word in memory (one at an offset past the first 8 KiB block) and in storage, loads it back, returns all memory. */
function program(words: readonly bigint[]): Uint8Array {
  const lines: string[] = [];
  words.forEach((word, i) => {
    const offset = i === words.length - 1 ? 8180 : i * 33;
    lines.push(`PUSH32 ${word}`, `PUSH2 ${offset}`, 'MSTORE');
    lines.push(`PUSH32 ${word}`, `PUSH32 ${MAX - BigInt(i)}`, 'SSTORE', `PUSH1 ${i}`, 'SLOAD', 'POP');
    lines.push(`PUSH32 ${MAX - BigInt(i)}`, 'SLOAD', `PUSH2 ${offset + 1000}`, 'MSTORE');
  });
  lines.push('MSIZE', 'PUSH1 0', 'RETURN');
  return assemble(lines.join('\n')).code;
}

async function evmWith(words: boolean): Promise<EVM> {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
  const evm = await createEVM({ common, customOpcodes: words ? wordOpcodes(common) : undefined });
  // runCode runs at the zero address: SSTORE needs an account there.
  await evm.stateManager.putAccount(createZeroAddress(), new Account());
  return evm;
}

describe('wordOpcodes', () => {
  it('leave memory, storage, returned data and gas exactly as the library computes them', async () => {
    const code = program(WORDS);
    const library = await (await evmWith(false)).runCode({ code, gasLimit: 10_000_000n });
    const fast = await (await evmWith(true)).runCode({ code, gasLimit: 10_000_000n });
    expect(library.exceptionError).toBeUndefined();
    expect(bytesToHex(fast.returnValue)).toBe(bytesToHex(library.returnValue));
    expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    expect(fast.returnValue.length).toBeGreaterThan(8192);
    // The word stored last is read back from storage into memory.
    expect(bytesToHex(fast.returnValue.subarray(9180, 9212))).toBe(`0x${WORDS.at(-1)!.toString(16).padStart(64, '0')}`);
  });
});

/** Hashes memory ranges (each twice, so the second is the remembered hash) and returns the hashes. */
function hashing(ranges: readonly [number, number][]): Uint8Array {
  const lines = WORDS.map((word, i) => `PUSH32 ${word}\nPUSH2 ${i * 32}\nMSTORE`);
  [...ranges, ...ranges].forEach(([offset, length], i) => lines.push(`PUSH2 ${length}`, `PUSH2 ${offset}`, 'KECCAK256', `PUSH2 ${4096 + i * 32}`, 'MSTORE'));
  lines.push(`PUSH2 ${ranges.length * 64}`, 'PUSH2 4096', 'RETURN');
  return assemble(lines.join('\n')).code;
}

describe('wordOpcodes KECCAK256', () => {
  it('gives the library hash and gas for empty, word, mapping-key, odd, long and unwritten inputs, remembered or not', async () => {
    const code = hashing([
      [0, 0],
      [0, 32],
      [32, 64],
      [3, 5],
      [0, 96],
      [0, 97],
      [0, 256],
      [5000, 64],
      [32, 64],
    ]);
    const library = await (await evmWith(false)).runCode({ code, gasLimit: 10_000_000n });
    const fast = await (await evmWith(true)).runCode({ code, gasLimit: 10_000_000n });
    expect(library.exceptionError).toBeUndefined();
    expect(bytesToHex(fast.returnValue)).toBe(bytesToHex(library.returnValue));
    expect(fast.executionGasUsed).toBe(library.executionGasUsed);
    // keccak256 of no bytes, as every client knows it.
    expect(bytesToHex(library.returnValue.subarray(0, 32))).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});
