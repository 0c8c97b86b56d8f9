import { writeFileSync } from 'node:fs';
import { compileForChange, compileProject, describeDiagnostic } from '../compile/index.js';
import { findSolidityFiles } from '../compile/index.js';
import type { CompiledProject } from '../compile/index.js';
import { planBudget, reportBudgetPlan } from './budget.js';
import { fuzzPlans, planned, type ContractPlan, type FuzzOutcome } from './fuzzing.js';
import { deployPlans, namedAccounts, projectConfigFor } from './worlds.js';
import type { FuzzConfig, LineTarget, RunConfig } from '../config/index.js';
import { BuildError, ConfigurationError, errorMessage, isConfigurationError, type BuildDiagnostic } from '../errors.js';
import type { Logger } from '../logger.js';
import { systemClock, type Clock } from '../clock.js';
import { SENDER_ADDRESSES } from '../evm/index.js';
import { attachReproducers, forgeRunner } from '../reproducers/index.js';
import { notFuzzedTargets, toReportFinding, toReportTargets, unheldLine } from '../report/index.js';
import { fuzzPullRequest } from './pullRequest.js';
import { renderMarkdown } from '../report/index.js';
import { renderSarif } from '../report/index.js';
import type { Report, ReportTarget } from '../report/index.js';
import { writeJsonReport, writeReproducers } from '../report/index.js';
import { renderText } from '../report/index.js';
import { buildTargets } from '../targets/index.js';
import { testOrScript, type FuzzSelection } from '../targets/index.js';
import type { Target } from '../targets/index.js';

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

/**
 * `lookout fuzz`: every concrete contract declared in the given paths (or the one named), deployed
 * into one world with what their constructors need, each fuzzed with the contracts it was deployed with.
 */
async function fuzzPaths(config: FuzzConfig, context: { logger: Logger; clock: Clock }): Promise<FuzzOutcome> {
  const projectConfig = projectConfigFor(config, config.root);
  // The given files and what can deploy them (a mock token for a vault), as for a pull request.
  const given = findSolidityFiles(config.root, config.paths);
  const project =
    (await context.logger.group('Compiling', () => compileForChange(config.root, given, { compiler: projectConfig.compiler }))) ??
    (await compileProject({ root: config.root, paths: config.paths, compiler: projectConfig.compiler }));
  for (const error of project.errors) context.logger.error(describeDiagnostic(error));
  const targets = lineTargets(project, config.targets, context.logger);
  const deployed = await deployPlans(project, selectContracts(project, config, targets), targets, projectConfig, config, context.logger);
  if (deployed.plans.length === 0) {
    const why = deployed.deployments.map((d) => `${d.contract} (${d.file}): ${d.skipped}`).join('; ');
    throw new ConfigurationError(`No contract in ${config.paths.join(', ')} could be deployed: ${why}. Pin constructor arguments in lookout.toml.`);
  }
  const budgetPlan = planBudget(config.budget, deployed.plans.map(planned), { workers: config.workers, compared: 0 });
  const results = await fuzzPlans(project, deployed.plans, budgetPlan, config, context);
  const findings = results.flatMap((result) => result.findings.map((f) => toReportFinding(project, result, f)));
  const reproducing = { project, root: config.root, world: deployed.world, senders: deployed.senders, forge: await forgeRunner(), logger: context.logger };
  if (findings.length > 0) await context.logger.group('Checking reproducers', () => attachReproducers(findings, reproducing));
  const reportTargets = [
    ...deployed.plans.flatMap((plan, i) => toReportTargets(plan.targets, results[i])),
    ...deployed.notFuzzed,
    ...unfuzzedLineTargets(project, config.targets, targets, deployed.plans, deployed.notFuzzed),
  ];
  return { targets: reportTargets, findings, results, deployments: deployed.deployments, senders: deployed.senders, project, budgetPlan };
}

