/**
 * Acceptance for real-project features (issue 11): `lookout pr` on fixture projects shaped like Foundry
 * repositories (foundry.toml, lib/, remappings, a pinned solc), each with a planted bug and a safe twin.
 * The pinned 0.8.17 comes from the compiler cache the test setup seeds (never the network).
 */
import { fileURLToPath } from 'node:url';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURES = fileURLToPath(new URL('../../__fixtures__/foundry/', import.meta.url));

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

async function pr(project: string, overlay: 'bug' | 'safe', budget = '5000x'): Promise<PrRun> {
  const repo = await fixturePullRequest(`${FIXTURES}${project}`, overlay);
  repos.push(repo);
  return lookoutPr(repo, { budget });
}

const found = (run: PrRun) => run.report.findings.map((f) => [f.kind, f.panicCode, f.contract, f.file, f.line, f.introduced]);

describe('lookout pr on Foundry-shaped projects', () => {
  it('builds a via-IR project with its pinned 0.8.17 and settings, and finds the off-by-one its PR plants', async () => {
    const run = await pr('pinned-via-ir', 'bug');
    expect(run.report.build?.compilers).toEqual([
      expect.objectContaining({
        version: '0.8.17',
        settings: expect.objectContaining({ viaIR: true, optimizer: { enabled: true, runs: 1000 }, evmVersion: 'london' }),
      }),
    ]);
    expect(found(run)).toEqual([['panic', '0x32', 'AllowanceTransfer', 'src/AllowanceTransfer.sol', 43, true]]);
    expect(run.status).toBe(1);
  });

  it('reports nothing on the via-IR project when the loop keeps its bound', async () => {
    const run = await pr('pinned-via-ir', 'safe');
    expect(run.report.findings).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('deploys a vault on a mock token built with synthesised (string,string,uint8) arguments, and reaches its changed lines', async () => {
    const run = await pr('vault', 'safe');
    expect(run.report.deployments).toEqual([
      expect.objectContaining({ contract: 'MockERC20', file: 'test/utils/mocks/MockERC20.sol', from: 'synthesised', args: ['Token', 'TKN', '18'], skipped: null }),
      expect.objectContaining({ contract: 'Vault', file: 'src/Vault.sol', from: 'synthesised', skipped: null }),
    ]);
    const [token, vault] = run.report.deployments!;
    expect(vault.args).toEqual([token.address]);
    expect(run.report.targets.filter((t) => t.status === 'reached').length).toBeGreaterThan(0);
    expect(run.report.findings).toEqual([]);
  });

  it('reaches changed code of an abstract contract through the mock that implements it, and links the external library', async () => {
    const run = await pr('library', 'bug');
    expect(run.report.deployments?.map((d) => [d.contract, d.skipped])).toEqual(
      expect.arrayContaining([['Stats', null], ['PriceFeed', null], ['MockConsumer', null]]),
    );
    expect(run.report.targets).toContainEqual(expect.objectContaining({ file: 'src/base/FeedConsumer.sol', line: 31, contract: 'MockConsumer', status: 'reached' }));
    expect(found(run)).toContainEqual(['assertion', '0x01', 'MockConsumer', 'src/base/FeedConsumer.sol', 31, true]);
    // The library's own changed lines are not silently dropped.
    const libraryLines = run.report.targets.filter((t) => t.file === 'src/libraries/Stats.sol');
    expect(libraryLines.length).toBeGreaterThan(0);
    for (const line of libraryLines) expect(line).toMatchObject({ status: 'not-fuzzed', reason: expect.stringMatching(/external library/) });
  });

  it('reports nothing on the library project when the library and the consumer stay correct', async () => {
    const run = await pr('library', 'safe');
    expect(run.report.findings).toEqual([]);
  });

  it('tells two contracts of one name apart by file: the bug is in src/b only', async () => {
    const run = await pr('two-names', 'bug');
    expect(found(run)).toEqual([['panic', '0x31', 'Counter', 'src/b/Counter.sol', 26, true]]);
    const fuzzed = run.report.targets.filter((t) => t.status !== 'not-fuzzed');
    expect(new Set(fuzzed.map((t) => t.contractFile))).toEqual(new Set(['src/b/Counter.sol']));
    // The changed test file is reported, with why it was not fuzzed.
    expect(run.report.targets.filter((t) => t.file === 'test/b/Counter.t.sol').every((t) => t.status === 'not-fuzzed' && /Foundry test/.test(t.reason ?? ''))).toBe(true);
  });

  it('reports nothing on the two-names project when undo checks its steps', async () => {
    const run = await pr('two-names', 'safe');
    expect(run.report.findings).toEqual([]);
  });
});
