import path from 'node:path';
import {
  type CompiledContract,
  type CompiledProject,
  describeDiagnostic,
  isTestOrScript,
  type ProjectSettings,
  readProjectSettings,
} from '../compile/index.js';
import { findProjectRoot, type PrConfig, readHarnessConfig } from '../config/index.js';
import { ConfigurationError, errorMessage, isConfigurationError } from '../errors.js';
import {
  type ChangedFile,
  changedLinesBetween,
  isInside,
  repositoryRoot,
  resolveRange,
  revisionExports,
  type RevisionExports,
  type RevisionTree,
} from '../diff/index.js';
import { type BaseReplay, type BlockHits, type ContractCampaignResult, failsOnBase, type HarnessSetup } from '../fuzz/index.js';
import { mergeTargets, type ReportFinding, toReportFinding, toReportTargets, unheldLine } from '../report/index.js';
import { baseTests, prepareBase, reportBase, type Base, type BaseContext } from './base.js';
import { planSuites } from './plans.js';
import { checkoutProject, compileHead, type BuildPlan } from './revision.js';
import type { Logger } from '../logger.js';
import { buildTargets, changedCodeLines, contractsToFuzz } from '../targets/index.js';
import { BehaviourWatch, behaviourChanges, ComparisonAllowance } from './behaviourWatch.js';
import { planBudget } from './budget.js';
import { seedsSummary } from './harnessCorpora.js';
import { fuzzPlans, interruptedBy, planned, type ContractPlan, type FuzzOutcome, type RunContext } from './fuzzing.js';
import { deployPlans, projectConfigFor } from './worlds.js';
import { accountLegend } from './accountLegend.js';
import { isolated, step } from './step.js';
import { baseCoverage, headCoverage } from './coverage.js';
import type { DeployedWorld } from '../deploy/index.js';
import { attachReproducers, forgeRunner, suitePlan, type ReproducerContext } from '../reproducers/index.js';

/**
 * `lookout pr`: the changed Solidity lines of head since its merge-base with base become targets in
 * every deployable contract compiled from them; those contracts are deployed (with what their
 * constructors need) and fuzzed, and every finding is replayed on the merge-base build, deployed by
 * the same plan, to tell whether the pull request introduced it.
 */
