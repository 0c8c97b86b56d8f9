import { slotsRead } from '../../../src/fuzz/search/ddsf.js';
import { bucketedStateBefore, type SlotWrite, valueBucket } from '../../../src/fuzz/search/storageState.js';
import type { TxResult } from '../../../src/evm/types.js';
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

describe('bucketedStateBefore on Harvey Fig. 2', () => {
  it('tells the states Bar runs on apart by bucket, so counters do not make every increment new', async () => {
    const foo = await deploy('Fig2StateBug');
    const barOn = async (prefix: TxSequence) => {
      foo.executor.reset();
      for (const call of prefix) await foo.executor.run(toTx(call));
      const result = await foo.executor.run(toTx(foo.call('Bar')));
      return bucketedStateBefore(foo.executor, slotsRead(result.trace), [], []);
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

describe('bucketedStateBefore on a call that writes what it read (BonusCodeWallet.PopCode)', () => {
  const writesOf = (result: TxResult): SlotWrite[] => result.trace.sstores.map(({ address, slot, value }) => ({ address, slot, value }));

  it('shows the length PopCode ran on, not the one it left', async () => {
    const wallet = await deploy('BonusCodeWallet');
    const popOn = async (pushes: number) => {
      wallet.executor.reset();
      const prefixWrites: SlotWrite[] = [];
      for (let i = 0; i < pushes; i++) prefixWrites.push(...writesOf(await wallet.executor.run(toTx(wallet.call('PushCode', [7n])))));
      const pop = await wallet.executor.run(toTx(wallet.call('PopCode')));
      const reads = slotsRead(pop.trace);
      return { ranOn: bucketedStateBefore(wallet.executor, reads, prefixWrites, writesOf(pop)), left: bucketedStateBefore(wallet.executor, reads, [], []) };
    };
    const empty = await popOn(0);
    const one = await popOn(1);
    const three = await popOn(3);
    // The slot left after popping: the underflow (top) on the empty array, then 0, then 2.
    expect(empty.left).toMatch(/=top$/);
    expect(one.left).toMatch(/=0$/);
    // The slot PopCode read: the deployed value, then each prefix's last write.
    expect(empty.ranOn).toMatch(/=initial$/);
    expect(one.ranOn).toMatch(/=1$/);
    expect(three.ranOn).toMatch(/=byte$/);
  });
});
