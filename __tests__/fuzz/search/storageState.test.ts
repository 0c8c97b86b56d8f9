import path from 'node:path';
import type { AbiFunction } from 'viem';
import { compileProject } from '../../../src/compile/compile.js';
import { Executor } from '../../../src/evm/executor.js';
import { SENDER_ADDRESSES } from '../../../src/config/chainConfig.js';
import { functionTarget } from '../../../src/abi/encoding.js';
import { slotsRead } from '../../../src/fuzz/harvey/ddsf.js';
import { bucketedStateBefore, changesDeployedStorage, type SlotWrite, valueBucket } from '../../../src/fuzz/corpus/storageState.js';
import type { TxResult } from '../../../src/evm/types.js';
import { toTx } from '../../../src/fuzz/campaign/sequenceRunner.js';
import type { AbiValue, Call, TxSequence } from '../../../src/abi/types.js';
import { REPO_ROOT } from '../../helpers/repoRoot.js';
import { deploy } from '../harveyHarness.js';

describe('valueBucket', () => {
  it('keeps 0 and 1 apart, then groups by width, and puts every top-bit word together', () => {
    expect([0n, 1n, 2n, 255n, 256n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 255n - 1n].map(valueBucket)).toEqual([
      '0',
      '1',
      'byte',
      'byte',
      'word64',
      'word64',
      'wide',
      'wide',
    ]);
    expect(valueBucket(2n ** 256n - 1n)).toBe('top');
    expect(valueBucket(2n ** 255n)).toBe('top');
  });
});

const writesOf = (result: TxResult): SlotWrite[] => result.trace.sstores.map(({ address, slot, value }) => ({ address, slot, value }));

describe('bucketedStateBefore on Harvey Fig. 2', () => {
  it('tells the states its prefix set up for Bar apart by bucket, so counters do not make every increment new', async () => {
    const foo = await deploy('Fig2StateBug');
    const barOn = async (prefix: TxSequence) => {
      foo.executor.reset();
      const prefixWrites: SlotWrite[] = [];
      for (const call of prefix) prefixWrites.push(...writesOf(await foo.executor.run(toTx(call))));
      const result = await foo.executor.run(toTx(foo.call('Bar')));
      return bucketedStateBefore(slotsRead(result.trace), prefixWrites);
    };
    const copied = (y: bigint) => barOn([foo.call('SetY', [y]), foo.call('CopyY')]);
    // Nothing before Bar: the deployed state, the same for every input, names no state.
    expect(await barOn([])).toBe('');
    expect(await copied(7n)).toMatch(/:0=byte$/);
    expect(await copied(7n)).toBe(await copied(200n));
    expect(await copied(7n)).toBe(await barOn([foo.call('IncX'), foo.call('IncX'), foo.call('IncX')]));
    expect(await copied(-1n)).toMatch(/=top$/);
    expect(await copied(1n)).not.toBe(await copied(7n));
    // SetY alone leaves x, the only slot Bar reads, as deployed.
    expect(await barOn([foo.call('SetY', [7n])])).toBe('');
  });
});

describe('bucketedStateBefore on a call that writes what it read (BonusCodeWallet.PopCode)', () => {
  it('shows the length PopCode ran on, not the one it left', async () => {
    const wallet = await deploy('BonusCodeWallet');
    const popOn = async (pushes: number) => {
      wallet.executor.reset();
      const prefixWrites: SlotWrite[] = [];
      for (let i = 0; i < pushes; i++) prefixWrites.push(...writesOf(await wallet.executor.run(toTx(wallet.call('PushCode', [7n])))));
      const pop = await wallet.executor.run(toTx(wallet.call('PopCode')));
      const lengthSlot = writesOf(pop)[0];
      return { ranOn: bucketedStateBefore(slotsRead(pop.trace), prefixWrites), left: wallet.executor.getStorage(lengthSlot.address, lengthSlot.slot) };
    };
    const one = await popOn(1);
    // Popping one code leaves the length 0 and ran on 1; on three it ran on a byte-sized length.
    expect(one.left).toBe(0n);
    expect(one.ranOn).toMatch(/=1$/);
    expect((await popOn(3)).ranOn).toMatch(/=byte$/);
    expect((await popOn(0)).ranOn).toBe('');
  });
});

