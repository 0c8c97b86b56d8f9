/**
 * The attacker holds roles (issue 31, item 2): a constructor's `address[] payees` lists every sender
 * and Lookout's attacker, and its `uint256[] shares` as many shares, so a splitter whose `release`
 * pays before it books is re-entered by a payee. `lookout pr` on a pull request that brings the
 * re-entrancy in, and on the one that takes it out again. Real git repositories, real solc, real EVM.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ATTACKER_ADDRESS } from '../../src/evm/index.js';
import { SENDER_ADDRESSES } from '../../src/config/chainConfig.js';
import { lineOf, lookoutPr, pullRequest, type PrRepo, type PrRun } from './prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const fixture = (name: string) => readFileSync(path.join(REPO_ROOT, '__fixtures__/payments', name), 'utf8');
// The same splitter under one name on both revisions: booking before paying, and paying before booking.
const SAFE = fixture('PaymentSplitter.sol');
const REENTRANT = fixture('PaymentSplitterReentrant.sol').replace('contract PaymentSplitterReentrant', 'contract PaymentSplitter');

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function pr(base: string, head: string): Promise<PrRun> {
  const repo = await pullRequest({ 'src/PaymentSplitter.sol': base }, { 'src/PaymentSplitter.sol': head });
  repos.push(repo);
  // Seed 1 finds the re-entrancy after about 495 transactions (not within 400x, within 500x): 1000x is about twice that.
  return lookoutPr(repo, { budget: '1000x', extra: ['--no-behaviour-diff'], forge: true });
}

it('a pull request that pays before booking lets the attacker, a payee, re-enter release(): introduced', async () => {
  const run = await pr(SAFE, REENTRANT);
  expect(run.report.deployments).toEqual([
    expect.objectContaining({
      contract: 'PaymentSplitter',
      from: 'synthesised',
      args: [`[${[...SENDER_ADDRESSES, ATTACKER_ADDRESS].join(', ')}]`, `[${Array(4).fill('1000000000000000000').join(', ')}]`],
    }),
  ]);
  expect(run.report.findings).toEqual([
    expect.objectContaining({
      kind: 'reentrancy',
      contract: 'PaymentSplitter',
      function: 'release(address)',
      line: lineOf(REENTRANT, 'account.call{value: payment}'),
      introduced: true,
    }),
  ]);
  expect(run.status).toBe(1);
}, 120_000);

it('the pull request that books first again is clean at the same budget', async () => {
  const run = await pr(REENTRANT, SAFE);
  expect(run.report.findings).toEqual([]);
  expect(run.status).toBe(0);
}, 120_000);
