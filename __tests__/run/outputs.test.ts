/**
 * Issue 28, item 5: an unwritable `--json` path was found only after the whole run ("internal error",
 * exit 3) and the markdown and SARIF were lost with it. Output paths are checked before compiling
 * (exit 2 naming the path), and each output is written on its own through a temporary file and a
 * rename, so one that fails loses no other and is a usage error.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/command.js';
import { memoryLogger, type Logger } from '../../src/logger.js';
import { writeOutputs } from '../../src/report/index.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';
import { report } from '../report/sampleReport.js';

const VAULT = '__fixtures__/engine/Vault.sol';

let out: string;
beforeEach(() => {
  out = mkdtempSync(path.join(tmpdir(), 'lookout-outputs-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

async function fuzzVault(outputs: string[], logger: Logger & { lines: string[] } = memoryLogger()) {
  // Seed 1 finds the vault's bug after 62 transactions.
  const argv = ['fuzz', VAULT, '--budget', '200x', '--seed', '1', '--workers', '1', ...outputs];
  const status = await runCommand(argv, { cwd: REPO_ROOT, logger });
  return { status, log: logger.lines };
}

describe('output paths that cannot be written', () => {
  it('are named before compiling, every one of them, with exit status 2; the other outputs are still written', async () => {
    const json = path.join(out, 'report.json');
    mkdirSync(json);
    const blocker = path.join(out, 'not-a-folder');
    writeFileSync(blocker, '');
    const sarif = path.join(blocker, 'lookout.sarif');
    const markdown = path.join(out, 'report.md');

    const { status, log } = await fuzzVault(['--json', json, '--markdown', markdown, '--sarif', sarif]);
    expect(status).toBe(2);
    expect(log).not.toContain('== Compiling');
    const problems = [
      `cannot write the JSON report to ${json}: it is a directory; name a file`,
      `cannot write the SARIF file to ${sarif}: ${blocker} is a file, not a folder`,
    ];
    expect(log.join('\n')).toContain(`error: ${problems.join('\n')}`);
    expect(readFileSync(markdown, 'utf8')).toContain('cannot write the JSON report to');
  });
});

describe('an output whose write fails after the check', () => {
  it('is a usage error (exit 2, not 3) naming the path, and loses no other output', async () => {
    const json = path.join(out, 'report.json');
    const markdown = path.join(out, 'report.md');
    const sarif = path.join(out, 'report.sarif');
    // The JSON path becomes a directory while the run compiles: its write fails at the end.
    const logger = memoryLogger();
    const group = logger.group.bind(logger);
    logger.group = (name, fn) => {
      if (name === 'Compiling') mkdirSync(json);
      return group(name, fn);
    };
    const { status, log } = await fuzzVault(['--json', json, '--markdown', markdown, '--sarif', sarif], logger);
    expect(status).toBe(2);
    expect(log).toContainEqual(expect.stringMatching(new RegExp(`^error: cannot write the JSON report to ${json}: EISDIR`)));
    expect(log.join('\n')).not.toContain('internal error');
    expect(readFileSync(markdown, 'utf8')).toContain('Vault.slot');
    expect(JSON.parse(readFileSync(sarif, 'utf8')).runs[0].results).toHaveLength(1);
    expect(readdirSync(out).sort()).toEqual(['report.json', 'report.md', 'report.sarif']);
  });

  it('leaves no temporary file behind and the previous file as it was', () => {
    const json = path.join(out, 'report.json');
    writeFileSync(json, 'previous');
    const markdown = path.join(out, 'report.md');
    mkdirSync(markdown);
    writeFileSync(path.join(markdown, 'keep'), '');
    const failures = writeOutputs({ json, markdown }, report());
    expect(failures).toEqual([expect.stringMatching(new RegExp(`^cannot write the markdown report to ${markdown}: `))]);
    expect(JSON.parse(readFileSync(json, 'utf8')).seed).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['report.json', 'report.md']);
    expect(existsSync(path.join(markdown, 'keep'))).toBe(true);
  });
});
