import os from 'node:os';
import path from 'node:path';
import { parseWorkers } from './workers.js';
import { ConfigurationError, errorMessage } from '../errors.js';
import { DEFAULT_PANIC_CODES } from '../abi/index.js';
import { parseBudget, type Budget } from './budget.js';
import { ALL_TECHNIQUES, DEFAULTS } from './defaults.js';
import type { PrConfig } from './types.js';
import { parseShard, type Shard } from './shard.js';

/** The inputs action.yml declares, by the name the workflow uses. */
export const INPUT = {
  budget: 'budget',
  failOn: 'fail-on',
  githubToken: 'github-token',
  base: 'base',
  workingDirectory: 'working-directory',
  seed: 'seed',
  sarif: 'sarif',
  junit: 'junit',
  lcov: 'lcov',
  comment: 'comment',
  annotations: 'annotations',
  review: 'review',
  mode: 'mode',
  report: 'report',
  reproducers: 'reproducers',
  config: 'config',
  behaviourLabel: 'behaviour-label',
  acceptBehaviourLabel: 'accept-behaviour-label',
  workers: 'workers',
  trustedHead: 'trusted-head',
  corpus: 'corpus',
  shard: 'shard',
  reports: 'reports',
} as const;

export type InputName = (typeof INPUT)[keyof typeof INPUT];

/** Inputs as the runner passes them; an empty input is `undefined`. */
export type ActionInputs = { readonly [name in InputName]?: string };

export const FAIL_ON = ['introduced', 'any', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];
/** Added to `fail-on` (`introduced, behaviour-change`): base-vs-head behaviour changes fail the job too. */
export const BEHAVIOUR_CHANGE = 'behaviour-change';

/**
 * `full`: fuzz and publish in one job. `fuzz`: fuzz and write the report for an artifact (fork PRs,
 * read-only token; with `shard`, one job of a matrix). `report`: publish a report a `fuzz` run
 * produced (a `workflow_run` job, write token). `merge`: join the matrix's shard reports (`reports`)
 * and publish them as one run's. `batch`: fuzz the whole project of a branch (`push`, `schedule`) and
 * keep the corpus its pull requests' runs restore (see batch.ts).
 */
export const MODES = ['full', 'fuzz', 'report', 'merge', 'batch'] as const;
export type ActionMode = (typeof MODES)[number];

export const ACTION_DEFAULTS = {
  budget: '300s',
  failOn: 'introduced',
  mode: 'full',
  /** Relative to the workspace; the fork-safe pair uploads and downloads this directory. */
  report: 'lookout-report/report.json',
  /** `merge`: where download-artifact (merge-multiple: true) put the shards' reports. */
  reports: 'lookout-shards',
  /** Next to the report, so uploading the report's directory carries the reproducers too. */
  reproducers: 'lookout-report/reproducers',
  comment: true,
  annotations: true,
  review: true,
  /** Restore the corpus from the Actions cache before fuzzing and save it after. */
  corpus: true,
  /** A pull request with this label fails on behaviour changes (a refactor or gas PR that must not change any). */
  behaviourLabel: 'no-behaviour-change',
  /** A pull request with this label means to change behaviour: a call the base refused, or balances ending differently, are notes. */
  acceptBehaviourLabel: 'accept-behaviour-change',
} as const;

/** The pull request context written next to the report in `fuzz` mode, for `report` mode to find the PR. */
export const PULL_REQUEST_FILE = 'pull-request.json';

/** Every input, validated. Paths are absolute. */
export interface ActionOptions {
  mode: ActionMode;
  failOn: FailOn;
  /** `behaviour-change` in fail-on: behaviour changes fail the job whatever the labels. */
  failOnBehaviourChange: boolean;
  /** The pull-request label that makes behaviour changes fail the job. */
  behaviourLabel: string;
  /** The pull-request label that acknowledges an intended behaviour change (see `PrConfig.acceptBehaviourChange`). */
  acceptBehaviourLabel: string;
  budget: Budget;
  seed: number;
  /** Worker threads per campaign: default `DEFAULTS.workers`, whatever the runner. */
  workers: number;
  /** Undefined: no token, so nothing is written through the API. */
  token: string | undefined;
  base: string | undefined;
  workingDirectory: string;
  report: string;
  /** The folder the findings' Foundry reproducers are written into. */
  reproducers: string;
  sarif: string | undefined;
  /** Write JUnit XML here (CI dashboards). */
  junit: string | undefined;
  /** Write the fuzzed contracts' line coverage here (LCOV). */
  lcov: string | undefined;
  /** The project configuration file (`lookout.toml`); undefined: the one at the project root, if any. */
  config: string | undefined;
  comment: boolean;
  annotations: boolean;
  review: boolean;
  /** The workflow vouches for the pull request's head (`trusted-head`): fuzzing it under `pull_request_target` is allowed. */
  trustedHead: boolean;
  /** Keep the corpus across runs in the Actions cache. */
  corpus: boolean;
  /** `shard: K/N`: this job fuzzes slice K of N (undefined: the whole run). */
  shard: Shard | undefined;
  /** `merge`: the shards' reports, a folder (every `.json` report in it) or a glob (`*` within one folder); absolute. */
  reports: string;
}

