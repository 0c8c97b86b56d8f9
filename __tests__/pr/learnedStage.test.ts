/**
 * Issue 31 item 1, the stage learned: `lookout pr` on a single-token pool (fixture
 * __fixtures__/stage/pool) whose changed fee check runs only after tokens were sent to the pool,
 * booked as its reserve (`sync()`), and sent again before `redeem`. The stage seeds do not set that
 * up (the pool's owner names its one token with `setToken(address)`, not a two-token `initialize`):
 * the campaign learns it from the branches that block the line — `out < reserve` reads a reserve
 * `sync()` booked from `balanceOf(pool)`, `balance > reserve - out` compares the balance itself —
 * and follows them up with a transfer to the pool (and the booking) before the call.
 */
import { fileURLToPath } from 'node:url';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/stage/pool/', import.meta.url));

/**
 * Seed 2's divergence shows at transaction 952 (a stranger's redeem the base refused): 2,000 is about
 * twice that (seed 1's shows later, at 2,491).
 */
const BUDGET = '2000x';
const SEED = 2;
const SLOW = 300_000;

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function pr(overlay: 'bug' | 'safe'): Promise<PrRun> {
  const repo = await fixturePullRequest(FIXTURE, overlay);
  repos.push(repo);
  return lookoutPr(repo, { budget: BUDGET, seed: SEED });
}

describe('lookout pr learns the stage from the branches that block a changed line', () => {
  it(
    'sends the pool tokens, books them and sends more before redeem, and finds the weakened fee check, introduced',
    async () => {
      const run = await pr('bug');
      expect(run.report.errors ?? []).toEqual([]);
      expect(run.report.deployments!.map((d) => d.contract)).toEqual(['Token', 'Token', 'Pool']);
      expect(run.report.targets.map((t) => [t.contract, t.status])).toEqual([['Pool', 'reached']]);
      // The fee check without the principal lets `redeem` pay out more than was sent in: the base reverts with
      // "FEE", head pays a stranger (`behaviour-permits`, or `behaviour-value` where the payout is weighed).
      const change = run.report.findings.find((f) => f.kind === 'behaviour-permits' || f.kind === 'behaviour-value')!;
      expect(change).toMatchObject({ contract: 'Pool', function: 'redeem(uint256,address)', introduced: true });
      expect(change.message).toMatch(/base: reverts with Error\("FEE"\); head: succeeds/);
      const calls = change.sequence.map((c) => c.function);
      expect(calls).toEqual(expect.arrayContaining(['setToken(address)', 'transfer(address,uint256)', 'redeem(uint256,address)']));
      expect(run.status).toBe(1);
    },
    SLOW,
  );

  it(
    'reports nothing on the safe twin (the same check, written 1000 + 3), with the fee check reached',
    async () => {
      const run = await pr('safe');
      expect(run.report.errors ?? []).toEqual([]);
      expect(run.report.targets.map((t) => [t.contract, t.status])).toEqual([['Pool', 'reached']]);
      expect(run.report.findings).toEqual([]);
      expect(run.status).toBe(0);
    },
    SLOW,
  );
});
