import { reportEvidence } from '../../src/report/evidence.js';

const TOKEN = '0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f';
const ALICE = '0x0000000000000000000000000000000000020000';

test('the report writes amounts as decimal strings and keeps addresses, names and flags as they are', () => {
  const evidence = reportEvidence({
    kind: 'token-theft',
    theft: 'balance',
    token: TOKEN,
    tokenName: 'Token',
    holder: ALICE,
    amount: 2n ** 255n,
    allowance: 0n,
    transferFrom: true,
    sender: ALICE,
  });
  expect(evidence).toEqual({
    kind: 'token-theft',
    theft: 'balance',
    token: TOKEN,
    tokenName: 'Token',
    holder: ALICE,
    amount: `${2n ** 255n}`,
    allowance: '0',
    transferFrom: true,
    sender: ALICE,
  });
  // JSON-able as it is: no bigint is left.
  expect(JSON.parse(JSON.stringify(evidence))).toEqual(evidence);
});

test('negative gains, nulls and a slot (0x-hex already) come through', () => {
  expect(reportEvidence({ kind: 'reentrancy', contract: TOKEN, contractName: 'Bank', reentered: null, gained: -1n, sequentialGain: -2n })).toEqual({
    kind: 'reentrancy',
    contract: TOKEN,
    contractName: 'Bank',
    reentered: null,
    gained: '-1',
    sequentialGain: '-2',
  });
  expect(reportEvidence({ kind: 'arbitrary-storage-write', contract: TOKEN, slot: '0x1234' })).toEqual({
    kind: 'arbitrary-storage-write',
    contract: TOKEN,
    slot: '0x1234',
  });
});
