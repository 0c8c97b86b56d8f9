import { assemble } from './assemble.js';

describe('test assembler', () => {
  it('encodes opcodes, immediates and forward labels', () => {
    const { code, labels } = assemble(`
      PUSH @end   ; PUSH2 0x0005
      PUSH1 0x2a
      end:
      JUMPDEST`);
    expect(labels.end).toBe(5);
    expect([...code]).toEqual([0x61, 0x00, 0x05, 0x60, 0x2a, 0x5b]);
  });
});
