import { branchEdge, type CostVector, type MeetCost } from '../harvey/costs.js';

/**
 * sFuzz's adaptive objective for just-missed branches: a branch direction no input has taken yet is
 * a goal, and an input whose branch distance to it is the smallest seen so far is worth keeping even
 * when its path is not new. That is what lets prediction solve a check fed through storage: the input
 * `[set(0x1300), copy(), check()]` takes the same path as `[check()]`, but sits closer to the
 * `stored == 0x1337` branch, and its mutants give the secant step its two points.
 *
 * Harvey's store metric is a goal of the same kind (an SSTORE writing a probe slot): the input whose
 * SSTORE lands closest to a probe is kept, e.g. `[PopCode(), SetCodeAt(i, c)]` once the underflowed
 * length lets any index through, although `SetCodeAt`'s path was seen before.
 */
export class NearMisses {
  /** Edges taken by any execution: codeId · 2^32 + pc · 2 + taken (TxTrace.edges). */
  private readonly covered = new Set<number>();
  private readonly best = new Map<string, bigint>();
  /** `best` for branch goals, by edge: asked for every uncovered direction an execution measured, so no goal string is made to ask. */
  private readonly bestBranch = new Map<number, bigint>();
  /** Changed comparisons whose operands met (`MeetCost`): goals no more. */
  private readonly met = new Set<string>();

  get coveredEdges(): ReadonlySet<number> {
    return this.covered;
  }

  /** Records the edges one transaction took. */
  cover(edges: Iterable<number>): void {
    for (const edge of edges) this.covered.add(edge);
  }

  /**
   * The goals `costs` brings closer than any execution before — untaken branch directions
   * (`b:<edge>`), probe slots per SSTORE (`s:<codeId>:<pc>@<probe>`) and changed comparisons whose
   * operands have not met (`m:<codeId>:<pc>`) — and remembers the new distances. Call after `cover`
   * for the same execution.
   */
  improvements(costs: CostVector): string[] {
    const improved = new Set<string>();
    for (const cost of costs.values()) {
      if (cost.kind === 'branch') {
        // A covered edge is no goal, whatever its distance: asked first, most branch metrics never work theirs out.
        const edge = branchEdge(cost);
        if (!this.covered.has(edge) && cost.value !== 0n && closer(this.bestBranch, edge, cost.value)) improved.add(branchGoal(edge));
      } else if (cost.kind === 'meet') {
        const goal = meetGoal(cost);
        if (cost.value === 0n) this.met.add(goal);
        else if (!this.met.has(goal) && closer(this.best, goal, cost.value)) improved.add(goal);
      } else if (cost.value !== 0n) {
        const goal = `s:${cost.codeId}:${cost.pc}@${cost.probe}`;
        if (closer(this.best, goal, cost.value)) improved.add(goal);
      }
    }
    return [...improved];
  }
}

/** Whether `value` is the smallest distance to `goal` yet, which it then becomes. */
function closer<Goal>(best: Map<Goal, bigint>, goal: Goal, value: bigint): boolean {
  const known = best.get(goal);
  if (known !== undefined && value >= known) return false;
  best.set(goal, value);
  return true;
}

/** The goal of an untaken branch direction (an edge as in TxTrace.edges). */
export function branchGoal(edge: number): string {
  return `b:${edge}`;
}

/** The code and pc of a branch goal (`b:<edge>`); undefined for a store probe's goal. */
export function goalBranch(goal: string): { codeId: number; pc: number } | undefined {
  if (!goal.startsWith('b:')) return undefined;
  const edge = Number(goal.slice(2));
  const codeId = Math.floor(edge / 2 ** 32);
  return { codeId, pc: Math.floor((edge - codeId * 2 ** 32) / 2) };
}

const MEET = 'm:';

/** The goal of a changed comparison's operands meeting (see `MeetCost`). */
export function meetGoal(cost: MeetCost): string {
  return `${MEET}${cost.codeId}:${cost.pc}`;
}

export function isMeetGoal(goal: string): boolean {
  return goal.startsWith(MEET);
}
