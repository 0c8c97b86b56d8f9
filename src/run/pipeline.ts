import { describeDiagnostic } from '../compile/index.js';
import { reportBudgetPlan } from './budget.js';
import { namedAccounts } from './worlds.js';
import type { RunConfig } from '../config/index.js';
import { BuildError, ConfigurationError, errorMessage, Interruption, isConfigurationError, type BuildDiagnostic } from '../errors.js';
import type { Logger } from '../logger.js';
import { systemClock, type Clock } from '../clock.js';
import { SENDER_ADDRESSES } from '../config/index.js';
import { fuzzPaths } from './fuzzPaths.js';
import { CorpusFolder, type CorpusStore } from './corpusFolder.js';
import { fuzzPullRequest } from './pullRequest.js';
import { failsCheck as checkFailure } from '../github/index.js';
import {
  accountNames,
  checkOutputs,
  type CoverageSection,
  duration,
  type FailsCheck,
  type OutputExtras,
  renderText,
  type Report,
  type ReportOutputs,
  withAccountNames,
  withGroups,
  writeOutputs,
} from '../report/index.js';

export const VERSION = '0.1.0';

export interface PipelineDeps {
  logger: Logger;
  clock?: Clock;
  /** Aborted (with an Interruption) to stop the run early: the report so far is written, marked `interrupted`. */
  signal?: AbortSignal;
  /** With `config.corpus`: where the corpus folder is restored from before fuzzing (the Action's cache). */
  corpusStore?: CorpusStore;
}

export interface PipelineResult {
  report: Report;
  /**
   * 0 nothing to fix; 1 findings (`lookout pr`: findings the pull request introduced, or that could
   * not be compared with the base); 2 the user must fix something (usage, build, an output that could
   * not be written). Of the report so far when it is `interrupted`.
   */
  exitCode: 0 | 1 | 2;
}

/**
 * Runs the stages in order and always returns a report: a stage that fails leaves its message in
 * `report.errors`, and the report files are written even then, each on its own. Internal errors are
 * rethrown after the report is written, unless the run was interrupted (a killed compiler may be why).
 */
export async function runPipeline(config: RunConfig, deps: PipelineDeps): Promise<PipelineResult> {
  const clock = deps.clock ?? systemClock;
  const { signal } = deps;
  const context = {
    logger: deps.logger,
    clock,
    signal,
    corpus: config.corpus === undefined ? undefined : new CorpusFolder(config.corpus, deps.logger, deps.corpusStore),
  };
  const started = clock();
  const report = emptyReport(config);
  // `lookout pr` writes into the pull request's checkout, where a committed symlink could lead anywhere.
  const outputs = checkOutputs(config.outputs, config.command === 'pr' ? config.repo : undefined);
  let exitCode: PipelineResult['exitCode'] = 0;
  let coverage: CoverageSection[] | undefined;
  try {
    // Before compiling: a run must not spend its budget to learn that its report cannot be written.
    if (outputs.problems.length > 0) throw new ConfigurationError(outputs.problems.join('\n'));
    const outcome = config.command === 'pr' ? await fuzzPullRequest(config, context) : await fuzzPaths(config, context);
    report.targets = outcome.targets;
    coverage = outcome.coverage;
    if (outcome.deployments) report.deployments = outcome.deployments;
    if (outcome.senders) report.senders = outcome.senders;
    // Each behaviour change says which group the outputs show it in, and under which finding.
    // Messages say who by the names the call tables use.
    const findings = withAccountNames(outcome.findings, accountNames(report));
    report.findings = withGroups({ findings, senders: report.senders });
    if (outcome.base) report.base = outcome.base;
    if (outcome.revisions) report.revisions = outcome.revisions;
    if (outcome.budgetPlan) report.stats.budgetPlan = reportBudgetPlan(outcome.budgetPlan);
    if (outcome.behaviourDiff) report.stats.behaviourDiff = outcome.behaviourDiff;
    if (outcome.project) {
      report.build = { compilers: outcome.project.compilers.map((c) => ({ ...c })) };
      // A part of the project that did not build is an error the user must fix, whatever was fuzzed.
      const { errors } = outcome.project;
      if (errors.length > 0) {
        report.errors = errors.map(describeDiagnostic);
        report.buildErrors = placed(errors);
      }
    }
    if (outcome.stepFailures && outcome.stepFailures.length > 0) report.errors = [...(report.errors ?? []), ...outcome.stepFailures];
    report.stats.sequences = sum(outcome.results, (r) => r.outcome.sequences);
    report.stats.transactions = sum(outcome.results, (r) => r.outcome.transactions);
    report.stats.analysisMs = Math.round(sum(outcome.results, (r) => r.outcome.analysisMs));
    const oneShot = sum(outcome.results, (r) => r.outcome.prediction.oneShot);
    const oneShotHits = sum(outcome.results, (r) => r.outcome.prediction.oneShotHits);
    report.stats.prediction = {
      oneShot,
      oneShotHits,
      oneShotSuccessRate: oneShot > 0 ? oneShotHits / oneShot : 0,
      iterated: sum(outcome.results, (r) => r.outcome.prediction.iterated),
      iteratedHits: sum(outcome.results, (r) => r.outcome.prediction.iteratedHits),
    };
    const fuzzMs = sum(outcome.results, (r) => r.outcome.elapsedMs);
    report.stats.transactionsPerSecond = fuzzMs > 0 ? Math.round((report.stats.transactions * 1000) / fuzzMs) : 0;
    report.stats.fuzzMs = Math.round(fuzzMs);
    report.stats.inputsKept = sum(outcome.results, (r) => r.outcome.corpusSize);
    if (context.corpus) report.corpus = await context.corpus.summary(outcome.results);
    if (outcome.seeds) report.seeds = outcome.seeds;
    exitCode = exitStatus(report, failsCheck(config));
  } catch (error) {
    if (!(error instanceof Interruption)) {
      report.errors = [errorMessage(error)];
      if (error instanceof BuildError) report.buildErrors = placed(error.diagnostics);
      exitCode = 2;
    }
    if (!isConfigurationError(error) && !(signal?.aborted ?? false)) {
      finish(report, outputs.writable, { started, clock, logger: deps.logger, signal, extras: { fails: failsCheck(config), coverage } });
      throw error;
    }
  }
  // A write that fails is something the user must fix (a full disk, a path that became a folder).
  if (finish(report, outputs.writable, { started, clock, logger: deps.logger, signal, extras: { fails: failsCheck(config), coverage } })) exitCode = 2;
  deps.logger.result(renderText(report));
  return { report, exitCode };
}

