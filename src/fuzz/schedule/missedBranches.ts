import { basicBlocks, Op, stripMetadata } from '../../bytecode/index.js';

/**
 * Why a target was never reached, as a reviewer can act on it: the nearest branch whose direction
 * toward the target no execution took. A branch counts when its JUMPI ran and went only the other
 * way (edges as TxTrace.edges encode them); nearest is fewest blocks from its untaken side to a
 * block holding the target.
 *
 * The control-flow graph is static and over-approximate: constant jump targets, and — for internal
 * calls, whose return jumps are dynamic — an edge to every block start a block pushes (its return
 * address). Enough to point at the guard in front of a line, never used to prove anything.
 */
export function missedBranches(
  code: Uint8Array,
  codeId: number,
  covered: ReadonlySet<number>,
  targets: ReadonlyMap<number, readonly number[]>,
): Map<number, number> {
  const graph = controlFlow(stripMetadata(code));
  const predecessors = new Map<number, number[]>();
  for (const [from, tos] of graph.successors) {
    for (const to of tos) {
      const list = predecessors.get(to);
      if (list) list.push(from);
      else predecessors.set(to, [from]);
    }
  }
  const reasons = new Map<number, number>();
  for (const [target, pcs] of targets) {
    const distance = distancesTo(predecessors, new Set(pcs.map((pc) => graph.blockOf.get(pc)).filter((b): b is number => b !== undefined)));
    let best: { pc: number; distance: number } | undefined;
    for (const branch of graph.branches) {
      const taken = covered.has(codeId * 2 ** 32 + branch.pc * 2 + 1);
      const fell = covered.has(codeId * 2 ** 32 + branch.pc * 2);
      if (taken === fell) continue; // never run, or both ways already
      const untaken = taken ? branch.fallThrough : branch.jumpTarget;
      const d = untaken === undefined ? undefined : distance.get(untaken);
      if (d !== undefined && (best === undefined || d < best.distance)) best = { pc: branch.pc, distance: d };
    }
    if (best) reasons.set(target, best.pc);
  }
  return reasons;
}

interface ControlFlow {
  /** Block start → successor block starts. */
  successors: Map<number, number[]>;
  /** pc → start of its block. */
  blockOf: Map<number, number>;
  branches: { pc: number; fallThrough: number | undefined; jumpTarget: number | undefined }[];
}

function controlFlow(code: Uint8Array): ControlFlow {
  const blocks = basicBlocks(code);
  const starts = new Set(blocks.map((b) => b.start));
  const jumpdest = (value: bigint | undefined) => (value !== undefined && value < 2n ** 32n && starts.has(Number(value)) ? Number(value) : undefined);
  const successors = new Map<number, number[]>();
  const blockOf = new Map<number, number>();
  const branches: ControlFlow['branches'] = [];
  blocks.forEach((block, i) => {
    for (const ins of block.instructions) blockOf.set(ins.pc, block.start);
    const last = block.instructions[block.instructions.length - 1];
    const previous = block.instructions[block.instructions.length - 2];
    const next = blocks[i + 1]?.start;
    const target = jumpdest(previous?.push);
    const pushed = block.instructions.map((ins) => jumpdest(ins.push)).filter((pc): pc is number => pc !== undefined && pc !== target);
    const out: number[] = [];
    if (last.op.code === Op.JUMPI) {
      branches.push({ pc: last.pc, fallThrough: next, jumpTarget: target });
      if (next !== undefined) out.push(next);
      if (target !== undefined) out.push(target);
    } else if (last.op.code === Op.JUMP) {
      if (target !== undefined) out.push(target);
      out.push(...pushed);
    } else if (!last.op.terminates && next !== undefined) {
      out.push(next);
    }
    successors.set(block.start, out);
  });
  return { successors, blockOf, branches };
}

/** Fewest edges from each block to any of `goals` (breadth-first over reversed edges). */
function distancesTo(predecessors: ReadonlyMap<number, readonly number[]>, goals: ReadonlySet<number>): Map<number, number> {
  const distance = new Map<number, number>([...goals].map((g) => [g, 0]));
  const queue = [...goals];
  for (let i = 0; i < queue.length; i++) {
    const block = queue[i];
    for (const from of predecessors.get(block) ?? []) {
      if (distance.has(from)) continue;
      distance.set(from, distance.get(block)! + 1);
      queue.push(from);
    }
  }
  return distance;
}
