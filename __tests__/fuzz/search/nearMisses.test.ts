import { branchGoal, goalBranch, NearMisses } from '../../../src/fuzz/schedule/nearMisses.js';
import type { BranchCost, CostId, CostVector } from '../../../src/fuzz/harvey/costs.js';

describe('branch goals', () => {
  it('name the code and pc of the untaken direction they come from', () => {
    const edge = 7 * 2 ** 32 + 1234 * 2 + 1;
    expect(goalBranch(branchGoal(edge))).toEqual({ codeId: 7, pc: 1234 });
    expect(goalBranch(branchGoal(1234 * 2))).toEqual({ codeId: 0, pc: 1234 });
  });

  it('are what NearMisses reports for a closer branch distance; a store probe has none', () => {
    const id: CostId = 'b';
    const cost: BranchCost = { id, kind: 'branch', tx: 0, codeId: 3, pc: 90, toward: true, value: 5n, residual: 5n };
    const costs: CostVector = new Map([[id, cost]]);
    const [goal] = new NearMisses().improvements(costs);
    expect(goalBranch(goal)).toEqual({ codeId: 3, pc: 90 });
    expect(goalBranch('s:3:90@0')).toBeUndefined();
  });
});