export async function fuzzPullRequest(config: PrConfig, context: RunContext): Promise<FuzzOutcome> {
  const { logger, signal } = context;
  const repo = await repositoryRoot(config.repo);
  // A project inside a larger repository: paths are reported relative to the project's root.
  const projectDir = projectWithin(repo, config.repo);
  const range = await changedRange(repo, config, logger);
  const changes = range.changes.filter((c) => c.status !== 'deleted').flatMap((c) => underProject(c, projectDir));
  const revisions = { head: range.head, mergeBase: range.mergeBase ?? null };
  if (changes.length === 0) {
    logger.info('No Solidity lines changed: nothing to fuzz.');
    return { targets: [], findings: [], results: [], revisions, base: range.mergeBase === undefined ? 'not-fetched' : 'compared' };
  }
  logger.info(`${changes.length} changed Solidity file(s) between ${range.mergeBase?.slice(0, 12) ?? 'the base'} and ${range.head.slice(0, 12)}.`);

  // Always the committed tree: untracked files (an earlier run's reproducers, a report folder) are not the project.
  // Each revision is exported once for the run (head; the base for its build, its tests and the reproducers).
  const exports = revisionExports(repo);
  const head = await exportHead(exports, range);
  for (const link of head.escapingLinks) {
    logger.warning(`${link} is a symlink committed to point outside the repository: Lookout does not follow it, and builds the head without it.`);
  }
  try {
    const headRoot = path.join(head.dir, projectDir);
    const projectConfig = projectConfigFor(config, headRoot);
    const settings = {
      ...committedSettings(headRoot, head.dir, repo),
      excluded: outputFolders(config, path.join(repo, projectDir)),
    };
    for (const warning of settings.warnings) logger.warning(warning);
    const build: BuildPlan = { settings, projectConfig };
    const headBuild = await logger.group('Compiling head', () =>
      compileHead(
        headRoot,
        changes.map((c) => c.path),
        build,
        logger,
      ),
    );
    const { project, tests: testBuilds } = headBuild;
    if (!project)
      throw new ConfigurationError(`None of the changed files (${changes.map((c) => c.path).join(', ')}) is a Solidity source of the project at ${headRoot}.`);
    signal?.throwIfAborted();
    const targets = buildTargets(project, changes);
    const changedPaths = changes.map((c) => c.path);
    const harnessConfig = readHarnessConfig(headRoot);
    for (const note of harnessConfig.notes) logger.info(note);
    const suiteOptions = {
      folder: settings.test,
      failOnRevert: settings.invariant.failOnRevert,
      profile: settings.profile,
      harnesses: { config: harnessConfig, chain: projectConfig.chain },
    };
    const planning = () => planSuites([project, ...testBuilds], changes, suiteOptions, logger);
    // A project without tests has no setUp() to run: no heading for it.
    const suites = testBuilds.length > 0 ? await logger.group("Running the test contracts' setUp()", planning) : await planning();
    // A changed contract a test contract's setUp() deploys is fuzzed from there, not deployed again.
    const selection = contractsToFuzz(project, targets);
    const uncovered = { ...selection, contracts: selection.contracts.filter((c) => !suites.covered.has(c.id)) };
    const deployed = await deployPlans(project, uncovered, targets, projectConfig, config, logger);
    signal?.throwIfAborted();
    // Deployment plans first, then the test contracts' (report targets are read back in that order).
    const plans = [...deployed.plans, ...suites.plans];
    const baseContext: BaseContext = { config, build, exports, projectDir, mergeBase: range.mergeBase, logger };
    const base = await prepareBase(deployed.plans, baseContext);
    const suiteBases = baseTests(changedPaths, baseContext);
    // Each plan's base world: the deployment's, or the same test contract's setUp() on the base build.
    const bases = await Promise.all(plans.map((plan) => (plan.harness === undefined ? base : suiteBases(plan))));
    signal?.throwIfAborted();
    const compared = bases.flatMap((world, i) => (world.kind === 'built' ? [i] : []));
    const comparing = config.behaviourDiff && compared.length > 0;
    const budgetPlan = planBudget(config.budget, plans.map(planned), { workers: config.workers, compared: comparing ? compared.length : 0 });
    const allowance = budgetPlan.comparison && new ComparisonAllowance(budgetPlan.comparison, context.clock);
    // `--lcov`: what runs on each base world is counted there (deployment plans share one world).
    const baseHits = config.outputs.lcov === undefined ? undefined : new Map<DeployedWorld, BlockHits>();
    const hitsOn = (base: Base) => {
      if (baseHits === undefined || base.kind !== 'built') return undefined;
      if (!baseHits.has(base.world)) baseHits.set(base.world, new Map());
      return baseHits.get(base.world);
    };
    const watches = plans.map((plan, i) => {
      const world = bases[i];
      return allowance && world.kind === 'built'
        ? new BehaviourWatch(plan.world, world.world, allowance, { thread: 'main', baseRecipe: world.recipe, baseBlocks: hitsOn(world) })
        : undefined;
    });
    const results = await fuzzPlans(project, plans, budgetPlan, config, context, {
      watch: (i) => watches[i],
      onBase: (i) => baseReplay(plans[i], bases[i], hitsOn(bases[i])),
    });
    const findings = judgeFindings(project, plans, results, bases);
    const stepFailures: string[] = [];
    if (!config.behaviourDiff) {
      logger.info('The behaviour diff is off (--no-behaviour-diff).');
    } else if (!comparing) {
      if (plans.length > 0) logger.info('No base build to compare behaviour with: the behaviour diff is skipped.');
    } else if (signal?.aborted) {
      logger.info('Interrupted: the behaviour comparison after the campaigns is skipped.');
    } else if (allowance) {
      allowance.startFinal();
      // One contract's comparison that fails (a shape Lookout does not handle) leaves the others' and the findings.
      await step(context, 'Comparing behaviour with the base', async () => {
        for (const [part, i] of compared.entries()) {
          allowance.startFinalPart(part, compared.length);
          const changes = await isolated(logger, stepFailures, `Comparing ${plans[i].contract.name}'s behaviour with the base`, () =>
            behaviourChanges(plans[i].build ?? project, plans[i], results[i], watches[i]!, logger, config.acceptBehaviourChange),
          );
          findings.push(...(changes ?? []).map((change) => suiteFinding(plans[i], change)));
        }
      });
    }
    const mergeBase = range.mergeBase;
    const senders = accountLegend(deployed.senders, deployed.plans.length > 0, harnessSetups(suites.plans));
    const reproducing: ReproducerContext = {
      project,
      root: headRoot,
      world: deployed.world,
      senders,
      logger,
      interrupted: interruptedBy(signal),
      base:
        mergeBase === undefined
          ? undefined
          : { executor: base.kind === 'built' ? base.world.executor : undefined, checkout: () => checkoutProject(exports, mergeBase, projectDir) },
      // A test contract's finding: its reproducer inherits the test contract and starts from its setUp().
      suiteWorld: (finding) => {
        const plan = suitePlanOf(suites.plans, finding);
        return plan && suitePlan(plan.world, plan.harness!, plan.build ?? project, senders);
      },
      suiteBase: (finding) => {
        const plan = suitePlanOf(suites.plans, finding);
        const world = plan && bases[plans.indexOf(plan)];
        return world?.kind === 'built' ? world.world.executor : undefined;
      },
    };
    // forge is looked for only when there is something to check (a process spawned costs a fork).
    if (findings.length > 0)
      await step(context, 'Checking reproducers', () =>
        isolated(logger, stepFailures, 'Checking reproducers', async () => attachReproducers(findings, { ...reproducing, forge: await forgeRunner() })),
      );
    const suiteTargets = suites.plans.flatMap((plan, i) => toReportTargets(plan.targets, results[deployed.plans.length + i]));
    return {
      targets: [
        ...deployed.plans.flatMap((plan, i) => toReportTargets(plan.targets, results[i])),
        ...mergeTargets(suiteTargets),
        ...deployed.notFuzzed,
        ...notCompiledTargets(project, testBuilds, changes),
      ],
      findings,
      results,
      revisions,
      seeds: seedsSummary(plans.map((plan, i) => ({ seeds: plan.seeds, corpus: results[i]?.corpus }))),
      deployments: [...deployed.deployments, ...suites.deployments],
      senders,
      project,
      base: reportBase(base),
      budgetPlan,
      ...(comparing && { behaviourDiff: await comparisonCosts(watches) }),
      stepFailures,
      ...(baseHits && { coverage: [headCoverage(results, projectDir), baseCoverage(baseHits, projectDir)] }),
    };
  } finally {
    exports.dispose();
  }
}