/** What the runner's environment says about this run. */
export interface ActionEnv {
  eventName: string;
  workspace: string;
  /** `GITHUB_API_URL`; GitHub and GitHub Enterprise Server set it. */
  apiUrl: string;
  serverUrl: string;
  /** `owner/name` */
  repository: string;
  /** The commit the workflow runs on (a merge commit for `pull_request`). */
  sha: string;
  runId: string | undefined;
  /** `GITHUB_REF`: the branch (`refs/heads/main`) or tag the workflow runs on; a batch run keeps that branch's corpus. */
  ref: string | undefined;
  /** `RUNNER_TEMP`, emptied by the runner for each job: Lookout's own files, outside the workspace the pull request controls. */
  temp: string;
}

/** Where results go: the repository, and the PR and commit they are about. */
export interface PublishTarget {
  owner: string;
  repo: string;
  /** `https://github.com/owner/name` (or the Enterprise Server equivalent). */
  repoUrl: string;
  /** Undefined for a `workflow_dispatch` run: no comment or review then. */
  pullNumber: number | undefined;
  /** The PR head (never the merge commit): check runs, links and review comments refer to it. */
  headSha: string;
}

/** What the workflow's event says to fuzz: the PR head against its base. */
export interface FuzzTarget extends PublishTarget {
  baseSha: string;
  /** The branch the pull request merges into (`workflow_dispatch`: the `base` given): the corpus cache is kept per base branch. */
  baseBranch: string;
  /** The pull request carries the accept-behaviour-label. */
  acceptsBehaviourChange: boolean;
}

/** Every declared input through `get` (core.getInput in the Action), blank ones as undefined. */
export function readInputs(get: (name: InputName) => string): ActionInputs {
  const inputs: { [name in InputName]?: string } = {};
  for (const name of Object.values(INPUT)) {
    const value = get(name).trim();
    if (value !== '') inputs[name] = value;
  }
  return inputs;
}

/** Reads the runner's `GITHUB_*` variables; the API URL defaults to github.com only when unset. */
export function readActionEnv(env: NodeJS.ProcessEnv): ActionEnv {
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new ConfigurationError(`${name} is not set: Lookout's action runs inside a GitHub Actions job.`);
    return value;
  };
  return {
    eventName: need('GITHUB_EVENT_NAME'),
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    repository: need('GITHUB_REPOSITORY'),
    sha: need('GITHUB_SHA'),
    runId: env.GITHUB_RUN_ID || undefined,
    ref: env.GITHUB_REF || undefined,
    temp: env.RUNNER_TEMP || os.tmpdir(),
  };
}

