import type { CalledFrame } from '../../analysis/index.js';
import type { TxTrace } from '../../evm/index.js';

interface Building {
  code: Uint8Array;
  callerJumps: number;
  jumps: number[];
  calls: CalledFrame[];
}

/**
 * The frames the outermost frame's calls ran, each with its own jumps and its own calls, from the
 * recorder's flat lists (Bran §IV-C splits the path π between caller and callees). A copy: the
 * trace's buffers are reused by the next transaction.
 */
export function calledFrames(trace: Pick<TxTrace, 'calleeFrames' | 'calleeJumps'>): CalledFrame[] {
  const { calleeFrames, calleeJumps } = trace;
  const building: Building[] = calleeFrames.map((f) => ({ code: f.code, callerJumps: f.callerJumps, jumps: [], calls: [] }));
  for (let i = 0; i < calleeJumps.length; i += 3) building[calleeJumps[i]].jumps.push(calleeJumps[i + 1], calleeJumps[i + 2]);
  const outermost: CalledFrame[] = [];
  // Frames are listed in the order they were entered, so a frame's calls are appended in order too.
  calleeFrames.forEach((f, i) => {
    const frame = building[i];
    const called: CalledFrame = { code: frame.code, callerJumps: frame.callerJumps, path: { jumps: Uint32Array.from(frame.jumps), calls: frame.calls } };
    (f.parent === -1 ? outermost : building[f.parent].calls).push(called);
  });
  return outermost;
}
