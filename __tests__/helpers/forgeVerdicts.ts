import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isForgeAvailable } from '../../src/compile/forge/index.js';
import { runWithForge } from '../../src/reproducers/forge.js';
import type { ReproducerFile, RunOutcome } from '../../src/reproducers/verify.js';
import type { ReportFinding, ReportReproducerRun } from '../../src/report/types.js';
import { REPO_ROOT } from './repoRoot.js';
import { forgeBinary, serveSolcWrappers } from './solcWrapper.js';

const git = promisify(execFile);

/** Whether the npm forge runs on this machine (it is an optional dependency: another platform may lack it). */
export const forgeRuns = await isForgeAvailable({ forge: forgeBinary() });

let home: Promise<string> | undefined;
/** A HOME whose svm folder holds the solc-js stand-ins this process serves, made once per test file (forge picks a compiler there, offline). */
function forgeHome(): Promise<string> {
  home ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lookout-forge-home-'));
    await serveSolcWrappers(path.join(dir, '.svm'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return home;
}

/** What forge said of one reproducer on one revision, beside what Lookout's runner said there. */
export interface ForgeVerdict {
  file: string;
  revision: 'head' | 'base';
  lookout: ReportReproducerRun['outcome'];
  forge: RunOutcome['outcome'];
  reason: string | null;
}

/**
 * Runs every verified reproducer of a pull request's run with the real forge (npm's, its solc a
 * solc-js stand-in) on each revision Lookout's runner ran it on — the repository checked out at
 * `revisions` — all of a revision's in one `forge test`, as a user checking the reproducers would.
 * Issue 30: a reproducer is a regression test, so forge must fail it on head and pass it on the base
 * exactly where Lookout's runner does.
 */
export async function forgeVerdicts(
  repoDir: string,
  findings: readonly ReportFinding[],
  revisions: { head: string; base: string } = { head: 'HEAD', base: 'HEAD~1' },
): Promise<ForgeVerdict[]> {
  const verdicts: ForgeVerdict[] = [];
  for (const revision of ['head', 'base'] as const) {
    verdicts.push(...(await onRevision(findings, revision, (project) => checkout(repoDir, revisions[revision], project))));
  }
  return verdicts;
}

/**
 * The same for `lookout fuzz` runs over fixture files of this repository: forge on head, in a project
 * holding those files (and what they import) at the same paths — this repository's whole fixture folder
 * would not build as one project.
 */
export function forgeVerdictsOnFixtures(files: readonly string[], findings: readonly ReportFinding[]): Promise<ForgeVerdict[]> {
  return onRevision(findings, 'head', async (project) => {
    const copied = new Set<string>();
    const copy = async (file: string): Promise<void> => {
      if (copied.has(file)) return;
      copied.add(file);
      await mkdir(path.dirname(path.join(project, file)), { recursive: true });
      await copyFile(path.join(REPO_ROOT, file), path.join(project, file));
      const source = await readFile(path.join(REPO_ROOT, file), 'utf8');
      for (const [, unit] of source.matchAll(/^import [^"]*"(\.{1,2}\/[^"]+)";/gm)) await copy(path.join(path.dirname(file), unit));
    };
    for (const file of files) await copy(file);
  });
}

/**
 * Where forge and Lookout's runner part ways: what a test expects to be empty. A project holding a
 * file whose pinned compiler no stand-in serves (only 0.8.17 and 0.8.37 run offline here) is one forge
 * cannot build at all, whatever the reproducers say: no verdict, not a disagreement.
 */
export const disagreements = (verdicts: readonly ForgeVerdict[]) => verdicts.filter((v) => v.forge !== v.lookout && !compilerMissing(v));

const compilerMissing = (verdict: ForgeVerdict) =>
  verdict.forge === 'skipped' && /No solc version installed that matches|can't install missing solc/.test(verdict.reason ?? '');

/**
 * forge builds every file of a run before it runs one: those Lookout's runner compiled on the revision
 * go together, and each it could not compile (a test function the base lacks) alone, so that one
 * failing build does not stand for the others.
 */
async function onRevision(findings: readonly ReportFinding[], revision: 'head' | 'base', prepare: (project: string) => Promise<void>): Promise<ForgeVerdict[]> {
  const runs = findings.flatMap((f) => {
    const run = f.reproducer?.verified ? f.reproducer.runs.find((r) => r.runner === 'lookout' && r.revision === revision) : undefined;
    return run === undefined ? [] : [{ reproducer: f.reproducer!, lookout: run.outcome }];
  });
  const compiled = runs.filter((r) => r.lookout !== 'does-not-compile');
  const batches = [compiled, ...runs.filter((r) => r.lookout === 'does-not-compile').map((r) => [r])].filter((batch) => batch.length > 0);
  const verdicts: ForgeVerdict[] = [];
  for (const batch of batches) verdicts.push(...(await forgeBatch(batch, revision, prepare)));
  return verdicts;
}

async function forgeBatch(
  runs: readonly { reproducer: NonNullable<ReportFinding['reproducer']>; lookout: ReportReproducerRun['outcome'] }[],
  revision: 'head' | 'base',
  prepare: (project: string) => Promise<void>,
): Promise<ForgeVerdict[]> {
  const files: ReproducerFile[] = runs.map(({ reproducer: { file, contract, source, base } }) => ({
    file,
    contract,
    source,
    solidityVersion: '0.8.37',
    ...(base && { base: base.file }),
  }));
  const home = await forgeHome();
  const dir = await mkdtemp(path.join(tmpdir(), 'lookout-forge-'));
  try {
    const project = path.join(dir, 'project');
    await prepare(project);
    // forge compiles src/, test/ and script/: a project run with forge has a test folder, where the reproducers are written.
    await mkdir(path.join(project, 'test'), { recursive: true });
    const outcomes = await runWithForge(project, files, { forge: forgeBinary(), env: { ...process.env, HOME: home } });
    return runs.map(({ reproducer, lookout }, i) => ({ file: reproducer.file, revision, lookout, forge: outcomes[i].outcome, reason: outcomes[i].reason }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function checkout(repoDir: string, ref: string, project: string): Promise<void> {
  await git('git', ['clone', '-q', '--no-checkout', repoDir, project]);
  await git('git', ['-C', project, 'checkout', '-q', ref]);
}
