/**
 * Issue 33 end to end: `lookout pr` on projects fuzzed by Echidna and Medusa harnesses (fixtures under
 * __fixtures__/chimera/): a create-chimera-app-shaped CryticTester whose constructor deploys a lending
 * pool, run with the senders, deployer and delays of its echidna.yaml and medusa.json, each finding with
 * a reproducer that deploys the harness as those fuzzers do and is verified on head and base.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getContractAddress } from 'viem';
import type { ReportFinding } from '../../src/report/types.js';
import { cp } from 'node:fs/promises';
import { fixturePullRequest, lookoutPr, type PrRun } from './prRepo.js';

const FIXTURES = fileURLToPath(new URL('../../__fixtures__/chimera/', import.meta.url));
const SLOW = 600_000;

const runs = new Map<string, PrRun>();
/** One run per project, overlay and corpus, shared by the tests that read it. With `corpus`, the project's `corpus/` folder is committed on top of the PR. */
async function pr(project: string, overlay: string, budget: string, corpus = false): Promise<PrRun> {
  const key = `${project}/${overlay}${corpus ? '+corpus' : ''}`;
  if (!runs.has(key)) {
    const repo = await fixturePullRequest(path.join(FIXTURES, project), overlay);
    if (corpus) {
      await cp(path.join(FIXTURES, project, 'corpus'), repo.dir, { recursive: true });
      await repo.commit('Echidna corpus');
    }
    runs.set(key, await lookoutPr(repo, { budget, base: corpus ? 'HEAD~2' : 'HEAD~1', forge: true }));
  }
  return runs.get(key)!;
}
const found = (run: PrRun) => run.report.findings.filter((f) => f.kind !== 'behaviour-change');
const brief = (f: ReportFinding) => [f.kind, f.function, f.contract, f.harness?.contract, f.introduced];
/** Lookout's runner on head fails the reproducer as the finding fails, on the base passes it. */
const VERIFIED = {
  verified: true,
  reason: null,
  runs: expect.arrayContaining([
    expect.objectContaining({ runner: 'lookout', revision: 'head', outcome: 'failed' }),
    { runner: 'lookout', revision: 'base', outcome: 'passed', reason: null },
  ]),
};

/** The Chimera project's config files: senders, deployer and delays Lookout's defaults differ from. */
const SENDERS = ['0x0000000000000000000000000000000000010000', '0x0000000000000000000000000000000000020000'];
const DEPLOYER = '0x7FA9385bE102ac3EAc297483Dd6233D62b3e1496';

/** Seed 1 breaks invariant_solvent after 18 transactions: 40x is about twice that. */
const LENDING_BUDGET = '40x';

