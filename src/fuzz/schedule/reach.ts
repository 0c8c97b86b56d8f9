import type { TxResult } from '../../evm/index.js';
import { blockStarts } from '../../bytecode/index.js';

/**
 * One target as the campaign sees it: pcs in the runtime and creation code of the fuzzed contract,
 * or, with `runtime`, in the code of another deployment the campaign runs (a linked library).
 */
export interface ReachTarget {
  pcs: readonly number[];
  creationPcs: readonly number[];
  /** A changed public state variable: only its getter runs the line. */
  getter?: string;
  runtime?: RuntimeCode;
}

export interface RuntimeCode {
  code: Uint8Array;
  codeId: number;
}

/** Shared by every observation that reaches nothing new: none allocates. */
const NONE: readonly number[] = [];

export interface FirstReach {
  ms: number;
  /**
   * Transactions the campaign had executed when the target was first reached, that one included (0 =
   * deployment): unlike `ms`, the same on any machine for the same seed, budget and workers.
   */
  transactions: number;
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
  /** Code id → block start → target indexes. */
  private readonly byBlock = new Map<number, Map<number, number[]>>();
  private remaining: number;

  constructor(
    private readonly targets: readonly ReachTarget[],
    runtime: RuntimeCode,
    creation: { code: Uint8Array; executedBlocks: ReadonlySet<number> },
  ) {
    const starts = new Map<number, Map<number, number>>();
    const blockOf = (code: RuntimeCode, pc: number) => {
      if (!starts.has(code.codeId)) starts.set(code.codeId, blockStarts(code.code));
      return starts.get(code.codeId)!.get(pc);
    };
    const creationBlock = blockStarts(creation.code);
    targets.forEach((target, index) => {
      const code = target.runtime ?? runtime;
      for (const pc of target.pcs) {
        const start = blockOf(code, pc);
        if (start === undefined) continue;
        const blocks = this.byBlock.get(code.codeId) ?? new Map<number, number[]>();
        this.byBlock.set(code.codeId, blocks);
        const list = blocks.get(start) ?? [];
        if (!list.includes(index)) list.push(index);
        blocks.set(start, list);
      }
      if (target.creationPcs.some((pc) => creation.executedBlocks.has(creationBlock.get(pc) ?? -1))) {
        this.reached.set(index, { ms: 0, transactions: 0, sequence: 0 });
      }
    });
    this.remaining = targets.length - this.reached.size;
  }

  get allReached(): boolean {
    return this.remaining === 0;
  }

  /** Records the targets the transaction reached first, as first reached `when`; returns their indexes (usually none). */
  observe(result: TxResult, when: FirstReach): readonly number[] {
    if (this.remaining === 0) return NONE;
    let fresh: number[] | undefined;
    for (const [codeId, blocks] of this.byBlock) {
      const entered = result.trace.blocks.get(codeId);
      if (!entered) continue;
      for (const start of entered) {
        const hit = blocks.get(start);
        if (!hit) continue;
        for (const index of hit) {
          if (this.reached.has(index)) continue;
          this.reached.set(index, when);
          this.remaining--;
          (fresh ??= []).push(index);
        }
      }
    }
    return fresh ?? NONE;
  }

  /** A first reach seen elsewhere (another worker's campaign); the first one recorded stays. */
  record(index: number, first: FirstReach): void {
    if (this.reached.has(index)) return;
    this.reached.set(index, first);
    this.remaining--;
  }

  /** Whether the transaction entered a block holding a target (reached before or not). */
  enters(result: TxResult): boolean {
    for (const [codeId, blocks] of this.byBlock) {
      const entered = result.trace.blocks.get(codeId);
      if (entered) for (const start of entered) if (blocks.has(start)) return true;
    }
    return false;
  }

  /** The targets (reached before or not) whose blocks the transaction entered. */
  entered(result: TxResult): number[] {
    const hit = new Set<number>();
    for (const [codeId, blocks] of this.byBlock) {
      const entered = result.trace.blocks.get(codeId);
      if (entered) for (const start of entered) for (const index of blocks.get(start) ?? []) hit.add(index);
    }
    return [...hit];
  }

  /** How many targets there are. */
  get size(): number {
    return this.targets.length;
  }
}
