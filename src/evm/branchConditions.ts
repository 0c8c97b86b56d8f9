import { Op } from '../bytecode/index.js';
import { conditionSources, type Condition, type ConditionSources } from './conditionSources.js';
import type { BranchComparison } from './types.js';

/** One code's condition readings and what its leaves saw last, with when and at which depth. */
interface CodeLeaves {
  sources: ConditionSources;
  left: bigint[];
  right: bigint[];
  stamp: Float64Array;
  depth: Int32Array;
}

/** The fields of a BranchComparison that name the comparison deciding a branch. */
export type DecidingComparison = Pick<BranchComparison, 'cmpPc' | 'op' | 'left' | 'right' | 'negations'>;

/**
 * Finds, at each JUMPI, the comparison whose result decided it: leaves (comparisons, ISZERO, SUB) of
 * the code's statically found condition readings record their operands as they run, and the JUMPI
 * takes the reading whose leaves all ran in this frame activation, agree with the direction taken,
 * and ran most recently (the path that actually reached the JUMPI). Analysis runs once per code.
 */
export class BranchConditions {
  private readonly byCode: (CodeLeaves | undefined)[] = [];
  private current: CodeLeaves | undefined;
  private depth = 0;
  private clock = 0;
  /** Clock value at which the frame at each depth started: leaves stamped before are stale. */
  private readonly frameStart: number[] = [];

  /** A frame starts running `code` (registry id `codeId`) at `depth`. */
  enterFrame(codeId: number, code: Uint8Array, depth: number): void {
    this.frameStart[depth] = this.clock;
    this.resume(codeId, code, depth);
  }

  /** Execution continues in the frame at `depth` (after a call returned). */
  resume(codeId: number, code: Uint8Array, depth: number): void {
    this.depth = depth;
    let leaves = this.byCode[codeId];
    if (leaves === undefined) {
      const sources = conditionSources(code);
      const n = sources.leaves.length;
      leaves = { sources, left: new Array<bigint>(n).fill(0n), right: new Array<bigint>(n).fill(0n), stamp: new Float64Array(n), depth: new Int32Array(n) };
      this.byCode[codeId] = leaves;
    }
    this.current = leaves;
  }

  /** A comparison, ISZERO or SUB at `pc` ran with these operands. */
  record(pc: number, left: bigint, right: bigint): void {
    const leaves = this.current;
    if (leaves === undefined) return;
    const i = leaves.sources.leafAt[pc];
    if (i < 0) return;
    leaves.left[i] = left;
    leaves.right[i] = right;
    leaves.stamp[i] = ++this.clock;
    leaves.depth[i] = this.depth;
  }

  /** Fills `out` with the comparison deciding the JUMPI at `pc`; false when none is known. */
  decide(pc: number, condition: bigint, out: DecidingComparison): boolean {
    const readings = this.current?.sources.conditions.get(pc);
    if (readings === undefined) return false;
    const taken = condition !== 0n ? 1 : 0;
    let best: Condition | undefined;
    let bestAge = -1;
    for (const reading of readings) {
      if (reading.kind === 'value') {
        best ??= reading;
        continue;
      }
      if (this.truth(reading, taken) !== taken) continue;
      const age = this.oldestStamp(reading);
      if (age > bestAge) {
        best = reading;
        bestAge = age;
      }
    }
    if (best === undefined) return false;
    this.fill(best, taken, 0, pc, condition, out);
    return true;
  }

  /** 1 or 0, or −1 when a leaf did not run in this frame activation. */
  private truth(c: Condition, taken: number): number {
    switch (c.kind) {
      case 'leaf':
        return this.leafTruth(c.leaf);
      case 'value':
        return taken;
      case 'not': {
        const t = this.truth(c.operand, taken);
        return t < 0 ? t : 1 - t;
      }
      default: {
        const l = this.truth(c.left, taken);
        const r = this.truth(c.right, taken);
        if (l < 0 || r < 0) return -1;
        return c.kind === 'and' ? l & r : l | r;
      }
    }
  }

  private leafTruth(i: number): number {
    const leaves = this.current!;
    if (leaves.depth[i] !== this.depth || leaves.stamp[i] <= (this.frameStart[this.depth] ?? 0)) return -1;
    return holds(leaves.sources.leaves[i].op, leaves.left[i], leaves.right[i]) ? 1 : 0;
  }

  private oldestStamp(c: Condition): number {
    switch (c.kind) {
      case 'leaf':
        return this.current!.stamp[c.leaf];
      case 'value':
        return Infinity;
      case 'not':
        return this.oldestStamp(c.operand);
      default:
        return Math.min(this.oldestStamp(c.left), this.oldestStamp(c.right));
    }
  }

  /**
   * Walks down to the leaf whose flip flips the condition: the false operand of a false AND, the
   * true operand of a true OR (either when both are), counting negations on the way.
   */
  private fill(c: Condition, t: number, negations: number, pc: number, condition: bigint, out: DecidingComparison): void {
    switch (c.kind) {
      case 'value':
        out.cmpPc = pc;
        out.op = Op.ISZERO;
        out.left = condition;
        out.right = 0n;
        out.negations = negations + 1;
        return;
      case 'not':
        return this.fill(c.operand, 1 - t, negations + 1, pc, condition, out);
      case 'and':
      case 'or': {
        // When the condition is the operation's absorbing value, pick an operand that has it.
        const absorbing = c.kind === 'and' ? 0 : 1;
        const operand = t === absorbing && this.truth(c.left, t) !== absorbing ? c.right : c.left;
        return this.fill(operand, this.truth(operand, t), negations, pc, condition, out);
      }
      case 'leaf': {
        const leaves = this.current!;
        const { pc: cmpPc, op } = leaves.sources.leaves[c.leaf];
        out.cmpPc = cmpPc;
        // SUB is non-zero when its operands differ: EQ negated once more.
        out.op = op === Op.SUB ? Op.EQ : op;
        out.left = leaves.left[c.leaf];
        out.right = leaves.right[c.leaf];
        out.negations = op === Op.SUB ? negations + 1 : negations;
      }
    }
  }
}

const SIGN = 1n << 255n;
const signed = (word: bigint): bigint => (word >= SIGN ? word - (SIGN << 1n) : word);

/** The leaf's result as a truth value (what the EVM pushes, or for SUB whether it is non-zero). */
export function holds(op: number, left: bigint, right: bigint): boolean {
  switch (op) {
    case Op.LT:
      return left < right;
    case Op.GT:
      return left > right;
    case Op.SLT:
      return signed(left) < signed(right);
    case Op.SGT:
      return signed(left) > signed(right);
    case Op.SUB:
      return left !== right;
    default:
      // EQ, and ISZERO recorded with right = 0.
      return left === right;
  }
}
