import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The ncc bundle action.yml runs (`npm run package`). */
export const BUNDLE = path.join(root, 'dist/index.js');
/** The action from source, behind tsx's loader (by path: the workspace cannot resolve `tsx`). */
export const FROM_SOURCE = ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, path.join(root, 'src/main.ts')];

/** A throwaway git repository; commits carry their identity on the command line. */
export class FixtureRepo {
  private constructor(readonly dir: string) {}

  static async create(): Promise<FixtureRepo> {
    const repo = new FixtureRepo(mkdtempSync(path.join(tmpdir(), 'lookout-action-')));
    await repo.git('init', '-q', '-b', 'main');
    return repo;
  }

  async git(...args: string[]): Promise<string> {
    const identity = ['-c', 'user.name=Test', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false'];
    return (await run('git', ['-C', this.dir, ...identity, ...args])).stdout.trim();
  }

  async commit(files: Record<string, string>, message: string): Promise<string> {
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(this.dir, file)), { recursive: true });
      await writeFile(path.join(this.dir, file), content);
    }
    await this.git('add', '-A');
    await this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }

  /** GitHub's `patch` for a file: the hunks of a 3-line-context diff without the file headers. */
  async patch(base: string, head: string, file: string): Promise<string> {
    const diff = await this.git('diff', '-U3', base, head, '--', file);
    return diff.slice(diff.indexOf('@@'));
  }

  dispose(): Promise<void> {
    return rm(this.dir, { recursive: true, force: true });
  }
}

/** A pull request repository: `base` on main, `head` on a branch, checked out as GitHub's merge commit. */
export async function pullRequestRepo(base: Record<string, string>, head: Record<string, string>) {
  const repo = await FixtureRepo.create();
  const baseSha = await repo.commit(base, 'base');
  await repo.git('checkout', '-q', '-b', 'feature');
  const headSha = await repo.commit(head, 'head');
  await repo.git('checkout', '-q', 'main');
  await repo.git('merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature');
  await repo.git('checkout', '-q', '--detach');
  return { repo, baseSha, headSha };
}

export interface ActionResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** With `interrupt`: ms from the signal to the process's exit (undefined when it was never sent). */
  signalToExitMs?: number;
}

export interface ActionRunOptions {
  workspace: string;
  apiUrl: string;
  eventName: string;
  event: unknown;
  inputs: Record<string, string>;
  sha?: string;
  /** What node runs: the bundle (default) or FROM_SOURCE. */
  entry?: string[];
  /** More of the runner's variables (`GITHUB_REF`, `RUNNER_TEMP`, the cache service's). */
  env?: Record<string, string>;
  /** Sends `signal` once stdout matches `when`, as the runner does when the job is cancelled. */
  interrupt?: { when: RegExp; signal: NodeJS.Signals };
}

/** Runs the bundle as the runner would: INPUT_* variables, an event file, output and summary files. */
export async function runAction(options: ActionRunOptions): Promise<ActionResult> {
  const files = mkdtempSync(path.join(tmpdir(), 'lookout-runner-'));
  const file = (name: string) => path.join(files, name);
  writeFileSync(file('event.json'), JSON.stringify(options.event));
  for (const name of ['output', 'summary']) writeFileSync(file(name), '');
  const inputs = Object.fromEntries(Object.entries(options.inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: file('event.json'),
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/auction',
    GITHUB_SHA: options.sha ?? '0000000000000000000000000000000000000000',
    GITHUB_RUN_ID: '42',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_OUTPUT: file('output'),
    GITHUB_STEP_SUMMARY: file('summary'),
    ...options.env,
    ...inputs,
  };
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string; signalToExitMs?: number }>((resolve, reject) => {
    const child = spawn(process.execPath, options.entry ?? [BUNDLE], { cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let interruptedAt: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.interrupt && interruptedAt === undefined && options.interrupt.when.test(stdout)) {
        interruptedAt = performance.now();
        child.kill(options.interrupt.signal);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr, signalToExitMs: interruptedAt && performance.now() - interruptedAt }));
  });
  const outputs = parseOutputs(readFileSync(file('output'), 'utf8'));
  const summary = existsSync(file('summary')) ? readFileSync(file('summary'), 'utf8') : '';
  await rm(files, { recursive: true, force: true });
  return { ...result, outputs, summary };
}

/** `name<<DELIMITER\nvalue\nDELIMITER` blocks, as @actions/core writes GITHUB_OUTPUT. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[match[1]] = match[3];
  return outputs;
}

/** An event payload of `__fixtures__/events/`. */
export function eventFixture(name: string): Record<string, any> {
  return JSON.parse(readFileSync(path.join(root, '__fixtures__/events', name), 'utf8'));
}

/** An event fixture with the placeholder SHAs replaced by the repository's commits. */
export function pullRequestEvent(name: string, shas: { baseSha: string; headSha: string }): Record<string, any> {
  const event = eventFixture(name);
  event.pull_request.base.sha = shas.baseSha;
  event.pull_request.head.sha = shas.headSha;
  return event;
}
