import type { TxResult } from '../evm/types.js';
import { stripMetadata } from '../targets/bytecode.js';
import { basicBlocks } from '../targets/basicBlocks.js';

/** One target as the campaign sees it: pcs in the runtime and creation code of the fuzzed contract. */
export interface ReachTarget {
  pcs: readonly number[];
  creationPcs: readonly number[];
}

export interface FirstReach {
  ms: number;
  /** Number of the sequence (1-based, in execution order) that first executed the target; 0 = deployment. */
  sequence: number;
}

/**
 * Tracks when each target is first executed. The executor records entered basic blocks (not every
 * pc, which would need a per-opcode hook); a target counts as reached when a block holding one of its
 * pcs was entered.
 */
export class ReachTracker {
  /** First reach per target index. */
  readonly reached = new Map<number, FirstReach>();
  private readonly byBlock = new Map<number, number[]>();
  private remaining: number;

  constructor(
    private readonly targets: readonly ReachTarget[],
    private readonly runtime: { code: Uint8Array; codeId: number },
    creation: { code: Uint8Array; executedBlocks: ReadonlySet<number> },
  ) {
    const runtimeBlock = blockStarts(runtime.code);
    const creationBlock = blockStarts(creation.code);
    targets.forEach((target, index) => {
      for (const pc of target.pcs) {
        const start = runtimeBlock.get(pc);
        if (start === undefined) continue;
        const list = this.byBlock.get(start) ?? [];
        if (!list.includes(index)) list.push(index);
        this.byBlock.set(start, list);
      }
      if (target.creationPcs.some((pc) => creation.executedBlocks.has(creationBlock.get(pc) ?? -1))) {
        this.reached.set(index, { ms: 0, sequence: 0 });
      }
    });
    this.remaining = targets.length - this.reached.size;
  }

  get allReached(): boolean {
    return this.remaining === 0;
  }

  observe(result: TxResult, elapsedMs: number, sequence: number): void {
    if (this.remaining === 0) return;
    const entered = result.trace.blocks.get(this.runtime.codeId);
    if (!entered) return;
    for (const start of entered) {
      const hit = this.byBlock.get(start);
      if (!hit) continue;
      for (const index of hit) {
        if (this.reached.has(index)) continue;
        this.reached.set(index, { ms: elapsedMs, sequence });
        this.remaining--;
      }
    }
  }

  /** How many targets there are. */
  get size(): number {
    return this.targets.length;
  }
}

/** pc → start pc of its basic block. */
function blockStarts(code: Uint8Array): Map<number, number> {
  const startOf = new Map<number, number>();
  for (const block of basicBlocks(stripMetadata(code))) {
    for (const ins of block.instructions) startOf.set(ins.pc, block.start);
  }
  return startOf;
}
