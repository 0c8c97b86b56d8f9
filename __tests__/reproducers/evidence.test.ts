/**
 * The reproducer's check is built from the finding's evidence, never its message: rewording an
 * oracle's message (here: replacing it with unrelated text) changes nothing but the header comment
 * quoting it. Before findings carried evidence, these kinds read their facts out of the message with
 * regular expressions and became "unsupported" at the first rewording.
 */
import type { Abi } from 'viem';
import { reproducerSource } from '../../src/reproducers/source/source.js';
import type { ReproducerPlan } from '../../src/reproducers/source/types.js';
import type { ReportEvidence, ReportFinding } from '../../src/report/types.js';

const ALICE = '0x0000000000000000000000000000000000020000';
const BOB = '0x0000000000000000000000000000000000030000';
const DEPLOYER = '0x0000000000000000000000000000000000010000';
const TOKEN = '0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f';
const UNRELATED = 'something happened, in other words';

const TOKEN_ABI: Abi = [
  {
    type: 'function',
    name: 'transferFrom',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  { type: 'function', name: 'balanceOf', inputs: [{ name: 'holder', type: 'address' }], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'allowance',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  { type: 'function', name: 'close', inputs: [], outputs: [], stateMutability: 'nonpayable' },
];

const transferFrom = {
  sender: ALICE,
  contract: 'Token',
  function: 'transferFrom(address,address,uint256)',
  args: [DEPLOYER, BOB, '6'],
  value: '0',
  calldata: '0x',
  blockDelay: 0,
  timeDelay: 0,
};
const close = { sender: ALICE, contract: 'Token', function: 'close()', args: [], value: '0', calldata: '0x', blockDelay: 0, timeDelay: 0 };

/** A plan deploying `Token` at TOKEN, whose finding has `evidence` and the message the oracle wrote from it. */
function planOf(kind: ReportFinding['kind'], evidence: ReportEvidence, message: string, call = transferFrom): ReproducerPlan {
  const finding: ReportFinding = {
    kind,
    panicCode: null,
    contract: 'Token',
    contractFile: 'src/Token.sol',
    file: 'src/Token.sol',
    line: 7,
    function: call.function,
    message,
    evidence,
    introduced: null,
    foundMs: 1,
    foundTransactions: 1,
    sequence: [call],
  };
  return {
    finding,
    file: `Token.${kind}.t.sol`,
    contract: 'TokenTest',
    senders: [
      { name: 'deployer', address: DEPLOYER },
      { name: 'alice', address: ALICE },
      { name: 'bob', address: BOB },
    ],
    senderBalance: 10n ** 24n,
    start: { block: 1n, timestamp: 1n },
    deployments: [
      { contract: 'Token', file: 'src/Token.sol', address: TOKEN, params: [], abi: TOKEN_ABI, args: [], value: 0n, deployer: DEPLOYER, how: { kind: 'new' } },
    ],
    funding: [],
    typeFiles: new Map(),
    solidityVersion: '0.8.20',
    forgeStd: true,
    head: [{ success: true, returnData: '0x' }],
  };
}

/** The test function's statements, one per line, without indentation (up to the function's closing brace). */
function statements(source: string): string[] {
  const start = source.indexOf('function test_reproduce()');
  return source
    .slice(start, source.indexOf('\n    }\n', start))
    .split('\n')
    .slice(1)
    .map((line) => line.trim());
}

/** The reproducer of `plan`, and of the same plan with the message replaced: equal but for the comment quoting it. */
function withUnrelatedMessage(plan: ReproducerPlan): string[] {
  const original = reproducerSource(plan);
  const reworded = reproducerSource({ ...plan, finding: { ...plan.finding, message: UNRELATED } });
  expect(original.check.kind).toBe('check');
  expect(reworded.check.kind).toBe('check');
  expect(reworded.source.replace(UNRELATED, plan.finding.message)).toBe(original.source);
  return statements(reworded.source);
}

test('token theft of a balance: the holder and the allowance come from the evidence', () => {
  const evidence: ReportEvidence = {
    kind: 'token-theft',
    theft: 'balance',
    token: TOKEN,
    tokenName: 'Token',
    sender: ALICE,
    holder: DEPLOYER,
    amount: '6',
    allowance: '5',
    transferFrom: true,
  };
  const message = `Token (${TOKEN}): transferFrom moved 6 of ${DEPLOYER}'s balance in a transaction from ${ALICE}, with an allowance of 5`;
  expect(withUnrelatedMessage(planOf('token-theft', evidence, message))).toEqual([
    'uint256 deployerTokens = token.balanceOf(deployer);',
    'vm.prank(alice, alice);',
    'try token.transferFrom(deployer, bob, 6) {} catch {}',
    'require(token.balanceOf(deployer) + 5 >= deployerTokens, "Lookout: deployer\'s tokens moved without an allowance covering them");',
  ]);
});

test('token theft of an allowance: the owner and the spender come from the evidence', () => {
  const evidence: ReportEvidence = {
    kind: 'token-theft',
    theft: 'allowance',
    token: TOKEN,
    tokenName: 'Token',
    sender: ALICE,
    owner: DEPLOYER,
    spender: ALICE,
    before: '0',
    after: '7',
  };
  const message = `Token (${TOKEN}): allowance(${DEPLOYER}, ${ALICE}) rose from 0 to 7 in a transaction from ${ALICE}, not from the owner`;
  expect(withUnrelatedMessage(planOf('token-theft', evidence, message)).filter((line) => line.includes('allowance'))).toEqual([
    'uint256 allowanceBefore = token.allowance(deployer, alice);',
    'require(token.allowance(deployer, alice) <= allowanceBefore, "Lookout: deployer\'s allowance rose in a transaction deployer did not send");',
  ]);
});

test('a token the reproducer does not deploy is unsupported, named from the evidence', () => {
  const other = '0x00000000000000000000000000000000000000aa';
  const evidence: ReportEvidence = {
    kind: 'token-theft',
    theft: 'allowance',
    token: other,
    tokenName: 'Other',
    sender: ALICE,
    owner: DEPLOYER,
    spender: ALICE,
    before: '0',
    after: '7',
  };
  expect(reproducerSource(planOf('token-theft', evidence, UNRELATED)).check).toEqual({
    kind: 'unsupported',
    reason: `the token ${other} is not one the reproducer deploys`,
  });
});

test('an arbitrary storage write: the slot and the contract come from the evidence', () => {
  const evidence: ReportEvidence = {
    kind: 'arbitrary-storage-write',
    contract: TOKEN,
    slot: '0x8000000000000000000000000000000000000000000000000000000000001234',
  };
  const message = `SSTORE to an arbitrary slot: the caller chose the slot ${evidence.slot} of ${TOKEN}`;
  const at = `address(token), bytes32(uint256(${evidence.slot}))`;
  expect(withUnrelatedMessage(planOf('arbitrary-storage-write', evidence, message))).toEqual([
    `vm.store(${at}, CHOSEN_SLOT_MARKER);`,
    'vm.prank(alice, alice);',
    'try token.transferFrom(deployer, bob, 6) {} catch {}',
    `require(vm.load(${at}) == CHOSEN_SLOT_MARKER, "Lookout: the last call wrote the slot ${evidence.slot} of address(token), which its caller chose");`,
  ]);
});

test('an unprotected selfdestruct: the contract and the beneficiary come from the evidence', () => {
  const evidence: ReportEvidence = { kind: 'unprotected-selfdestruct', contract: TOKEN, beneficiary: ALICE, sender: ALICE };
  const message = `SELFDESTRUCT of ${TOKEN} executed by ${ALICE}, not the deployer (balance sent to ${ALICE})`;
  expect(withUnrelatedMessage(planOf('unprotected-selfdestruct', evidence, message, close))).toEqual([
    'vm.deal(address(token), address(token).balance + 1 ether);',
    'uint256 heldBefore = address(token).balance;',
    'vm.prank(alice, alice);',
    'try token.close() {} catch {}',
    'require(address(token).balance == heldBefore, "Lookout: a sender other than the deployer swept address(token)\'s ether with SELFDESTRUCT");',
  ]);
  // Its own beneficiary: read from the evidence too.
  const self = planOf('unprotected-selfdestruct', { ...evidence, beneficiary: TOKEN }, UNRELATED, close);
  expect(reproducerSource(self).check).toMatchObject({ kind: 'unsupported', reason: expect.stringContaining('its own beneficiary') });
});

test('a controlled delegatecall: the delegating contract, the opcode and the target come from the evidence', () => {
  const chosen = '0x000000000000000000000000000000008da5cb5b';
  const evidence: ReportEvidence = { kind: 'controlled-delegatecall', opcode: 'CALLCODE', from: TOKEN, target: chosen, sender: ALICE };
  const message = `CALLCODE from ${TOKEN} to ${chosen}, an address ${ALICE} passed in`;
  const plan = planOf('controlled-delegatecall', evidence, message);
  expect(withUnrelatedMessage(plan).at(-1)).toBe(
    'require(vm.load(address(token), CHOSEN_CODE_RAN) == bytes32(0), "Lookout: address(token) ran code its caller chose (CALLCODE to an address passed in)");',
  );
  expect(reproducerSource({ ...plan, finding: { ...plan.finding, message: UNRELATED } }).check).toMatchObject({
    standIn: { replaced: chosen, expression: 'CHOSEN_CODE' },
  });
});

test('a finding of another kind’s evidence, or of none, is unsupported with the reason', () => {
  const selfdestruct: ReportEvidence = { kind: 'unprotected-selfdestruct', contract: TOKEN, beneficiary: ALICE, sender: ALICE };
  expect(reproducerSource(planOf('token-theft', selfdestruct, UNRELATED)).check).toEqual({
    kind: 'unsupported',
    reason: 'the finding carries no token-theft evidence (a report written before findings carried it)',
  });
  const plan = planOf('arbitrary-storage-write', selfdestruct, UNRELATED);
  expect(reproducerSource({ ...plan, finding: { ...plan.finding, evidence: undefined } }).check).toMatchObject({ kind: 'unsupported' });
});
