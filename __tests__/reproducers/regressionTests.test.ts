/**
 * Issue 30, item 6: a reproducer is a regression test — forge fails it on head and passes it on the
 * base, as Lookout's runner does. __fixtures__/masking's `bug` pull request drops `claim`'s tier
 * check: `claim(4, 1)` panics (0x32) on head, and on the base reverts with "no such tier", which is
 * the base turning the call down, not the finding.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isForgeAvailable } from '../../src/compile/forge/index.js';
import { runWithForge } from '../../src/reproducers/forge.js';
import type { RunOutcome } from '../../src/reproducers/verify.js';
import type { ReportFinding } from '../../src/report/types.js';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from '../pr/prRepo.js';
import { forgeBinary, installSolcWrapper } from '../helpers/solcWrapper.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/masking', import.meta.url));
const forgeRuns = await isForgeAvailable({ forge: forgeBinary() });
if (!forgeRuns) console.warn(`not running reproducers with forge: ${forgeBinary()} does not run on this machine`);

let repo: PrRepo;
let pr: PrRun;
let introduced: ReportFinding;
beforeAll(async () => {
  repo = await fixturePullRequest(FIXTURE, 'bug');
  // Seed 1 reaches claim(4, 1) within 150 transactions; twice that.
  pr = await lookoutPr(repo, { budget: '300x' });
  introduced = pr.report.findings.find((f) => f.kind === 'panic' && f.introduced)!;
}, 300_000);
afterAll(async () => {
  await repo?.dispose();
});

/** Lookout's runner's verdicts (a \`forge\` on PATH without a compiler it can use adds a skipped run). */
const runsOf = (finding: ReportFinding) => finding.reproducer!.runs.filter((r) => r.runner === 'lookout').map((r) => [r.revision, r.outcome]);

it('an introduced panic whose call the base turns down with a require: verified, failing on head with the panic and passing on the base', () => {
  expect(introduced.sequence.at(-1)!.function).toBe('claim(uint256,uint256)');
  expect(introduced.reproducer).toMatchObject({ verified: true, reason: null });
  expect(runsOf(introduced)).toEqual([
    ['head', 'failed'],
    ['base', 'passed'],
  ]);
  expect(introduced.reproducer!.runs[0].reason).toBe('Panic 0x32: array index out of bounds');
});

it('pins the pragma of the finding’s source file, not the compiler Lookout picked', () => {
  expect(introduced.reproducer!.source).toContain('pragma solidity ^0.8.20;');
});

/** `forge test` on the reproducer in a clone of the PR's repository at `revision`, its solc a solc-js stand-in. */
async function forgeAt(revision: string, finding: ReportFinding): Promise<RunOutcome> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lookout-forge-'));
  try {
    const project = path.join(dir, 'project');
    await promisify(execFile)('git', ['clone', '-q', repo.dir, project]);
    await promisify(execFile)('git', ['-C', project, 'checkout', '-q', revision]);
    // forge compiles src/, test/ and script/: a project run with forge has a test folder, where the reproducer is written.
    await mkdir(path.join(project, 'test'));
    await installSolcWrapper(path.join(dir, 'home', '.svm'), '0.8.37');
    const { file, contract, source } = finding.reproducer!;
    return await runWithForge(
      project,
      { file, contract, source, solidityVersion: '0.8.37' },
      { forge: forgeBinary(), env: { ...process.env, HOME: path.join(dir, 'home') } },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

(forgeRuns ? it : it.skip)(
  'forge agrees: the reproducer fails on head with the panic and passes on the base',
  async () => {
    const [head, base] = [await forgeAt('HEAD', introduced), await forgeAt('HEAD~1', introduced)];
    expect(head.outcome).toBe('failed');
    expect(head.reason).toMatch(/0x32/);
    expect(base).toEqual({ outcome: 'passed', reason: null });
  },
  300_000,
);
