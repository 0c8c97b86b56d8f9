import { Op } from '../../bytecode/index.js';
import type { BranchComparison, TxResult, TxTrace } from '../../evm/index.js';

/**
 * Harvey's cost metrics (Sect. 4.3; Learning-inputs Sect. 4.2), evaluated from the runtime
 * instrumentation rather than from `minimize` statements compiled into the code.
 *
 * Every JUMPI fed by a comparison yields two metrics, one per direction: the distance from an
 * execution that goes that way (zero when it already does). Every SSTORE yields one metric per probe
 * slot: C_st = |slot − probe|.
 */

const TWO_256 = 1n << 256n;
const TWO_255 = 1n << 255n;

/**
 * Identity of a metric across two runs of sequences of the same length:
 * `tx/codeId:pc>t#k` (JUMPI at pc, toward taken `t` or fall-through `f`, its k-th execution in that
 * transaction) or `tx/codeId:pc=st#k@p` (k-th execution of the SSTORE at pc, probe index p).
 * The occurrence index keeps loop iterations apart; the transaction index keeps a function called
 * twice apart.
 */
export type CostId = string;

export type Cost = BranchCost | StoreCost | MeetCost;

interface CostBase {
  id: CostId;
  /** Index of the transaction in its sequence. */
  tx: number;
  codeId: number;
  pc: number;
  /** The paper's cost: ≥ 0, zero exactly when the goal is met. */
  value: bigint;
  /**
   * Signed quantity the secant method drives to zero; `value` is |residual| for equalities and
   * max(residual, 0) for inequalities. The paper's |l − r| has a kink at the root that makes secant
   * steps bounce across it; the signed form has the same root and stays linear when l − r is.
   */
  residual: bigint;
}

export interface BranchCost extends CostBase {
  kind: 'branch';
  /** The JUMPI direction this metric measures the distance to (true = jump taken). */
  toward: boolean;
}

export interface StoreCost extends CostBase {
  kind: 'store';
  /** Index of the probe slot in the list the costs were computed for. */
  probe: number;
}

/**
 * How far a changed comparison's operands are from meeting: |l − r|. A changed comparison (`>` for
 * `>=`, a bound moved by one) decides differently on base and head only near where its operands meet,
 * so an input brought there is one whose behaviour may differ; both of its directions may long be taken.
 */
export interface MeetCost extends CostBase {
  kind: 'meet';
  /** The operands as compared: one is often a number of the input itself. */
  left: bigint;
  right: bigint;
}

/** Code id → the pcs of changed lines, whose comparisons have `MeetCost`s. */
export type ChangedPcs = ReadonlyMap<number, ReadonlySet<number>>;

/** All metrics of one sequence execution, in execution order; by id too (what prediction looks up). */
export interface CostVector {
  values(): IterableIterator<Cost>;
  /** The metric with this id; `near`, where it was in another run of the sequence, is looked at first (see `find`). */
  get(id: CostId, near?: number): Cost | undefined;
  /**
   * The metric with `cost`'s id, looked for first at `index`: two runs of one sequence that differ in
   * a number measure the same metrics in the same order until a branch goes the other way, so most
   * lookups spell no id.
   */
  find(cost: Cost, index: number): Cost | undefined;
}

/** How far an execution is from a goal: the paper's cost and its signed form (see CostBase). */
export interface Distance {
  value: bigint;
  residual: bigint;
}

/** What a comparison's distances are worked out from. */
type ComparedOperands = Pick<BranchComparison, 'op' | 'left' | 'right' | 'negations'>;

/** Distance of one predicate `op(l, r)` from being true and from being false. */
interface PredicateCosts {
  toTrue: Distance;
  toFalse: Distance;
}

/**
 * Both directions' costs of one recorded comparison. The condition the JUMPI tests is the
 * predicate negated `negations` times; SUB-based equality arrives as EQ with one negation.
 */
export function comparisonCosts(cmp: ComparedOperands): { taken: Distance; notTaken: Distance } {
  const p = predicateCosts(cmp.op, cmp.left, cmp.right);
  return cmp.negations % 2 === 0 ? { taken: p.toTrue, notTaken: p.toFalse } : { taken: p.toFalse, notTaken: p.toTrue };
}

function predicateCosts(op: number, left: bigint, right: bigint): PredicateCosts {
  switch (op) {
    case Op.EQ:
      return equality(left, right);
    case Op.ISZERO:
      return equality(left, 0n);
    case Op.LT:
      return lessThan(left, right);
    case Op.GT:
      return lessThan(right, left);
    case Op.SLT:
      return lessThan(signed(left), signed(right));
    case Op.SGT:
      return lessThan(signed(right), signed(left));
    default:
      throw new RangeError(`comparisonCosts: opcode 0x${op.toString(16)} is not a comparison`);
  }
}

