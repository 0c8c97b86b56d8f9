/**
 * Issue 12, part 1 end to end: `lookout pr` on base/head pairs (our fixtures in __fixtures__/behaviour),
 * with no harness and no configuration: behaviour changes are found by fuzzing, reported in their own
 * kind, and fail the run only when asked; behaviour-preserving refactors report none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BEHAVIOUR_KINDS } from '../../src/oracles/index.js';
import { reportItems } from '../../src/report/items.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { plural } from '../../src/abi/vocabulary.js';
import { lookoutPr, pullRequest, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURES = fileURLToPath(new URL('../../__fixtures__/behaviour/', import.meta.url));

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

interface CaseOptions {
  failOnBehaviourChange?: boolean;
  accept?: boolean;
  noDiff?: boolean;
}

const runs = new Map<string, Promise<PrRun>>();
/**
 * The case's base and head as a two-commit repository with the sources under src/, fuzzed for `budget`:
 * about twice the transactions seed 1 takes to show what the test looks for. One run per case, budget
 * and options, shared by the tests that read it.
 */
function pr(name: string, budget: string, options: CaseOptions = {}): Promise<PrRun> {
  const key = JSON.stringify([name, budget, options]);
  if (!runs.has(key)) runs.set(key, fuzzCase(name, budget, options));
  return runs.get(key)!;
}

async function fuzzCase(name: string, budget: string, options: CaseOptions): Promise<PrRun> {
  const files = (revision: string) => {
    const dir = path.join(FIXTURES, name, revision);
    return Object.fromEntries(readdirSync(dir).map((file) => [`src/${file}`, readFileSync(path.join(dir, file), 'utf8')]));
  };
  const repo = await pullRequest(files('base'), files('head'));
  repos.push(repo);
  const extra = [
    ...(options.failOnBehaviourChange ? ['--fail-on-behaviour-change'] : []),
    ...(options.accept ? ['--accept-behaviour-change'] : []),
    ...(options.noDiff ? ['--no-behaviour-diff'] : []),
  ];
  return lookoutPr(repo, { budget, extra });
}

/** Every behaviour change, graded (`behaviour-permits`, `behaviour-value`) or a note. */
const changes = (run: PrRun) => run.report.findings.filter((f) => BEHAVIOUR_KINDS.includes(f.kind));

