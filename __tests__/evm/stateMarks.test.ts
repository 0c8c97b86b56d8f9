import { createAddressFromBigInt } from '@ethereumjs/util';
import { JournaledState } from '../../src/evm/journaledState.js';

// The undo-log marks behind forge's state snapshots (vm.snapshotState / vm.revertToState).
const alice = createAddressFromBigInt(0xa11cen);
const slot = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? n : 0));

test('a mark rewinds the writes since it, inside frames opened after it, which then commit cleanly', () => {
  const state = new JournaledState();
  state.checkpointSync();
  state.writeSlot(alice, slot(1), Uint8Array.of(1));
  const mark = state.mark()!;
  state.checkpointSync();
  state.writeSlot(alice, slot(1), Uint8Array.of(2));
  state.writeSlot(alice, slot(2), Uint8Array.of(3));
  expect(state.rewind(mark)).toBe(true);
  expect(state.slotAt(alice, slot(1))).toEqual(Uint8Array.of(1));
  expect(state.slotAt(alice, slot(2))).toEqual(new Uint8Array(0));
  // Rewinding again to the same mark still works (revertToState keeps the snapshot).
  state.writeSlot(alice, slot(1), Uint8Array.of(4));
  expect(state.rewind(mark)).toBe(true);
  expect(state.slotAt(alice, slot(1))).toEqual(Uint8Array.of(1));
  state.commitSync();
  state.revertSync();
  expect(state.slotAt(alice, slot(1))).toEqual(new Uint8Array(0));
});

test('a mark whose writes a revert took back, or a commit made the base, rewinds nothing', () => {
  const state = new JournaledState();
  expect(state.mark()).toBeUndefined();
  state.checkpointSync();
  state.checkpointSync();
  state.writeSlot(alice, slot(1), Uint8Array.of(1));
  const reverted = state.mark()!;
  state.revertSync();
  state.checkpointSync();
  state.writeSlot(alice, slot(1), Uint8Array.of(7));
  expect(state.rewind(reverted)).toBe(false);
  expect(state.slotAt(alice, slot(1))).toEqual(Uint8Array.of(7));
  const committed = state.mark()!;
  state.commitSync();
  state.commitSync();
  state.checkpointSync();
  expect(state.rewind(committed)).toBe(false);
});