/**
 * C_eq (to false) and C_neq-bar (to true): 1 when equal; |l − r| when not, with l − r taken modulo
 * 2^256 as a signed word. Equality of words is modular, so this keeps the residual linear in an
 * input that wraps (−1 passed as int256 is the word 2^256 − 1; a slot is keccak(p) + i mod 2^256).
 */
function equality(l: bigint, r: bigint): PredicateCosts {
  const d = wordDifference(l, r);
  return {
    toTrue: { value: d < 0n ? -d : d, residual: d },
    // Any change breaks an equality: a constant residual, which the secant never uses.
    toFalse: { value: d === 0n ? 1n : 0n, residual: d === 0n ? 1n : 0n },
  };
}

/** C_lt-bar (to true: l − r + 1 when l ≥ r) and C_lt (to false: r − l when l < r). */
function lessThan(l: bigint, r: bigint): PredicateCosts {
  const toTrue = l - r + 1n;
  const toFalse = r - l;
  return {
    toTrue: { value: toTrue > 0n ? toTrue : 0n, residual: toTrue },
    toFalse: { value: toFalse > 0n ? toFalse : 0n, residual: toFalse },
  };
}

/** (l − r) mod 2^256 as a two's complement integer. */
export function wordDifference(l: bigint, r: bigint): bigint {
  // l, r are words, so l − r lies in (−2^256, 2^256): one correction, no division.
  const d = l - r;
  if (d >= TWO_255) return d - TWO_256;
  return d < -TWO_255 ? d + TWO_256 : d;
}

/** A 256-bit word as a two's complement integer. */
export function signed(word: bigint): bigint {
  return word >= TWO_255 ? word - TWO_256 : word;
}

/** The edge (as TxTrace.edges encodes it) a branch metric measures the distance to. */
export function branchEdge(cost: BranchCost): number {
  return cost.codeId * 2 ** 32 + cost.pc * 2 + (cost.toward ? 1 : 0);
}

/**
 * One comparison of a trace, its operands copied (the trace's records are reused by the next
 * transaction), its distances worked out when first asked: most executions are measured and dropped
 * after a look at which edges they took (`NearMisses.improvements` skips covered ones first).
 */
class MeasuredComparison implements ComparedOperands {
  private distances: { taken: Distance; notTaken: Distance } | undefined;

  constructor(
    readonly op: number,
    readonly left: bigint,
    readonly right: bigint,
    readonly negations: number,
  ) {}

  toward(taken: boolean): Distance {
    this.distances ??= comparisonCosts(this);
    return taken ? this.distances.taken : this.distances.notTaken;
  }
}

/** A branch metric that spells its id (a string per metric, most of a measurement's cost) and works out its distance only when asked. */
class BranchMetric implements BranchCost {
  readonly kind = 'branch';
  private spelled: CostId | undefined;

  constructor(
    readonly tx: number,
    readonly codeId: number,
    readonly pc: number,
    readonly toward: boolean,
    /** The how-manyth execution of its JUMPI in the transaction (see `occurrence`). */
    readonly nth: number,
    private readonly comparison: MeasuredComparison,
  ) {}

  get id(): CostId {
    return (this.spelled ??= `${this.tx}/${this.codeId}:${this.pc}>${this.toward ? 't' : 'f'}#${this.nth}`);
  }

  get value(): bigint {
    return this.comparison.toward(this.toward).value;
  }

  get residual(): bigint {
    return this.comparison.toward(this.toward).residual;
  }
}

class StoreMetric implements StoreCost {
  readonly kind = 'store';
  private spelled: CostId | undefined;

  constructor(
    readonly tx: number,
    readonly codeId: number,
    readonly pc: number,
    readonly probe: number,
    readonly nth: number,
    readonly value: bigint,
    readonly residual: bigint,
  ) {}

  get id(): CostId {
    return (this.spelled ??= `${this.tx}/${this.codeId}:${this.pc}=st#${this.nth}@${this.probe}`);
  }
}

/** Branch metrics of one transaction's trace: two per comparison-fed JUMPI execution. */
export function branchCosts(trace: TxTrace, tx: number): BranchCost[] {
  const costs: BranchCost[] = [];
  const seen = new Map<number, number>();
  for (const cmp of trace.comparisons) {
    const { codeId, pc } = cmp;
    const k = occurrence(seen, siteKey(codeId, pc));
    const measured = new MeasuredComparison(cmp.op, cmp.left, cmp.right, cmp.negations);
    costs.push(new BranchMetric(tx, codeId, pc, true, k, measured), new BranchMetric(tx, codeId, pc, false, k, measured));
  }
  return costs;
}

/** A code location as one number (as TxTrace.edges spells them): a key that costs no string. */
function siteKey(codeId: number, pc: number): number {
  return codeId * 2 ** 32 + pc;
}

