import type { BranchComparison, TxResult, TxTrace } from '../../../src/evm/types.js';
import { branchCosts, comparisonCosts, CostCollector, meetCosts, storeCosts } from '../../../src/fuzz/harvey/costs.js';
import { Op } from '../../../src/bytecode/opcodes.js';

const { LT, GT, SLT, SGT, EQ, ISZERO } = Op;
const MINUS_ONE = (1n << 256n) - 1n;

function cmp(op: number, left: bigint, right: bigint, negations = 0, pc = 100): BranchComparison {
  const holds = predicate(op, left, right);
  return { codeId: 0, pc, cmpPc: pc - 3, op, left, right, negations, taken: negations % 2 === 0 ? holds : !holds };
}

function predicate(op: number, l: bigint, r: bigint): boolean {
  const s = (w: bigint) => (w >= 1n << 255n ? w - (1n << 256n) : w);
  switch (op) {
    case LT:
      return l < r;
    case GT:
      return l > r;
    case SLT:
      return s(l) < s(r);
    case SGT:
      return s(l) > s(r);
    case EQ:
      return l === r;
    default:
      return l === 0n;
  }
}

function trace(comparisons: BranchComparison[], sstores: bigint[] = []): TxTrace {
  return {
    pathId: '',
    edges: [],
    jumps: new Uint32Array(0),
    jumpsTruncated: false,
    comparisons,
    sloads: [],
    sstores: sstores.map((slot) => ({ codeId: 0, pc: 50, address: '0x01', slot, origin: 'plain', key: 0n, base: 0n, value: 1n })),
    blocks: new Map(),
    effects: [],
    balanceReads: [],
    calleeFrames: [],
    calleeJumps: new Uint32Array(0),
  };
}

/** [cost to make the JUMPI jump, cost to make it fall through]. */
const values = (c: BranchComparison) => {
  const { taken, notTaken } = comparisonCosts(c);
  return [taken.value, notTaken.value];
};

describe('branch costs (Learning-inputs Sect. 4.2)', () => {
  test.each([
    // op, l, r, negations, [to taken, to not taken]
    ['a == 42 holds: C_eq = 1 to break it', EQ, 42n, 42n, 0, [0n, 1n]],
    ['a == 42 fails at 7: C_neq-bar = |7 − 42|', EQ, 7n, 42n, 0, [35n, 0n]],
    ['a == 42 fails at int256 −1: the distance is 43 words, not 2^256 − 43', EQ, MINUS_ONE, 42n, 0, [43n, 0n]],
    ['SUB-style equality (one negation) swaps the directions', EQ, 7n, 42n, 1, [0n, 35n]],
    ['l < r holds: C_lt = r − l', LT, 3n, 10n, 0, [0n, 7n]],
    ['l < r fails: C_lt-bar = l − r + 1', LT, 10n, 3n, 0, [8n, 0n]],
    ['l < r fails at equality: one step', LT, 5n, 5n, 0, [1n, 0n]],
    ['l > r (GT as r < l) holds', GT, 10n, 3n, 0, [0n, 7n]],
    ['l >= r written ISZERO(LT) holds: C_ge', LT, 10n, 3n, 1, [0n, 8n]],
    ['double negation is the comparison again', LT, 3n, 10n, 2, [0n, 7n]],
    ['ISZERO(x) as a zero test: |x| to make it true', ISZERO, 9n, 0n, 0, [9n, 0n]],
    ['signed: −1 < 3 holds under SLT, distance 4', SLT, MINUS_ONE, 3n, 0, [0n, 4n]],
    ['signed: −1 > 3 fails under SGT, distance 5', SGT, MINUS_ONE, 3n, 0, [5n, 0n]],
    ['unsigned: 2^256 − 1 < 3 fails under LT, huge distance', LT, MINUS_ONE, 3n, 0, [MINUS_ONE - 2n, 0n]],
  ] as const)('%s', (_name, op, l, r, negations, expected) => {
    expect(values(cmp(op, l, r, negations))).toEqual(expected);
  });

  test('the direction the JUMPI took always costs zero, the other never does', () => {
    for (const c of [cmp(EQ, 1n, 2n), cmp(EQ, 2n, 2n, 1), cmp(LT, 1n, 2n, 1), cmp(SGT, MINUS_ONE, 0n), cmp(ISZERO, 0n, 0n)]) {
      const { taken, notTaken } = comparisonCosts(c);
      expect((c.taken ? taken : notTaken).value).toBe(0n);
      expect((c.taken ? notTaken : taken).value).toBeGreaterThan(0n);
    }
  });

  test('residuals are signed: an equality missed from above and from below has opposite signs', () => {
    expect(comparisonCosts(cmp(EQ, 7n, 42n)).taken.residual).toBe(-35n);
    expect(comparisonCosts(cmp(EQ, 50n, 42n)).taken.residual).toBe(8n);
  });

  test('ids carry the transaction, code, pc, direction and occurrence (loops stay apart)', () => {
    const costs = branchCosts(trace([cmp(LT, 0n, 3n, 0, 200), cmp(LT, 1n, 3n, 0, 200), cmp(EQ, 1n, 2n, 0, 300)]), 2);
    expect(costs.map((c) => c.id)).toEqual(['2/0:200>t#0', '2/0:200>f#0', '2/0:200>t#1', '2/0:200>f#1', '2/0:300>t#0', '2/0:300>f#0']);
    expect(costs.find((c) => c.id === '2/0:200>f#1')?.value).toBe(2n);
  });

  test("hold the operands as compared: the trace's records, reused by the next transaction, do not change them", () => {
    const record = cmp(LT, 10n, 3n);
    const [toward] = branchCosts(trace([record]), 0);
    Object.assign(record, { op: EQ, left: 0n, right: 0n, negations: 1 });
    expect([toward.value, toward.residual]).toEqual([8n, 8n]);
  });
});

describe('store costs (C_st)', () => {
  test('|slot − probe| for every SSTORE and probe, zero when the probe is written', () => {
    const costs = storeCosts(trace([], [10n, 1000n]), 0, [1000n, 4n]);
    expect(costs.map((c) => [c.id, c.value, c.residual])).toEqual([
      ['0/0:50=st#0@0', 990n, -990n],
      ['0/0:50=st#0@1', 6n, 6n],
      ['0/0:50=st#1@0', 0n, 0n],
      ['0/0:50=st#1@1', 996n, 996n],
    ]);
  });
});

describe('meet costs (changed comparisons, issue 31 item 4)', () => {
  const changed = new Map([[0, new Set([97])]]);

  it('measure |l − r| of the comparisons of changed lines only, with the operands as compared', () => {
    const costs = meetCosts(trace([cmp(GT, 5n, 1n, 0, 100), cmp(LT, 8n, 9n, 0, 200)]), 1, changed);
    expect(costs).toEqual([{ kind: 'meet', id: '1/0:100=m#0', tx: 1, codeId: 0, pc: 100, left: 5n, right: 1n, value: 4n, residual: 4n }]);
  });

  it('are collected only when the collector is given the changed pcs', () => {
    const result = { trace: trace([cmp(GT, 1n, 1n, 0, 100)]) } as TxResult;
    const without = new CostCollector([]);
    without.observe(result, 0);
    const withChanged = new CostCollector([], changed);
    withChanged.observe(result, 0);
    expect([...without.vector().values()].some((c) => c.kind === 'meet')).toBe(false);
    expect([...withChanged.vector().values()].filter((c) => c.kind === 'meet').map((c) => c.value)).toEqual([0n]);
  });
});
