import type { DeployedWorld } from '../../../src/deploy/index.js';
import { createBehaviourDiff } from '../../../src/fuzz/behaviour/index.js';
import type { TxSequence } from '../../../src/abi/types.js';
import { call, deployRevisions, ETHER } from './revisions.js';

/**
 * Pull requests that change behaviour (`__fixtures__/behaviour/<case>/{base,head}`), each shown by a
 * hand-written sequence behind junk calls that change nothing relevant: the divergence is found at
 * the right call, with the right kind and words, and confirming it shrinks the junk away and replays
 * it on fresh executors of both revisions.
 */
interface Case {
  fixture: string;
  wanted: string[];
  junk: (w: DeployedWorld) => TxSequence;
  shows: (w: DeployedWorld) => TxSequence;
  function: string;
  kind: string;
  /** How alarming: a stranger withdrawing what the base refused him is `permits`; amounts moved otherwise, `value`. */
  grade: string;
  base: string | RegExp;
  head: string | RegExp;
  /** Functions of the shrunk sequence, in order. */
  shrunk: string[];
}

const cases: Case[] = [
  {
    fixture: 'unchecked-withdraw',
    grade: 'permits',
    wanted: ['Bank'],
    junk: (w) => [
      call(w, 'Bank', 'deposit', [], { sender: 'deployer', value: 3n * ETHER }),
      call(w, 'Bank', 'withdraw', [2n * ETHER], { sender: 'deployer' }),
      call(w, 'Bank', 'withdraw', [0n], { sender: 'alice' }),
    ],
    shows: (w) => [call(w, 'Bank', 'deposit', [], { sender: 'bob', value: ETHER }), call(w, 'Bank', 'withdraw', [ETHER], { sender: 'alice' })],
    function: 'withdraw(uint256)',
    kind: 'outcome',
    base: 'reverts with Panic 0x11: arithmetic overflow or underflow',
    head: 'succeeds; emits bank.Withdrawal(alice, 1e18); moves ether: alice +1 ether, bank −1 ether',
    shrunk: ['deposit', 'withdraw'],
  },
  {
    fixture: 'assembly-allowance',
    grade: 'permits',
    wanted: ['AsmToken'],
    junk: (w) => [
      call(w, 'AsmToken', 'approve', ['bob', 3n], { sender: 'alice' }),
      call(w, 'AsmToken', 'transfer', ['bob', 7n]),
      call(w, 'AsmToken', 'transfer', ['alice', 2n], { sender: 'bob' }),
    ],
    shows: (w) => [call(w, 'AsmToken', 'transferFrom', ['deployer', 'alice', 5n], { sender: 'alice' })],
    function: 'transferFrom(address,address,uint256)',
    kind: 'outcome',
    base: 'reverts with InsufficientAllowance(allowed: 0, needed: 5)',
    // Amounts in the vocabulary: digit groups (the token has no decimals()), the wrapped allowance relative to the bound.
    head: /^succeeds; returns true; emits asmToken\.Transfer\(deployer, alice, 5\); changes asmToken\.balanceOf\(deployer\) [\d_]+ → [\d_]+, asmToken\.balanceOf\(alice\) [\d_]+5 → [\d_]+40, asmToken\.allowance\(deployer, alice\) 0 → type\(uint256\)\.max - 4$/,
    shrunk: ['transferFrom'],
  },
  {
    fixture: 'transposed-constant',
    grade: 'returns',
    wanted: ['FeeMath'],
    junk: (w) => [call(w, 'FeeMath', 'version'), call(w, 'FeeMath', 'protocolFee', [0n], { sender: 'bob' })],
    shows: (w) => [call(w, 'FeeMath', 'protocolFee', [1_000_000n])],
    function: 'protocolFee(uint256)',
    kind: 'return-value',
    base: 'returns 2537',
    head: 'returns 2573',
    shrunk: ['protocolFee'],
  },
  {
    fixture: 'vault-rounding',
    grade: 'returns',
    wanted: ['ShareVault'],
    junk: (w) => [
      call(w, 'MockToken', 'mint', ['bob', 7n], { sender: 'bob' }),
      call(w, 'MockToken', 'approve', ['ShareVault', 1n], { sender: 'bob' }),
      call(w, 'ShareVault', 'convertToShares', [5n]),
    ],
    shows: (w) => [
      call(w, 'MockToken', 'mint', ['alice', 10n], { sender: 'alice' }),
      call(w, 'MockToken', 'approve', ['ShareVault', 10n], { sender: 'alice' }),
      call(w, 'ShareVault', 'deposit', [3n, 'alice'], { sender: 'alice' }),
      call(w, 'MockToken', 'transfer', ['ShareVault', 1n], { sender: 'alice' }),
      call(w, 'ShareVault', 'previewWithdraw', [2n], { sender: 'bob' }),
    ],
    function: 'previewWithdraw(uint256)',
    kind: 'return-value',
    base: 'returns 2',
    head: 'returns 1',
    // Alice starts holding the token and the vault a unit of it (README: what a campaign starts from): no mint, no donation needed.
    shrunk: ['approve', 'deposit', 'previewWithdraw'],
  },
  {
    fixture: 'allowance-bound',
    grade: 'value',
    wanted: ['PullToken'],
    junk: (w) => [call(w, 'PullToken', 'approve', ['alice', 2n], { sender: 'bob' }), call(w, 'PullToken', 'transfer', ['bob', 0n], { sender: 'alice' })],
    shows: (w) => [call(w, 'PullToken', 'approve', ['alice', 5n]), call(w, 'PullToken', 'pullUpTo', ['deployer', 8n], { sender: 'alice' })],
    function: 'pullUpTo(address,uint256)',
    kind: 'events',
    base: 'emits pullToken.Transfer(deployer, alice, 5)',
    head: 'emits pullToken.Transfer(deployer, alice, 8)',
    // Without the approval base still moves what it may (nothing) and head moves all: one call shows it.
    shrunk: ['pullUpTo'],
  },
];