/** Stamps the report (time, interruption) and writes every output it can; true when one could not be written. */
function finish(
  report: Report,
  outputs: ReportOutputs,
  run: { started: number; clock: Clock; logger: Logger; signal?: AbortSignal; extras: OutputExtras },
): boolean {
  report.stats.elapsedMs = Math.round(run.clock() - run.started);
  report.interrupted = run.signal?.aborted ?? false;
  const writing = run.clock();
  const failures = writeOutputs(outputs, report, run.extras);
  for (const failure of failures) run.logger.error(failure);
  if (Object.values(outputs).some((output) => output !== undefined)) run.logger.info(`Writing the report: done in ${duration(run.clock() - writing)}`);
  return failures.length > 0;
}

/** The findings a run fails on (exit status 1): every one on `lookout fuzz`; on `lookout pr` those not on the base, behaviour changes when asked. */
function failsCheck(config: RunConfig): FailsCheck {
  return checkFailure(config.command === 'fuzz' ? 'any' : 'introduced', config.command === 'pr' && config.failOnBehaviourChange);
}

/** 2 when the report holds errors (the user must fix something), 1 when a finding fails the check, else 0. */
export function exitStatus(report: Report, fails: FailsCheck): PipelineResult['exitCode'] {
  return (report.errors ?? []).length > 0 ? 2 : report.findings.some(fails) ? 1 : 0;
}

function emptyReport(config: RunConfig): Report {
  return {
    schemaVersion: 1,
    tool: { name: 'lookout', version: VERSION },
    seed: config.seed,
    budget: {
      seconds: config.budget.kind === 'seconds' ? config.budget.seconds : null,
      executions: config.budget.kind === 'executions' ? config.budget.executions : null,
    },
    stats: { elapsedMs: 0, sequences: 0, transactions: 0, transactionsPerSecond: 0, analysisMs: 0 },
    shard: config.shard ? { ...config.shard } : null,
    senders: namedAccounts(SENDER_ADDRESSES),
    interrupted: false,
    targets: [],
    findings: [],
  };
}

/** Compiler errors with a file, for the headline and the annotations. */
function placed(diagnostics: readonly BuildDiagnostic[]): NonNullable<Report['buildErrors']> {
  return diagnostics.filter((e) => e.file !== '').map((e) => ({ file: e.file, line: e.line > 0 ? e.line : null, message: e.message }));
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
