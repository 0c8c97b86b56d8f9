/**
 * Issue 17 part 3: every finding of `lookout fuzz` comes with a Foundry reproducer that Lookout's own
 * Foundry-test runner compiled (the project's settings) and ran, failing as the finding does: one
 * fixture per kind the reproducer can show, and a reproducer that does not fail is never verified.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileProject } from '../../src/compile/compile.js';
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { emptyProjectConfig } from '../../src/config/projectConfig.js';
import { deployProject, namedAccounts } from '../../src/run/worlds.js';
import { runCommand } from '../../src/command.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { attachReproducers } from '../../src/reproducers/attach.js';
import { runReproducer } from '../../src/reproducers/verify.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';
import { disagreements, forgeRuns, forgeVerdictsOnFixtures } from '../helpers/forgeVerdicts.js';

/** Each fixture holds one bug, the kind it shows: its campaign stops there. */
async function campaign(file: string, budget: string): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/${file}`], { budget: parseBudget(budget), workers: 1, stopWhen: 'finding' });
  return (await runPipeline(config, { logger: memoryLogger() })).report;
}

const runs = new Map<string, Promise<Report>>();
/** Tests reading the same fixture's campaign share its run. */
function fuzz(file: string, budget = '3000x'): Promise<Report> {
  const key = `${file}@${budget}`;
  if (!runs.has(key)) runs.set(key, campaign(file, budget));
  return runs.get(key)!;
}

const kinds: { file: string; kind: ReportFinding['kind']; reason: RegExp; shows: RegExp[]; budget?: string }[] = [
  {
    file: 'engine/StateMachine.sol',
    kind: 'assertion',
    reason: /^Panic 0x01: assertion failed$/,
    // Calls before the last go on past a revert; the last fails the test with its panic alone.
    shows: [
      /try stateMachine\.set\(4919\) \{\} catch \{\}\n\s+vm\.prank\(deployer, deployer\);\n\s+try stateMachine\.copy\(\) \{\} catch \{\}/,
      /address\(stateMachine\)\.call\(abi\.encodeCall\(stateMachine\.check, \(\)\)\);\n.*\n\s+if \(!success && keccak256\(returned\) == keccak256\(abi\.encodeWithSignature\("Panic\(uint256\)", 0x01\)\)\) rethrow\(success, returned\);/,
    ],
  },
  {
    file: 'engine/Vault.sol',
    kind: 'panic',
    reason: /^Panic 0x32: array index out of bounds$/,
    shows: [/try vault\.deposit\{value: \d+(\.\d+)? ether\}\(\) \{\} catch \{\}/, /abi\.encodeCall\(vault\.slot, \(\d+\)\)/],
  },
  {
    file: 'engine/Guarded.sol',
    kind: 'property',
    reason: /Lookout: property_only_owner_executes_emergency\(\) does not hold/,
    shows: [/require\(guarded\.property_only_owner_executes_emergency\(\), /],
  },
  {
    file: 'oracles/LeakyBank.sol',
    kind: 'ether-leak',
    reason: /Lookout: alice took out more ether than it sent in/,
    // Only the sender in profit is checked: what the others gained may have been given to them.
    // Measured as the oracle does: at least the balance setUp() dealt (what a sender paid in while the world was funded was sent in).
    shows: [
      /uint256 aliceBefore = alice\.balance > 1000000 ether \? alice\.balance : 1000000 ether;/,
      /require\(alice\.balance <= aliceBefore, "Lookout: alice took out more ether than it sent in"\);/,
    ],
  },
  {
    file: 'oracles/Killable.sol',
    kind: 'unprotected-selfdestruct',
    reason: /Lookout: a sender other than the deployer swept address\(killable\)'s ether with SELFDESTRUCT/,
    shows: [
      /vm\.deal\(address\(killable\), address\(killable\)\.balance \+ 1 ether\);\n\s+uint256 heldBefore = address\(killable\)\.balance;/,
      /try killable\.close\(\) \{\} catch \{\}/,
    ],
  },
  {
    file: 'harvey/BonusCodeWallet.sol',
    kind: 'arbitrary-storage-write',
    budget: '6000x',
    reason: /Lookout: the last call wrote the slot 0x[0-9a-f]+ of address\(bonusCodeWallet\), which its caller chose/,
    shows: [
      /vm\.store\(address\(bonusCodeWallet\), bytes32\(uint256\(0x[0-9a-f]+\)\), CHOSEN_SLOT_MARKER\);\n\s+vm\.prank\(deployer, deployer\);\n\s+try bonusCodeWallet\.SetCodeAt\(/,
    ],
  },
  {
    file: 'oracles/Forwarder.sol',
    kind: 'controlled-delegatecall',
    reason: /Lookout: address\(forwarder\) ran code its caller chose \(DELEGATECALL to an address passed in\)/,
    // The stand-in's code is etched at a fixed address and passed where the campaign passed the address it controlled.
    shows: [
      /vm\.etch\(CHOSEN_CODE, type\(ChosenCode\)\.runtimeCode\);\n\s+vm\.prank\((alice|bob), \1\);\n\s+try forwarder\.execute\(CHOSEN_CODE, /,
      /require\(vm\.load\(address\(forwarder\), CHOSEN_CODE_RAN\) == bytes32\(0\), /,
    ],
  },
  {
    file: 'oracles/TokenSkipsAllowance.sol',
    kind: 'token-theft',
    reason: /Lookout: \w+'s tokens moved without an allowance covering them/,
    shows: [
      /tokenSkipsAllowance\.transferFrom\(/,
      /\.balanceOf\(/,
      /share = tokenSkipsAllowance\.balanceOf\(deployer\) \/ 3;\n\s+vm\.prank\(deployer, deployer\);\n\s+tokenSkipsAllowance\.transfer\(alice, share\);/,
    ],
  },
];

describe.each(kinds)('$kind ($file)', ({ file, kind, reason, shows, budget }) => {
  let finding: ReportFinding;

  beforeAll(async () => {
    const report = await fuzz(file, budget);
    finding = report.findings.find((f) => f.kind === kind)!;
    expect(finding).toBeDefined();
  }, 240_000);

  it('has a reproducer that Lookout’s runner compiled and ran, failing as the finding does', () => {
    const reproducer = finding.reproducer!;
    expect(reproducer).toMatchObject({ verified: true, reason: null });
    const head = reproducer.runs.find((r) => r.runner === 'lookout' && r.revision === 'head')!;
    expect(head.outcome).toBe('failed');
    expect(head.reason).toMatch(reason);
  });

  it('deploys as the campaign did and replays the sequence with pranks, named senders and readable values', () => {
    const { source } = finding.reproducer!;
    expect(source).toContain(`import {${finding.contract}} from "__fixtures__/${file}";`);
    // The repository resolves no forge-std: the cheatcodes and helpers come from the run's base file, written beside it.
    expect(source).toMatch(/^import \{ReproducerBase, Vm(, rethrow)?\} from "\.\/LookoutBase\.sol";$/m);
    expect(source).not.toContain('interface Vm');
    expect(finding.reproducer!.base).toEqual({ file: 'LookoutBase.sol', source: expect.stringContaining('abstract contract ReproducerBase {') });
    expect(source).toMatch(/vm\.label\(alice, "alice"\);\n\s+vm\.deal\(alice, 1000000 ether\);/);
    expect(source).toContain('vm.warp(1700000000);');
    expect(source).toMatch(/vm\.prank\(deployer, deployer\);\n\s+\w+ = new \w+\(\);/);
    for (const pattern of shows) expect(source).toMatch(pattern);
    // Lookout's attacker (deployed last, so no address moves) only when a call goes through it.
    expect(source.includes('lookoutAttacker')).toBe(finding.sequence.some((call) => call.attacker !== undefined));
    const test = source.slice(source.indexOf('function test_reproduce'));
    expect(test.match(/vm\.prank\((\w+), \1\);/g)!.length).toBe(finding.sequence.length);
  });
});

(forgeRuns ? it : it.skip)(
  'forge fails every kind’s reproducer as Lookout’s runner does (one forge test over them all)',
  async () => {
    const findings = await Promise.all(kinds.map(async ({ file, kind, budget }) => (await fuzz(file, budget)).findings.find((f) => f.kind === kind)!));
    const verdicts = await forgeVerdictsOnFixtures(
      kinds.map(({ file }) => `__fixtures__/${file}`),
      findings,
    );
    expect(verdicts.map((v) => [v.file, v.forge])).toEqual(findings.map((f) => [f.reproducer!.file, 'failed']));
    expect(disagreements(verdicts)).toEqual([]);
  },
  240_000,
);

it('a reproducer whose sequence no longer fails is reported unverified, with what it did instead', async () => {
  const report = await fuzz('engine/StateMachine.sol');
  const [finding] = report.findings;
  // Without set(0x1337) first, check() holds: the replay passes.
  const cut: ReportFinding = { ...finding, sequence: finding.sequence.slice(1), reproducer: undefined };
  const project = await compileProject({ root: REPO_ROOT, paths: ['__fixtures__/engine/StateMachine.sol'] });
  const world = await deployProject(
    project,
    project.contracts.filter((c) => c.name === 'StateMachine'),
    emptyProjectConfig(),
    report.seed,
  );
  await attachReproducers([cut], { project, root: REPO_ROOT, world, senders: namedAccounts(world.executor.deployerAddresses), logger: memoryLogger() });
  expect(cut.reproducer).toMatchObject({
    verified: false,
    reason: 'Lookout’s runner on head: it passed; it should fail with Panic 0x01: assertion failed',
    runs: [{ runner: 'lookout', revision: 'head', outcome: 'passed', reason: null }],
  });
}, 240_000);

it('a reproducer that does not compile is reported so, with the compiler’s error', async () => {
  const outcome = await runReproducer(REPO_ROOT, {
    file: 'Broken.t.sol',
    contract: 'BrokenTest',
    source: 'pragma solidity ^0.8.20;\ncontract BrokenTest { function test_reproduce() public { undefinedThing(); } }\n',
    solidityVersion: '0.8.37',
  });
  expect(outcome.outcome).toBe('does-not-compile');
  expect(outcome.reason).toMatch(/Undeclared identifier/);
}, 120_000);

describe('outputs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lookout-reproducers-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the reproducers to --reproducers DIR, in the JSON report and collapsed under each finding in the comment', async () => {
    const json = path.join(dir, 'report.json');
    const folder = path.join(dir, 'reproducers');
    const status = await runCommand(
      ['fuzz', '__fixtures__/oracles/LeakyBank.sol', '--budget', '3000x', '--workers', '1', '--json', json, '--reproducers', folder],
      { cwd: REPO_ROOT, logger: memoryLogger() },
    );
    expect(status).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const [finding] = report.findings;
    expect(finding.reproducer).toMatchObject({ file: 'LeakyBank.etherLeak.t.sol', contract: 'LeakyBankEtherLeakTest', verified: true });
    expect(readFileSync(path.join(folder, 'LeakyBank.etherLeak.t.sol'), 'utf8')).toBe(finding.reproducer!.source);
    // The base file it imports, once beside it; the comment shows the test and says where the base file is.
    expect(readFileSync(path.join(folder, 'LookoutBase.sol'), 'utf8')).toBe(finding.reproducer!.base!.source);
    const comment = renderMarkdown(report);
    expect(comment).toContain(
      '<details><summary>Foundry reproducer LeakyBank.etherLeak.t.sol (fails on this PR as reported; imports LookoutBase.sol from the reproducers folder)</summary>',
    );
    expect(comment).not.toContain('abstract contract ReproducerBase');
    expect(comment).toContain('```solidity\n// SPDX-License-Identifier: UNLICENSED');
  }, 240_000);

  it('refuses a --reproducers path that is a file before fuzzing, leaving the file as it was', async () => {
    const file = path.join(dir, 'taken');
    await writeFile(file, 'keep me');
    const logger = memoryLogger();
    const status = await runCommand(['fuzz', '__fixtures__/oracles/LeakyBank.sol', '--budget', '100x', '--reproducers', file], { cwd: REPO_ROOT, logger });
    expect(status).toBe(2);
    expect(logger.lines.join('\n')).toContain(`--reproducers ${file} is a file: give a folder to write the Foundry reproducers into.`);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });
});

