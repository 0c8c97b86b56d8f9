import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { MAX_WORD } from '../../src/analysis/arithmetic.js';
import { isConst } from '../../src/analysis/lattice.js';
import { prepareProgram } from '../../src/analysis/program.js';
import { initialState } from '../../src/analysis/state.js';
import { transfer } from '../../src/analysis/transfer.js';
import { Rng } from '../../src/rng.js';
import { OPCODES } from '../../src/bytecode/opcodes.js';

const NEG_ONE = MAX_WORD;
const MIN_SIGNED = 1n << 255n;

/** `PUSH32 c; PUSH32 b; PUSH32 a; OP; PUSH0; MSTORE; PUSH1 32; PUSH0; RETURN` (a ends on top). */
function program(opcode: number, args: readonly bigint[]): Uint8Array {
  const bytes: number[] = [];
  for (const arg of [...args].reverse()) {
    bytes.push(0x7f);
    for (let i = 31; i >= 0; i--) bytes.push(Number((arg >> BigInt(i * 8)) & 0xffn));
  }
  bytes.push(opcode, 0x5f, 0x52, 0x60, 0x20, 0x5f, 0xf3);
  return Uint8Array.from(bytes);
}

/** The constant the abstract interpreter leaves on the stack after the opcode. */
function abstractResult(opcode: number, args: readonly bigint[]): bigint {
  const analysed = prepareProgram(program(opcode, args));
  const state = initialState();
  for (let push = 0; push < args.length; push++) transfer(state, push * 33, analysed);
  transfer(state, args.length * 33, analysed);
  const top = state.stack[state.stack.length - 1];
  if (!isConst(top)) throw new Error('expected a constant');
  return top;
}

async function concreteResult(evm: EVM, opcode: number, args: readonly bigint[]): Promise<bigint> {
  const result = await evm.runCode({ code: program(opcode, args), gasLimit: 1_000_000n });
  if (result.exceptionError) throw new Error(result.exceptionError.error);
  return BigInt('0x' + Buffer.from(result.returnValue).toString('hex'));
}

const op = (name: string): number => OPCODES.findIndex((info) => info.name === name);

describe('constant evaluation follows EVM semantics', () => {
  const table: [string, bigint[], bigint][] = [
    ['ADD', [MAX_WORD, 2n], 1n],
    ['SUB', [0n, 1n], MAX_WORD],
    ['MUL', [MIN_SIGNED, 2n], 0n],
    ['DIV', [7n, 0n], 0n],
    ['MOD', [7n, 0n], 0n],
    ['SDIV', [NEG_ONE - 9n, 2n], NEG_ONE - 4n], // -10 / 2 = -5
    ['SDIV', [MIN_SIGNED, NEG_ONE], MIN_SIGNED], // the one overflow wraps
    ['SDIV', [NEG_ONE - 6n, 2n], NEG_ONE - 2n], // -7 / 2 = -3, truncated
    ['SMOD', [NEG_ONE - 6n, 3n], NEG_ONE], // -7 % 3 = -1: the sign follows the dividend
    ['SMOD', [7n, NEG_ONE - 2n], 1n], // 7 % -3 = 1
    ['ADDMOD', [MAX_WORD, 2n, 10n], ((1n << 256n) + 1n) % 10n], // no wrap before the modulo
    ['MULMOD', [MAX_WORD, MAX_WORD, 12n], (MAX_WORD * MAX_WORD) % 12n],
    ['ADDMOD', [1n, 2n, 0n], 0n],
    ['EXP', [2n, 255n], MIN_SIGNED],
    ['EXP', [2n, 256n], 0n],
    ['EXP', [3n, 0n], 1n],
    ['SIGNEXTEND', [0n, 0xffn], NEG_ONE],
    ['SIGNEXTEND', [0n, 0x7fn], 0x7fn],
    ['SIGNEXTEND', [1n, 0x1_80_00n], ((MAX_WORD << 16n) | 0x8000n) & MAX_WORD],
    ['SIGNEXTEND', [31n, 0xffn], 0xffn],
    ['LT', [1n, 2n], 1n],
    ['SLT', [NEG_ONE, 0n], 1n],
    ['SGT', [NEG_ONE, 0n], 0n],
    ['GT', [NEG_ONE, 0n], 1n],
    ['BYTE', [31n, 0x1234n], 0x34n],
    ['BYTE', [0n, MIN_SIGNED], 0x80n],
    ['BYTE', [32n, MAX_WORD], 0n],
    ['SHL', [4n, 0xf1n], 0xf10n],
    ['SHL', [256n, 1n], 0n],
    ['SHR', [255n, MIN_SIGNED], 1n],
    ['SAR', [4n, MIN_SIGNED], (MAX_WORD << 251n) & MAX_WORD],
    ['SAR', [300n, NEG_ONE - 5n], NEG_ONE],
    ['SAR', [300n, 5n], 0n],
    ['NOT', [0n], MAX_WORD],
    ['ISZERO', [0n], 1n],
    ['CLZ', [0n], 256n],
    ['CLZ', [1n], 255n],
    ['CLZ', [MIN_SIGNED], 0n],
  ];
  it.each(table)('%s %p = %p', (name, args, expected) => {
    expect(abstractResult(op(name), args)).toBe(expected);
  });

  it('agrees with @ethereumjs/evm on random and edge-case operands', async () => {
    const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Osaka }) });
    const rng = new Rng('analysis-arithmetic');
    const edges = [0n, 1n, 2n, 31n, 32n, 255n, 256n, MIN_SIGNED, MIN_SIGNED - 1n, NEG_ONE, NEG_ONE - 1n];
    const operand = (): bigint => (rng.chance(0.4) ? rng.pick(edges) : rng.bits(rng.pick([8, 64, 255, 256])));
    const names = [
      'ADD',
      'MUL',
      'SUB',
      'DIV',
      'SDIV',
      'MOD',
      'SMOD',
      'ADDMOD',
      'MULMOD',
      'EXP',
      'SIGNEXTEND',
      'LT',
      'GT',
      'SLT',
      'SGT',
      'EQ',
      'ISZERO',
      'AND',
      'OR',
      'XOR',
      'NOT',
      'BYTE',
      'SHL',
      'SHR',
      'SAR',
      'CLZ',
    ];
    let compared = 0;
    for (const name of names) {
      const opcode = op(name);
      for (let sample = 0; sample < 30; sample++) {
        const args = Array.from({ length: OPCODES[opcode].pops }, operand);
        expect([name, args, abstractResult(opcode, args)]).toEqual([name, args, await concreteResult(evm, opcode, args)]);
        compared++;
      }
    }
    expect(compared).toBe(names.length * 30);
  });
});
