/**
 * Issue 31 item 3 end to end: `lookout pr` on a Foundry project whose test's setUp() creates the
 * fuzzed contract through a factory (CREATE2 over the pair's code, as Uniswap v2 does, so base and head
 * put it at different addresses) and as an EIP-1167 clone (fixture __fixtures__/foundry-tests/pair-pr).
 * Every stage works on the created pairs: the campaign, the base replay, the behaviour comparison and
 * the reproducers.
 */
import { fileURLToPath } from 'node:url';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/foundry-tests/pair-pr/', import.meta.url));
/** Lookout's own forge-std stand-in, shared with the runner's fixture project. */
const FORGE_STD = fileURLToPath(new URL('../../__fixtures__/foundry-tests/vault/lib/', import.meta.url));

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function pairRepository(pr: 'bug' | 'safe'): Promise<PrRepo> {
  const repo = await fixturePullRequest(FIXTURE, pr, FORGE_STD);
  repos.push(repo);
  return repo;
}

/**
 * Seed 1 passes every test here at 100 transactions (each invariant broken and sequences compared on
 * both pairs): twice that.
 */
const BUDGET = '200x';
const runs = new Map<string, PrRun>();
async function pr(name: 'bug' | 'safe'): Promise<PrRun> {
  if (!runs.has(name)) runs.set(name, await lookoutPr(await pairRepository(name), { budget: BUDGET, forge: true }));
  return runs.get(name)!;
}

/** `<suite>: N sequence(s) compared with the base`, per test contract. */
function compared(run: PrRun): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of run.log) {
    const match = /^(\w+): (\d+) sequence\(s\) compared with the base$/.exec(line);
    if (match) counts[match[1]] = Number(match[2]);
  }
  return counts;
}
const SLOW = 900_000;

describe('lookout pr on contracts a test’s setUp() creates through a factory', () => {
  it(
    'finds the weakened K check on the CREATE2 pair and on the clone, introduced, with reproducers that fail on head and pass on the base',
    async () => {
      const run = await pr('bug');
      expect(run.report.errors ?? []).toEqual([]);
      const properties = run.report.findings.filter((f) => f.kind === 'property');
      expect(properties.map((f) => [f.contract, f.function, f.introduced]).sort()).toEqual([
        ['ClonedPairTest', 'invariant_productKept()', true],
        ['PairTest', 'invariant_productKept()', true],
      ]);
      for (const finding of properties) {
        expect(finding.sequence.map((c) => c.function)).toContain('swap(uint256,uint256,address)');
        // The pair is read from the test's own `pair` variable (on the base, setUp() creates it elsewhere),
        // before any local can shadow it: Lookout may name another Pair `pair`.
        expect(finding.reproducer!.source).toMatch(/address (\w+)Address = address\(pair\);[\s\S]*Pair \1 = Pair\(payable\(\1Address\)\);/);
        expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
        expect(finding.reproducer!.runs.filter((r) => r.runner === 'lookout').map((r) => [r.revision, r.outcome])).toEqual([
          ['head', 'failed'],
          ['base', 'passed'],
        ]);
      }
      expect(run.status).toBe(1);
    },
    SLOW,
  );

  it(
    'compares the created pairs with the base: swap succeeds on head where the base reverts with K',
    async () => {
      const run = await pr('bug');
      expect(compared(run)).toEqual({ PairTest: expect.any(Number), ClonedPairTest: expect.any(Number) });
      expect(Object.values(compared(run)).every((n) => n > 0)).toBe(true);
      const change = run.report.findings.find((f) => f.kind.startsWith('behaviour'))!;
      expect(change).toMatchObject({ contract: 'Pair', function: 'swap(uint256,uint256,address)', introduced: true });
      expect(change.message).toMatch(/base: reverts with Error\("K"\); head: succeeds/);
      // Every reproducer of the run (the behaviour change's too) fails on head and passes on the base.
      for (const finding of run.report.findings.filter((f) => f.reproducer !== undefined))
        expect([finding.reproducer!.file, finding.reproducer!.reason]).toEqual([finding.reproducer!.file, null]);
    },
    SLOW,
  );

  it(
    'reports nothing on the safe twin (the same check, written 1_000_000), after comparing sequences on both pairs',
    async () => {
      const run = await pr('safe');
      expect(run.report.errors ?? []).toEqual([]);
      expect(run.report.findings).toEqual([]);
      expect(Object.values(compared(run)).filter((n) => n > 0)).toHaveLength(2);
      expect(run.report.targets.filter((t) => t.file === 'src/Pair.sol').map((t) => t.status)).toEqual(['reached']);
      expect(run.status).toBe(0);
    },
    SLOW,
  );
});
