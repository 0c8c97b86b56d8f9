/**
 * Reproducers in the world campaigns run in: Lookout's attacker is written in (its runtime etched at
 * its campaign address) only when the sequence goes through it, and `setUp()` repeats the senders'
 * funding, so a theft of tokens a sender held from the start fails in the reproducer as it did in the
 * campaign. A reentrancy's reproducer asserts what the oracle checks and passes on the guarded twin.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report } from '../../src/report/types.js';
import { runReproducer } from '../../src/reproducers/verify.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const GAINED = 'Lookout: the attacker gained more ether by re-entering than by the same calls made one after the other';

/** `until: 'finding'` ends a campaign whose first finding is the one the test reads. */
async function fuzz(file: string, until?: 'finding'): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/${file}`], { budget: parseBudget('3000x'), workers: 1, stopWhen: until });
  return (await runPipeline(config, { logger: memoryLogger() })).report;
}

it('a reentrancy: the attacker is etched, its calls replayed, and the re-entry’s gain over the same calls one after the other fails; the guarded twin passes', async () => {
  const report = await fuzz('oracles/ReentrantBank.sol', 'finding');
  const finding = report.findings.find((f) => f.kind === 'reentrancy')!;
  expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
  expect(finding.reproducer!.runs[0]).toMatchObject({ runner: 'lookout', revision: 'head', outcome: 'failed', reason: `Error("${GAINED}")` });
  const { source } = finding.reproducer!;
  expect(source).not.toMatch(/^import .*LookoutAttacker/m);
  expect(source).toMatch(/LookoutAttacker internal lookoutAttacker = LookoutAttacker\(payable\(0x[0-9a-fA-F]{40}\)\);/);
  expect(source).toContain('vm.etch(address(lookoutAttacker), hex"');
  expect(source).toContain(
    'lookoutAttacker.lookoutCall(address(reentrantBank), abi.encodeCall(reentrantBank.withdraw, ()), abi.encodeCall(reentrantBank.withdraw, ())) {} catch {}',
  );
  expect(source).toContain('function sequentialAttackerBalance() external {');
  // The same test on the guarded bank: the re-entry reverts, the attacker gains what the calls one after the other give it.
  const guarded = source.replaceAll('ReentrantBank', 'GuardedBank').replaceAll('reentrantBank', 'guardedBank');
  const run = await runReproducer(REPO_ROOT, {
    file: 'GuardedBank.reentrancy.t.sol',
    contract: 'GuardedBankReentrancyTest',
    source: guarded,
    solidityVersion: '0.8.37',
    base: finding.reproducer!.base!.file,
  });
  expect(run).toEqual({ outcome: 'passed', reason: null });
}, 300_000);

it('a theft of wrapped ether the victim deposited when the campaign was funded: setUp() makes the same deposits', async () => {
  const report = await fuzz('oracles/WrappedEtherSkipsAllowance.sol', 'finding');
  const finding = report.findings.find((f) => f.kind === 'token-theft')!;
  expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
  expect(finding.reproducer!.runs[0].reason).toMatch(/Lookout: \w+'s tokens moved without an allowance covering them/);
  const { source } = finding.reproducer!;
  expect(source).toMatch(/vm\.prank\(alice, alice\);\n\s+wrappedEtherSkipsAllowance\.deposit\{value: 1000 ether\}\(\);/);
  expect(source).toMatch(/vm\.prank\(bob, bob\);\n\s+wrappedEtherSkipsAllowance\.deposit\{value: 1000 ether\}\(\);/);
  // The attacker only when a call goes through it.
  expect(source.includes('lookoutAttacker')).toBe(finding.sequence.some((call) => call.attacker !== undefined));
}, 300_000);

it("an ether leak of the deployer's ether the campaign started the contract with: setUp() sends the same ether", async () => {
  // On past the property Guarded breaks first (after 58 transactions) to the ether leak (after 1,919).
  const report = await fuzz('engine/Guarded.sol');
  const finding = report.findings.find((f) => f.kind === 'ether-leak')!;
  expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
  const { source } = finding.reproducer!;
  expect(source).toMatch(
    /vm\.prank\(deployer, deployer\);\n\s+\{ \(bool sent, \) = payable\(address\(guarded\)\)\.call\{value: 10 ether\}\(""\); require\(sent, "funding failed"\); \}/,
  );
}, 300_000);
