import { compareObservations } from '../../../src/fuzz/behaviour/compare.js';
import type { TxObservation } from '../../../src/fuzz/behaviour/observation.js';

/** The kinds and words of a difference, on observations built by hand (the fixtures show the real ones). */
const ok = (fields: Partial<TxObservation> = {}): TxObservation => ({ returns: '', events: [], ether: [], tokens: [], ...fields });
const failed = (failure: string): TxObservation => ({ ...ok(), failure });
const balance = (before: bigint, after: bigint) => ({ key: 'Token.balanceOf(alice)', before, after, decimals: null });

it.each([
  ['the same behaviour', ok({ returns: 'true', events: ['T.E(1)'] }), ok({ returns: 'true', events: ['T.E(1)'] }), undefined],
  ['the same failure', failed('reverts with Error("no")'), failed('reverts with Error("no")'), undefined],
  [
    'a failure and a success',
    failed('reverts without data'),
    ok({ returns: '1', ether: ['alice +1 ether'] }),
    { kind: 'outcome', base: 'reverts without data', head: 'succeeds; returns 1; moves ether: alice +1 ether' },
  ],
  [
    'two failures',
    failed('reverts with Error("a")'),
    failed('fails: out of gas'),
    { kind: 'revert-reason', base: 'reverts with Error("a")', head: 'fails: out of gas' },
  ],
  ['return data', ok({ returns: '2' }), ok(), { kind: 'return-value', base: 'returns 2', head: 'returns nothing' }],
  [
    'events',
    ok({ events: ['T.A(1)', 'T.B()'] }),
    ok({ events: ['T.B()', 'T.A(1)'] }),
    { kind: 'events', base: 'emits T.A(1), T.B()', head: 'emits T.B(), T.A(1)' },
  ],
  ['ether', ok(), ok({ ether: ['Bank −2 wei', 'bob +2 wei'] }), { kind: 'ether', base: 'moves no ether', head: 'moves ether: Bank −2 wei, bob +2 wei' }],
  [
    'token changes',
    ok({ tokens: [balance(10n, 5n)] }),
    ok({ tokens: [balance(10n, 2n)] }),
    { kind: 'token-balance', base: 'changes Token.balanceOf(alice) 10 → 5', head: 'changes Token.balanceOf(alice) 10 → 2' },
  ],
  // An earlier call only head has may have left other values: what this transaction changed is what counts.
  ['token changes from other values, by the same amount', ok({ tokens: [balance(10n, 5n)] }), ok({ tokens: [balance(20n, 15n)] }), undefined],
  [
    'a view that starts reverting',
    ok(),
    ok({ tokens: [{ key: 'Token.balanceOf(alice)', before: 1n, after: undefined, decimals: null }] }),
    { kind: 'token-balance', base: 'changes no token balances', head: 'changes Token.balanceOf(alice) 1 → reverts' },
  ],
])('%s', (_, base, head, expected) => {
  expect(compareObservations(base, head)).toEqual(expected);
});

it('keeps long lists short', () => {
  const events = Array.from({ length: 7 }, (_, i) => `T.E(${i})`);
  expect(compareObservations(ok({ events }), ok())).toMatchObject({ base: 'emits T.E(0), T.E(1), T.E(2), T.E(3) and 3 more' });
});
