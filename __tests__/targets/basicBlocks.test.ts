import { hexToBytes } from 'viem';
import { basicBlocks } from '../../src/bytecode/basicBlocks.js';

const blocks = (hex: `0x${string}`) => basicBlocks(hexToBytes(hex)).map((b) => ({ start: b.start, end: b.end, ops: b.instructions.map((i) => i.op.name) }));

describe('basicBlocks', () => {
  it('splits at JUMPDEST, after JUMPI and after terminators', () => {
    // PUSH1 0x08 CALLDATASIZE JUMPI | PUSH0 PUSH0 REVERT | INVALID | JUMPDEST STOP
    expect(blocks('0x600836575f5ffdfe5b00')).toEqual([
      { start: 0, end: 3, ops: ['PUSH1', 'CALLDATASIZE', 'JUMPI'] },
      { start: 4, end: 6, ops: ['PUSH0', 'PUSH0', 'REVERT'] },
      { start: 7, end: 7, ops: ['INVALID'] },
      { start: 8, end: 9, ops: ['JUMPDEST', 'STOP'] },
    ]);
  });

  it('does not split on a JUMPDEST byte inside PUSH data', () => {
    // PUSH2 0x5b5b, then a real JUMPDEST at pc 3.
    expect(blocks('0x615b5b5b00')).toEqual([
      { start: 0, end: 0, ops: ['PUSH2'] },
      { start: 3, end: 4, ops: ['JUMPDEST', 'STOP'] },
    ]);
  });

  it('starts a block at a JUMPDEST that follows straight-line code', () => {
    expect(blocks('0x60015b600256')).toEqual([
      { start: 0, end: 0, ops: ['PUSH1'] },
      { start: 2, end: 5, ops: ['JUMPDEST', 'PUSH1', 'JUMP'] },
    ]);
  });

  it('returns nothing for empty code', () => {
    expect(basicBlocks(new Uint8Array())).toEqual([]);
  });
});
