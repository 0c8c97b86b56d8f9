import { compileProject } from './build/compile.js';
import { findSolidityFiles } from './build/sourceFiles.js';
import type { CompiledContract, CompiledProject } from './build/types.js';
import type { Budget } from './config/budget.js';
import type { RunConfig } from './config/types.js';
import { ConfigurationError, errorMessage, isConfigurationError } from './errors.js';
import type { Logger } from './logger.js';
import { systemClock, type Clock } from './fuzz/clock.js';
import { fuzzContract, type ContractCampaignResult } from './fuzz/contractCampaign.js';
import { Rng } from './fuzz/rng.js';
import { cutOffExponential } from './fuzz/schedule.js';
import { toReportFinding } from './fuzz/reportFinding.js';
import type { Report } from './report/types.js';
import { writeJsonReport } from './report/write.js';
import { renderText } from './report/text.js';
import { skipReason, splitBudget } from './targets/contractsToFuzz.js';

export const VERSION = '0.1.0';

/** Share of a time budget kept back for shrinking and replaying findings. */
const SHRINK_SHARE = 0.1;

export interface PipelineDeps {
  logger: Logger;
  clock?: Clock;
}

export interface PipelineResult {
  report: Report;
  /** 0 no findings, 1 findings, 2 the user must fix something (usage, build). */
  exitCode: 0 | 1 | 2;
}

/**
 * Runs the stages in order and always returns a report: a stage that fails leaves its message in
 * `report.errors`, and the JSON report is written even then. Internal errors are rethrown after the
 * report is written.
 */
export async function runPipeline(config: RunConfig, deps: PipelineDeps): Promise<PipelineResult> {
  const clock = deps.clock ?? systemClock;
  const started = clock();
  const report = emptyReport(config);
  let exitCode: PipelineResult['exitCode'] = 0;
  try {
    const project = await deps.logger.group('Compiling', () => compileProject({ root: config.root, paths: config.paths }));
    const contracts = selectContracts(project, config, deps.logger);
    const results = await fuzzAll(project, contracts, config, deps.logger, clock);
    for (const result of results) {
      report.stats.sequences += result.outcome.sequences;
      report.stats.transactions += result.outcome.transactions;
      report.findings.push(...result.findings.map((f) => toReportFinding(project, result, f)));
    }
    const fuzzMs = results.reduce((sum, r) => sum + r.outcome.elapsedMs, 0);
    report.stats.transactionsPerSecond = fuzzMs > 0 ? Math.round((report.stats.transactions * 1000) / fuzzMs) : 0;
    exitCode = report.findings.length > 0 ? 1 : 0;
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

/** The deployable contracts declared in the given paths (or the one `--contract` names). */
function selectContracts(project: CompiledProject, config: RunConfig, logger: Logger): CompiledContract[] {
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

async function fuzzAll(project: CompiledProject, contracts: CompiledContract[], config: RunConfig, logger: Logger, clock: Clock): Promise<ContractCampaignResult[]> {
  const shares = splitBudget(contracts, new Map(), budgetUnits(config.budget));
  const rng = new Rng(config.seed);
  const results: ContractCampaignResult[] = [];
  for (const [i, contract] of contracts.entries()) {
    const budget = contractBudget(config.budget, shares[i]);
    const result = await logger.group(`Fuzzing ${contract.name} (${contract.file})`, () =>
      fuzzContract({
        project,
        contract,
        budget: budget.fuzz,
        rng: rng.fork(contract.name),
        clock,
        schedule: cutOffExponential,
        panicCodes: config.panicCodes,
        maxSequenceLength: config.maxSequenceLength,
        stopOnFinding: config.stopOnFinding,
        shrinkDeadline: budget.shrinkMs === undefined ? undefined : clock() + budget.fuzzMs + budget.shrinkMs,
      }),
    );
    results.push(result);
  }
  return results;
}

/** Integer units to split: milliseconds or transactions. */
function budgetUnits(budget: Budget): number {
  return budget.kind === 'seconds' ? Math.round(budget.seconds * 1000) : budget.executions;
}

function contractBudget(total: Budget, share: number): { fuzz: Budget; fuzzMs: number; shrinkMs?: number } {
  if (total.kind === 'executions') return { fuzz: { kind: 'executions', executions: share }, fuzzMs: 0 };
  const shrinkMs = Math.round(share * SHRINK_SHARE);
  return { fuzz: { kind: 'seconds', seconds: (share - shrinkMs) / 1000 }, fuzzMs: share - shrinkMs, shrinkMs };
}