describe.each(cases)('$fixture', (c) => {
  let worlds: { base: DeployedWorld; head: DeployedWorld };
  beforeAll(async () => {
    worlds = await deployRevisions(c.fixture, c.wanted);
  });

  it(`diverges at ${c.function} (${c.kind}), in words`, async () => {
    const diff = await createBehaviourDiff(worlds);
    const sequence = [...c.junk(worlds.head), ...c.shows(worlds.head)];
    const divergence = await diff.check(sequence);
    expect(divergence).toMatchObject({ function: c.function, kind: c.kind, grade: c.grade, sequence });
    // The deployer (sender 0) making the differing call is part of the key: shrinking keeps a stranger's call a stranger's.
    const byDeployer = sequence[sequence.length - 1].sender === 0 ? '/deployer' : '';
    expect(divergence!.key).toBe(`${divergence!.contract}.${c.function}/${c.grade}/${c.kind}${byDeployer}`);
    expect(divergence!.base).toEqual(typeof c.base === 'string' ? c.base : expect.stringMatching(c.base));
    expect(divergence!.head).toEqual(typeof c.head === 'string' ? c.head : expect.stringMatching(c.head));
    expect(divergence!.message).toContain(`.${c.function}: base: ${divergence!.base}; head: ${divergence!.head}`);
    // Without the calls that show it, the junk alone behaves the same on both.
    expect(await diff.check(c.junk(worlds.head))).toBeUndefined();
  });

  it('confirms the divergence with the junk shrunk away, replayed on fresh executors', async () => {
    const diff = await createBehaviourDiff(worlds);
    const divergence = await diff.check([...c.junk(worlds.head), ...c.shows(worlds.head)]);
    const confirmed = await diff.confirm(divergence!);
    expect(confirmed).toMatchObject({ key: divergence!.key, function: c.function, kind: c.kind, minimal: true });
    expect(confirmed!.sequence.map((call) => (call.target.kind === 'function' ? call.target.fn.name : call.target.kind))).toEqual(c.shrunk);
  });
});

it('never disturbs the executors it was given (it works on fresh copies)', async () => {
  const worlds = await deployRevisions('unchecked-withdraw', ['Bank']);
  const bank = worlds.head.executor.deployments[0].address;
  await worlds.head.executor.run({ sender: 1, to: 0, data: new Uint8Array([0xd0, 0xe3, 0x0d, 0xb0]), value: ETHER, blockDelay: 0, timeDelay: 0 });
  const diff = await createBehaviourDiff(worlds);
  const divergence = await diff.check([
    call(worlds.head, 'Bank', 'deposit', [], { sender: 'bob', value: ETHER }),
    call(worlds.head, 'Bank', 'withdraw', [ETHER], { sender: 'alice' }),
  ]);
  expect(divergence?.kind).toBe('outcome');
  await diff.confirm(divergence!);
  expect(worlds.head.executor.balanceOf(bank)).toBe(ETHER);
});
