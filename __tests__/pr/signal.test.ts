/**
 * Issue 28, item 5: "SIGTERM/SIGINT exits at once with no JSON, markdown, SARIF or summary even when
 * findings were already logged; … `lookout-rev-*` exports [are left] in the temporary folder". The CLI,
 * run from source as a child process, gets a real SIGTERM mid-campaign (a budget of hours, two worker
 * threads): it exits 143 and leaves the report so far, marked `interrupted`, and no temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Report } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';
import { pullRequest, type PrRepo } from './prRepo.js';

const CLI = path.join(REPO_ROOT, 'src/cli.ts');
/** tsx's loader, by path: `--import tsx` would resolve from the child's folder, the fixture repository. */
const TSX = pathToFileURL(path.join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const ENGINE = path.join(REPO_ROOT, '__fixtures__/engine');
/** The line a campaign logs when it finds something. */
const FOUND = /: found: /m;

interface Stopped {
  status: number | null;
  stderr: string;
  /** Lookout's entries in the child's temporary folder when the signal was sent. */
  temporaryAtSignal: string[];
}

/** Runs the CLI until its log shows a finding, then sends SIGTERM and waits for it to exit. */
function runUntilFound(args: string[], cwd: string, temporary: string): Promise<Stopped> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, CLI, ...args], {
      cwd,
      env: { ...process.env, TMPDIR: temporary },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let temporaryAtSignal: string[] | undefined;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (temporaryAtSignal === undefined && FOUND.test(stderr)) {
        temporaryAtSignal = readdirSync(temporary);
        child.kill('SIGTERM');
      }
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr, temporaryAtSignal: temporaryAtSignal ?? [] }));
  });
}

describe('lookout pr interrupted by SIGTERM', () => {
  let repo: PrRepo;
  let out: string;
  let temporary: string;
  let stopped: Stopped;

  beforeAll(async () => {
    const vault = readFileSync(path.join(ENGINE, 'Vault.sol'), 'utf8');
    const safe = readFileSync(path.join(ENGINE, 'VaultSafe.sol'), 'utf8').replaceAll('VaultSafe', 'Vault');
    repo = await pullRequest({ 'src/Vault.sol': safe }, { 'src/Vault.sol': vault });
    const [head, base] = [await repo.git('rev-parse', 'HEAD'), await repo.git('rev-parse', 'HEAD~1')];
    // The work tree at the base: head and the base are exported to `lookout-rev-*` folders for the whole run.
    await repo.git('checkout', '-q', base);
    out = mkdtempSync(path.join(tmpdir(), 'lookout-signal-out-'));
    temporary = mkdtempSync(path.join(tmpdir(), 'lookout-signal-tmp-'));
    const outputs = ['--json', path.join(out, 'report.json'), '--markdown', path.join(out, 'report.md'), '--sarif', path.join(out, 'report.sarif')];
    const args = ['pr', '--base', base, '--head', head, '--budget', '100000000x', '--seed', '1', '--workers', '2', ...outputs];
    stopped = await runUntilFound(args, repo.dir, temporary);
  }, 240_000);

  afterAll(async () => {
    await repo?.dispose();
    for (const dir of [out, temporary]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exits 143, as a shell reports SIGTERM', () => {
    expect(stopped.stderr).toContain('warning: Lookout was interrupted by SIGTERM: the report holds what was found so far.');
    expect(stopped.status).toBe(143);
  });

  it('writes the JSON report so far, marked interrupted, with the finding logged before the signal', () => {
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as Report;
    expect(report.interrupted).toBe(true);
    expect(report.findings.filter((f) => f.kind !== 'behaviour-change').map((f) => [f.kind, f.function, f.introduced])).toEqual([
      ['panic', 'slot(uint256)', true],
    ]);
    expect(report.stats.transactions).toBeLessThan(100_000_000);
  });

  it('writes the markdown and the SARIF too', () => {
    expect(readFileSync(path.join(out, 'report.md'), 'utf8')).toContain('Interrupted before the budget was spent');
    expect(JSON.parse(readFileSync(path.join(out, 'report.sarif'), 'utf8')).runs[0].results.length).toBeGreaterThan(0);
  });

  it('removes the revisions it exported, and writes no reproducer folder into the work tree', async () => {
    expect(stopped.temporaryAtSignal.filter((name) => name.startsWith('lookout-rev-'))).toHaveLength(2);
    // (tsx keeps its cache there too.)
    expect(readdirSync(temporary).filter((name) => name.startsWith('lookout-'))).toEqual([]);
    expect(await repo.git('status', '--porcelain', '--untracked-files=all')).toBe('');
  });
});
