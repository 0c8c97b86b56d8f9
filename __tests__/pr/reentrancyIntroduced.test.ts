/**
 * "Introduced" asks the reentrancy oracle too (issue 12): `lookout pr` replays a reentrancy on the
 * base revision, with Lookout's attacker deployed there as on head, and calls it introduced only when
 * the base behaves otherwise. Real git repositories, real solc, real EVM.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lineOf, lookoutPr, pullRequest, type PrRepo, type PrRun } from './prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';
import { forgeRuns } from '../helpers/forgeVerdicts.js';

const fixture = (name: string) => readFileSync(path.join(REPO_ROOT, '__fixtures__/oracles', name), 'utf8');
// The same bank under one name on both revisions: the guarded one, and the one without the guard.
const GUARDED = fixture('GuardedBank.sol').replace('contract GuardedBank', 'contract Bank');
const REENTRANT = fixture('ReentrantBank.sol').replace('contract ReentrantBank', 'contract Bank');

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function pr(base: string, head: string): Promise<PrRun> {
  const repo = await pullRequest({ 'src/Bank.sol': base }, { 'src/Bank.sol': head });
  repos.push(repo);
  // Seed 1 finds the reentrancy after 1,754 transactions on both pull requests: 3000x is already less than twice that.
  return lookoutPr(repo, { budget: '3000x', extra: ['--no-behaviour-diff'], forge: true });
}

const reentrancies = (run: PrRun) => run.report.findings.filter((f) => f.kind === 'reentrancy');

it('a pull request that drops the re-entrancy guard introduces the reentrancy', async () => {
  const run = await pr(GUARDED, REENTRANT);
  expect(reentrancies(run)).toEqual([
    expect.objectContaining({ contract: 'Bank', function: 'withdraw()', line: lineOf(REENTRANT, 'msg.sender.call{value: amount}'), introduced: true }),
  ]);
  expect(run.status).toBe(1);
});

it('one that only touches the re-entrant withdraw finds it pre-existing', async () => {
  const head = REENTRANT.replace('"nothing to withdraw"', '"no deposit"');
  const run = await pr(REENTRANT, head);
  expect(reentrancies(run)).toEqual([expect.objectContaining({ contract: 'Bank', function: 'withdraw()', introduced: false })]);
});

it('a behaviour change found through the attacker (issue 30, 6d): its reproducer calls through the attacker, and forge fails it on head and passes it on the base', async () => {
  const repo = await pullRequest({ 'src/Bank.sol': GUARDED }, { 'src/Bank.sol': REENTRANT });
  repos.push(repo);
  // With the comparison on: the attacker's re-entering withdraw takes out more on head than the guarded base lets it.
  const run = await lookoutPr(repo, { budget: '3000x', forge: true });
  const change = run.report.findings.find((f) => f.kind === 'behaviour-value' && f.sequence.some((call) => call.attacker !== undefined))!;
  expect(change).toMatchObject({ function: 'withdraw()', introduced: true });
  expect(change.reproducer).toMatchObject({ verified: true, reason: null });
  expect(change.reproducer!.source).toMatch(/LookoutAttacker internal lookoutAttacker = LookoutAttacker\(payable\(0x[0-9a-fA-F]{40}\)\);/);
  if (forgeRuns) {
    expect(run.forge.filter((v) => v.file === change.reproducer!.file).map((v) => [v.revision, v.forge])).toEqual([
      ['head', 'failed'],
      ['base', 'passed'],
    ]);
  }
});