/** Checks every input at once, so one run reports every mistake; each message says what is allowed. */
export function validate(inputs: ActionInputs, workspace: string): ActionOptions {
  const problems: string[] = [];
  const attempt = <T>(name: InputName, parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (error) {
      problems.push(`input '${name}': ${errorMessage(error)}`);
      return fallback;
    }
  };
  const gate = attempt(INPUT.failOn, () => parseFailOn(inputs['fail-on'] ?? ACTION_DEFAULTS.failOn), {
    failOn: ACTION_DEFAULTS.failOn,
    behaviourChanges: false,
  });
  const options: ActionOptions = {
    mode: attempt(INPUT.mode, () => oneOf(inputs.mode ?? ACTION_DEFAULTS.mode, MODES), ACTION_DEFAULTS.mode),
    failOn: gate.failOn,
    failOnBehaviourChange: gate.behaviourChanges,
    behaviourLabel: inputs['behaviour-label'] ?? ACTION_DEFAULTS.behaviourLabel,
    acceptBehaviourLabel: inputs['accept-behaviour-label'] ?? ACTION_DEFAULTS.acceptBehaviourLabel,
    budget: attempt(INPUT.budget, () => parseBudget(inputs.budget ?? ACTION_DEFAULTS.budget), parseBudget(ACTION_DEFAULTS.budget)),
    seed: attempt(INPUT.seed, () => parseSeed(inputs.seed), DEFAULTS.seed),
    workers: attempt(INPUT.workers, () => parseWorkers(inputs.workers ?? String(DEFAULTS.workers)), DEFAULTS.workers),
    token: inputs['github-token'],
    base: inputs.base,
    workingDirectory: path.resolve(workspace, inputs['working-directory'] ?? '.'),
    report: path.resolve(workspace, inputs.report ?? ACTION_DEFAULTS.report),
    reproducers: path.resolve(workspace, inputs.reproducers ?? ACTION_DEFAULTS.reproducers),
    sarif: inputs.sarif === undefined ? undefined : path.resolve(workspace, inputs.sarif),
    junit: inputs.junit === undefined ? undefined : path.resolve(workspace, inputs.junit),
    lcov: inputs.lcov === undefined ? undefined : path.resolve(workspace, inputs.lcov),
    config: inputs.config === undefined ? undefined : path.resolve(workspace, inputs.config),
    comment: attempt(INPUT.comment, () => parseBoolean(inputs.comment, ACTION_DEFAULTS.comment), ACTION_DEFAULTS.comment),
    annotations: attempt(INPUT.annotations, () => parseBoolean(inputs.annotations, ACTION_DEFAULTS.annotations), ACTION_DEFAULTS.annotations),
    review: attempt(INPUT.review, () => parseBoolean(inputs.review, ACTION_DEFAULTS.review), ACTION_DEFAULTS.review),
    trustedHead: attempt(INPUT.trustedHead, () => parseBoolean(inputs['trusted-head'], false), false),
    corpus: attempt(INPUT.corpus, () => parseBoolean(inputs.corpus, ACTION_DEFAULTS.corpus), ACTION_DEFAULTS.corpus),
    shard: attempt(INPUT.shard, () => (inputs.shard === undefined ? undefined : parseShard(inputs.shard)), undefined),
    reports: path.resolve(workspace, inputs.reports ?? ACTION_DEFAULTS.reports),
  };
  if (options.shard && options.mode !== 'fuzz') {
    problems.push(
      `input '${INPUT.shard}': a shard writes a partial report for the merge job; use it with mode: fuzz (and mode: merge in the job after the matrix)`,
    );
  }
  if (options.mode === 'batch' && options.base !== undefined) {
    problems.push(`input '${INPUT.base}': a batch run fuzzes the whole project and compares with no base; leave it out with mode: batch`);
  }
  if ((options.mode === 'report' || options.mode === 'merge') && options.token === undefined) {
    problems.push(
      `input '${INPUT.githubToken}': mode '${options.mode}' publishes through the API and needs a token (the default \${{ github.token }} with pull-requests: write and checks: write)`,
    );
  }
  if (problems.length > 0) throw new ConfigurationError(`Invalid action inputs:\n- ${problems.join('\n- ')}`);
  return options;
}

/** The workflow event's pull request (or, for `workflow_dispatch`, the checked-out commit and the `base` input). */
export function fuzzTargetFromEvent(env: ActionEnv, event: unknown, options: ActionOptions): FuzzTarget {
  const repository = repositoryOf(env, event);
  switch (env.eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      if (env.eventName === 'pull_request_target' && !options.trustedHead) {
        throw new ConfigurationError(
          "pull_request_target runs with the base repository's write token and secrets, and fuzzing compiles and runs the pull request's code: " +
            'Lookout refuses it. Fuzz on pull_request with mode: fuzz and publish from a workflow_run workflow with mode: report (see "Fork pull requests" in the README); ' +
            `or, if only trusted authors can trigger this workflow, set the input '${INPUT.trustedHead}: true'.`,
        );
      }
      const pull = field(event, 'pull_request');
      const number = field(pull, 'number');
      const headSha = field(field(pull, 'head'), 'sha');
      const baseSha = field(field(pull, 'base'), 'sha');
      const baseRef = field(field(pull, 'base'), 'ref');
      if (typeof number !== 'number' || typeof headSha !== 'string' || typeof baseSha !== 'string' || typeof baseRef !== 'string') {
        throw new ConfigurationError(`The ${env.eventName} event payload has no pull request number, head.sha, base.sha and base.ref.`);
      }
      const acceptsBehaviourChange = pullRequestLabels(event).includes(options.acceptBehaviourLabel);
      return { ...repository, pullNumber: number, headSha, baseSha: options.base ?? baseSha, baseBranch: baseRef, acceptsBehaviourChange };
    }
    case 'workflow_dispatch': {
      const dispatched = field(field(event, 'inputs'), 'base');
      const base = options.base ?? (typeof dispatched === 'string' && dispatched !== '' ? dispatched : undefined);
      if (base === undefined) {
        throw new ConfigurationError(
          `A workflow_dispatch run needs a base to diff against: set the action input '${INPUT.base}' (e.g. base: \${{ inputs.base }}).`,
        );
      }
      return { ...repository, pullNumber: undefined, headSha: env.sha, baseSha: base, baseBranch: base, acceptsBehaviourChange: false };
    }
    default:
      throw new ConfigurationError(
        `Lookout fuzzes pull requests: run it on pull_request, pull_request_target or workflow_dispatch (this run is ${env.eventName}); ` +
          `to publish a report from a workflow_run, use mode: report; to fuzz a branch on push or schedule and keep the corpus its pull requests restore, use mode: batch.`,
      );
  }
}

