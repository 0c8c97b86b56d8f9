import { writeFileSync } from 'node:fs';
import { compileProject } from './build/compile.js';
import { findSolidityFiles } from './build/sourceFiles.js';
import type { CompiledContract, CompiledProject } from './build/types.js';
import { fuzzContracts } from './campaigns.js';
import type { FuzzConfig, LineTarget, RunConfig } from './config/types.js';
import { ConfigurationError, errorMessage, isConfigurationError } from './errors.js';
import type { Logger } from './logger.js';
import { systemClock, type Clock } from './fuzz/clock.js';
import type { ContractCampaignResult } from './fuzz/contractCampaign.js';
import { toReportFinding, toReportTargets } from './fuzz/reportEntries.js';
import { fuzzPullRequest } from './pullRequest.js';
import { renderMarkdown } from './report/markdown.js';
import type { Report, ReportFinding, ReportTarget } from './report/types.js';
import { writeJsonReport } from './report/write.js';
import { renderText } from './report/text.js';
import { buildTargets } from './targets/buildTargets.js';
import { skipReason } from './targets/contractsToFuzz.js';
import type { Target } from './targets/types.js';

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

interface StageOutcome {
  targets: ReportTarget[];
  findings: ReportFinding[];
  results: ContractCampaignResult[];
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
    const failing = config.command === 'pr' ? report.findings.filter((f) => f.introduced !== false) : report.findings;
    exitCode = failing.length > 0 ? 1 : 0;
  } catch (error) {
    report.errors = [errorMessage(error)];
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
    targets: [],
    findings: [],
  };
}

/** `lookout fuzz`: every deployable contract declared in the given paths (or the one named). */
async function fuzzPaths(config: FuzzConfig, context: { logger: Logger; clock: Clock }): Promise<StageOutcome> {
  const project = await context.logger.group('Compiling', () => compileProject({ root: config.root, paths: config.paths }));
  const contracts = selectContracts(project, config, context.logger);
  const targets = lineTargets(project, config.targets, context.logger);
  const plans = contracts.map((contract) => ({ contract, targets: targets.filter((t) => t.contract === contract.name) }));
  const results = await fuzzContracts(project, plans, config, context);
  const findings = results.flatMap((result) => result.findings.map((f) => toReportFinding(project, result, f)));
  return { targets: plans.flatMap((plan, i) => toReportTargets(plan.targets, results[i])), findings, results };
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
    if (!targets.some((t) => t.file === file && t.line === line)) logger.warning(`--targets ${file}:${line} holds no code of a deployable contract; it is not a target.`);
  }
  return targets;
}

function selectContracts(project: CompiledProject, config: FuzzConfig, logger: Logger): CompiledContract[] {
  const files = new Set(findSolidityFiles(config.root, config.paths));
  const declared = project.contracts.filter((c) => files.has(c.file) && c.kind === 'contract');
  if (config.contract !== undefined) {
    const named = project.contracts.find((c) => c.name === config.contract);
    if (!named) {
      const names = declared.map((c) => c.name).join(', ') || 'none';
      throw new ConfigurationError(`No contract named '${config.contract}' in ${config.paths.join(', ')} (deployable contracts: ${names}).`);
    }
    const reason = named.kind === 'contract' ? skipReason(named) : `it is ${named.kind === 'abstract' ? 'abstract' : `an ${named.kind}`}`;
    if (reason) throw new ConfigurationError(`Cannot fuzz '${named.name}' (${named.file}): ${reason}.`);
    return [named];
  }
  const selected: CompiledContract[] = [];
  for (const contract of declared) {
    const reason = skipReason(contract);
    if (reason) logger.warning(`Skipping ${contract.name} (${contract.file}): ${reason}.`);
    else selected.push(contract);
  }
  if (selected.length === 0) {
    throw new ConfigurationError(`No deployable contract in ${config.paths.join(', ')}: Lookout fuzzes non-abstract contracts whose constructor takes no arguments.`);
  }
  return selected;
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}
