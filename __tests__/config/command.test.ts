import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/command.js';
import { memoryLogger } from '../../src/logger.js';
import type { Report } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const ROOT = REPO_ROOT;

/** One worker thread unless the arguments name a count: these runs are reproducible per seed and budget. */
async function lookout(argv: string[], cwd = ROOT) {
  const logger = memoryLogger();
  let printed = '';
  const args = argv.length > 0 && !argv.includes('--workers') && ['fuzz', 'pr'].includes(argv[0]) ? [...argv, '--workers', '1'] : argv;
  const status = await runCommand(args, { cwd, logger, write: (t) => (printed += t) });
  return { status, output: logger.lines.join('\n') + printed };
}

describe('lookout fuzz', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'lookout-cli-'));

  it('exits 1 with the finding and writes the JSON report, the JUnit XML and the LCOV coverage', async () => {
    const json = path.join(out, 'vault.json');
    const junit = path.join(out, 'junit', 'vault.xml');
    const lcov = path.join(out, 'vault.lcov');
    const { status, output } = await lookout([
      'fuzz',
      '__fixtures__/engine/Vault.sol',
      '--budget',
      '3000x',
      '--seed',
      '3',
      '--json',
      json,
      '--junit',
      junit,
      '--lcov',
      lcov,
    ]);
    expect(status).toBe(1);
    // The failing line ran; paths are the project's (this repository's).
    expect(readFileSync(lcov, 'utf8')).toMatch(/^TN:head\nSF:__fixtures__\/engine\/Vault\.sol\n(DA:\d+,\d+\n)*DA:23,[1-9]\d*\n/);
    // Every finding fails `lookout fuzz`: the contract's case and the finding's fail.
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="lookout" tests="\d+" failures="2" errors="0" skipped="0"/);
    expect(xml).toContain('<testcase classname="__fixtures__/engine/Vault.sol" name="Vault">');
    expect(xml).toContain('<testcase classname="__fixtures__/engine/Vault.sol:Vault" name="panic at __fixtures__/engine/Vault.sol:23: slot(uint256)">');
    expect(output).toMatch(/\[panic 0x32\] Vault\.slot\(uint256\) at __fixtures__\/engine\/Vault\.sol:23/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report).toMatchObject({ schemaVersion: 1, tool: { name: 'lookout' }, seed: 3, budget: { seconds: null, executions: 3000 }, targets: [] });
    expect(Object.keys(report.stats).sort()).toEqual([
      'analysisMs',
      'budgetPlan',
      'elapsedMs',
      'fuzzMs',
      'inputsKept',
      'prediction',
      'sequences',
      'transactions',
      'transactionsPerSecond',
    ]);
    expect(report.stats.budgetPlan).toMatchObject({ total: { executions: 3000 }, workers: 1, comparison: null, campaigns: [{ fuzz: { executions: 3000 } }] });
    expect(Object.keys(report.findings[0]).sort()).toEqual(
      [
        'contract',
        'contractFile',
        'evidence',
        'file',
        'foundMs',
        'foundTransactions',
        'function',
        'introduced',
        'kind',
        'line',
        'message',
        'panicCode',
        'reproducer',
        'sequence',
      ].sort(),
    );
    expect(report.findings[0].evidence).toEqual({ kind: 'panic', code: 50 });
    expect(Object.keys(report.findings[0].sequence[0]).sort()).toEqual([
      'address',
      'args',
      'blockDelay',
      'calldata',
      'contract',
      'function',
      'sender',
      'timeDelay',
      'value',
    ]);
  });

  it('exits 0 when nothing fails', async () => {
    const { status, output } = await lookout(['fuzz', '__fixtures__/engine/VaultSafe.sol', '--budget', '500x']);
    expect(status).toBe(0);
    expect(output).toContain('✓ No findings');
  });

  it('from another folder, takes an absolute path and writes markdown and SARIF beside the JSON', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lookout-outputs-'));
    const [json, markdown, sarif] = ['r.json', 'r.md', 'r.sarif'].map((f) => path.join(dir, f));
    const vault = path.join(ROOT, '__fixtures__/engine/Vault.sol');
    const { status, output } = await lookout(
      ['fuzz', vault, '--budget', '3000x', '--seed', '3', '--json', json, '--markdown', markdown, '--sarif', sarif],
      dir,
    );
    expect(status).toBe(1);
    expect(output).toMatch(/✗ 1 finding\n/);
    expect(output).toMatch(/\n   1\. (deployer|alice|bob): vault\.\w+[({]/);
    expect(output).not.toMatch(/outside the project root|No failures/);
    const comment = readFileSync(markdown, 'utf8');
    expect(comment).toContain('- **1 finding**');
    expect(comment).toMatch(/\| 1 \| `(deployer|alice|bob)` \| `vault\./);
    const log = JSON.parse(readFileSync(sarif, 'utf8'));
    expect(log.runs[0].results[0]).toMatchObject({ ruleId: 'lookout/panic', level: 'error' });
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('__fixtures__/engine/Vault.sol');
  });

  it('exits 2 naming file:line when the project does not compile, and still writes the report', async () => {
    const json = path.join(out, 'broken.json');
    const { status, output } = await lookout(['fuzz', '__fixtures__/projects/broken/syntax', '--json', json, '--budget', '10x']);
    expect(status).toBe(2);
    expect(output).toMatch(/Syntax\.sol:10:\d+: ParserError/);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    expect(output).toMatch(/✗ Build failed: __fixtures__\/projects\/broken\/syntax\/Syntax\.sol:10: ParserError/);
    expect(output).not.toMatch(/no failures|no findings/i);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.errors?.[0]).toMatch(/ParserError/);
    expect(report.findings).toEqual([]);
  });

  it.each([
    [['fuzz', 'x.sol', '--budget', 'soon'], /Invalid budget 'soon'/],
    [['fuzz', '__fixtures__/engine/Vault.sol', '--budget', '20'], /Budget '20' has no unit: write `20s` for seconds or `20000x` for transactions/],
    [['fuzz', 'x.sol', '--seed', '-1'], /seed must be a non-negative integer/],
    [['fuzz', 'x.sol', '--workers', '0'], /'0' is not a number of worker threads/],
    [['pr', '--base', 'main', '--workers', 'all'], /'all' is not a number of worker threads/],
    [['pr', '--base', 'main', '--workers', '100000'], /100000 worker threads is more than \d+ \(4 per core on this \d+-core machine\)/],
    [['fuzz', 'x.sol', '--budget', '99999999999999999999999x'], /at most 9007199254740991x/],
    [['fuzz'], /missing required argument/],
    [['frobnicate'], /unknown command/],
    [['fuzz', 'nowhere.sol', '--budget', '1x'], /does not exist/],
    [['fuzz', '__fixtures__/engine/Vault.sol', '--contract', 'Nope', '--budget', '1x'], /No contract named 'Nope'.*Vault/],
  ])('exits 2 on %j with an actionable message', async (argv, message) => {
    const { status, output } = await lookout(argv);
    expect(status).toBe(2);
    expect(output).toMatch(message);
  });

  it('deploys a contract whose constructor takes arguments, from another folder with an absolute path', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lookout-ctor-'));
    writeFileSync(path.join(dir, 'foundry.toml'), '[profile.default]\nsrc = "."\n');
    writeFileSync(
      path.join(dir, 'Ctor.sol'),
      'pragma solidity ^0.8.20;\ncontract Ctor { uint x; constructor(uint a) { require(a != 0); x = a; } function f() external {} }\n',
    );
    const json = path.join(dir, 'report.json');
    const { status } = await lookout(['fuzz', path.join(dir, 'Ctor.sol'), '--budget', '10x', '--json', json], tmpdir());
    expect(status).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.deployments).toEqual([expect.objectContaining({ contract: 'Ctor', file: 'Ctor.sol', from: 'synthesised', skipped: null })]);
  });

  it('takes constructor arguments from --config, and names a bad key and the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lookout-config-'));
    writeFileSync(
      path.join(dir, 'Pinned.sol'),
      'pragma solidity ^0.8.20;\ncontract Pinned { uint public x; constructor(uint a) { require(a == 7); x = a; } function f() external {} }\n',
    );
    const config = path.join(dir, 'pins.toml');
    writeFileSync(config, '[contracts.Pinned]\nargs = [7]\n');
    const json = path.join(dir, 'report.json');
    const { status } = await lookout(['fuzz', 'Pinned.sol', '--budget', '10x', '--config', config, '--json', json], dir);
    expect(status).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.deployments).toEqual([expect.objectContaining({ contract: 'Pinned', from: 'config', args: ['7'] })]);
    writeFileSync(config, '[contracts.Pinned]\nargz = [7]\n');
    const bad = await lookout(['fuzz', 'Pinned.sol', '--budget', '10x', '--config', config], dir);
    expect(bad.status).toBe(2);
    expect(bad.output).toMatch(/pins\.toml.*contracts\.Pinned\.argz/);
  });

  it('says how to fix compiler = "forge" when forge does not run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lookout-forge-'));
    writeFileSync(path.join(dir, 'A.sol'), 'pragma solidity ^0.8.20;\ncontract A { function f() external {} }\n');
    writeFileSync(path.join(dir, 'lookout.toml'), 'compiler = "forge"\n');
    const saved = process.env.PATH;
    process.env.PATH = dir; // no forge there
    try {
      const { status, output } = await lookout(['fuzz', 'A.sol', '--budget', '10x'], dir);
      expect(status).toBe(2);
      expect(output).toMatch(/compiler = "forge", but forge does not run here: install Foundry/);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('refuses a contract it cannot deploy and says why', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lookout-ctor-'));
    writeFileSync(
      path.join(dir, 'Ctor.sol'),
      'pragma solidity ^0.8.20;\ncontract Ctor { constructor(uint a) { revert("never"); } function f() external {} }\n',
    );
    const { status, output } = await lookout(['fuzz', 'Ctor.sol', '--budget', '1x'], dir);
    expect(status).toBe(2);
    expect(output).toMatch(/could be deployed: Ctor \(Ctor\.sol\): .*never/);
  });

  it('prints the version', async () => {
    const { status, output } = await lookout(['--version']);
    expect(status).toBe(0);
    expect(output).toMatch(/\d+\.\d+\.\d+/);
  });
});
