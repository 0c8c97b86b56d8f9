/**
 * Issue 31's checkpoint shape: a governance token that keeps each delegate's votes and the supply per
 * block and looks a past block up with a binary search (OpenZeppelin's ERC20Votes over Checkpoints;
 * fixture __fixtures__/bench/votes, our own). The pull request turns the search's `>` into `>=`: a
 * lookup of a block that holds a checkpoint then answers with the one before it. Only a read of exactly
 * such a block, in a later block, tells the revisions apart. The token mints nothing in its constructor
 * (the owner mints, as a governance token's does): the supply's first checkpoint is the block Lookout
 * funded its senders in.
 */
import { fileURLToPath } from 'node:url';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/bench/votes/', import.meta.url));

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/** Seed 1 compares a diverging lookup within 10 transactions (the funding's checkpoint, read a block later): 200 leave room. */
async function pr(overlay: 'bug' | 'safe', options: { seed?: number; budget?: string; forge?: boolean } = {}): Promise<PrRun> {
  const repo = await fixturePullRequest(FIXTURE, overlay);
  repos.push(repo);
  return lookoutPr(repo, { budget: '200x', forge: true, ...options });
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

it('aims at where the changed comparison’s operands meet, and compares the sequence that gets there', async () => {
  // Seed 2 never met them in 20,000 transactions when one sequence in 40 was compared at random and
  // nothing aimed at the boundary (main fd895c5: no finding); now at transaction 44: 100 leave room.
  const run = await pr('bug', { seed: 2, budget: '100x', forge: false });
  const lookup = run.report.findings.find((f) => f.function === 'getPastTotalSupply(uint256)' && f.behaviour?.difference === 'return-value');
  expect(lookup).toMatchObject({ introduced: true, reproducer: { verified: true } });
  expect(lookup!.foundTransactions).toBeLessThanOrEqual(100);
}, 300_000);
