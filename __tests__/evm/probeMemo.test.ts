import { ProbeMemo, type ProbeRecord, StateVersions } from '../../src/evm/probeMemo.js';

/** ProbeMemo's runs kept by the values of the slots they read, on made-up tapes (probeReplay.test.ts runs real properties). */
const SLOT = '0x00000000000000000000000000000000000000aa:0';
const BLOCK = { number: 1n, timestamp: 1n };
const DATA = new Uint8Array([1, 2, 3, 4]);

function setUp(maxTaped?: number) {
  const versions = new StateVersions();
  const held = new Map<string, string>();
  const memo = new ProbeMemo(versions, (slot) => held.get(slot) ?? '', maxTaped);
  /** A transaction that stored `value` in the slot. */
  const store = (value: string) => {
    held.set(SLOT, value);
    versions.moved(new Set([SLOT]));
  };
  const run = (calls: number): ProbeRecord => ({
    state: versions.version,
    block: BLOCK,
    readBlock: false,
    answer: { success: true, returnData: new Uint8Array([calls]) },
    tape: { calls: Array.from({ length: calls }, () => () => undefined), slots: new Set([SLOT]) },
  });
  return { versions, memo, store, run, lookup: () => memo.lookup(0, DATA, 0, BLOCK) };
}

test('a run answers a later state where the slots it read hold the same values, in this sequence and the next', () => {
  const { versions, memo, store, run, lookup } = setUp();
  store('01');
  const first = run(3);
  memo.keep(0, DATA, 0, first);
  store('02');
  expect(lookup()).toBeUndefined();
  memo.keep(0, DATA, 0, run(4));
  store('01');
  expect(lookup()?.answer).toBe(first.answer);
  versions.reset();
  store('01');
  expect(lookup()?.answer).toBe(first.answer);
});

test('not once the state differs from the snapshot in more than storage', () => {
  const { versions, memo, store, run, lookup } = setUp();
  store('01');
  memo.keep(0, DATA, 0, run(3));
  store('02');
  versions.moved();
  store('01');
  expect(lookup()).toBeUndefined();
});

test('the runs kept by value hold at most so many hook calls: past it they start again', () => {
  const { memo, store, run, lookup } = setUp(6);
  store('01');
  memo.keep(0, DATA, 0, run(3));
  store('02');
  memo.keep(0, DATA, 0, run(3));
  store('03');
  // 3 + 3 + 4 > 6: the first two go.
  memo.keep(0, DATA, 0, run(4));
  store('01');
  expect(lookup()).toBeUndefined();
  store('03');
  expect(lookup()?.answer.returnData).toEqual(new Uint8Array([4]));
  // A run bigger than the bound is never kept by value.
  store('04');
  memo.keep(0, DATA, 0, run(7));
  store('05');
  store('04');
  expect(lookup()).toBeUndefined();
});
