import { fileURLToPath } from 'node:url';
import { compileProject } from '../../src/build/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/build/types.js';
import { contractsToFuzz, countTargets, splitBudget } from '../../src/targets/contractsToFuzz.js';
import type { Target } from '../../src/targets/types.js';

const ROOT = fileURLToPath(new URL('../../__fixtures__/targets/', import.meta.url));

const target = (contract: string, line: number): Target => ({ file: 'Shared.sol', line, contract, pcs: [1], creationPcs: [], status: 'code' });

describe('contractsToFuzz', () => {
  let project: CompiledProject;
  beforeAll(async () => {
    project = await compileProject({ root: ROOT, paths: ['Shared.sol'] });
  });

  it('keeps deployable contracts with targets and explains the ones it skips', () => {
    const selection = contractsToFuzz(project, [target('Shop', 1), target('Needy', 2), target('Fees', 3), target('Owned', 4)]);
    expect(selection.contracts.map((c) => c.name)).toEqual(['Shop']);
    expect(selection.skipped).toEqual([{ contract: 'Needy', file: 'Shared.sol', reason: 'constructor takes parameters' }]);
  });

  it('skips Foundry tests and scripts', () => {
    const moved = project.contracts.map((c) => (c.name === 'Market' ? { ...c, file: 'test/Market.t.sol' } : c.name === 'Shop' ? { ...c, file: 'script/Deploy.s.sol' } : c));
    const selection = contractsToFuzz({ ...project, contracts: moved }, [target('Shop', 1), target('Market', 2)]);
    expect(selection.contracts).toEqual([]);
    expect(selection.skipped.map((s) => s.reason)).toEqual(['script contract', 'test contract']);
  });
});

describe('splitBudget', () => {
  const named = (...names: string[]) => names.map((name) => ({ name }) as CompiledContract);

  it('splits in proportion to target counts and sums to the total', () => {
    const counts = countTargets([target('A', 1), target('A', 2), target('A', 3), target('B', 4)]);
    expect(splitBudget(named('A', 'B'), counts, 1000)).toEqual([750, 250]);
    expect(splitBudget(named('A', 'B', 'C'), new Map([['A', 1], ['B', 1], ['C', 1]]), 100)).toEqual([34, 33, 33]);
  });

  it('splits evenly when no contract has targets and rejects fractional budgets', () => {
    expect(splitBudget(named('A', 'B'), new Map(), 9)).toEqual([5, 4]);
    expect(splitBudget([], new Map(), 9)).toEqual([]);
    expect(() => splitBudget(named('A'), new Map(), 1.5)).toThrow(/integer/);
  });
});
