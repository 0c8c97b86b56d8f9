import type { Address } from '../types.js';
import type { Prank } from './state.js';
import { CheatcodeError, type CheatCall, type CheatcodeDefinition, decodedAddress } from './types.js';

/**
 * A prank belongs to the depth of the calls it changes, as in forge: a contract the test calls can
 * prank its own calls without touching the test's prank, and a `startPrank` left by a call that
 * reverted before `stopPrank` stays on its depth (forge keeps cheatcode state across calls).
 */
function setPrank(call: CheatCall, sender: unknown, origin: unknown, single: boolean): void {
  // forge refuses to drop a one-call prank that no call used yet.
  if (call.state.pranks.get(call.caller.depth)?.single === true) throw new CheatcodeError('cannot overwrite a prank until it is applied at least once');
  call.state.pranks.set(call.caller.depth, {
    sender: decodedAddress(sender),
    origin: origin === undefined ? undefined : decodedAddress(origin),
    caller: call.caller.address,
    depth: call.caller.depth,
    single,
  });
}

export const prankCheatcodes: readonly CheatcodeDefinition[] = [
  { signature: 'function prank(address msgSender)', run: ([sender], call) => setPrank(call, sender, undefined, true) },
  { signature: 'function prank(address msgSender, address txOrigin)', run: ([sender, origin], call) => setPrank(call, sender, origin, true) },
  { signature: 'function startPrank(address msgSender)', run: ([sender], call) => setPrank(call, sender, undefined, false) },
  { signature: 'function startPrank(address msgSender, address txOrigin)', run: ([sender, origin], call) => setPrank(call, sender, origin, false) },
  {
    signature: 'function stopPrank()',
    run: (_args, call) => {
      call.state.pranks.delete(call.caller.depth);
    },
  },
];

/** A call about to start: who calls, at which depth, and whether it is a delegatecall. */
export interface CallStart {
  caller: Address;
  depth: number;
  delegatecall: boolean;
}

/**
 * The prank a starting call runs under, if any: a call the pranking contract makes from the frame
 * that set it (not a delegatecall, which keeps its caller). A one-call prank is used up.
 */
export function takePrank(pranks: Map<number, Prank>, start: CallStart): Prank | undefined {
  const prank = pranks.get(start.depth);
  if (prank === undefined || start.delegatecall || start.caller !== prank.caller) return undefined;
  if (prank.single) pranks.delete(start.depth);
  return prank;
}
