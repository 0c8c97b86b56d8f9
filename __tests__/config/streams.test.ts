import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const run = promisify(execFile);

/**
 * The CLI as a user runs it (the committed bundle, which CI checks against src: it starts in half a
 * second where tsx's loader takes several, and much longer beside other suites), its two streams apart.
 */
async function lookout(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/cli/index.js', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, GITHUB_ACTIONS: '', CI: '' },
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { status: code, stdout, stderr };
  }
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the CLI’s streams', () => {
  it('prints the summary and findings on stdout, the log on stderr', async () => {
    // Seed 3 finds Vault's panic within 3,000 transactions (command.test.ts).
    const { status, stdout, stderr } = await lookout(['fuzz', '__fixtures__/engine/Vault.sol', '--budget', '3000x', '--seed', '3', '--workers', '1']);
    expect(status).toBe(1);
    expect(stdout).toMatch(/^lookout: [\d,]+ sequences, [\d,]+ transactions in/);
    expect(stdout).toMatch(/\[panic 0x32\] Vault\.slot\(uint256\)/);
    expect(stdout).not.toContain('== Compiling');
    expect(stderr).toContain('== Compiling');
    expect(stderr).toMatch(/Vault: [\d,]+ transactions, 1 finding\(s\)/);
    expect(stderr).not.toContain('lookout: ');
  }, 120_000);

  it('prints a usage error once', async () => {
    const { status, stdout, stderr } = await lookout(['pr']);
    expect(status).toBe(2);
    expect(occurrences(stdout + stderr, "required option '--base <ref>' not specified")).toBe(1);
  }, 60_000);

  it('prints a run that failed before fuzzing once, without statistics, with the fetch for a remote-tracking base', async () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'lookout-streams-'));
    try {
      await run('git', ['init', '-q', repo]);
      await run('git', ['-C', repo, 'remote', 'add', 'origin', 'https://example.invalid/project.git']);
      const { status, stdout, stderr } = await lookout(['pr', '--base', 'origin/main', '--repo', repo]);
      expect(status).toBe(2);
      expect(occurrences(stdout + stderr, "base ref 'origin/main' not found")).toBe(1);
      expect(stdout).toContain('git fetch origin main)');
      expect(stdout).not.toContain('0 sequences');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }, 60_000);
});