/** Head's settings, their problems and warnings naming foundry.toml where the user sees it (the repository), not in head's temporary export. */
function committedSettings(headRoot: string, exported: string, repo: string): ProjectSettings {
  const inRepository = (text: string) => text.replaceAll(exported, repo);
  try {
    const settings = readProjectSettings(headRoot, process.env);
    return { ...settings, warnings: settings.warnings.map(inRepository) };
  } catch (error) {
    if (!isConfigurationError(error)) throw error;
    throw new ConfigurationError(inRepository(errorMessage(error)));
  }
}

/** The reproducers folder when it lies in the project (the Action's default does): Lookout's output, not the project's tests. */
function outputFolders(config: PrConfig, projectRoot: string): string[] {
  const folder = config.outputs.reproducers;
  return folder !== undefined && isInside(projectRoot, path.resolve(folder)) ? [path.relative(projectRoot, path.resolve(folder))] : [];
}

/** The project folder (relative to the repository) that `dir` belongs to; '' for the repository itself. */
function projectWithin(repo: string, dir: string): string {
  const relative = path.relative(repo, findProjectRoot(path.resolve(dir)));
  return relative.startsWith('..') || path.isAbsolute(relative) ? '' : relative.split(path.sep).join('/');
}

function underProject(change: ChangedFile, projectDir: string): ChangedFile[] {
  if (projectDir === '') return [change];
  const prefix = `${projectDir}/`;
  return change.path.startsWith(prefix) ? [{ ...change, path: change.path.slice(prefix.length) }] : [];
}

interface ChangedRange {
  changes: ChangedFile[];
  head: string;
  /** Undefined when the base is not in the local history and the changes came from `changesWithoutBase`. */
  mergeBase: string | undefined;
}

/**
 * The local diff when the base and its merge-base with head are in the repository; otherwise, when the
 * config offers them, the changes from elsewhere (a shallow checkout of the PR head in the Action).
 */
async function changedRange(repo: string, config: PrConfig, logger: Logger): Promise<ChangedRange> {
  try {
    const range = await resolveRange({ repo, base: config.base, head: config.head });
    return { changes: await changedLinesBetween(repo, range), ...range };
  } catch (error) {
    if (!config.changesWithoutBase || !isConfigurationError(error)) throw error;
    logger.warning(`${errorMessage(error)}. Using the pull request's diff from the GitHub API instead; findings cannot be compared with the base.`);
    return { changes: await config.changesWithoutBase(), head: config.head, mergeBase: undefined };
  }
}

/** Without the base's history, head may be missing too: say how to fetch it rather than fail in git archive. */
async function exportHead(exports: RevisionExports, range: ChangedRange): Promise<RevisionTree> {
  try {
    return await exports.tree(range.head);
  } catch (error) {
    if (range.mergeBase !== undefined) throw error;
    throw new ConfigurationError(
      `head ${range.head} is not in the checkout; check out the pull request head (actions/checkout with ref: the head sha) or fetch its history (fetch-depth: 0)`,
    );
  }
}

