import * as actionsCache from '@actions/cache';
import * as core from '@actions/core';
import { readFileSync } from 'node:fs';
import { EOL } from 'node:os';
import path from 'node:path';
import {
  batchTargetFromEvent,
  fuzzTargetFromEvent,
  readActionEnv,
  readInputs,
  toBatchConfig,
  toPrConfig,
  PULL_REQUEST_FILE,
  pullRequestLabels,
  validate,
  workflowRunFromEvent,
  type ActionEnv,
  type ActionOptions,
  type PublishTarget,
  type RunConfig,
} from './config/index.js';
import { interruptOnSignals } from './command.js';
import type { GitHubDiff } from './diff/index.js';
import { ConfigurationError, errorMessage, isConfigurationError } from './errors.js';
import {
  ActionsCorpusCache,
  type Channels,
  createClient,
  type GitHubClient,
  publishReport,
  pullRequestDiff,
  pullRequestHead,
  readReport,
  readReportArtifact,
  shardReportFiles,
  verdict,
  failsCheck,
  writeReportContext,
} from './github/index.js';
import { actionsLogger, type Logger } from './logger.js';
import { isCampaignWorker, mergeRun, runPipeline } from './run/index.js';
import { changedLineCounts, checkOutputs, countsText, type Report } from './report/index.js';

/** What a mode hands to publishing: the report, where it goes, and a crash to fail the job with. */
interface Outcome {
  report: Report;
  target: PublishTarget;
  crash?: unknown;
  /** Saved once the report is published. */
  corpus?: ActionsCorpusCache;
}