describe('lookout pr fuzzes through Echidna and Medusa harnesses', () => {
  it(
    "fuzzes a PR that changes only a handler through the harness: the tester's own lines are its targets, and it is not deployed again as a plain contract",
    async () => {
      // Seed 1 reaches the changed handler's lines in its first transactions: the bug's budget is plenty.
      const run = await pr('lending', 'handler', LENDING_BUDGET);
      const handler = run.report.targets.filter((t) => t.file === 'test/recon/TargetFunctions.sol');
      expect(handler.length).toBeGreaterThan(0);
      expect(handler.every((t) => t.contract === 'CryticTester' && t.status === 'reached')).toBe(true);
      expect(run.report.deployments?.filter((d) => d.contract === 'CryticTester').map((d) => d.from)).toEqual([]);
      expect(found(run)).toEqual([]);
    },
    SLOW,
  );

  it(
    "reports the broken invariant_solvent of the Chimera tester introduced, from the config's senders and deployer",
    async () => {
      const run = await pr('lending', 'bug', LENDING_BUDGET);
      expect(found(run).map(brief)).toEqual([['property', 'invariant_solvent()', 'CryticTester', 'CryticTester', true]]);
      const [finding] = found(run);
      expect(finding.harness).toEqual({ file: 'test/recon/CryticTester.sol', contract: 'CryticTester' });
      // Deposit, then borrow past half of it: only through the tester's handlers, each from a sender the files name.
      expect(finding.sequence.map((c) => c.function)).toEqual(expect.arrayContaining(['pool_deposit(uint256)', 'pool_borrow(uint256)']));
      for (const call of finding.sequence) {
        expect(SENDERS).toContain(call.sender.toLowerCase());
        expect(call.timeDelay).toBeLessThanOrEqual(3600);
        expect(call.blockDelay).toBeLessThanOrEqual(300);
      }
      // The tester is the deployer's first creation, as Echidna and Medusa deploy it.
      const tester = getContractAddress({ from: DEPLOYER, nonce: 0n });
      expect(finding.sequence.map((c) => c.address?.toLowerCase())).toEqual(finding.sequence.map(() => tester.toLowerCase()));
      expect(run.report.deployments).toContainEqual(
        expect.objectContaining({ contract: 'LendingPool', from: 'constructor', source: 'test/recon/CryticTester.sol:CryticTester' }),
      );
      expect(run.status).toBe(1);
      // The reproducer deploys the tester from the configured deployer with its balance, calls the handlers as the senders, then checks the property.
      expect(finding.reproducer).toMatchObject({ file: 'CryticTester.property.t.sol', ...VERIFIED });
      const source = finding.reproducer!.source;
      expect(source).toContain('cryticTester = new CryticTester{value: 1000 ether}();');
      expect(source).toContain(`address internal deployer = ${DEPLOYER};`);
      expect(source).toMatch(/vm\.prank\(sender1, sender1\);\n\s+try cryticTester\.pool_deposit\(/);
      expect(source).toContain('require(cryticTester.invariant_solvent(), "Lookout: invariant_solvent() does not hold");');
      // The legend names the files' accounts for what they are: 0x10000 is a sender here, not Lookout's deployer.
      expect(run.report.senders).toEqual([
        { name: 'deployer', address: DEPLOYER.toLowerCase() },
        { name: 'sender1', address: SENDERS[0] },
        { name: 'sender2', address: SENDERS[1] },
      ]);
    },
    SLOW,
  );

  it(
    'logs the keys it does not read once per file, and never calls the handler the files filter out',
    async () => {
      const run = await pr('lending', 'bug', LENDING_BUDGET);
      expect(run.log.filter((line) => line.includes('echidna.yaml: not read by Lookout'))).toEqual([
        expect.stringContaining('shrinkLimit, coverage, cryticArgs'),
      ]);
      expect(run.log.filter((line) => line.includes('medusa.json: not read by Lookout'))).toHaveLength(1);
      // debug_fail() fails every time it is called: no assertion finding shows it was not.
      expect(run.report.findings.filter((f) => f.kind === 'assertion')).toEqual([]);
    },
    SLOW,
  );

  it(
    'replays the Echidna corpus first: the bug is found sooner, and a sequence calling a handler the tester no longer has is dropped, counted',
    async () => {
      const cold = await pr('lending', 'bug', LENDING_BUDGET);
      const warm = await pr('lending', 'bug', LENDING_BUDGET, true);
      const [coldFinding] = found(cold);
      const [warmFinding] = found(warm);
      expect(warmFinding).toMatchObject({ kind: 'property', function: 'invariant_solvent()' });
      // coverage/ holds deposit(1000), borrow(900): the corpus's own sequence breaks the property at once.
      expect(warmFinding.foundTransactions).toBeLessThan(coldFinding.foundTransactions);
      expect(warmFinding.foundTransactions).toBe(2);
      // reproducers/ holds a call to pool_liquidate(address), a handler this tester does not have.
      expect(warm.report.seeds).toEqual({ dirs: ['echidna'], loaded: 2, dropped: { missingFunction: 1, undecodable: 0, unreadable: 0 } });
      expect(warm.log).toContainEqual(
        expect.stringMatching(/^CryticTester: 2 corpus sequence\(s\) from echidna as seeds, 1 dropped \(1 calling a function the harness no longer has\)/),
      );
      expect(cold.report.seeds).toBeUndefined();
    },
    SLOW,
  );

  it(
    'reports nothing on the safe twin, whose borrow() divides the loan-to-value ratio by 10_000',
    async () => {
      const run = await pr('lending', 'safe', LENDING_BUDGET);
      expect(found(run)).toEqual([]);
      const changed = run.report.targets.filter((t) => t.file === 'src/LendingPool.sol' && t.pcs.length > 0);
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((t) => t.status === 'reached')).toBe(true);
      expect(run.status).toBe(0);
    },
    SLOW,
  );

  it(
    'finds the self-move that mints through a plain Echidna harness (constructor setup, echidna_ property), from its one sender',
    async () => {
      // Seed 1 breaks the property after 86 transactions.
      const run = await pr('echidna', 'bug', '200x');
      expect(found(run).map(brief)).toEqual([['property', 'echidna_books_balance()', 'LedgerEchidna', 'LedgerEchidna', true]]);
      const [finding] = found(run);
      expect(finding.sequence.map((c) => c.function)).toContain('move(bool,bool,uint256)');
      expect(new Set(finding.sequence.map((c) => c.sender.toLowerCase()))).toEqual(new Set([SENDERS[0]]));
      // maxTimeDelay and maxBlockDelay 0: no call waits.
      expect(finding.sequence.map((c) => c.timeDelay + c.blockDelay)).toEqual(finding.sequence.map(() => 0));
      expect(finding.reproducer).toMatchObject({ file: 'LedgerEchidna.property.t.sol', ...VERIFIED });
      expect(finding.reproducer!.source).toContain('require(ledgerEchidna.echidna_books_balance(), ');
    },
    SLOW,
  );

  it(
    'finds the failing assert of a Medusa assertion-mode harness that only medusa.json names',
    async () => {
      // Seed 1 fails the assert after 54 transactions.
      const run = await pr('medusa', 'bug', '120x');
      expect(found(run).map(brief)).toEqual([['assertion', 'redeem(uint256)', 'VaultAssertions', 'VaultAssertions', true]]);
      const [finding] = found(run);
      expect(finding.sequence.map((c) => c.function)).toEqual(['deposit(uint256)', 'redeem(uint256)']);
      const medusaSenders = ['0x00000000000000000000000000000000000a0000', '0x00000000000000000000000000000000000b0000'];
      for (const call of finding.sequence) expect(medusaSenders).toContain(call.sender.toLowerCase());
      // The failing handler's Panic 0x01 fails the reproducer as it fails the harness.
      expect(finding.reproducer).toMatchObject({ file: 'VaultAssertions.assertion.t.sol', ...VERIFIED });
      expect(finding.reproducer!.runs[0].reason).toMatch(/^Panic 0x01/);
    },
    SLOW,
  );
});