/** Changed lines of files that did not compile (`not-fuzzed`, with the compiler's first word on them), and the code lines of changed test files. */
function notCompiledTargets(project: CompiledProject, testBuilds: readonly CompiledProject[], changes: readonly ChangedFile[]): FuzzOutcome['targets'] {
  return changes.flatMap((change) => {
    if (project.sources.some((s) => s.path === change.path)) return [];
    if (isTestOrScript(change.path)) {
      const reason = `${change.path} is a Foundry test or script: its own lines are not targets (a test contract is fuzzed from its setUp() when that deploys changed code)`;
      return changedCodeLines(change.path, change.addedLines, testBuilds).map((line) => unheldLine(change.path, line, reason));
    }
    const error = project.errors.find((e) => e.file === change.path) ?? project.errors[0];
    const reason = `${change.path} was not compiled${error ? `: ${describeDiagnostic(error)}` : ''}`;
    return change.addedLines.map((line) => unheldLine(change.path, line, reason));
  });
}

/**
 * How a plan's campaign replays its findings on its base, when that was built: every oracle, with the
 * campaign's probe slot, judges the base as it judged head. `blockHits`: where the replays are counted (`--lcov`).
 */
function baseReplay(plan: ContractPlan, base: Base, blockHits: BlockHits | undefined): BaseReplay | undefined {
  if (base.kind !== 'built') return undefined;
  return (sequence, failure, settings) =>
    failsOnBase(base.world, plan.world.contracts, plan.contract.id, sequence, failure, settings, { judge: base.judge, blockHits });
}

/**
 * Report findings, each judged by its campaign's replay on the base (`onBase`): `introduced` false
 * when it fails there too, true when it does not or the base lacks the code, null when there is no
 * base to replay on.
 */
function judgeFindings(project: CompiledProject, plans: readonly ContractPlan[], results: ContractCampaignResult[], bases: readonly Base[]): ReportFinding[] {
  return results.flatMap((result, i) => {
    const plan = plans[i];
    return result.findings.map((finding) => {
      const entry = toReportFinding(plan.build ?? project, result, finding, plan.targets, failedIn(plan, finding));
      return suiteFinding(plan, { ...entry, introduced: bases[i].kind === 'unavailable' ? null : finding.onBase !== true });
    });
  });
}

/**
 * The contract whose code a finding failed in, when a test contract's campaign found it: a
 * property (invariant, test) is the test contract's, anything else the deployed contract running the
 * failing code. Undefined elsewhere (the campaign's subject).
 */
function failedIn(plan: ContractPlan, finding: ContractCampaignResult['findings'][number]): CompiledContract | undefined {
  if (plan.harness === undefined || finding.failure.property !== undefined) return undefined;
  const index = plan.world.executor.deployments.findIndex((d) => d.codeId === finding.failure.codeId);
  return index < 0 ? undefined : plan.world.contracts[index];
}

/**
 * The test contract's campaign a finding came from: its stateless one when the sequence calls the test
 * contract itself (invariant sequences call only what setUp() deployed), else its invariant one.
 */
function suitePlanOf(plans: readonly ContractPlan[], finding: ReportFinding): ContractPlan | undefined {
  const { harness } = finding;
  if (harness === undefined) return undefined;
  const from = plans.filter((p) => p.harness?.file === harness.file && p.harness.contract === harness.contract);
  // An Echidna/Medusa harness has one campaign; a forge suite's stateless one calls the test contract itself.
  const mode = finding.sequence.some((call) => call.contract === harness.contract) ? 'stateless' : 'invariant';
  return from.find((p) => p.harness!.mode === 'harness') ?? from.find((p) => p.harness!.mode === mode);
}

/** The settings of the Echidna/Medusa harnesses campaigns ran through. */
function harnessSetups(plans: readonly ContractPlan[]): HarnessSetup[] {
  return plans.flatMap(({ world: { recipe } }) => (recipe?.kind === 'suite' && recipe.harness ? [recipe.harness] : []));
}

/** A test contract's finding names the test contract (the reproducer inherits it). */
function suiteFinding(plan: ContractPlan, finding: ReportFinding): ReportFinding {
  return plan.harness === undefined ? finding : { ...finding, harness: { file: plan.harness.file, contract: plan.harness.contract } };
}

/** What the watches' comparisons cost: sequences run on both revisions, and replays shrinking their examples took. */
async function comparisonCosts(watches: readonly (BehaviourWatch | undefined)[]): Promise<NonNullable<FuzzOutcome['behaviourDiff']>> {
  const costs = { compared: 0, shrinkReplays: 0 };
  for (const watch of watches) {
    if (watch === undefined) continue;
    costs.compared += watch.compared;
    costs.shrinkReplays += await watch.shrinkReplays();
  }
  return costs;
}