describe("bucketedStateBefore on the catalogue's wrapped ether (a mapping of balances)", () => {
  it('names no state for a balance key nothing before the call wrote, and one state per bucket of what was set up', async () => {
    const file = path.join('__fixtures__/oracles', 'WrappedEtherUncheckedBurn.sol');
    const project = await compileProject({ root: REPO_ROOT, paths: [file] });
    const contract = project.contracts.find((c) => c.name === 'WrappedEtherUncheckedBurn')!;
    const executor = await Executor.create([{ name: contract.name, file: contract.file, abi: contract.abi, creationCode: contract.creation.bytecode }]);
    const call = (fn: string, args: AbiValue[] = [], sender = 0, value = 0n): Call => {
      const abi = contract.abi.find((item): item is AbiFunction => item.type === 'function' && item.name === fn)!;
      return { sender, to: 0, target: functionTarget(abi), args, value, blockDelay: 0, timeDelay: 0 };
    };
    const lastOn = async (prefix: TxSequence, last: Call) => {
      await executor.reset();
      const prefixWrites: SlotWrite[] = [];
      for (const c of prefix) prefixWrites.push(...writesOf(await executor.run(toTx(c))));
      const result = await executor.run(toTx(last));
      expect(result.outcome.kind).toBe('success');
      return bucketedStateBefore(slotsRead(result.trace), prefixWrites);
    };
    // Each recipient's balance is a slot of its own; on the deployed storage none is a state.
    const [, alice, bob] = SENDER_ADDRESSES;
    expect(await lastOn([], call('transfer', [alice, 0n]))).toBe('');
    expect(await lastOn([], call('transfer', [bob, 0n]))).toBe('');
    // A deposit sets up the sender's balance and the supply withdraw reads; amounts of one bucket are one state.
    const withdrawAfter = (wei: bigint) => lastOn([call('deposit', [], 1, wei)], call('withdraw', [1n], 1));
    expect(await withdrawAfter(5n)).toMatch(/^[^,]+=byte,[^,]+=byte$/);
    expect(await withdrawAfter(5n)).toBe(await withdrawAfter(200n));
    expect(await withdrawAfter(5n)).not.toBe(await withdrawAfter(10n ** 18n));
  });
});

describe('changesDeployedStorage: whether earlier calls set up anything for the last one', () => {
  it('is false for calls that leave every slot they wrote as deployed, true once one holds something else', async () => {
    const wallet = await deploy('BonusCodeWallet');
    const deployed = await deploy('BonusCodeWallet');
    const setsUp = async (prefix: TxSequence) => {
      await wallet.executor.reset();
      const writes: SlotWrite[] = [];
      for (const call of prefix) writes.push(...writesOf(await wallet.executor.run(toTx(call))));
      return changesDeployedStorage(writes, (s) => deployed.executor.getStorage(s.address, s.slot));
    };
    expect(await setsUp([])).toBe(false);
    expect(await setsUp([wallet.call('PushCode', [7n])])).toBe(true);
    // The pop stores the length back to 0; a pushed 0 leaves the element slot as deployed too.
    expect(await setsUp([wallet.call('PushCode', [0n]), wallet.call('PopCode')])).toBe(false);
    // PopCode does not clear the element: a pushed 7 stays behind the length.
    expect(await setsUp([wallet.call('PushCode', [7n]), wallet.call('PopCode')])).toBe(true);
  });

  it('looks at the last value written to a slot, not the first', () => {
    const slot = { address: '0x00000000000000000000000000000000000000aa' as const, slot: 3n };
    const deployedZero = () => 0n;
    expect(
      changesDeployedStorage(
        [
          { ...slot, value: 5n },
          { ...slot, value: 0n },
        ],
        deployedZero,
      ),
    ).toBe(false);
    expect(
      changesDeployedStorage(
        [
          { ...slot, value: 0n },
          { ...slot, value: 5n },
        ],
        deployedZero,
      ),
    ).toBe(true);
  });
});
