/**
 * Reproducers in the world campaigns run in: Lookout's attacker is written in (its runtime etched at
 * its campaign address) only when the sequence goes through it, and `setUp()` repeats the senders'
 * funding, so a theft of tokens a sender held from the start fails in the reproducer as it did in the
 * campaign. A reentrancy's reproducer asserts what the oracle checks and passes on a guarded base.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/pipeline.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { lookoutPr, pullRequest, type PrRepo } from '../pr/prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function fuzz(file: string): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/${file}`], { budget: parseBudget('3000x'), workers: 1 });
  return (await runPipeline(config, { logger: memoryLogger() })).report;
}

const fixture = (name: string) => readFileSync(path.join(REPO_ROOT, '__fixtures__/oracles', name), 'utf8');
const lookoutRuns = (finding: ReportFinding) => finding.reproducer!.runs.filter((r) => r.runner === 'lookout').map((r) => [r.revision, r.outcome]);

it('a reentrancy the pull request introduced: the attacker is etched, its calls replayed, and the re-entry’s gain over the same calls one after the other fails head and passes the guarded base', async () => {
  const guarded = fixture('GuardedBank.sol').replace('contract GuardedBank', 'contract Bank');
  const reentrant = fixture('ReentrantBank.sol').replace('contract ReentrantBank', 'contract Bank');
  const repo = await pullRequest({ 'src/Bank.sol': guarded }, { 'src/Bank.sol': reentrant });
  repos.push(repo);
  const run = await lookoutPr(repo, { budget: '3000x', extra: ['--no-behaviour-diff'] });
  const finding = run.report.findings.find((f) => f.kind === 'reentrancy')!;
  expect(finding.introduced).toBe(true);
  expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
  expect(lookoutRuns(finding)).toEqual([['head', 'failed'], ['base', 'passed']]);
  expect(finding.reproducer!.runs[0].reason).toBe('Error("Lookout: the attacker gained more ether by re-entering than by the same calls made one after the other")');
  const { source } = finding.reproducer!;
  expect(source).not.toContain('<lookout>');
  expect(source).toMatch(/LookoutAttacker internal lookoutAttacker = LookoutAttacker\(payable\(0x[0-9a-fA-F]{40}\)\);/);
  expect(source).toContain('vm.etch(address(lookoutAttacker), hex"');
  expect(source).toContain('lookoutAttacker.lookoutCall(address(bank), abi.encodeCall(Bank.withdraw, ()), abi.encodeCall(Bank.withdraw, ())) {} catch {}');
  expect(source).toContain('function sequentialAttackerBalance() external {');
}, 300_000);

it('a theft of wrapped ether the victim deposited when the campaign was funded: setUp() makes the same deposits; no attacker in a sequence without it', async () => {
  const report = await fuzz('oracles/WrappedEtherSkipsAllowance.sol');
  const finding = report.findings.find((f) => f.kind === 'token-theft')!;
  expect(finding.sequence.some((call) => call.attacker !== undefined)).toBe(false);
  expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
  expect(finding.reproducer!.runs[0].reason).toMatch(/Lookout: \w+'s tokens moved without an allowance covering them/);
  const { source } = finding.reproducer!;
  expect(source).toMatch(/vm\.prank\(alice, alice\);\n\s+wrappedEtherSkipsAllowance\.deposit\{value: 1000 ether\}\(\);/);
  expect(source).toMatch(/vm\.prank\(bob, bob\);\n\s+wrappedEtherSkipsAllowance\.deposit\{value: 1000 ether\}\(\);/);
  expect(source).not.toContain('LookoutAttacker');
}, 300_000);
