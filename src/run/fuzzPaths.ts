import { type CompiledProject, compileForChange, compileProject, describeDiagnostic, findSolidityFiles } from '../compile/index.js';
import { planBudget } from './budget.js';
import { fuzzPlans, interruptedBy, planned, type ContractPlan, type FuzzOutcome, type RunContext } from './fuzzing.js';
import { deployPlans, projectConfigFor } from './worlds.js';
import { isolated, step } from './step.js';
import { headCoverage } from './coverage.js';
import type { FuzzConfig, LineTarget } from '../config/index.js';
import { ConfigurationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { attachReproducers, forgeRunner } from '../reproducers/index.js';
import { notFuzzedTargets, type ReportTarget, toReportFinding, toReportTargets, unheldLine } from '../report/index.js';
import { buildTargets, type FuzzSelection, type Target, testOrScript } from '../targets/index.js';

/**
 * `lookout fuzz`: every concrete contract declared in the given paths (or the one named), deployed
 * into one world with what their constructors need, each fuzzed with the contracts it was deployed with.
 */
export async function fuzzPaths(config: FuzzConfig, context: RunContext): Promise<FuzzOutcome> {
  const projectConfig = projectConfigFor(config, config.root);
  // The given files and what can deploy them (a mock token for a vault), as for a pull request.
  const given = findSolidityFiles(config.root, config.paths);
  const project =
    (await context.logger.group('Compiling', () => compileForChange(config.root, given, { compiler: projectConfig.compiler }))) ??
    (await compileProject({ root: config.root, paths: config.paths, compiler: projectConfig.compiler }));
  for (const error of project.errors) context.logger.error(describeDiagnostic(error));
  context.signal?.throwIfAborted();
  const targets = lineTargets(project, config.targets, context.logger);
  const deployed = await deployPlans(project, selectContracts(project, config, targets), targets, projectConfig, config, context.logger);
  context.signal?.throwIfAborted();
  if (deployed.plans.length === 0) {
    const why = deployed.deployments.map((d) => `${d.contract} (${d.file}): ${d.skipped}`).join('; ');
    throw new ConfigurationError(`No contract in ${config.paths.join(', ')} could be deployed: ${why}. Pin constructor arguments in lookout.toml.`);
  }
  const budgetPlan = planBudget(config.budget, deployed.plans.map(planned), { workers: config.workers, compared: 0 });
  const results = await fuzzPlans(project, deployed.plans, budgetPlan, config, context);
  const findings = results.flatMap((result) => result.findings.map((f) => toReportFinding(project, result, f)));
  const reproducing = {
    project,
    root: config.root,
    world: deployed.world,
    senders: deployed.senders,
    logger: context.logger,
    interrupted: interruptedBy(context.signal),
  };
  // forge is looked for only when there is something to check (a process spawned costs a fork).
  const stepFailures: string[] = [];
  if (findings.length > 0)
    await step(context, 'Checking reproducers', () =>
      isolated(context.logger, stepFailures, 'Checking reproducers', async () => attachReproducers(findings, { ...reproducing, forge: await forgeRunner() })),
    );
  const reportTargets = [
    ...deployed.plans.flatMap((plan, i) => toReportTargets(plan.targets, results[i])),
    ...deployed.notFuzzed,
    ...unfuzzedLineTargets(project, config.targets, targets, deployed.plans, deployed.notFuzzed),
  ];
  return {
    targets: reportTargets,
    findings,
    results,
    deployments: deployed.deployments,
    senders: deployed.senders,
    project,
    budgetPlan,
    stepFailures,
    // Paths relative to the project root, as the report's.
    ...(config.outputs.lcov !== undefined && { coverage: [headCoverage(results, '')] }),
  };
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
  const changes = [...byFile].map(([path, added]) => ({
    path,
    status: 'modified' as const,
    addedLines: [...new Set(added)].sort((a, b) => a - b),
    deletions: [],
  }));
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
  const covered = new Set([
    ...plans.flatMap((p) => [p.contract.id, ...p.targets.map((t) => t.contract)]),
    ...reported.map((t) => `${t.contractFile}:${t.contract}`),
  ]);
  const outside = targets.filter((t) => !covered.has(t.contract));
  const byId = new Map(project.contracts.map((c) => [c.id, c]));
  const notPlanned = outside.flatMap((t) =>
    notFuzzedTargets([t], `${byId.get(t.contract)!.name} is not among the fuzzed contracts: add its file to the paths`),
  );
  const codeless = lines.filter(({ file, line }) => !targets.some((t) => t.file === file && t.line === line));
  return [...notPlanned, ...codeless.map(({ file, line }) => unheldLine(file, line, 'the line holds no code of a deployable contract'))];
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
