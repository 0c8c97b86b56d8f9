import { writeFileSync } from 'node:fs';
import { describeDiagnostic } from '../compile/index.js';
import { reportBudgetPlan } from './budget.js';
import { namedAccounts } from './worlds.js';
import type { RunConfig } from '../config/index.js';
import { BuildError, errorMessage, isConfigurationError, type BuildDiagnostic } from '../errors.js';
import type { Logger } from '../logger.js';
import { systemClock, type Clock } from '../clock.js';
import { SENDER_ADDRESSES } from '../config/index.js';
import { fuzzPaths } from './fuzzPaths.js';
import { fuzzPullRequest } from './pullRequest.js';
import { renderMarkdown, renderSarif, renderText, type Report, writeJsonReport, writeReproducers } from '../report/index.js';

export const VERSION = '0.1.0';

export interface PipelineDeps {
  logger: Logger;
  clock?: Clock;
}

export interface PipelineResult {
  report: Report;
  /**
   * 0 nothing to fix; 1 findings (`lookout pr`: findings the pull request introduced, or that could
   * not be compared with the base); 2 the user must fix something (usage, build).
   */
  exitCode: 0 | 1 | 2;
}

/**
 * Runs the stages in order and always returns a report: a stage that fails leaves its message in
 * `report.errors`, and the report files are written even then. Internal errors are rethrown after
 * the report is written.
 */
export async function runPipeline(config: RunConfig, deps: PipelineDeps): Promise<PipelineResult> {
  const clock = deps.clock ?? systemClock;
  const context = { logger: deps.logger, clock };
  const started = clock();
  const report = emptyReport(config);
  let exitCode: PipelineResult['exitCode'] = 0;
  try {
    const outcome = config.command === 'pr' ? await fuzzPullRequest(config, context) : await fuzzPaths(config, context);
    report.targets = outcome.targets;
    report.findings = outcome.findings;
    if (outcome.deployments) report.deployments = outcome.deployments;
    if (outcome.senders) report.senders = outcome.senders;
    if (outcome.base) report.base = outcome.base;
    if (outcome.budgetPlan) report.stats.budgetPlan = reportBudgetPlan(outcome.budgetPlan);
    if (outcome.project) {
      report.build = { compilers: outcome.project.compilers.map((c) => ({ ...c })) };
      // A part of the project that did not build is an error the user must fix, whatever was fuzzed.
      const { errors } = outcome.project;
      if (errors.length > 0) {
        report.errors = errors.map(describeDiagnostic);
        report.buildErrors = placed(errors);
      }
    }
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
    const failing = report.findings.filter((f) =>
      config.command === 'fuzz' ? true : f.kind === 'behaviour-change' ? config.failOnBehaviourChange : f.introduced !== false,
    );
    exitCode = (report.errors ?? []).length > 0 ? 2 : failing.length > 0 ? 1 : 0;
  } catch (error) {
    report.errors = [errorMessage(error)];
    if (error instanceof BuildError) report.buildErrors = placed(error.diagnostics);
    if (!isConfigurationError(error)) {
      finish(report, config, started, clock);
      throw error;
    }
    exitCode = 2;
  }
  finish(report, config, started, clock);
  deps.logger.info(renderText(report));
  return { report, exitCode };
}

function finish(report: Report, config: RunConfig, started: number, clock: Clock): void {
  report.stats.elapsedMs = Math.round(clock() - started);
  if (config.outputs.json) writeJsonReport(config.outputs.json, report);
  if (config.outputs.markdown) writeFileSync(config.outputs.markdown, renderMarkdown(report));
  if (config.outputs.sarif) writeFileSync(config.outputs.sarif, `${JSON.stringify(renderSarif(report), null, 2)}\n`);
  // Last: the report files are written even if the folder cannot be.
  if (config.outputs.reproducers) writeReproducers(config.outputs.reproducers, report);
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
    senders: namedAccounts(SENDER_ADDRESSES),
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
