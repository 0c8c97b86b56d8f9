/**
 * Issue 31 item 1: `lookout pr` sets the stage a user's test would, with no test and no harness
 * (fixture __fixtures__/stage/pair: a Uniswap v2-shaped pair, its LP token, a factory and a test token
 * whose constructor mints its supply to the deployer). The pair reads token balances it is not given
 * at construction: Lookout deploys two instances of the token beside it, and the campaign's seeds wire
 * the pair to them (`initialize`), send it both, book them (`mint`, `sync`), send a little more and
 * call each function — so `swap`'s changed K check is reached and its weakening found.
 */
import { fileURLToPath } from 'node:url';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/stage/pair/', import.meta.url));

/** Seed 1 reaches the K check, and the bug's divergence shows, at transaction 637: about twice that. */
const BUDGET = '1300x';
const SLOW = 300_000;

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function pr(overlay: 'bug' | 'safe'): Promise<PrRun> {
  const repo = await fixturePullRequest(FIXTURE, overlay);
  repos.push(repo);
  return lookoutPr(repo, { budget: BUDGET });
}

describe('lookout pr sets the stage for a pair with no test', () => {
  it(
    'deploys two of the test token beside the pair, reaches swap’s K check and finds its weakening, introduced',
    async () => {
      const run = await pr('bug');
      expect(run.report.errors ?? []).toEqual([]);
      expect(run.report.deployments!.map((d) => [d.contract, d.args])).toEqual([
        ['ERC20', ['1000000000000000000000000']],
        ['ERC20', ['1000000000000000000000000']],
        ['Pair', []],
      ]);
      expect(run.report.targets.map((t) => [t.contract, t.status])).toEqual([['Pair', 'reached']]);
      // The weakened check lets a swap take out more than the tokens sent in pay for: the base reverts with
      // "K", the pull request pays out (a `behaviour-value` change: the pair's and the recipient's balances differ).
      const change = run.report.findings.find((f) => f.kind === 'behaviour-value')!;
      expect(change).toMatchObject({ contract: 'Pair', function: 'swap(uint256,uint256,address,bytes)', introduced: true });
      expect(change.message).toMatch(/base: reverts with Error\("K"\); head: succeeds/);
      expect(change.sequence.map((c) => c.function)).toEqual(expect.arrayContaining(['initialize(address,address)', 'swap(uint256,uint256,address,bytes)']));
      expect(run.status).toBe(1);
    },
    SLOW,
  );

  it(
    'reports nothing on the safe twin (the same check, written 1_000_000), with the K check reached',
    async () => {
      const run = await pr('safe');
      expect(run.report.errors ?? []).toEqual([]);
      expect(run.report.targets.map((t) => [t.contract, t.status])).toEqual([['Pair', 'reached']]);
      expect(run.report.findings).toEqual([]);
      expect(run.status).toBe(0);
    },
    SLOW,
  );
});
