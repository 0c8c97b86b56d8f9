/**
 * Issue 31's checkpoint shape: a governance token that keeps each delegate's votes and the supply per
 * block and looks a past block up with a binary search (OpenZeppelin's ERC20Votes over Checkpoints;
 * fixture __fixtures__/bench/votes, our own). The pull request turns the search's `>` into `>=`: a
 * lookup of a block that holds a checkpoint then answers with the one before it. Only a read of exactly
 * such a block, in a later block, tells the revisions apart.
 */
import { fileURLToPath } from 'node:url';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/bench/votes/', import.meta.url));

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/** Seed 1 compares a diverging lookup within 10 transactions (the constructor's checkpoint, read a block later): 200 leave room. */
async function pr(overlay: 'bug' | 'safe'): Promise<PrRun> {
  const repo = await fixturePullRequest(FIXTURE, overlay);
  repos.push(repo);
  return lookoutPr(repo, { budget: '200x', forge: true });
}

it('the off-by-one: a past lookup of a checkpoint’s own block answers with the value before it, a behaviour change the pull request introduced', async () => {
  const run = await pr('bug');
  const changes = run.report.findings.filter((f) => f.behaviour?.difference === 'return-value');
  expect(changes.map((f) => f.function)).toContain('getPastTotalSupply(uint256)');
  const lookup = changes.find((f) => f.function === 'getPastTotalSupply(uint256)' && f.behaviour?.representative)!;
  expect(lookup).toMatchObject({ introduced: true, contract: 'VotesToken' });
  // A view's other answer is a note (the pull request may mean it): the check stays green unless told otherwise.
  expect(lookup.kind).toBe('behaviour-change');
  expect(run.status).toBe(0);
  expect(lookup.sequence.at(-1)!.blockDelay).toBeGreaterThan(0);
  expect(lookup.reproducer).toMatchObject({ verified: true, reason: null });
  expect(run.report.targets.every((t) => t.status === 'reached')).toBe(true);
}, 300_000);

it('the same search written the other way round: every lookup reached, nothing differs', async () => {
  const run = await pr('safe');
  expect(run.report.findings).toEqual([]);
  expect(run.status).toBe(0);
  expect(run.report.targets.every((t) => t.status === 'reached')).toBe(true);
}, 300_000);
