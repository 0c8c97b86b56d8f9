import path from 'node:path';
import { DEFAULT_PANIC_CODES } from '../abi/index.js';
import { ConfigurationError } from '../errors.js';
import { repositoryOf, type ActionEnv, type ActionOptions, type PublishTarget } from './action.js';
import { ALL_TECHNIQUES, DEFAULTS } from './defaults.js';
import { findProjectRoot } from './projectRoot.js';
import type { FuzzConfig } from './types.js';

/** The events a batch run may run on: a branch's new commits, a timetable, a person starting it by hand. */
export const BATCH_EVENTS = ['push', 'schedule', 'workflow_dispatch'] as const;

/** What a `mode: batch` run fuzzes and where its results go: the branch's commit, no pull request. */
export interface BatchTarget extends PublishTarget {
  pullNumber: undefined;
  /** The branch the commit is on: its corpus is what pull requests into it restore. */
  branch: string;
}

/**
 * The branch a batch run fuzzes, from `GITHUB_REF` (a `schedule` run is on the default branch; a
 * `push` on the branch pushed). A tag or a pull request has no branch whose pull requests would
 * restore the corpus: refused, saying what to run instead.
 */
export function batchTargetFromEvent(env: ActionEnv, event: unknown): BatchTarget {
  if (!(BATCH_EVENTS as readonly string[]).includes(env.eventName)) {
    throw new ConfigurationError(
      `mode: batch fuzzes a branch's whole project and keeps the corpus its pull requests' runs restore: run it on ${BATCH_EVENTS.join(', ')} ` +
        `(this run is ${env.eventName}); on pull requests use mode: full (or mode: fuzz and mode: report for forks).`,
    );
  }
  const branch = env.ref?.startsWith('refs/heads/') ? env.ref.slice('refs/heads/'.length) : undefined;
  if (branch === undefined || branch === '') {
    throw new ConfigurationError(
      `mode: batch keeps the corpus of a branch, and this run is on ${env.ref ?? 'no ref (GITHUB_REF is not set)'}: run it on pushes to a branch ` +
        `(on: push: branches: [main]), not on tags.`,
    );
  }
  return { ...repositoryOf(env, event), pullNumber: undefined, headSha: env.sha, branch };
}

/** `lookout fuzz` over the working directory's project: every deployable contract in it, no line aimed at. */
export function toBatchConfig(options: ActionOptions): FuzzConfig {
  const root = findProjectRoot(options.workingDirectory);
  const within = path.relative(root, options.workingDirectory).split(path.sep).join('/');
  return {
    command: 'fuzz',
    root,
    paths: [within === '' ? '.' : within],
    targets: [],
    budget: options.budget,
    seed: options.seed,
    workers: options.workers,
    maxSequenceLength: DEFAULTS.maxSequenceLength,
    panicCodes: DEFAULT_PANIC_CODES,
    techniques: ALL_TECHNIQUES,
    outputs: { json: options.report, reproducers: options.reproducers, lcov: options.lcov },
    configFile: options.config,
  };
}