/** The how-manyth execution of `site` in its transaction this is (from 0): what keeps loop iterations apart. */
function occurrence<Site>(seen: Map<Site, number>, site: Site): number {
  const k = seen.get(site) ?? 0;
  seen.set(site, k + 1);
  return k;
}

/** Whether a comparison, or the JUMPI it feeds, is in a changed line. */
export function isChanged(changed: ChangedPcs, cmp: BranchComparison): boolean {
  const pcs = changed.get(cmp.codeId);
  return pcs !== undefined && (pcs.has(cmp.cmpPc) || pcs.has(cmp.pc));
}

/** |l − r| (modulo 2^256, signed) for every comparison of a changed line (see `MeetCost`). */
export function meetCosts(trace: TxTrace, tx: number, changed: ChangedPcs): MeetCost[] {
  const costs: MeetCost[] = [];
  const seen = new Map<number, number>();
  for (const cmp of trace.comparisons) {
    if (!isChanged(changed, cmp)) continue;
    const { codeId, pc, left, right } = cmp;
    const k = occurrence(seen, siteKey(codeId, pc));
    const residual = wordDifference(left, right);
    costs.push({ kind: 'meet', id: `${tx}/${codeId}:${pc}=m#${k}`, tx, codeId, pc, left, right, value: residual < 0n ? -residual : residual, residual });
  }
  return costs;
}

/** C_st = |slot − probe| (modulo 2^256, signed) for every SSTORE and probe slot (Harvey Sect. 4.3). */
export function storeCosts(trace: TxTrace, tx: number, probes: readonly bigint[]): StoreCost[] {
  const costs: StoreCost[] = [];
  const seen = new Map<number, number>();
  for (const store of trace.sstores) {
    const { codeId, pc } = store;
    const k = occurrence(seen, siteKey(codeId, pc));
    probes.forEach((probe, p) => {
      // Slots are words: keccak(p) + i wraps, so the modular difference stays linear in i.
      const residual = wordDifference(store.slot, probe);
      costs.push(new StoreMetric(tx, codeId, pc, p, k, residual < 0n ? -residual : residual, residual));
    });
  }
  return costs;
}

/**
 * Collects the cost vector of one sequence execution. Pass `observe` as (or inside) the
 * `runSequence` observer: it copies what it needs, since traces are views into reused buffers.
 */
export class CostCollector {
  private readonly costs: Cost[] = [];

  /**
   * @param probes probe slots for C_st: the campaign's random probe first, then any guidance slots.
   * @param changed the changed lines' pcs, when the comparison with a base wants their operands met.
   */
  constructor(
    private readonly probes: readonly bigint[],
    private readonly changed?: ChangedPcs,
  ) {}

  observe(result: TxResult, tx: number): void {
    // One at a time: a loop's thousands of metrics would overflow a spread's argument list.
    for (const cost of branchCosts(result.trace, tx)) this.costs.push(cost);
    for (const cost of storeCosts(result.trace, tx, this.probes)) this.costs.push(cost);
    if (this.changed) for (const cost of meetCosts(result.trace, tx, this.changed)) this.costs.push(cost);
  }

  vector(): CostVector {
    return costVectorOf(this.costs);
  }
}

/** The vector of these metrics (in execution order). */
export function costVectorOf(costs: readonly Cost[]): CostVector {
  return new ExecutionCosts(costs);
}

/** Ids are unique within an execution (transaction, site, occurrence, direction or probe): the index is built on the first lookup. */
class ExecutionCosts implements CostVector {
  private byId: Map<CostId, Cost> | undefined;

  constructor(private readonly costs: readonly Cost[]) {}

  values(): IterableIterator<Cost> {
    return this.costs.values();
  }

  get(id: CostId, near?: number): Cost | undefined {
    const aligned = near === undefined ? undefined : this.costs[near];
    if (aligned?.id === id) return aligned;
    this.byId ??= new Map(this.costs.map((cost) => [cost.id, cost]));
    return this.byId.get(id);
  }

  find(cost: Cost, index: number): Cost | undefined {
    const aligned = this.costs[index];
    return aligned !== undefined && sameMetric(aligned, cost) ? aligned : this.get(cost.id);
  }
}

/** Whether two metrics have one id, compared field by field where both are this module's (whose ids are spelled lazily). */
function sameMetric(a: Cost, b: Cost): boolean {
  if (a instanceof BranchMetric && b instanceof BranchMetric) {
    return a.tx === b.tx && a.codeId === b.codeId && a.pc === b.pc && a.toward === b.toward && a.nth === b.nth;
  }
  if (a instanceof StoreMetric && b instanceof StoreMetric) {
    return a.tx === b.tx && a.codeId === b.codeId && a.pc === b.pc && a.probe === b.probe && a.nth === b.nth;
  }
  return a.id === b.id;
}
