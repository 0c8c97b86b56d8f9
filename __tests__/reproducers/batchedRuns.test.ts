import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runReproducer, runReproducers, type ReproducerFile } from '../../src/reproducers/verify.js';

/** A reproducer in the shape Lookout writes: a test contract in the project's test folder with one test. */
function reproducer(file: string, body: string, extra = ''): ReproducerFile {
  const contract = path.basename(file, '.t.sol').replace(/\W/g, '') + 'Test';
  return {
    file,
    contract,
    solidityVersion: '0.8.37',
    source: `pragma solidity ^0.8.0;\n${extra}\ncontract ${contract} {\n  function test_reproduce() public {\n    ${body}\n  }\n}\n`,
  };
}

describe('runReproducers: every reproducer of a run in one compile', () => {
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'lookout-batch-'));
    await mkdir(path.join(root, 'test'));
    await writeFile(path.join(root, 'foundry.toml'), '[profile.default]\nsrc = "src"\ntest = "test"\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const failing = reproducer('Vault.assertion.t.sol', 'assert(1 + 1 == 3);');
  const passing = reproducer('Vault.property.t.sol', 'require(1 + 1 == 2, "math");');
  const broken = reproducer('Vault.panic.t.sol', 'uint256 x = "not a number";');
  const older = { ...reproducer('Vault.old.t.sol', 'revert("old");'), solidityVersion: '0.8.17' };

  it('gives each reproducer its own outcome, in order, as running it alone does', async () => {
    const together = await runReproducers(root, [failing, broken, passing]);
    expect(together.map((o) => o.outcome)).toEqual(['failed', 'does-not-compile', 'passed']);
    expect(together[0].reason).toBe('Panic 0x01: assertion failed');
    // solc builds nothing when one unit fails: the broken one is set aside, the rest still run.
    expect(together[1].reason).toMatch(/Vault\.panic\.t\.sol:\d+:\d+: TypeError/);
    const alone = [];
    for (const r of [failing, broken, passing]) alone.push(await runReproducer(root, r));
    expect(together).toEqual(alone);
    // Nothing is left in the project's test folder.
    expect(readdirSync(path.join(root, 'test'))).toEqual([]);
  }, 120_000);

  it('tells a custom error by its name and arguments, decoded with the errors the build declares', async () => {
    const error = 'error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);';
    const [outcome] = await runReproducers(root, [reproducer('Vault.custom.t.sol', 'revert InsufficientAllowance(address(0xBEEF), 0, 5);', error)]);
    expect(outcome).toEqual({ outcome: 'failed', reason: 'InsufficientAllowance(0x000000000000000000000000000000000000bEEF, 0, 5)' });
  }, 120_000);

  it('compiles each pragma group with its own compiler version', async () => {
    const outcomes = await runReproducers(root, [older, failing]);
    expect(outcomes).toEqual([
      { outcome: 'failed', reason: 'Error("old")' },
      { outcome: 'failed', reason: 'Panic 0x01: assertion failed' },
    ]);
  }, 120_000);
});
