/**
 * Acceptance for real-project features (issue 11): `lookout pr` on fixture projects shaped like Foundry
 * repositories (foundry.toml, lib/, remappings, a pinned solc), each with a planted bug and a safe twin.
 * The pinned 0.8.37 comes from the compiler cache the test setup seeds (never the network).
 */
import { fileURLToPath } from 'node:url';
import type { ReportFinding } from '../../src/report/types.js';
import { fixturePullRequest, lookoutPr, pullRequest, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURES = fileURLToPath(new URL('../../__fixtures__/foundry/', import.meta.url));

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/**
 * Tests reading the same pull request at the same budget share its run (same seed: the same report).
 * Seed 1 passes every test at 100 transactions but the library's (it needs more than 100, at most
 * 200): each runs twice what it needs, a safe twin as much as its bug.
 */
const runs = new Map<string, Promise<PrRun>>();
function pr(project: string, overlay: 'bug' | 'safe', budget = '200x'): Promise<PrRun> {
  const key = `${project}/${overlay}/${budget}`;
  if (!runs.has(key)) {
    runs.set(
      key,
      fixturePullRequest(`${FIXTURES}${project}`, overlay).then((repo) => {
        repos.push(repo);
        return lookoutPr(repo, { budget });
      }),
    );
  }
  return runs.get(key)!;
}

const runsOf = (finding: ReportFinding) => finding.reproducer!.runs.filter((r) => r.runner === 'lookout').map((r) => [r.revision, r.outcome]);

/** What the oracles found; behaviour changes (base vs head) are checked apart. */
const found = (run: PrRun) =>
  run.report.findings.filter((f) => f.kind !== 'behaviour-change').map((f) => [f.kind, f.panicCode, f.contract, f.file, f.line, f.introduced]);
const behaviourChanges = (run: PrRun) => run.report.findings.filter((f) => f.kind === 'behaviour-change');

describe('lookout pr on Foundry-shaped projects', () => {
  it('builds a via-IR project with its pinned 0.8.37 and settings, and finds the off-by-one its PR plants', async () => {
    const run = await pr('pinned-via-ir', 'bug');
    expect(run.report.build?.compilers).toEqual([
      expect.objectContaining({
        version: '0.8.37',
        settings: expect.objectContaining({ viaIR: true, optimizer: { enabled: true, runs: 1000 }, evmVersion: 'prague' }),
      }),
    ]);
    expect(found(run)).toEqual([['panic', '0x32', 'AllowanceTransfer', 'src/AllowanceTransfer.sol', 32, true]]);
    // The base did not revert there: a behaviour change too.
    expect(behaviourChanges(run).map((c) => c.function)).toContain('lockdown((address,address)[])');
    // Its reproducers pass an empty array of the interface's struct (`new IAllowanceTransfer.TokenSpenderPair[](0)`), imported.
    for (const finding of run.report.findings.filter((f) => f.reproducer)) {
      expect(finding.reproducer!.source).toContain('import {IAllowanceTransfer} from "src/interfaces/IAllowanceTransfer.sol";');
      expect(runsOf(finding)).toEqual([
        ['head', 'failed'],
        ['base', 'passed'],
      ]);
    }
    expect(run.status).toBe(1);
  }, 600_000); // via-IR builds (base, head, reproducers) take most of it: beside another jest worker on a shared CPU, 300 s was passed

  it('reports nothing on the via-IR project when the loop keeps its bound (a refactor: no behaviour change either)', async () => {
    const run = await pr('pinned-via-ir', 'safe');
    expect(run.report.findings).toEqual([]);
    expect(run.status).toBe(0);
  }, 300_000);

  it('finds the division by zero a vault PR plants in convertToShares', async () => {
    const run = await pr('vault', 'bug');
    // It fails in the library's division, on a sequence that runs the changed line.
    expect(found(run)).toEqual([['panic', '0x12', 'Vault', 'src/utils/FixedPointMath.sol', 7, true]]);
    expect(run.report.findings[0].enteredLines).toContainEqual({ file: 'src/Vault.sol', line: 83 });
  });

  it('a Foundry-shaped project: a finding from its own test contract gets a reproducer inheriting it (its Vm has only prank(address): tx.origin is left alone); only the panic fails it', async () => {
    const run = await pr('vault', 'bug');
    const finding = run.report.findings.find((f) => f.kind === 'panic')!;
    expect(finding.harness).toEqual({ file: 'test/Vault.t.sol', contract: 'VaultTest' });
    expect(finding.reproducer).toMatchObject({ file: 'Vault.panic.t.sol', verified: true });
    expect(finding.reproducer!.source).toContain('contract VaultPanicTest is VaultTest {');
    expect(finding.reproducer!.source).toMatch(
      /vm\.prank\(defaultSender\);\n\s+\(bool success, bytes memory returned\) = address\(vault\)\.call\(abi\.encodeCall\(vault\.deposit, /,
    );
    // The base turns the deposit down with a custom error of its own, not the panic: the reproducer passes there.
    expect(runsOf(finding)).toEqual([
      ['head', 'failed'],
      ['base', 'passed'],
    ]);
    expect(finding.reproducer!.runs[0].reason).toBe('Panic 0x12: division or modulo by zero');
  }, 300_000);

  it("fuzzes the vault from its test contract's setUp() (a mock token wired in), and reaches its changed lines", async () => {
    const run = await pr('vault', 'safe');
    // test/Vault.t.sol's setUp() deploys the vault: Lookout does not deploy it again (issue 17).
    expect(run.report.deployments).toEqual([
      expect.objectContaining({
        contract: 'MockERC20',
        file: 'test/utils/mocks/MockERC20.sol',
        from: 'setUp',
        source: 'test/Vault.t.sol:VaultTest',
        skipped: null,
      }),
      expect.objectContaining({ contract: 'Vault', file: 'src/Vault.sol', from: 'setUp', source: 'test/Vault.t.sol:VaultTest', skipped: null }),
    ]);
    expect(run.report.targets.filter((t) => t.status === 'reached').length).toBeGreaterThan(0);
    expect(run.report.findings).toEqual([]);
  });

  it('reaches changed code of an abstract contract through the mock that implements it, and links the external library', async () => {
    const run = await pr('library', 'bug', '400x');
    expect(run.report.deployments?.map((d) => [d.contract, d.skipped])).toEqual(
      expect.arrayContaining([
        ['Stats', null],
        ['PriceFeed', null],
        ['MockConsumer', null],
      ]),
    );
    expect(run.report.targets).toContainEqual(
      expect.objectContaining({ file: 'src/base/FeedConsumer.sol', line: 31, contract: 'MockConsumer', status: 'reached' }),
    );
    expect(found(run)).toContainEqual(['assertion', '0x01', 'MockConsumer', 'src/base/FeedConsumer.sol', 31, true]);
    // The library's own changed lines run in the library's code, called by the contract that links it.
    const libraryLines = run.report.targets.filter((t) => t.file === 'src/libraries/Stats.sol');
    expect(libraryLines.length).toBeGreaterThan(0);
    for (const line of libraryLines) expect(line).toMatchObject({ contract: 'Stats', contractFile: 'src/libraries/Stats.sol', status: 'reached' });
  });

  it('reports nothing on the library project when the library and the consumer stay correct', async () => {
    const run = await pr('library', 'safe', '400x');
    expect(found(run)).toEqual([]);
  });

  it('tells two contracts of one name apart by file: the bug is in src/b only', async () => {
    const run = await pr('two-names', 'bug');
    expect(found(run)).toEqual([['panic', '0x31', 'Counter', 'src/b/Counter.sol', 26, true]]);
    const fuzzed = run.report.targets.filter((t) => t.status !== 'not-fuzzed');
    expect(new Set(fuzzed.map((t) => t.contractFile))).toEqual(new Set(['src/b/Counter.sol']));
    // The changed test file is reported, with why it was not fuzzed.
    expect(
      run.report.targets.filter((t) => t.file === 'test/b/Counter.t.sol').every((t) => t.status === 'not-fuzzed' && /Foundry test/.test(t.reason ?? '')),
    ).toBe(true);
  });

  it('reports nothing on the two-names project when undo checks its steps', async () => {
    const run = await pr('two-names', 'safe');
    expect(found(run)).toEqual([]);
  });
});

describe('lookout pr when part of the project cannot be built', () => {
  it('fuzzes what builds, reports the rest as not fuzzed with the compiler problem, and exits 2', async () => {
    const sol = (pragma: string, body: string) => `// SPDX-License-Identifier: MIT\npragma solidity ${pragma};\n\n${body}\n`;
    const good = (check: string) =>
      sol(
        '^0.8.20',
        `contract Good {\n    uint256[2] public slots;\n\n    function put(uint256 i, uint256 v) external {\n        ${check}\n        slots[i] = v;\n    }\n}`,
      );
    const old = (v: string) => sol('=0.6.12', `contract Old {\n    uint256 public v;\n\n    function set(uint256 x) external {\n        v = ${v};\n    }\n}`);
    const repo = await pullRequest(
      { 'foundry.toml': '[profile.default]\n', 'src/Good.sol': good('require(i < 2);'), 'src/Old.sol': old('x') },
      { 'src/Good.sol': good('require(i < 3);'), 'src/Old.sol': old('x + 1') },
    );
    repos.push(repo);
    const run = await lookoutPr(repo, { budget: '200x' });
    expect(run.status).toBe(2);
    expect(run.report.errors?.join('\n')).toMatch(/src\/Old\.sol.*=0\.6\.12/s);
    expect(run.report.targets).toContainEqual(
      expect.objectContaining({ file: 'src/Old.sol', status: 'not-fuzzed', reason: expect.stringMatching(/not compiled/) }),
    );
    expect(found(run)).toEqual([['panic', '0x32', 'Good', 'src/Good.sol', 9, true]]);
  });
});
