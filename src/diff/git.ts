import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ConfigurationError } from '../errors.js';
import { parseGitDiff } from './patch.js';
import type { ChangedFile, RevisionRange } from './types.js';

const run = promisify(execFile);

/** Diffs of a few hundred MB (generated or vendored Solidity) must not hit execFile's 1 MB default. */
const MAX_DIFF_BYTES = 1 << 30;

/**
 * Every option that user or repository git config could change is pinned, so the output is plain
 * unified diff with a/ b/ prefixes, no colour, no external or textconv drivers and no context; and
 * every file is diffed as text, so an attribute the pull request commits (`*.sol -diff`, `binary`)
 * cannot turn its Solidity into "Binary files differ" and hide its changes.
 */
const DIFF_CONFIG = ['-c', 'core.quotePath=off', '-c', 'diff.noprefix=false', '-c', 'diff.mnemonicPrefix=false', '-c', 'diff.relative=false'];
const DIFF_OPTIONS = [
  '--text',
  '--no-color',
  '--no-ext-diff',
  '--no-textconv',
  '--no-relative',
  '--diff-algorithm=myers',
  '-U0',
  '-M',
  '--src-prefix=a/',
  '--dst-prefix=b/',
];

/**
 * Changed Solidity lines of `head` since its merge-base with `base` (what a pull request shows),
 * read from the local repository.
 */
export async function changedLines(range: RevisionRange): Promise<ChangedFile[]> {
  return changedLinesBetween(range.repo, await resolveRange(range));
}

/** Changed Solidity lines between two resolved commits (`resolveRange`'s). */
export async function changedLinesBetween(repo: string, { mergeBase, head }: { mergeBase: string; head: string }): Promise<ChangedFile[]> {
  const diff = await git(repo, [...DIFF_CONFIG, 'diff', ...DIFF_OPTIONS, mergeBase, head, '--', '*.sol'], MAX_DIFF_BYTES);
  return parseGitDiff(diff);
}

/** The commits a pull request compares: its head, and the merge-base of head and base. */
export async function resolveRange(range: RevisionRange): Promise<{ mergeBase: string; head: string }> {
  const head = range.head ?? 'HEAD';
  const baseCommit = await resolveCommit(range.repo, range.base, 'base');
  const headCommit = await resolveCommit(range.repo, head, 'head');
  return { mergeBase: await findMergeBase(range.repo, { ...range, head }, baseCommit, headCommit), head: headCommit };
}

/** The repository's top-level directory. */
export async function repositoryRoot(repo: string): Promise<string> {
  return (await git(repo, ['rev-parse', '--show-toplevel'])).trim();
}

async function resolveCommit(repo: string, ref: string, role: 'base' | 'head'): Promise<string> {
  if (ref === '' || ref.startsWith('-')) throw new ConfigurationError(`${role} ref '${ref}' is not a valid git revision`);
  try {
    return (await git(repo, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    throw new ConfigurationError(
      `${role} ref '${ref}' not found in ${repo}; fetch it (actions/checkout with fetch-depth: 0, or ${await fetchCommand(repo, ref)})`,
    );
  }
}

/**
 * The fetch that brings `ref` in: a remote-tracking ref (`origin/main`) is fetched from its remote
 * by its branch name (`git fetch origin main`), anything else from origin as named.
 */
async function fetchCommand(repo: string, ref: string): Promise<string> {
  const remotes = (await git(repo, ['remote']).catch(() => '')).split('\n').filter(Boolean);
  const tracking = /^(?:refs\/remotes\/)?([^/]+)\/(.+)$/.exec(ref);
  if (tracking && remotes.includes(tracking[1]!)) return `git fetch ${tracking[1]} ${tracking[2]}`;
  return `git fetch origin ${ref}`;
}

async function findMergeBase(repo: string, range: Required<Pick<RevisionRange, 'base' | 'head'>>, base: string, head: string): Promise<string> {
  try {
    return (await git(repo, ['merge-base', base, head])).trim();
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    const shallow = (await git(repo, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
    const reason = shallow ? 'the clone is shallow; check out with actions/checkout fetch-depth: 0 (or git fetch --unshallow)' : 'they share no history';
    throw new ConfigurationError(`no merge-base between base '${range.base}' and head '${range.head}': ${reason}`);
  }
}

/**
 * Runs git without a shell. Problems the user can fix (no git, not a repository, unsafe ownership)
 * become ConfigurationErrors; other failures are returned to the caller as plain errors.
 */
async function git(repo: string, args: string[], maxBuffer = 16 << 20): Promise<string> {
  try {
    const { stdout } = await run('git', ['-C', repo, ...args], {
      maxBuffer,
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' },
    });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') throw new ConfigurationError('git was not found on PATH; install git to diff revisions');
    const stderr = failure.stderr ?? '';
    if (/not a git repository|cannot change to/i.test(stderr)) throw new ConfigurationError(`${repo} is not a git repository`);
    if (/dubious ownership/i.test(stderr)) {
      throw new ConfigurationError(`git refuses ${repo} (dubious ownership); run: git config --global --add safe.directory ${repo}`);
    }
    throw error;
  }
}