/**
 * `report` mode: the run whose artifact holds the report. Its head commit comes from the (trusted)
 * workflow_run event; the PR number from the event when GitHub lists it (same-repository PRs), else
 * from the artifact, which the caller must check against the API because a fork wrote it.
 */
export function workflowRunFromEvent(
  env: ActionEnv,
  event: unknown,
): { repository: Omit<PublishTarget, 'pullNumber' | 'headSha'>; headSha: string; pullNumber: number | undefined } {
  if (env.eventName !== 'workflow_run') {
    throw new ConfigurationError(
      `mode: report publishes the report of another run and runs on workflow_run (this run is ${env.eventName}); use mode: full here.`,
    );
  }
  const run = field(event, 'workflow_run');
  const headSha = field(run, 'head_sha');
  if (typeof headSha !== 'string') throw new ConfigurationError('The workflow_run event payload has no workflow_run.head_sha.');
  const pulls = field(run, 'pull_requests');
  const listed = Array.isArray(pulls) ? field(pulls[0], 'number') : undefined;
  return { repository: repositoryOf(env, event), headSha, pullNumber: typeof listed === 'number' ? listed : undefined };
}

/** `lookout pr` for the event's pull request, writing the JSON report where the action's `report` output points. */
export function toPrConfig(options: ActionOptions, target: FuzzTarget): PrConfig {
  return {
    command: 'pr',
    repo: options.workingDirectory,
    base: target.baseSha,
    head: target.headSha,
    // The job's verdict applies fail-on and the label; the pipeline's exit status is not the gate here.
    failOnBehaviourChange: options.failOnBehaviourChange,
    acceptBehaviourChange: target.acceptsBehaviourChange,
    behaviourDiff: true,
    budget: options.budget,
    seed: options.seed,
    workers: options.workers,
    ...(options.shard && options.shard.count > 1 && { shard: options.shard }),
    maxSequenceLength: DEFAULTS.maxSequenceLength,
    panicCodes: DEFAULT_PANIC_CODES,
    techniques: ALL_TECHNIQUES,
    // The coverage is counted by the pipeline: only it can write the LCOV file.
    outputs: { json: options.report, reproducers: options.reproducers, lcov: options.lcov },
    configFile: options.config,
  };
}

/** The event's repository as the outputs link it. */
export function repositoryOf(env: ActionEnv, event: unknown): Omit<PublishTarget, 'pullNumber' | 'headSha'> {
  const [owner, repo] = env.repository.split('/');
  const html = field(field(event, 'repository'), 'html_url');
  return { owner, repo, repoUrl: typeof html === 'string' ? html : `${env.serverUrl.replace(/\/+$/, '')}/${owner}/${repo}` };
}

/** A field of an event payload read as unknown: payloads are checked where they are used. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** `introduced`, `any` or `never`, optionally with `behaviour-change` (comma-separated; alone it means `introduced, behaviour-change`). */
function parseFailOn(text: string): { failOn: FailOn; behaviourChanges: boolean } {
  const words = text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  const gates = words.filter((w) => w !== BEHAVIOUR_CHANGE);
  if (gates.length > 1) throw new Error(`'${text}' names ${gates.length} of ${FAIL_ON.join(', ')}; give one (optionally with ${BEHAVIOUR_CHANGE})`);
  return { failOn: oneOf(gates[0] ?? ACTION_DEFAULTS.failOn, FAIL_ON), behaviourChanges: words.includes(BEHAVIOUR_CHANGE) };
}

/** Names of the labels on the event's pull request (none for other events). */
export function pullRequestLabels(event: unknown): string[] {
  const labels = field(field(event, 'pull_request'), 'labels');
  return Array.isArray(labels) ? labels.map((l) => field(l, 'name')).filter((n): n is string => typeof n === 'string') : [];
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`'${value}' is not one of ${allowed.join(', ')}`);
}

/** YAML 1.2 core-schema booleans, as @actions/core's getBooleanInput accepts them. */
function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new Error(`'${value}' is not a boolean: use true or false`);
}

function parseSeed(value: string | undefined): number {
  if (value === undefined) return DEFAULTS.seed;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new Error(`'${value}' is not a non-negative integer`);
  return Number(value);
}