/** The Action: inputs and event → the `lookout pr` pipeline (`lookout fuzz` in batch mode, or a saved report) → publish → outputs → gate. */
async function main(): Promise<void> {
  const logger = actionsLogger();
  // A cancelled job or `timeout-minutes`: the runner sends SIGINT, then SIGTERM 7.5 s later, then kills.
  const signal = interruptOnSignals({ secondSignalExits: false });
  try {
    const env = readActionEnv(process.env);
    const options = validate(
      readInputs((name) => core.getInput(name)),
      env.workspace,
    );
    const event: unknown = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8'));
    const octokit = options.token === undefined ? undefined : createClient({ token: options.token, baseUrl: env.apiUrl, logger });
    const outcome =
      options.mode === 'report'
        ? await savedReport(env, event, options, octokit as GitHubClient /* validate() requires a token here */, logger)
        : options.mode === 'merge'
          ? mergedShards(env, event, options, logger)
          : options.mode === 'batch'
            ? await batch(env, event, options, { logger, signal })
            : await fuzz(env, event, options, octokit, { logger, signal });
    if (!outcome) return;
    const { report, target } = outcome;
    const behaviourChanges = options.failOnBehaviourChange || pullRequestLabels(event).includes(options.behaviourLabel);
    const judged = verdict(report, options.failOn, behaviourChanges, options.mode === 'batch' ? 'branch' : 'pull-request');
    // Cut short, a run that found nothing wrong proves nothing either: its check run says so.
    const conclusion = report.interrupted && judged.failure === undefined ? 'cancelled' : judged.conclusion;
    const publishing = options.mode !== 'fuzz';
    const channels: Channels = {
      // A batch run is about a branch, not a pull request: its findings go to the check run and the job summary.
      comment: publishing && options.mode !== 'batch' && options.comment,
      checkRun: publishing,
      // The report run annotates through its check run; annotating in the fuzz run too would show each twice.
      annotations: publishing && options.annotations,
      review: publishing && options.mode !== 'batch' && options.review,
      sarif: options.sarif,
      ...(options.junit !== undefined && { junit: { file: options.junit, fails: failsCheck(options.failOn, behaviourChanges) } }),
    };
    const published = await publishReport(
      { report, target, channels, conclusion, runUrl: runUrl(env), toolUrl: toolUrl(env) },
      { octokit: publishing ? octokit : undefined, logger, output: runnerOutput() },
    );
    setOutputs(report, options, published.sarif);
    // An interrupted job has seconds left before the runner kills it: they go to the report, not the cache.
    if (outcome.corpus && !report.interrupted) await outcome.corpus.save();
    if (outcome.crash !== undefined) {
      const detail = outcome.crash instanceof Error ? (outcome.crash.stack ?? outcome.crash.message) : String(outcome.crash);
      core.setFailed(`Lookout crashed (a bug in Lookout, not in your code): ${detail}\nThe report so far was published. Please report this with the log.`);
    } else if (judged.failure) core.setFailed(judged.failure);
    else if (report.interrupted) core.setFailed('Lookout was interrupted before its budget was spent; the report so far was published.');
    else if (published.failures.length > 0) core.setFailed(`Publishing the report failed: ${published.failures.join('; ')}`);
  } catch (error) {
    core.setFailed(
      isConfigurationError(error)
        ? errorMessage(error)
        : `internal error (please report it with this log): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}

/** `full` / `fuzz`: the same pipeline as `lookout pr`, on the event's pull request. */
async function fuzz(
  env: ActionEnv,
  event: unknown,
  options: ActionOptions,
  octokit: GitHubClient | undefined,
  run: { logger: Logger; signal: AbortSignal },
): Promise<Outcome> {
  const { logger } = run;
  const target = fuzzTargetFromEvent(env, event, options);
  const config = toPrConfig(options, target);
  const corpus = corpusCache(env, options, target.baseBranch, logger);
  if (corpus) config.corpus = corpus.dir;
  if (octokit && target.pullNumber !== undefined) {
    const pull = { owner: target.owner, repo: target.repo, pullNumber: target.pullNumber };
    let diff: Promise<GitHubDiff> | undefined;
    config.changesWithoutBase = async () => {
      const { files, withoutPatch, truncated } = await (diff ??= pullRequestDiff(octokit, pull));
      if (withoutPatch.length > 0)
        logger.warning(`GitHub sent no diff for ${withoutPatch.join(', ')} (too large): their lines are not fuzzed; use fetch-depth: 0.`);
      if (truncated) logger.warning('The pull request has more files than the GitHub API lists: later files are not fuzzed; use fetch-depth: 0.');
      return files;
    };
  }
  // Before anything is written into the workspace (the SARIF and the fuzz mode's context file too): no symlink of the PR's on the way.
  const outputs = checkOutputs(
    { json: options.report, reproducers: options.reproducers, sarif: options.sarif, junit: options.junit, lcov: options.lcov },
    env.workspace,
  );
  if (outputs.problems.length > 0) throw new ConfigurationError(outputs.problems.join('\n'));
  if (options.mode === 'fuzz') writeReportContext(options.report, { pullNumber: target.pullNumber ?? null, headSha: target.headSha, baseSha: target.baseSha });
  return pipelineOutcome(config, { target, corpus, report: options.report }, run);
}

/**
 * `batch`: every deployable contract of the branch's project fuzzed for the budget (`lookout fuzz`),
 * its corpus saved under the branch's key, where its pull requests' runs restore it from; findings
 * go to the check run, the job summary and SARIF, never to a pull request.
 */
async function batch(env: ActionEnv, event: unknown, options: ActionOptions, run: { logger: Logger; signal: AbortSignal }): Promise<Outcome> {
  const target = batchTargetFromEvent(env, event);
  const config = toBatchConfig(options);
  const corpus = corpusCache(env, options, target.branch, run.logger);
  if (corpus) config.corpus = corpus.dir;
  return pipelineOutcome(config, { target, corpus, report: options.report }, run);
}

/**
 * The corpus a run restores and saves: keyed by the branch pull requests merge into, so a batch run
 * of `main` and the runs of pull requests into `main` share it. Lookout's own folder under
 * RUNNER_TEMP: the pull request's workspace never holds it, so it is never read as the project.
 */
function corpusCache(env: ActionEnv, options: ActionOptions, branch: string, logger: Logger): ActionsCorpusCache | undefined {
  if (!options.corpus) return undefined;
  return new ActionsCorpusCache({ repository: env.repository, baseBranch: branch, dir: path.join(env.temp, 'lookout-corpus') }, logger, actionsCache);
}

/** The pipeline's report; when it crashed, the report it wrote before rethrowing, and the crash to fail the job with. */
async function pipelineOutcome(
  config: RunConfig,
  publish: { target: PublishTarget; corpus: ActionsCorpusCache | undefined; report: string },
  run: { logger: Logger; signal: AbortSignal },
): Promise<Outcome> {
  const { target, corpus } = publish;
  try {
    return { report: (await runPipeline(config, { ...run, corpusStore: corpus })).report, target, corpus };
  } catch (crash) {
    let report: Report;
    try {
      report = readReport(publish.report);
    } catch {
      throw crash;
    }
    return { report, target, crash };
  }
}

/**
 * `report`: publish the report a `mode: fuzz` run uploaded, on the PR whose head that run built.
 * Undefined (nothing to publish) when the PR has moved on or the report names another PR.
 */
async function savedReport(env: ActionEnv, event: unknown, options: ActionOptions, octokit: GitHubClient, logger: Logger): Promise<Outcome | undefined> {
  const run = workflowRunFromEvent(env, event);
  const { report, context } = readReportArtifact(options.report);
  const pullNumber = run.pullNumber ?? context?.pullNumber ?? undefined;
  if (pullNumber === undefined) {
    throw new ConfigurationError(
      `Neither the workflow_run event nor the artifact names a pull request: upload the whole directory of the report (it holds ${PULL_REQUEST_FILE}).`,
    );
  }
  const head = await pullRequestHead(octokit, run.repository, pullNumber);
  if (head !== run.headSha) {
    logger.warning(
      `Not publishing: pull request #${pullNumber} ${head === undefined ? 'does not exist' : `is at ${head}`}, but the report is for ${run.headSha}.`,
    );
    return undefined;
  }
  return { report, target: { ...run.repository, pullNumber, headSha: run.headSha } };
}

