import { callOperands, type FrameInput } from './frame.js';
import { isConst } from './lattice.js';
import type { AnalyzedProgram } from './program.js';
import type { AbstractState } from './state.js';
import type { CalledFrame, Callee, TargetSet } from './types.js';

/** The frame a call in a prefix ran, the known code it ran, and the input the caller's state gave it. */
export interface MatchedCall {
  readonly frame: CalledFrame;
  readonly callee: Callee;
  readonly input: FrameInput;
}

/**
 * Pairs the calls a prefix walk meets with the frames the concrete run recorded for them (Bran
 * §IV-C). A call is matched to the first frame not yet taken that its caller entered after the same
 * number of jumps and that ran the code the call's address names: a constant address must be known
 * code, and the frame must run it; an address the abstract state does not know takes the frame's
 * code if that is known. A call that ran no frame (a precompile, an account without code, a call
 * that failed before running) takes none.
 */
export class CalledFrames {
  private readonly taken: Uint8Array;
  /** Frames before this index were entered after fewer jumps than the walk has made. */
  private start = 0;

  constructor(
    private readonly calls: readonly CalledFrame[],
    private readonly targets: TargetSet,
  ) {
    this.taken = new Uint8Array(calls.length);
  }

  /** The frame of the call about to run in `state` (`opcode` at a call), after `callerJumps` jumps. */
  match(opcode: number, state: AbstractState, callerJumps: number): MatchedCall | undefined {
    const { callees } = this.targets;
    const call = callees && callOperands(opcode, state);
    if (callees === undefined || call === undefined) return undefined;
    const named = isConst(call.to) ? callees.get(call.to) : undefined;
    if (isConst(call.to) && named === undefined) return undefined;
    while (this.start < this.calls.length && this.calls[this.start].callerJumps < callerJumps) this.start++;
    for (let i = this.start; i < this.calls.length && this.calls[i].callerJumps === callerJumps; i++) {
      if (this.taken[i] === 1) continue;
      const frame = this.calls[i];
      const callee = named === undefined ? calleeRunning(callees, frame.code) : sameCode(named.program.code, frame.code) ? named : undefined;
      if (callee === undefined) continue;
      this.taken[i] = 1;
      return { frame, callee, input: call.input() };
    }
    return undefined;
  }
}

/** The known code a frame ran, by its bytes. */
function calleeRunning(callees: ReadonlyMap<bigint, Callee>, code: Uint8Array): Callee | undefined {
  for (const callee of callees.values()) if (sameCode(callee.program.code, code)) return callee;
  return undefined;
}

/** Equal code: the world's deployed arrays and the executor's frames may be different arrays. */
function sameCode(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return Buffer.compare(a, b) === 0;
}

/**
 * A callee frame's split points, numbered apart from its caller's pcs: (1 + 20 bits of the callee's
 * code hash) · 2^32 + pc, below 2^53 and so exact. Points already numbered so (deeper frames) stay.
 * Split points are only counted per number (Def. 6), so equal code shares them wherever it is called.
 */
export function calleeSplitPoints(program: AnalyzedProgram, points: readonly number[]): number[] {
  const [a, b, c] = program.codeHash;
  const base = (((a << 12) | (b << 4) | (c >> 4)) + 1) * 2 ** 32;
  return points.map((pc) => (pc >= 2 ** 32 ? pc : base + pc));
}