describe('lookout pr: behaviour changes between base and head', () => {
  it('finds an unchecked underflow: base reverts with Panic 0x11 where head does not', async () => {
    // The ether leak and the permitted withdrawal are found after 258 transactions.
    const run = await pr('unchecked-withdraw', '600x');
    // Outcome changes: the group also holds withdrawals through Lookout's attacker, whose events differ.
    const withdrawals = changes(run).filter((c) => c.contract === 'Bank' && c.function === 'withdraw(uint256)' && c.behaviour?.difference === 'outcome');
    expect(withdrawals.length).toBeGreaterThan(0);
    for (const change of withdrawals) {
      // Through the attacker, the base's panic comes back as the attacker's revert, without data.
      const throughAttacker = change.sequence[change.sequence.length - 1].attacker !== undefined;
      // A sender takes out what the base refused him: the check fails on it by itself.
      expect(change).toMatchObject({
        kind: 'behaviour-permits',
        introduced: true,
        behaviour: { base: expect.stringMatching(throughAttacker ? /^reverts( without data|.*Panic 0x11)/ : /Panic 0x11/), grade: 'permits' },
      });
      expect(change.behaviour?.head).not.toMatch(/Panic 0x11/);
      expect(change.sequence.length).toBeLessThanOrEqual(3);
    }
    // Examples are shrunk as findings are (issue 30): the deposit the fuzzer made through Lookout's attacker, which the
    // divergence does not need, shows as the plain call; what shrinking cost is in the stats.
    const permits = withdrawals.filter((c) => c.behaviour?.grade === 'permits');
    expect(permits.length).toBeGreaterThan(0);
    for (const change of permits)
      expect(change.sequence.map((call) => [call.function, call.attacker !== undefined])).toEqual([
        ['deposit()', false],
        ['withdraw(uint256)', false],
      ]);
    expect(run.report.stats.behaviourDiff).toEqual({ compared: expect.any(Number), shrinkReplays: expect.any(Number) });
    expect(run.report.stats.behaviourDiff!.shrinkReplays).toBeGreaterThan(0);
    // Taking ether out of someone else's deposit is also the ether-leak oracle's.
    expect(run.report.findings.map((f) => f.kind)).toContain('ether-leak');
    // One root cause, one item: the permitted withdrawal and the other revert are listed under the leak, whose failing call
    // they are, and not again on their own.
    const comment = renderMarkdown(run.report);
    expect(comment.match(/^\*\*\d+\. /gm)).toEqual(['**1. ']);
    expect(comment).toContain('**1. ether\\-leak** in Bank\\.withdraw\\(uint256\\)');
    expect(comment).toContain('- also changes behaviour: Bank\\.withdraw\\(uint256\\) · permits: base reverts with Panic 0x11');
    expect(comment).toContain('- also changes behaviour: Bank\\.withdraw\\(uint256\\) · returns: base reverts with Panic 0x11');
    expect(comment).not.toContain('#### Behaviour changes');
    expect(comment).toContain('**1 finding introduced by this PR**');
    // The JSON keeps every example, each naming the leak it is listed under.
    const leak = run.report.findings.findIndex((f) => f.kind === 'ether-leak');
    expect(withdrawals.every((c) => c.behaviour?.linkedTo === leak)).toBe(true);
    expect(run.status).toBe(1); // the ether leak fails it, as an introduced finding
  });

  it('finds a transposed constant in a pure function as a different return value, without failing unless asked', async () => {
    // The return value first differs after 41 transactions.
    const run = await pr('transposed-constant', '100x');
    expect(changes(run).map((c) => [c.contract, c.behaviour?.difference])).toContainEqual(['FeeMath', 'return-value']);
    expect(run.report.findings.every((f) => f.kind === 'behaviour-change')).toBe(true);
    expect(run.status).toBe(0);
    const strict = await pr('transposed-constant', '100x', { failOnBehaviourChange: true });
    expect(strict.status).toBe(1);
  });

  // The shapes that fail the check by themselves (issue 29): a stranger permitted what the base refused him, amounts paid out otherwise.
  // Seed 1 shows each within 100 (ownership), 100–400 (minter), 200–600 (vesting) and 100 (vault) transactions; the budgets are the upper ends (the vault's twice it).
  it.each([
    ['ownership-takeover', 'Registry', 'acceptOwnership()', 'behaviour-permits', /UnauthorizedAccount/, '200x'],
    ['minter-role', 'Points', 'mint(address,uint256)', 'behaviour-permits', /must have minter role/, '400x'],
    ['vesting-reset', 'Vesting', 'release()', 'behaviour-value', /EtherReleased/, '600x'],
    ['vault-inflation', 'ShareVault', 'deposit(uint256,address)', 'behaviour-value', /^returns \d+$|zero shares/, '200x'],
  ])('%s: %s.%s is a %s finding that fails the check, and a note when the pull request accepts the change', async (name, contract, fn, kind, base, budget) => {
    const run = await pr(name, budget);
    const graded = run.report.findings.filter((f) => f.kind === kind);
    expect(graded.map((f) => [f.contract, f.function])).toContainEqual([contract, fn]);
    expect(graded.every((f) => f.introduced === true && base.test(f.behaviour!.base))).toBe(true);
    expect(run.status).toBe(1);
    const accepted = await pr(name, budget, { accept: true });
    expect(accepted.report.findings.filter((f) => f.kind === kind)).toEqual([]);
    expect(changes(accepted).map((f) => [f.contract, f.function, f.kind])).toContainEqual([contract, fn, 'behaviour-change']);
    expect(accepted.status).toBe(0);
  });

  it('ownership-takeover: one item per group, shown by a stranger’s example, with one reproducer, in the comment and the terminal alike', async () => {
    // Seed 1 finds the deployer's own acceptOwnership and a stranger's within 200 transactions (as the test above).
    const run = await pr('ownership-takeover', '200x');
    const found = changes(run);
    const groups = new Set(found.map((c) => c.behaviour?.group));
    // More examples than groups: what used to be counted and listed once per example.
    expect(groups.size).toBe(1);
    expect(found.length).toBeGreaterThan(1);
    const [shown] = found.filter((c) => c.behaviour?.representative);
    expect(found.filter((c) => c.behaviour?.representative)).toEqual([shown]);
    const deployer = run.report.senders!.find((s) => s.name === 'deployer')!.address;
    expect(found.some((c) => c.sequence.at(-1)!.sender === deployer)).toBe(true);
    expect(shown.sequence.at(-1)!.sender).not.toBe(deployer);
    expect(found.filter((c) => c.reproducer !== undefined)).toEqual([shown]);

    const { failures } = reportItems(run.report);
    expect(failures.map((item) => item.finding)).toEqual([shown]);
    const comment = renderMarkdown(run.report);
    expect(comment).toContain('**1 finding introduced by this PR**');
    expect(comment.match(/^\*\*\d+\. /gm)).toEqual(['**1. ']);
    expect(comment).toContain(`- ${plural(found.length - 1, 'more example')} of this change in the JSON report`);
    // The terminal summary the CLI printed.
    const terminal = run.log.find((line) => line.startsWith('lookout: '))!;
    expect(terminal).toContain('✗ 1 finding introduced by this PR');
    expect(terminal).toContain('\n1 finding:\n');
    expect(terminal.match(/^\d+\. \[/gm)).toEqual(['1. [']);
    expect(terminal).toMatch(/^1\. \[behaviour-permits\] Registry\.acceptOwnership\(\) .*UnauthorizedAccount\(account: (alice|bob)\)/m);
  });

  it('compares nothing with --no-behaviour-diff (what the diff costs is measured this way)', async () => {
    // At the budget that shows the change with the diff on.
    const run = await pr('transposed-constant', '100x', { noDiff: true, failOnBehaviourChange: true });
    expect(changes(run)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('finds a rounding flip in a vault preview function: the senders start funded, the vault holds a donation, seeds approve and deposit', async () => {
    // previewWithdraw first returns otherwise after 48 transactions.
    const run = await pr('vault-rounding', '100x');
    expect(run.log).toContain('Funded before fuzzing: the senders hold MockToken (mint); ShareVault holds 1 unit(s) of MockToken');
    const previews = changes(run).filter((c) => c.function === 'previewWithdraw(uint256)');
    expect(previews.length).toBeGreaterThan(0);
    for (const change of previews) {
      expect(change).toMatchObject({ contract: 'ShareVault', introduced: true, behaviour: { difference: 'return-value' } });
      // Rounding up versus down: base returns one more share.
      const [base, head] = [change.behaviour!.base, change.behaviour!.head].map((words) => BigInt(/^returns (\d+)$/.exec(words)![1]));
      expect(base - head).toBe(1n);
    }
  });

  // Each at twice what reaching every changed line it reaches takes: 47 transactions (layout-refactor), 120 (gas-only), the vault's at the budget its bug twin is found with.
  it.each([
    ['layout-refactor', '100x'],
    ['gas-only', '250x'],
    ['vault-offset-refactor', '200x'],
  ])('reports nothing on %s, a refactor that preserves behaviour', async (name, budget) => {
    const run = await pr(name, budget);
    expect(changes(run)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('deploys the base with its own arguments when the constructor changed, says so, and still compares', async () => {
    // The deposits first behave otherwise after 41 transactions.
    const run = await pr('constructor-change', '100x');
    expect(run.log).toContainEqual(
      expect.stringMatching(/Capped: the constructor changed from \(\) to \(uint256\); the base is deployed with arguments synthesised for its own/),
    );
    // A cap other than 1000 shows where one revision accepts a deposit the other refuses.
    expect(changes(run).map((c) => [c.contract, c.function])).toContainEqual(['Capped', 'deposit(uint256)']);
  });
});
