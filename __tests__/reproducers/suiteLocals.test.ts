import { suiteLocals } from '../../src/reproducers/source/suiteCheck.js';
import type { ReproducerPlan } from '../../src/reproducers/source/types.js';

describe('suiteLocals', () => {
  it("reads the test's state variable before a local of the same name can shadow it", () => {
    // The test's own `pair` holds the pair setUp() created (Lookout names it pair2); Lookout's `pair` is another Pair.
    const created = '0xc6731a394f42531bba631e48d0a9f45f2797ce7d';
    const other = '0x4f81992fce2e1846dd528ec0102e6ee1f61ed3e2';
    const plan = {
      senders: [],
      deployments: [
        { contract: 'Pair', address: other, how: { kind: 'new' } },
        { contract: 'Pair', address: created, how: { kind: 'new' }, variable: 'pair' },
      ],
    } as unknown as ReproducerPlan;
    const instances = new Map([
      [other, 'pair'],
      [created, 'pair2'],
    ]);
    const lines = suiteLocals(plan, instances, ['pair2.swap(0, 1, address(pair));'], () => {});
    expect(lines).toEqual([
      'address pair2Address = address(pair);',
      'Pair pair = Pair(payable(0x4f81992FCe2E1846dD528eC0102e6eE1f61ed3e2));',
      'Pair pair2 = Pair(payable(pair2Address));',
    ]);
  });
});