/**
 * `merge`: the matrix's shard reports joined into the whole run's (written where `report` points),
 * published on the event's pull request as one run's: one comment, one check run, one SARIF.
 */
function mergedShards(env: ActionEnv, event: unknown, options: ActionOptions, logger: Logger): Outcome {
  const target = fuzzTargetFromEvent(env, event, options);
  const outputs = checkOutputs({ json: options.report, sarif: options.sarif, junit: options.junit }, env.workspace);
  if (outputs.problems.length > 0) throw new ConfigurationError(outputs.problems.join('\n'));
  const merge = { command: 'merge', reports: shardReportFiles(options.reports), outputs: { json: options.report } } as const;
  return { report: mergeRun({ ...merge, failOnBehaviourChange: options.failOnBehaviourChange }, { logger }).report, target };
}

function setOutputs(report: Report, options: ActionOptions, sarif: string | undefined): void {
  const counts = changedLineCounts(report);
  core.setOutput('findings', report.findings.length);
  core.setOutput('introduced-findings', report.findings.filter((f) => f.introduced === true).length);
  core.setOutput('targets-reached', counts.reached);
  core.setOutput('targets-total', counts.reachable);
  core.setOutput('targets-unreachable', counts.unreachable);
  core.setOutput('changed-lines', countsText(counts));
  core.setOutput('report', options.report);
  core.setOutput('reproducers', report.findings.some((f) => f.reproducer?.source) ? options.reproducers : '');
  core.setOutput('sarif', sarif ?? '');
}

function runnerOutput() {
  return {
    summary: process.env.GITHUB_STEP_SUMMARY ? async (markdown: string) => void (await core.summary.addRaw(markdown).write()) : undefined,
    command: (line: string) => void process.stdout.write(`${line}${EOL}`),
  };
}

function runUrl(env: ActionEnv): string | undefined {
  return env.runId === undefined ? undefined : `${env.serverUrl.replace(/\/+$/, '')}/${env.repository}/actions/runs/${env.runId}`;
}

/** The action's repository (`uses: owner/lookout@v1`), where the README explains each finding kind. */
function toolUrl(env: ActionEnv): string | undefined {
  const repository = process.env.GITHUB_ACTION_REPOSITORY;
  return repository ? `${env.serverUrl.replace(/\/+$/, '')}/${repository}` : undefined;
}

// The bundle is also the campaign workers' script: started as one, it serves (see campaignWorker.ts).
if (!isCampaignWorker()) await main();
