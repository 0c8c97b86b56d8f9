import type { CalleeFrame } from '../../../src/evm/types.js';
import { calledFrames } from '../../../src/fuzz/corpus/framePaths.js';

const code = (byte: number) => Uint8Array.of(byte);
const frame = (parent: number, byte: number, callerJumps: number): CalleeFrame => ({ parent, codeId: byte, code: code(byte), callerJumps });

describe('calledFrames: the recorder flat lists as a tree of frames', () => {
  it('splits interleaved jumps by frame and hangs each frame under its caller, in order', () => {
    // Outermost calls A (after 2 jumps), A calls B (after 1 of its jumps), then the outermost calls C.
    const calleeFrames = [frame(-1, 0xa, 2), frame(0, 0xb, 1), frame(-1, 0xc, 5)];
    const calleeJumps = Uint32Array.from([
      0,
      10,
      11, // A
      1,
      20,
      21, // B
      1,
      22,
      23, // B
      0,
      12,
      13, // A, after B returned
      2,
      30,
      31, // C
    ]);
    const [a, c, ...rest] = calledFrames({ calleeFrames, calleeJumps });
    expect(rest).toEqual([]);
    expect(a).toMatchObject({ code: code(0xa), callerJumps: 2, path: { jumps: Uint32Array.from([10, 11, 12, 13]) } });
    expect(c).toMatchObject({ code: code(0xc), callerJumps: 5, path: { jumps: Uint32Array.from([30, 31]), calls: [] } });
    expect(a.path.calls).toHaveLength(1);
    expect(a.path.calls[0]).toMatchObject({ code: code(0xb), callerJumps: 1, path: { jumps: Uint32Array.from([20, 21, 22, 23]), calls: [] } });
  });
});
