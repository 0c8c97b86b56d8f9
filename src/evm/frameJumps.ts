import type { TxTrace } from './types.js';

/**
 * The jump log of the frame that ran code `codeId` in a transaction: the last callee frame running
 * it (a token called through another contract), else the outermost frame. [pc, destination] pairs.
 */
export function frameJumps(trace: TxTrace, codeId: number): Uint32Array {
  const frame = trace.calleeFrames.findLastIndex((f) => f.codeId === codeId);
  if (frame < 0) return trace.jumps;
  const jumps: number[] = [];
  for (let i = 0; i < trace.calleeJumps.length; i += 3) {
    if (trace.calleeJumps[i] === frame) jumps.push(trace.calleeJumps[i + 1], trace.calleeJumps[i + 2]);
  }
  return Uint32Array.from(jumps);
}
