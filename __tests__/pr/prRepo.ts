import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCommand } from '../../src/command.js';
import { memoryLogger } from '../../src/logger.js';
import { parseReport } from '../../src/report/schema.js';
import type { Report, ReportTarget } from '../../src/report/types.js';
import { disagreements, forgeRuns, forgeVerdicts, type ForgeVerdict } from '../helpers/forgeVerdicts.js';

const run = promisify(execFile);

const IDENTITY = ['-c', 'user.name=Test', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false'];

/** A throwaway repository; commits carry their identity on the command line, not in config. */
export class PrRepo {
  private constructor(readonly dir: string) {}

  static async create(): Promise<PrRepo> {
    const repo = new PrRepo(await mkdtemp(path.join(tmpdir(), 'lookout-pr-')));
    await repo.git('init', '-q', '-b', 'main');
    return repo;
  }

  async git(...args: string[]): Promise<string> {
    const { stdout } = await run('git', ['-C', this.dir, ...IDENTITY, ...args]);
    return stdout.trim();
  }

  async write(file: string, content: string): Promise<void> {
    await mkdir(path.dirname(path.join(this.dir, file)), { recursive: true });
    await writeFile(path.join(this.dir, file), content);
  }

  async remove(file: string): Promise<void> {
    await rm(path.join(this.dir, file));
  }

  /**
   * One process for the three git commands: a fork from a jest worker copies its page tables (tens
   * of ms once it holds a gigabyte), one from the shell does not.
   */
  async commit(message: string): Promise<string> {
    const script = 'git add -A && git "$@" commit -q --allow-empty -m "$0" && git rev-parse HEAD';
    const { stdout } = await run('sh', ['-c', script, message, ...IDENTITY], { cwd: this.dir });
    return stdout.trim();
  }

  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** A repository with one base commit and one head commit on top of it. */
export async function pullRequest(base: Record<string, string>, head: Record<string, string | null>): Promise<PrRepo> {
  const repo = await PrRepo.create();
  for (const [file, content] of Object.entries(base)) await repo.write(file, content);
  await repo.commit('base');
  for (const [file, content] of Object.entries(head)) {
    if (content === null) await repo.remove(file);
    else await repo.write(file, content);
  }
  await repo.commit('head');
  return repo;
}

export interface PrRun {
  repo: PrRepo;
  status: number;
  report: Report;
  /** Everything logged, one line per entry (`== name` for a group). */
  log: string[];
  wallMs: number;
  /** With `forge` (or LOOKOUT_TEST_FORGE=every): forge's verdicts on the run's verified reproducers, each agreeing with Lookout's runner. */
  forge: ForgeVerdict[];
}

/** `lookout pr --base HEAD~1 --json …` in-process, with a fixed seed and a transaction budget. */
export async function lookoutPr(
  repo: PrRepo,
  options: { budget?: string; seed?: number; base?: string; head?: string; extra?: string[]; forge?: boolean } = {},
): Promise<PrRun> {
  const json = path.join(repo.dir, 'lookout.json');
  const logger = memoryLogger();
  const started = performance.now();
  const argv = ['pr', '--base', options.base ?? 'HEAD~1', '--head', options.head ?? 'HEAD'];
  argv.push('--budget', options.budget ?? '3000x', '--seed', String(options.seed ?? 1), '--json', json, '--workers', '1', ...(options.extra ?? []));
  const status = await runCommand(argv, { cwd: repo.dir, logger, write: (text) => logger.lines.push(text) });
  const wallMs = performance.now() - started;
  const report = JSON.parse(await readFile(json, 'utf8')) as Report;
  // Every report these runs write must pass the check `mode: report` applies to an uploaded one.
  const checked = parseReport(report);
  if (!checked.ok) throw new Error(`lookout.json does not match the report schema: ${checked.problems.join('; ')}`);
  const withForge = forgeRuns && (options.forge === true || process.env.LOOKOUT_TEST_FORGE === 'every');
  const forge = withForge ? await forgeVerdicts(repo.dir, report.findings, { head: options.head ?? 'HEAD', base: options.base ?? 'HEAD~1' }) : [];
  const parted = disagreements(forge);
  if (parted.length > 0) throw new Error(`forge disagrees with Lookout's runner on ${JSON.stringify(parted, null, 1)}`);
  // A regression test that Lookout's own runner did not confirm is no regression test: checked where forge checks.
  const unverified = withForge
    ? report.findings.flatMap((f) => (f.reproducer && !f.reproducer.verified ? [`${f.reproducer.file}: ${f.reproducer.reason}`] : []))
    : [];
  if (unverified.length > 0) throw new Error(`reproducers not verified: ${unverified.join('; ')}`);
  return { repo, status, report, log: logger.lines, wallMs, forge };
}

/** 1-based line of the unique line of `source` containing `marker`. */
export function lineOf(source: string, marker: string): number {
  const found = source.split('\n').flatMap((text, i) => (text.includes(marker) ? [i + 1] : []));
  if (found.length !== 1) throw new Error(`marker '${marker}' found ${found.length} times`);
  return found[0];
}

/** The report's targets as `[contract, line, status]`, in report order. */
export function targetSummary(targets: readonly ReportTarget[]): [string, number, string][] {
  return targets.map((t) => [t.contract, t.line, t.status]);
}

/**
 * A repository whose base commit is the fixture project `<fixture>/base` (with the folder `lib`, when
 * given, as its `lib/`) and whose head commit lays `<fixture>/<overlay>` over it (the pull request),
 * as `git` would see a real one.
 */
export async function fixturePullRequest(fixture: string, overlay: string, lib?: string): Promise<PrRepo> {
  const repo = await PrRepo.create();
  await cp(path.join(fixture, 'base'), repo.dir, { recursive: true });
  if (lib !== undefined) await cp(lib, path.join(repo.dir, 'lib'), { recursive: true });
  await repo.commit('base');
  await cp(path.join(fixture, overlay), repo.dir, { recursive: true, force: true });
  await repo.commit('head');
  return repo;
}
