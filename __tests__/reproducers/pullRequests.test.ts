/**
 * Issue 17 part 3 on `lookout pr`: a reproducer of a finding the pull request introduced fails on
 * head and passes on the base (the same file, compiled in the base's checkout); a behaviour change's
 * reproducer asserts what the base did at the diverging call.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BEHAVIOUR_KINDS } from '../../src/oracles/index.js';
import type { ReportFinding } from '../../src/report/types.js';
import { lookoutPr, pullRequest, type PrRepo, type PrRun } from '../pr/prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';
import { forgeRuns } from '../helpers/forgeVerdicts.js';

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/** `budget`: about twice the transactions seed 1 takes to find what the test checks the reproducer of. */
async function run(repo: PrRepo, budget: string): Promise<PrRun> {
  repos.push(repo);
  // forge checks every verified reproducer on head and base too (lookoutPr fails the test where it disagrees).
  const pr = await lookoutPr(repo, { budget, forge: true });
  if (forgeRuns) expect(pr.forge.length).toBeGreaterThan(0);
  return pr;
}

const fixture = (file: string) => readFileSync(path.join(REPO_ROOT, '__fixtures__', file), 'utf8');
const FILES: Record<string, string> = { 'transposed-constant': 'FeeMath.sol', 'allowance-bound': 'PullToken.sol', 'burn-supply': 'BurnToken.sol' };
const behaviour = (name: string, revision: string) => fixture(`behaviour/${name}/${revision}/${FILES[name] ?? 'Bank.sol'}`);
const runsOf = (finding: ReportFinding) => finding.reproducer!.runs.filter((r) => r.runner === 'lookout').map((r) => [r.revision, r.outcome]);

it('an introduced assertion: the reproducer fails on head with Panic 0x01 and passes on the base', async () => {
  const safe = fixture('engine/StateMachineSafe.sol').replace('contract StateMachineSafe', 'contract StateMachine');
  // Found after 65 transactions.
  const pr = await run(await pullRequest({ 'src/StateMachine.sol': safe }, { 'src/StateMachine.sol': fixture('engine/StateMachine.sol') }), '150x');
  const finding = pr.report.findings.find((f) => f.kind === 'assertion')!;
  expect(finding.introduced).toBe(true);
  expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
  expect(runsOf(finding)).toEqual([
    ['head', 'failed'],
    ['base', 'passed'],
  ]);
  expect(finding.reproducer!.runs[0].reason).toBe('Panic 0x01: assertion failed');
  expect(finding.reproducer!.source).toContain('import {StateMachine} from "src/StateMachine.sol";');
}, 300_000);

it('an introduced controlled delegatecall: code the reproducer chose runs in the forwarder on head; the base (owner-only) never runs it', async () => {
  const safe = fixture('oracles/ForwarderSafe.sol').replace('contract ForwarderSafe', 'contract Forwarder');
  // Found after 9 transactions; fewer than 100 would save no time.
  const pr = await run(await pullRequest({ 'src/Forwarder.sol': safe }, { 'src/Forwarder.sol': fixture('oracles/Forwarder.sol') }), '100x');
  const finding = pr.report.findings.find((f) => f.kind === 'controlled-delegatecall')!;
  expect(finding.introduced).toBe(true);
  expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
  expect(runsOf(finding)).toEqual([
    ['head', 'failed'],
    ['base', 'passed'],
  ]);
  expect(finding.reproducer!.runs[0].reason).toBe('Error("Lookout: address(forwarder) ran code its caller chose (DELEGATECALL to an address passed in)")');
  expect(finding.reproducer!.source).toMatch(/try forwarder\.execute\(CHOSEN_CODE, [^)]*\) \{\} catch \{\}/);
}, 300_000);

/** The representatives of the changes' groups, which alone get a reproducer (a group is one item: README, "One root cause, one item"). */
function shown(changes: readonly ReportFinding[]): ReportFinding[] {
  expect(changes.filter((c) => !c.behaviour?.representative).every((c) => c.reproducer === undefined)).toBe(true);
  return changes.filter((c) => c.behaviour?.representative);
}

