import { slotsRead } from '../../../src/fuzz/search/ddsf.js';
import { bucketedState, valueBucket } from '../../../src/fuzz/search/storageState.js';
import { toTx } from '../../../src/fuzz/execution/sequenceRunner.js';
import type { TxSequence } from '../../../src/fuzz/types.js';
import { deploy } from '../harveyHarness.js';

describe('valueBucket', () => {
  it('keeps 0 and 1 apart, then groups by width, and puts every top-bit word together', () => {
    expect([0n, 1n, 2n, 255n, 256n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 255n - 1n].map(valueBucket)).toEqual([
      '0', '1', 'byte', 'byte', 'word64', 'word64', 'wide', 'wide',
    ]);
    expect(valueBucket(2n ** 256n - 1n)).toBe('top');
    expect(valueBucket(2n ** 255n)).toBe('top');
  });
});

describe('bucketedState on Harvey Fig. 2', () => {
  it('tells the states Bar runs on apart by bucket, so counters do not make every increment new', async () => {
    const foo = await deploy('Fig2StateBug');
    const barOn = async (prefix: TxSequence) => {
      foo.executor.reset();
      for (const call of prefix) await foo.executor.run(toTx(call));
      const result = await foo.executor.run(toTx(foo.call('Bar')));
      return bucketedState(foo.executor, slotsRead(result.trace));
    };
    const initial = await barOn([]);
    const copied = (y: bigint) => barOn([foo.call('SetY', [y]), foo.call('CopyY')]);
    expect(initial).toMatch(/:0=0$/);
    expect(await copied(7n)).not.toBe(initial);
    expect(await copied(7n)).toBe(await copied(200n));
    expect(await copied(7n)).toBe(await barOn([foo.call('IncX'), foo.call('IncX'), foo.call('IncX')]));
    expect(await copied(-1n)).toMatch(/=top$/);
    // SetY alone leaves x, the only slot Bar reads, as it was.
    expect(await barOn([foo.call('SetY', [7n])])).toBe(initial);
  });
});