describe('how the reproducer is written for the project', () => {
  let project: string;
  beforeAll(async () => {
    // A Foundry project with a forge-std (the runner's fixture stand-in: a Vm with every cheatcode the reproducer uses).
    project = await mkdtemp(path.join(tmpdir(), 'lookout-forge-std-'));
    await cp(path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault/lib'), path.join(project, 'lib'), { recursive: true });
    for (const file of ['foundry.toml', 'remappings.txt']) await cp(path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault', file), path.join(project, file));
    await mkdir(path.join(project, 'src'));
    await cp(path.join(REPO_ROOT, '__fixtures__/engine/StateMachine.sol'), path.join(project, 'src/StateMachine.sol'));
  });
  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('imports the project’s forge-std Test when its remappings resolve it', async () => {
    const config = fuzzConfig(project, ['src'], { budget: parseBudget('3000x'), workers: 1, stopWhen: 'finding' });
    const { report } = await runPipeline(config, { logger: memoryLogger() });
    const { source, verified, runs } = report.findings[0].reproducer!;
    expect(source).toContain('import {Test} from "forge-std/Test.sol";');
    expect(source).toContain('contract StateMachineAssertionTest is Test {');
    expect(source).not.toContain('interface Vm');
    expect(verified).toBe(true);
    expect(runs[0]).toEqual({ runner: 'lookout', revision: 'head', outcome: 'failed', reason: 'Panic 0x01: assertion failed' });
    // The reproducer was written into the project's test folder for the run, and removed.
    expect(readdirSync(project).sort()).toEqual(['foundry.toml', 'lib', 'remappings.txt', 'src']);
  }, 240_000);

  it('calls a function taking dynamic arrays and a struct with typed arguments', async () => {
    const report = await fuzz('engine/Batch.sol');
    const finding = report.findings.find((f) => f.kind === 'panic')!;
    const { source } = finding.reproducer!;
    expect(source).toMatch(
      /address\(batch\)\.call\(abi\.encodeCall\(batch\.distribute, \(dynamicArray\(\[.+\]\), dynamicArray\(\[uint256\(.+\]\), Batch\.Payout\(.+\)\)\)\);/,
    );
    expect(finding.reproducer).toMatchObject({ verified: true });
    expect(finding.reproducer!.runs[0].reason).toBe('Panic 0x32: array index out of bounds');
  }, 240_000);
});
