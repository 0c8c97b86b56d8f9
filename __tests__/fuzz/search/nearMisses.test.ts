import { branchGoal, goalBranch, isMeetGoal, NearMisses } from '../../../src/fuzz/schedule/nearMisses.js';
import { type BranchCost, type CostId, type CostVector, costVectorOf, type MeetCost } from '../../../src/fuzz/harvey/costs.js';

describe('branch goals', () => {
  it('name the code and pc of the untaken direction they come from', () => {
    const edge = 7 * 2 ** 32 + 1234 * 2 + 1;
    expect(goalBranch(branchGoal(edge))).toEqual({ codeId: 7, pc: 1234 });
    expect(goalBranch(branchGoal(1234 * 2))).toEqual({ codeId: 0, pc: 1234 });
  });

  it('are what NearMisses reports for a closer branch distance; a store probe has none', () => {
    const id: CostId = 'b';
    const cost: BranchCost = { id, kind: 'branch', tx: 0, codeId: 3, pc: 90, toward: true, value: 5n, residual: 5n };
    const costs: CostVector = costVectorOf([cost]);
    const [goal] = new NearMisses().improvements(costs);
    expect(goalBranch(goal)).toEqual({ codeId: 3, pc: 90 });
    expect(goalBranch('s:3:90@0')).toBeUndefined();
  });
});

describe('meet goals', () => {
  const meet = (value: bigint): CostVector => {
    const cost: MeetCost = { id: 'm', kind: 'meet', tx: 0, codeId: 2, pc: 40, left: value, right: 0n, value, residual: value };
    return costVectorOf([cost]);
  };

  it('are goals while a changed comparison’s operands come closer, and no more once they met', () => {
    const misses = new NearMisses();
    const [goal] = misses.improvements(meet(9n));
    expect(isMeetGoal(goal)).toBe(true);
    expect(misses.improvements(meet(9n))).toEqual([]);
    expect(misses.improvements(meet(3n))).toEqual([goal]);
    expect(misses.improvements(meet(0n))).toEqual([]);
    expect(misses.improvements(meet(1n))).toEqual([]);
  });
});
