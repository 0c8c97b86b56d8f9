import { compileProject } from './build/compile.js';
import { findSolidityFiles } from './build/sourceFiles.js';
import type { CompiledProject } from './build/types.js';
import type { PrConfig } from './config/types.js';
import { BuildError, ConfigurationError, errorMessage, isConfigurationError } from './errors.js';
import { exportRevision, type RevisionTree } from './diff/checkout.js';
import { changedLines, repositoryRoot, resolveRange, workTreeIs } from './diff/git.js';
import type { ChangedFile } from './diff/types.js';
import type { Clock } from './fuzz/clock.js';
import { failsOnBase } from './fuzz/introduced.js';
import { toReportFinding, toReportTargets } from './fuzz/reportEntries.js';
import type { Logger } from './logger.js';
import type { ReportFinding, ReportTarget } from './report/types.js';
import { buildTargets } from './targets/buildTargets.js';
import { contractsToFuzz, testOrScript } from './targets/contractsToFuzz.js';
import { fuzzContracts, type ContractPlan } from './campaigns.js';
import type { ContractCampaignResult } from './fuzz/contractCampaign.js';

export interface PullRequestOutcome {
  targets: ReportTarget[];
  findings: ReportFinding[];
  results: ContractCampaignResult[];
}

/**
 * `lookout pr`: the changed Solidity lines of head since its merge-base with base become targets in
 * every deployable contract compiled from them; those contracts are fuzzed, and every finding is
 * replayed on the merge-base build to tell whether the pull request introduced it.
 */
export async function fuzzPullRequest(config: PrConfig, context: { logger: Logger; clock: Clock }): Promise<PullRequestOutcome> {
  const { logger } = context;
  const repo = await repositoryRoot(config.repo);
  const range = await changedRange(repo, config, logger);
  const changes = range.changes.filter((c) => c.status !== 'deleted');
  if (changes.length === 0) {
    logger.info('No Solidity lines changed: nothing to fuzz.');
    return { targets: [], findings: [], results: [] };
  }
  logger.info(`${changes.length} changed Solidity file(s) between ${range.mergeBase?.slice(0, 12) ?? 'the base'} and ${range.head.slice(0, 12)}.`);

  const head = (await workTreeIs(repo, range.head)) ? { dir: repo, dispose: () => undefined } : await exportHead(repo, range);
  try {
    const project = await logger.group('Compiling head', () => compileRevision(head.dir, repo));
    const plans = planCampaigns(project, changes, logger);
    const results = await fuzzContracts(project, plans, config, context);
    const targets = plans.flatMap((plan, i) => toReportTargets(plan.targets, results[i]));
    const findings = await judgeFindings(project, plans, results, config, repo, range.mergeBase, logger);
    return { targets, findings, results };
  } finally {
    head.dispose();
  }
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
    return { changes: await changedLines({ repo, base: config.base, head: config.head }), ...range };
  } catch (error) {
    if (!config.changesWithoutBase || !isConfigurationError(error)) throw error;
    logger.warning(`${errorMessage(error)}. Using the pull request's diff from the GitHub API instead; findings cannot be compared with the base.`);
    return { changes: await config.changesWithoutBase(), head: config.head, mergeBase: undefined };
  }
}

/** Without the base's history, head may be missing too: say how to fetch it rather than fail in git archive. */
async function exportHead(repo: string, range: ChangedRange): Promise<RevisionTree> {
  try {
    return await exportRevision(repo, range.head);
  } catch (error) {
    if (range.mergeBase !== undefined) throw error;
    throw new ConfigurationError(
      `head ${range.head} is not in the checkout; check out the pull request head (actions/checkout with ref: the head sha) or fetch its history (fetch-depth: 0)`,
    );
  }
}

/** Every Solidity source of the revision but Foundry tests and scripts (never fuzzed; they need forge-std). */
function compileRevision(dir: string, repo: string): Promise<CompiledProject> {
  const files = findSolidityFiles(dir, ['.']).filter((f) => testOrScript(f) === undefined);
  return compileProject({ root: dir, paths: files.length > 0 ? files : ['.'] }).then((project) => ({ ...project, root: repo }));
}

function planCampaigns(project: CompiledProject, changes: ChangedFile[], logger: Logger): ContractPlan[] {
  const targets = buildTargets(project, changes);
  const selection = contractsToFuzz(project, targets);
  for (const skipped of selection.skipped) {
    logger.warning(`Not fuzzing ${skipped.contract} (${skipped.file}): ${skipped.reason}; its changed lines are left out of the report.`);
  }
  return selection.contracts.map((contract) => ({ contract, targets: targets.filter((t) => t.contract === contract.name) }));
}

/**
 * Report findings, each replayed on the merge-base build: `introduced` false when it fails there too,
 * null when there is no merge-base to replay on.
 */
async function judgeFindings(
  project: CompiledProject,
  plans: readonly ContractPlan[],
  results: ContractCampaignResult[],
  config: PrConfig,
  repo: string,
  mergeBase: string | undefined,
  logger: Logger,
): Promise<ReportFinding[]> {
  const found = results.flatMap((result, i) => result.findings.map((finding) => ({ result, finding, targets: plans[i].targets })));
  if (found.length === 0) return [];
  if (mergeBase === undefined) return found.map(({ result, finding, targets }) => toReportFinding(project, result, finding, targets));
  let base: { project: CompiledProject; tree: RevisionTree } | undefined;
  const tree = await exportRevision(repo, mergeBase);
  try {
    try {
      base = { project: await compileRevision(tree.dir, repo), tree };
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      logger.warning(`The base revision ${mergeBase.slice(0, 12)} does not compile, so no finding can be compared with it: ${errorMessage(error)}`);
    }
    const findings: ReportFinding[] = [];
    for (const { result, finding, targets } of found) {
      const entry = toReportFinding(project, result, finding, targets);
      entry.introduced = base
        ? !(await failsOnBase(base.project, result.contract.name, finding.sequence, finding.failure, config.panicCodes))
        : null;
      findings.push(entry);
    }
    return findings;
  } finally {
    tree.dispose();
  }
}
