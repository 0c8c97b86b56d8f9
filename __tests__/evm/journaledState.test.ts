import { Account, createAddressFromBigInt } from '@ethereumjs/util';
import { JournaledState } from '../../src/evm/journaledState.js';

const alice = createAddressFromBigInt(0xa11cen);
const slot = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? n : 0));

describe('JournaledState', () => {
  it('reverts nested checkpoints to exactly what each one saw', async () => {
    const state = new JournaledState();
    await state.putAccount(alice, new Account(0n, 10n));
    await state.putStorage(alice, slot(1), Uint8Array.of(1));
    state.checkpointSync();
    await state.putStorage(alice, slot(1), Uint8Array.of(2));
    state.checkpointSync();
    await state.putStorage(alice, slot(2), Uint8Array.of(3));
    await state.modifyAccountFields(alice, { balance: 99n });
    state.commitSync();
    state.checkpointSync();
    await state.clearStorage(alice);
    state.revertSync();
    expect(state.slotAt(alice, slot(2))).toEqual(Uint8Array.of(3));
    expect(state.accountAt(alice)?.balance).toBe(99n);
    state.revertSync();
    expect(state.slotAt(alice, slot(1))).toEqual(Uint8Array.of(1));
    expect(state.slotAt(alice, slot(2))).toEqual(new Uint8Array(0));
    expect(state.accountAt(alice)?.balance).toBe(10n);
    expect(state.depth).toBe(0);
  });

  it('hands out copies, so mutating a read account does not change state', async () => {
    const state = new JournaledState();
    await state.putAccount(alice, new Account(0n, 10n));
    const read = await state.getAccount(alice);
    if (read === undefined) throw new Error('account missing');
    read.balance = 0n;
    expect(state.accountAt(alice)?.balance).toBe(10n);
  });

  it('keeps code arrays by identity and deletes an account with its code and storage', async () => {
    const state = new JournaledState();
    const code = Uint8Array.of(0x60, 0x00);
    await state.putCode(alice, code);
    await state.putStorage(alice, slot(1), Uint8Array.of(5));
    expect(await state.getCode(alice)).toBe(code);
    state.checkpointSync();
    await state.deleteAccount(alice);
    expect(state.codeAt(alice).length).toBe(0);
    expect(state.accountAt(alice)).toBeUndefined();
    state.revertSync();
    expect(state.codeAt(alice)).toBe(code);
    expect(state.slotAt(alice, slot(1))).toEqual(Uint8Array.of(5));
  });
});