describe('behaviour changes: the reproducer asserts the base’s outcome of the diverging call', () => {
  it('a return value (a transposed constant): head returns other data, the base passes', async () => {
    // The return value first differs after 41 transactions.
    const pr = await run(
      await pullRequest({ 'src/FeeMath.sol': behaviour('transposed-constant', 'base') }, { 'src/FeeMath.sol': behaviour('transposed-constant', 'head') }),
      '100x',
    );
    const changes = pr.report.findings.filter((f) => BEHAVIOUR_KINDS.includes(f.kind) && f.behaviour?.difference === 'return-value');
    expect(changes.length).toBeGreaterThan(0);
    for (const change of shown(changes)) {
      expect(change.reproducer).toMatchObject({ verified: true });
      expect(runsOf(change)).toEqual([
        ['head', 'failed'],
        ['base', 'passed'],
      ]);
      expect(change.reproducer!.runs[0].reason).toBe('Error("Lookout: the call returns other data than on the base")');
      expect(change.reproducer!.source).toMatch(
        /\(bool success, bytes memory returned\) = address\(feeMath\)\.call\(abi\.encodeCall\(feeMath\.protocolFee, \([\d_e*+ -]+\)\)\);/,
      );
    }
  }, 300_000);

  it('events (a dropped allowance bound): the diverging call’s logs are recorded and must be the base’s', async () => {
    // An input the campaign keeps after 21 transactions emits otherwise (compared once the campaign is over).
    const pr = await run(
      await pullRequest({ 'src/PullToken.sol': behaviour('allowance-bound', 'base') }, { 'src/PullToken.sol': behaviour('allowance-bound', 'head') }),
      '100x',
    );
    const changes = pr.report.findings.filter((f) => BEHAVIOUR_KINDS.includes(f.kind) && f.behaviour?.difference === 'events');
    expect(changes.length).toBeGreaterThan(0);
    for (const change of shown(changes)) {
      expect(change.reproducer).toMatchObject({ verified: true });
      expect(runsOf(change)).toEqual([
        ['head', 'failed'],
        ['base', 'passed'],
      ]);
      expect(change.reproducer!.runs[0].reason).toBe('Error("Lookout: the call emits other events than on the base")');
      expect(change.reproducer!.source).toMatch(
        /vm\.recordLogs\(\);\n\s+vm\.prank\((\w+), \1\);\n\s+\(bool success, bytes memory returned\) = address\(pullToken\)\.call\(abi\.encodeCall\(pullToken\.pullUpTo, /,
      );
      expect(change.reproducer!.source).toMatch(
        /require\(keccak256\(abi\.encode\(vm\.getRecordedLogs\(\)\)\) == keccak256\(hex"[0-9a-f]+"\), "Lookout: the call emits other events than on the base"\);/,
      );
    }
  }, 300_000);

  it('ether (a lower withdrawal fee): every sender’s and deployment’s balance must change by what the base’s call changed it by', async () => {
    // The ether moved first differs after 244 transactions.
    const pr = await run(
      await pullRequest({ 'src/Bank.sol': behaviour('withdraw-fee', 'base') }, { 'src/Bank.sol': behaviour('withdraw-fee', 'head') }),
      '500x',
    );
    const changes = pr.report.findings.filter((f) => BEHAVIOUR_KINDS.includes(f.kind) && f.behaviour?.difference === 'ether');
    expect(changes.length).toBeGreaterThan(0);
    for (const change of shown(changes)) {
      expect(change).toMatchObject({ function: 'withdraw()', reproducer: { verified: true } });
      expect(runsOf(change)).toEqual([
        ['head', 'failed'],
        ['base', 'passed'],
      ]);
      expect(change.reproducer!.runs[0].reason).toMatch(
        /^Error\("Lookout: the call moves other ether than on the base \((alice|bob|deployer|address\(bank\))\)"\)$/,
      );
      const { source } = change.reproducer!;
      expect(source).toContain('uint256[4] memory etherBefore = [deployer.balance, alice.balance, bob.balance, address(bank).balance];');
      // The bank keeps the base's 1% fee: it pays out less than it held for the withdrawer.
      expect(source).toMatch(
        /require\(address\(bank\)\.balance \+ [\d.]+ (ether|gwei|wei) == etherBefore\[3\], "Lookout: the call moves other ether than on the base \(address\(bank\)\)"\);/,
      );
    }
  }, 300_000);

  it('token balances (a burn that keeps the supply): the views either revision’s call changed must change as on the base', async () => {
    // The balances first change otherwise after 193 transactions.
    const pr = await run(
      await pullRequest({ 'src/BurnToken.sol': behaviour('burn-supply', 'base') }, { 'src/BurnToken.sol': behaviour('burn-supply', 'head') }),
      '400x',
    );
    const changes = pr.report.findings.filter((f) => BEHAVIOUR_KINDS.includes(f.kind) && f.behaviour?.difference === 'token-balance');
    expect(changes.length).toBeGreaterThan(0);
    for (const change of shown(changes)) {
      expect(change).toMatchObject({ function: 'burn(uint256)', reproducer: { verified: true } });
      expect(runsOf(change)).toEqual([
        ['head', 'failed'],
        ['base', 'passed'],
      ]);
      expect(change.reproducer!.runs[0].reason).toBe('Error("Lookout: the call changes other token balances than on the base (burnToken.totalSupply())")');
      const { source } = change.reproducer!;
      // The supply and the burner's balance: the views the call changed on either revision, nothing else.
      expect(source).toMatch(/uint256\[2\] memory tokensBefore = \[burnToken\.totalSupply\(\), burnToken\.balanceOf\((deployer|alice|bob)\)\];/);
      expect(source).toMatch(
        /require\(burnToken\.totalSupply\(\) \+ [^=]+ == tokensBefore\[0\], "Lookout: the call changes other token balances than on the base \(burnToken\.totalSupply\(\)\)"\);/,
      );
    }
  }, 300_000);

  it('an outcome (an unchecked underflow): the base reverts with Panic 0x11, head does not; its ether leak passes on the base', async () => {
    // The ether leak and the permitted withdrawal are found after 258 transactions.
    const pr = await run(
      await pullRequest({ 'src/Bank.sol': behaviour('unchecked-withdraw', 'base') }, { 'src/Bank.sol': behaviour('unchecked-withdraw', 'head') }),
      '600x',
    );
    const outcome = pr.report.findings.find((f) => BEHAVIOUR_KINDS.includes(f.kind) && f.behaviour?.difference === 'outcome')!;
    // Named by the call it makes, also when that call went through Lookout's attacker.
    expect(outcome).toMatchObject({ contract: 'Bank', function: 'withdraw(uint256)' });
    expect(outcome.reproducer).toMatchObject({ verified: true });
    expect(runsOf(outcome)).toEqual([
      ['head', 'failed'],
      ['base', 'passed'],
    ]);
    expect(outcome.reproducer!.source).toContain('require(success == false, "Lookout: the call does not revert as on the base");');
    // Through Lookout's attacker the base's Panic 0x11 comes back without data: the attacker reverts with none.
    const panic = 'hex"4e487b710000000000000000000000000000000000000000000000000000000000000011"';
    expect(outcome.reproducer!.source).toContain(outcome.sequence.at(-1)!.attacker ? 'require(keccak256(returned) == keccak256(hex""), ' : panic);
    // On the base the withdrawal reverts: no leak, so the try/catch around it lets the test pass.
    const leak = pr.report.findings.find((f) => f.kind === 'ether-leak')!;
    expect(leak.reproducer).toMatchObject({ verified: true });
    expect(runsOf(leak)).toEqual([
      ['head', 'failed'],
      ['base', 'passed'],
    ]);
    expect(leak.reproducer!.source).toMatch(/try bank\.withdraw\(\d+\) \{\} catch \{\}/);
  }, 300_000);
});
