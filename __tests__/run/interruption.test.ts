/**
 * Issue 28, item 5: a signal exited at once with no report even when findings were already logged.
 * Interrupted (the AbortSignal a SIGINT or SIGTERM aborts, see `interruptOnSignals`), a run stops its
 * campaign, shrinks nothing more, checks no reproducer, and writes the report so far, marked
 * `interrupted`; `lookout` exits 128 + the signal's number. (__tests__/pr/signal.test.ts sends a real
 * SIGTERM to the CLI.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/command.js';
import { Interruption } from '../../src/errors.js';
import { memoryLogger } from '../../src/logger.js';
import type { Report } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

let out: string;
beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'lookout-interrupted-'));
});
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

/** `lookout fuzz` on the Vault with a budget of hours, interrupted once it logs a finding. */
async function interruptedFuzz(workers: number) {
  const json = path.join(out, `vault-${workers}.json`);
  const markdown = path.join(out, `vault-${workers}.md`);
  const interruption = new AbortController();
  const logger = memoryLogger();
  const info = logger.info;
  logger.info = (line) => {
    if (/^Vault: found: /.test(line)) interruption.abort(new Interruption('SIGTERM'));
    info(line);
  };
  const argv = ['fuzz', '__fixtures__/engine/Vault.sol', '--budget', '100000000x', '--seed', '1', '--workers', String(workers)];
  const status = await runCommand([...argv, '--json', json, '--markdown', markdown], { cwd: REPO_ROOT, logger, signal: interruption.signal });
  return { status, log: logger.lines, report: JSON.parse(readFileSync(json, 'utf8')) as Report, markdown: readFileSync(markdown, 'utf8') };
}

describe.each([1, 2])('a run interrupted mid-campaign, on %i worker(s)', (workers) => {
  let run: Awaited<ReturnType<typeof interruptedFuzz>>;
  beforeAll(async () => {
    run = await interruptedFuzz(workers);
  }, 120_000);

  it('exits 143 (128 + SIGTERM) and says so', () => {
    expect(run.status).toBe(143);
    expect(run.log).toContain('warning: Lookout was interrupted by SIGTERM: the report holds what was found so far.');
  });

  it('writes the report so far, marked interrupted, with the finding replayed and its reproducer written but not checked', () => {
    const { report } = run;
    expect(report.interrupted).toBe(true);
    expect(report.stats.transactions).toBeLessThan(100_000_000);
    expect(report.findings.map((f) => `${f.kind} ${f.function}`)).toEqual(['panic slot(uint256)']);
    expect(report.findings[0].reproducer).toMatchObject({ verified: false, reason: 'the run was interrupted before it was checked', runs: [] });
    expect(report.findings[0].reproducer?.source).toContain('function test_reproduce()');
    expect(run.markdown).toContain('Interrupted before the budget was spent: these are the results so far');
  });
});