/** `--targets FILE:LINE`: the named lines become targets exactly as changed lines do in `lookout pr`. */
function lineTargets(project: CompiledProject, lines: readonly LineTarget[], logger: Logger): Target[] {
  if (lines.length === 0) return [];
  const byFile = new Map<string, number[]>();
  for (const { file, line } of lines) {
    if (!project.sources.some((s) => s.path === file)) {
      throw new ConfigurationError(`--targets names ${file}, which is not among the compiled sources (paths are relative to ${project.root}).`);
    }
    byFile.set(file, [...(byFile.get(file) ?? []), line]);
  }
  const changes = [...byFile].map(([path, added]) => ({ path, status: 'modified' as const, addedLines: [...new Set(added)].sort((a, b) => a - b), deletedAfter: [] }));
  const targets = buildTargets(project, changes);
  for (const { file, line } of lines) {
    if (!targets.some((t) => t.file === file && t.line === line)) logger.warning(`--targets ${file}:${line} holds no code of a deployable contract.`);
  }
  return targets;
}

/**
 * `--targets` lines no campaign aims at, reported `not-fuzzed` rather than dropped: lines of contracts
 * outside the fuzzed paths, and lines that hold no code of any deployable contract.
 */
function unfuzzedLineTargets(
  project: CompiledProject,
  lines: readonly LineTarget[],
  targets: readonly Target[],
  plans: readonly ContractPlan[],
  reported: readonly ReportTarget[],
): ReportTarget[] {
  const covered = new Set([...plans.flatMap((p) => [p.contract.id, ...p.targets.map((t) => t.contract)]), ...reported.map((t) => `${t.contractFile}:${t.contract}`)]);
  const outside = targets.filter((t) => !covered.has(t.contract));
  const byId = new Map(project.contracts.map((c) => [c.id, c]));
  const notPlanned = outside.flatMap((t) => notFuzzedTargets([t], `${byId.get(t.contract)!.name} is not among the fuzzed contracts: add its file to the paths`));
  const codeless = lines.filter(({ file, line }) => !targets.some((t) => t.file === file && t.line === line));
  return [
    ...notPlanned,
    ...codeless.map(({ file, line }) => unheldLine(file, line, 'the line holds no code of a deployable contract')),
  ];
}

/**
 * The concrete contracts declared in the paths, or the one `--contract` names (`Name` or `path/File.sol:Name`),
 * and the external libraries `--targets` names lines of (fuzzed through the contracts that link them).
 */
function selectContracts(project: CompiledProject, config: FuzzConfig, targets: readonly Target[]): FuzzSelection {
  const files = new Set(findSolidityFiles(config.root, config.paths));
  const declared = project.contracts.filter((c) => files.has(c.file) && c.kind === 'contract');
  const aimed = new Set(targets.map((t) => t.contract));
  const libraries = project.contracts.filter((c) => c.kind === 'library' && aimed.has(c.id));
  const selection: FuzzSelection = { contracts: [], libraries, skipped: [] };
  const named = config.contract === undefined ? declared : project.contracts.filter((c) => c.name === config.contract || c.id === config.contract);
  if (named.length === 0) {
    const names = declared.map((c) => c.name).join(', ') || 'none';
    throw new ConfigurationError(`No contract named '${config.contract}' in ${config.paths.join(', ')} (deployable contracts: ${names}).`);
  }
  for (const contract of named) {
    const reason = contract.kind === 'contract' ? testOrScript(contract) : `it is ${contract.kind === 'abstract' ? 'abstract' : `an ${contract.kind}`}`;
    if (reason && config.contract !== undefined) throw new ConfigurationError(`Cannot fuzz '${contract.name}' (${contract.file}): ${reason}.`);
    if (reason) selection.skipped.push({ contract: contract.name, file: contract.file, reason });
    else selection.contracts.push(contract);
  }
  if (selection.contracts.length === 0) {
    throw new ConfigurationError(`No contract to fuzz in ${config.paths.join(', ')}: Lookout fuzzes concrete contracts that are not Foundry tests or scripts.`);
  }
  return selection;
}

/** Compiler errors with a file, for the headline and the annotations. */
function placed(diagnostics: readonly BuildDiagnostic[]): NonNullable<Report['buildErrors']> {
  return diagnostics.filter((e) => e.file !== '').map((e) => ({ file: e.file, line: e.line > 0 ? e.line : null, message: e.message }));
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
