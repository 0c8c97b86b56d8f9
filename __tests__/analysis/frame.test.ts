import { callOperands, calldataWord } from '../../src/analysis/frame.js';
import { isTop, unknown, type AbsValue } from '../../src/analysis/lattice.js';
import { initialState, storeWord, type AbstractState } from '../../src/analysis/state.js';
import { Op } from '../../src/bytecode/opcodes.js';

const shown = (value: AbsValue) => (isTop(value) ? 'T' : value);

/** A caller that wrote selector 0x12345678 and the argument 7 at 0x80, then pushes `operands` (top last). */
function caller(operands: AbsValue[]): AbstractState {
  const state = initialState();
  storeWord(state, 0x80n, 0x12345678n << 224n);
  storeWord(state, 0x84n, 7n);
  state.stack.push(...operands);
  return state;
}

describe('a callee frame input, from the caller state at the call', () => {
  it('reads CALL operands: address, value, and the calldata words inside [offset, offset + size)', () => {
    // CALL(gas, to, value, in, insize, out, outsize): the stack holds them top first.
    const call = callOperands(Op.CALL, caller([0n, 0n, 0x24n, 0x80n, 5n, 0xbeefn, unknown()]))!;
    expect(call.to).toBe(0xbeefn);
    const input = call.input();
    expect(input.value).toBe(5n);
    expect(input.size).toBe(0x24n);
    expect(calldataWord(input, 0n)).toBe((0x12345678n << 224n) | (7n >> 32n));
    expect(calldataWord(input, 4n)).toBe(7n);
    expect(calldataWord(input, 0x24n)).toBe(0n); // past the end: zeros
    expect(shown(calldataWord(input, 5n))).toBe('T');
  });

  it('gives a static call no value, a delegate call the caller frame value, and reads nothing of unknown sizes', () => {
    const staticInput = callOperands(Op.STATICCALL, caller([0n, 0n, 0x24n, 0x80n, 0xbeefn, unknown()]))!.input();
    expect(staticInput.value).toBe(0n);
    const delegated = caller([0n, 0n, unknown(), 0x80n, 0xbeefn, unknown()]);
    const input = callOperands(Op.DELEGATECALL, delegated)!.input();
    expect(shown(input.value)).toBe('T');
    expect(shown(calldataWord(input, 4n))).toBe('T');
    expect(calldataWord(undefined, 4n)).toEqual(unknown());
    expect(callOperands(Op.CREATE, delegated)).toBeUndefined();
  });
});
