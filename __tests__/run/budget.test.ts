import { describeBudgetPlan, planBudget, reportBudgetPlan, splitBudget } from '../../src/run/budget.js';
import { ComparisonAllowance } from '../../src/run/behaviourWatch.js';

const campaigns = [
  { campaign: 'src/A.sol:A', contract: 'src/A.sol:A', targets: 3 },
  { campaign: 'src/B.sol:B', contract: 'src/B.sol:B', targets: 1 },
];

describe('splitBudget', () => {
  it('splits in proportion to the weights and sums to the total', () => {
    expect(splitBudget([3, 1], 1000)).toEqual([750, 250]);
    expect(splitBudget([1, 1, 1], 100)).toEqual([34, 33, 33]);
  });

  it('splits evenly when every weight is 0 and rejects fractional budgets', () => {
    expect(splitBudget([0, 0], 9)).toEqual([5, 4]);
    expect(splitBudget([], 9)).toEqual([]);
    expect(() => splitBudget([0], 1.5)).toThrow(/integer/);
  });
});

describe('planBudget', () => {
  it('gives an execution budget to the campaigns whole, split between workers, with checks counted apart', () => {
    const plan = planBudget({ kind: 'executions', executions: 10_001 }, campaigns, { workers: 2, compared: 2 });
    expect(plan.campaigns.map((c) => c.fuzz)).toEqual([
      { kind: 'executions', executions: 7501 },
      { kind: 'executions', executions: 2500 },
    ]);
    expect(plan.campaigns[0]!.workers).toEqual([
      { kind: 'executions', executions: 3751 },
      { kind: 'executions', executions: 3750 },
    ]);
    expect(plan.campaigns[0]!.shrinkMs).toBeUndefined();
    // 10,001 / 20 = 500 checks in all, 250 per compared campaign.
    expect(plan.comparison).toEqual({ kind: 'executions', checksPerCampaign: 250, transactionsPerCheckDuring: 40 });
  });

  it('keeps a share of a time budget for comparing after the campaigns and a share of each campaign for shrinking', () => {
    const plan = planBudget({ kind: 'seconds', seconds: 100 }, campaigns, { workers: 1, compared: 1 });
    // 85 s for the campaigns, 3:1 by targets; a tenth of each kept for shrinking.
    expect(plan.campaigns.map((c) => [c.fuzz, c.shrinkMs])).toEqual([
      [{ kind: 'seconds', seconds: 57.375 }, 6375],
      [{ kind: 'seconds', seconds: 19.125 }, 2125],
    ]);
    expect(plan.comparison).toEqual({ kind: 'seconds', duringShare: 0.15, afterMs: 15_000 });
    const fuzzing = planBudget({ kind: 'seconds', seconds: 100 }, campaigns, { workers: 4, compared: 0 });
    expect(fuzzing.comparison).toBeUndefined();
    expect(fuzzing.campaigns[0]!.fuzz).toEqual({ kind: 'seconds', seconds: 67.5 });
    // Workers share the time, each running the whole of it.
    expect(fuzzing.campaigns[0]!.workers).toEqual(Array(4).fill({ kind: 'seconds', seconds: 67.5 }));
  });

  it('is reported and described as planned', () => {
    const plan = planBudget({ kind: 'executions', executions: 4000 }, campaigns, { workers: 1, compared: 1 });
    expect(reportBudgetPlan(plan)).toEqual({
      total: { seconds: null, executions: 4000 },
      workers: 1,
      campaigns: [
        { campaign: 'src/A.sol:A', fuzz: { seconds: null, executions: 3000 }, shrinkMs: null, workers: [{ seconds: null, executions: 3000 }] },
        { campaign: 'src/B.sol:B', fuzz: { seconds: null, executions: 1000 }, shrinkMs: null, workers: [{ seconds: null, executions: 1000 }] },
      ],
      comparison: { kind: 'executions', checksPerCampaign: 200, transactionsPerCheckDuring: 40 },
      unbudgeted: ['build', 'reproducer checks', 'report'],
    });
    expect(describeBudgetPlan(plan)).toBe(
      'Budget 4000 transactions: A 3,000 tx, B 1,000 tx; comparing with the base: 200 sequences per campaign, at most half as it runs; building and checking reproducers come on top.',
    );
    expect(describeBudgetPlan(planBudget({ kind: 'seconds', seconds: 60 }, campaigns.slice(0, 1), { workers: 2, compared: 0 }))).toBe(
      'Budget 60s: A 54 s + 6 s shrinking on 2 workers each; building and checking reproducers come on top.',
    );
  });
});

describe('ComparisonAllowance while a campaign runs (issue 31 item 4)', () => {
  const plan = planBudget({ kind: 'executions', executions: 4000 }, [{ campaign: 'C', contract: 'C', targets: 1 }], { workers: 1, compared: 1 }).comparison!;

  it('samples sequences at one check per 40 transactions, within half the quota', () => {
    const allowance = new ComparisonAllowance(plan, () => 0);
    expect(allowance.quota).toBe(200);
    expect(allowance.allowsCheckDuring(400, 10, false)).toBe(false);
    expect(allowance.allowsCheckDuring(400, 9, false)).toBe(true);
    expect(allowance.allowsCheckDuring(100_000, 100, false)).toBe(false);
  });

  it('compares a novel sequence at any pace while three quarters of the quota are left', () => {
    const allowance = new ComparisonAllowance(plan, () => 0);
    expect(allowance.allowsCheckDuring(1, 10, true)).toBe(true);
    expect(allowance.allowsCheckDuring(1, 149, true)).toBe(true);
    expect(allowance.allowsCheckDuring(1, 150, true)).toBe(false);
  });

  it('under a time budget gives novel sequences the whole share of the time, others half of it', () => {
    let now = 0;
    const timed = planBudget({ kind: 'seconds', seconds: 10 }, [{ campaign: 'C', contract: 'C', targets: 1 }], { workers: 1, compared: 1 }).comparison!;
    const allowance = new ComparisonAllowance(timed, () => now);
    now = 1000;
    return allowance
      .check(async () => {
        now += 100;
      })
      .then(() => {
        // 100 ms spent of 1,100: within 15%, not within 7.5%.
        expect(allowance.allowsCheckDuring(0, 1, true)).toBe(true);
        expect(allowance.allowsCheckDuring(0, 1, false)).toBe(false);
      });
  });
});
