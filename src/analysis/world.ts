import { prepareProgram, type AnalyzedProgram } from './program.js';
import type { Callee, TargetSet } from './types.js';

/** Deployed code of the world: calls to its address are followed into it (Bran §IV-C). */
export interface WorldCode {
  readonly address: bigint;
  readonly code: Uint8Array;
  /** pcs of targets in this code. */
  readonly targetPcs: readonly number[];
}

/**
 * The target set of `program` (its target `pcs`) in a world of known code. A callee's own set has
 * `elsewhere`: code it calls outside the world may run anything, the caller's targets included.
 * Code equal to `program`'s (a call to itself) is that program with the same targets.
 */
export function targetsInWorld(program: AnalyzedProgram, pcs: readonly number[], elsewhere: boolean, world: readonly WorldCode[]): TargetSet {
  const callees = new Map<bigint, Callee>();
  const own: TargetSet = { pcs: new Set(pcs), elsewhere: elsewhere || world.some((c) => c.code !== program.code && c.targetPcs.length > 0), callees };
  for (const { address, code, targetPcs } of world) {
    if (code === program.code) callees.set(address, { program, targets: own });
    else callees.set(address, { program: prepareProgram(code), targets: { pcs: new Set(targetPcs), elsewhere: true, callees } });
  }
  return own;
}
