import { fileURLToPath } from 'node:url';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { contractsToFuzz } from '../../src/targets/contractsToFuzz.js';
import type { Target } from '../../src/targets/types.js';

const ROOT = fileURLToPath(new URL('../../__fixtures__/targets/', import.meta.url));

const target = (contract: string, line: number): Target => ({
  file: 'Shared.sol',
  line,
  contract: `Shared.sol:${contract}`,
  pcs: [1],
  creationPcs: [],
  status: 'code',
});

describe('contractsToFuzz', () => {
  let project: CompiledProject;
  beforeAll(async () => {
    project = await compileProject({ root: ROOT, paths: ['Shared.sol'] });
  });

  it('keeps concrete contracts with targets, constructor parameters or not (deployment decides)', () => {
    const selection = contractsToFuzz(project, [target('Shop', 1), target('Needy', 2), target('Fees', 3), target('Owned', 4)]);
    expect(selection.contracts.map((c) => c.name)).toEqual(['Shop', 'Needy']);
    // A library's own code runs when the contracts linking it call it: it is aimed at through them.
    expect(selection.libraries.map((c) => c.name)).toEqual(['Fees']);
    expect(selection.skipped).toEqual([]);
  });

  it('skips Foundry tests and scripts, by file name or by their IS_TEST marker, but keeps mocks in test folders', () => {
    const isTest = { type: 'function', name: 'IS_TEST', inputs: [], outputs: [{ type: 'bool', name: '' }], stateMutability: 'view' } as const;
    const moved = project.contracts.map((c) => {
      if (c.name === 'Market') return { ...c, id: 'test/Market.t.sol:Market' as const, file: 'test/Market.t.sol' };
      if (c.name === 'Shop') return { ...c, id: 'script/Deploy.s.sol:Shop' as const, file: 'script/Deploy.s.sol' };
      if (c.name === 'Needy') return { ...c, id: 'test/mocks/Needy.sol:Needy' as const, file: 'test/mocks/Needy.sol', abi: [...c.abi, isTest] };
      return c;
    });
    const mock = { ...project.contracts.find((c) => c.name === 'Needy')!, id: 'test/mocks/Needy.sol:Needy' as const, file: 'test/mocks/Needy.sol' };
    const on = (id: string, line: number): Target => ({ ...target('', line), contract: id as Target['contract'] });
    const tests = contractsToFuzz({ ...project, contracts: moved }, [
      on('script/Deploy.s.sol:Shop', 1),
      on('test/Market.t.sol:Market', 2),
      on('test/mocks/Needy.sol:Needy', 3),
    ]);
    expect(tests.contracts).toEqual([]);
    expect(tests.skipped.map((s) => s.reason)).toEqual(['script contract', 'test contract', 'test contract']);
    const mocks = contractsToFuzz({ ...project, contracts: [mock] }, [on('test/mocks/Needy.sol:Needy', 3)]);
    expect(mocks.contracts.map((c) => c.file)).toEqual(['test/mocks/Needy.sol']);
  });
});
