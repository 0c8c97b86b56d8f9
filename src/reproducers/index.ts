import type { CompiledProject } from '../build/types.js';
import type { World } from '../deploy/index.js';
import type { Executor } from '../evm/executor.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Check } from '../report/reproducer/checks.js';
import { reproducerSource } from '../report/reproducer/source.js';
import type { Expectation, ReproducerPlan, StepOutcome, TokenView } from '../report/reproducer/types.js';
import type { Report, ReportFinding, ReportReproducer, ReportReproducerRun } from '../report/types.js';
import { reproducerNames, solidityVersion, worldPlan, type WorldPlan } from './plan.js';
import { attackerFor } from './funding.js';
import { replayOutcomes } from './replay.js';
import { tokenViews } from './tokenViews.js';
import { isForgeAvailable } from '../build/forge/index.js';
import { runWithForge } from './forge.js';
import { hasForgeStd, runReproducer, type ReproducerFile, type RunOutcome } from './verify.js';

/** A checked-out revision of the project, removed by `dispose`. */
export interface ProjectCheckout {
  root: string;
  dispose(): void;
}

export interface ReproducerContext {
  /** Head's build, its project root, and the world its campaigns ran in. */
  project: CompiledProject;
  root: string;
  world: World;
  senders: NonNullable<Report['senders']>;
  /**
   * `lookout pr`: the base's deployed world (a behaviour change's expected outcome; absent when the
   * base did not build or deploy) and its sources (where an introduced finding's reproducer must pass).
   */
  base?: { executor?: Executor; checkout: () => Promise<ProjectCheckout> };
  /** A test contract's finding (`harness`): what its campaign started from (the reproducer inherits the test contract). */
  harnessWorld?: (finding: ReportFinding) => WorldPlan | undefined;
  /** `lookout pr`: the same test contract's setUp() world on the base build (a behaviour change's expected outcome), when it built. */
  harnessBase?: (finding: ReportFinding) => Executor | undefined;
  /** `forge test --match-path` on each reproducer too (when forge is on PATH). */
  forge?: (root: string, reproducer: ReproducerFile) => Promise<RunOutcome>;
  logger: Logger;
}

/**
 * Writes a Foundry reproducer for every finding and checks it before it is reported: compiled with
 * the project's settings and run by Lookout's Foundry-test runner, it must fail on head as the
 * finding does and, for a finding the pull request introduced, pass on the base. One that does not
 * is reported with `verified: false` and the reason.
 */
export async function attachReproducers(findings: readonly ReportFinding[], context: ReproducerContext): Promise<void> {
  if (findings.length === 0) return;
  const shared = worldPlan(context.project, context.world, context.senders, hasForgeStd(context.root));
  const names = reproducerNames(findings);
  let base: ProjectCheckout | undefined;
  try {
    if (context.base !== undefined && findings.some((f) => comparesWithBase(f, context))) base = await context.base.checkout();
    for (const [i, finding] of findings.entries()) {
      const start = finding.harness === undefined ? shared : context.harnessWorld?.(finding);
      finding.reproducer = start === undefined
        ? { ...names[i], source: '', verified: false, reason: `the world ${finding.harness!.contract}'s campaign started from is not known`, runs: [] }
        : await reproduce(finding, names[i], start, context, base);
      const { reproducer } = finding;
      context.logger.info(`${reproducer.file}: ${reproducer.verified ? 'verified' : `not verified: ${reproducer.reason}`}`);
    }
  } finally {
    base?.dispose();
  }
}

/**
 * A finding the pull request introduced (a behaviour change always is): its reproducer must pass on
 * the base where the base's world was built (Lookout's deployment, or the test contract's setUp()).
 */
function comparesWithBase(finding: ReportFinding, context: ReproducerContext): boolean {
  return finding.introduced === true && (finding.harness !== undefined || context.base?.executor !== undefined);
}

async function reproduce(finding: ReportFinding, name: { file: string; contract: string }, shared: WorldPlan, context: ReproducerContext, base: ProjectCheckout | undefined): Promise<ReportReproducer> {
  const contract = context.project.contracts.find((c) => c.file === finding.contractFile && c.name === finding.contract);
  const plan: ReproducerPlan = {
    ...shared,
    ...name,
    finding,
    attacker: attackerFor(finding, shared.attacker),
    solidityVersion: solidityVersion(contract?.compilerVersion ?? context.project.compilers[0]?.version ?? '0.8.0'),
  };
  // A behaviour change in token balances: the views the reproducer compares, read around the diverging call.
  const views = finding.behaviour?.difference === 'token-balance' ? tokenViews(shared) : [];
  if (views.length > 0) plan.tokenViews = views;
  // A test contract's sequence replays as forge's invariant mode runs it, going on after a revert: no outcomes needed.
  if (finding.harness === undefined) plan.head = await replayOutcomes(context.world.executor, finding.sequence, views);
  plan.baseOutcome = await baseOutcome(finding, context, views);
  const unverified = (source: string, reason: string, runs: ReportReproducerRun[] = []): ReportReproducer => ({ ...name, source, verified: false, reason, runs });
  let head: Written;
  try {
    head = await writeAndRun(plan, context.root);
    const fallback = fallbackPlan(plan);
    if (head.run?.outcome === 'does-not-compile' && fallback !== undefined) {
      const alone = await writeAndRun(fallback, context.root);
      if (alone.run?.outcome !== 'does-not-compile') head = alone;
    }
  } catch (error) {
    return unverified('', errorMessage(error));
  }
  const { file, check, run } = head;
  if (check.kind === 'unsupported' || run === undefined) return unverified(file.source, check.kind === 'unsupported' ? check.reason : 'not run');
  const runs: ReportReproducerRun[] = [{ runner: 'lookout', revision: 'head', ...run }];
  if (base !== undefined && comparesWithBase(finding, context)) runs.push({ runner: 'lookout', revision: 'base', ...(await runReproducer(base.root, file)) });
  if (context.forge) runs.push({ runner: 'forge', revision: 'head', ...(await context.forge(context.root, file)) });
  const reason = runs.map((r) => judgeRun(r, check.expectation)).find((r) => r !== undefined);
  return { ...name, source: file.source, verified: reason === undefined, reason: reason ?? null, runs };
}

/**
 * A behaviour change's diverging call as the base ended it: replayed on the base's world — Lookout's
 * deployment, or for a test contract's campaign the same test contract's setUp() on the base build.
 */
async function baseOutcome(finding: ReportFinding, context: ReproducerContext, views: readonly TokenView[]): Promise<StepOutcome | undefined> {
  if (finding.kind !== 'behaviour-change') return undefined;
  const executor = finding.harness === undefined ? context.base?.executor : context.harnessBase?.(finding);
  return executor && (await replayOutcomes(executor, finding.sequence, views))?.at(-1);
}

/**
 * A project's own forge-std stand-in may lack a cheatcode the reproducer uses: then it brings its own
 * `Vm`; one inheriting a test contract must use the test's `vm`, so it pranks without tx.origin.
 */
function fallbackPlan(plan: ReproducerPlan): ReproducerPlan | undefined {
  if (plan.harness !== undefined) return plan.prankOrigin === false ? undefined : { ...plan, prankOrigin: false };
  return plan.forgeStd ? { ...plan, forgeStd: false } : undefined;
}

interface Written {
  file: ReproducerFile;
  check: Check;
  /** Lookout's runner on head; undefined when the check is unsupported (nothing would fail). */
  run?: RunOutcome;
}

/** The reproducer's source for the plan, run on head by Lookout's runner when it can show the finding. */
async function writeAndRun(plan: ReproducerPlan, root: string): Promise<Written> {
  const { source, check } = reproducerSource(plan);
  const file: ReproducerFile = { file: plan.file, contract: plan.contract, source, solidityVersion: plan.solidityVersion };
  return { file, check, run: check.kind === 'unsupported' ? undefined : await runReproducer(root, file) };
}

/**
 * Why a run does not confirm the reproducer, or undefined when it does: on head it must fail as the
 * finding does (forge's reason is its own wording: any failure), on the base pass. A reproducer that
 * does not compile on the base (a contract the pull request added) has nothing to confirm there.
 */
function judgeRun(run: ReportReproducerRun, expectation: Expectation): string | undefined {
  const where = `${run.runner === 'forge' ? 'forge' : 'Lookout’s runner'} on ${run.revision}`;
  if (run.revision === 'base') {
    if (run.outcome === 'passed' || run.outcome === 'does-not-compile') return undefined;
    return `${where}: it ${run.outcome === 'failed' ? `fails there too (${run.reason})` : `was skipped (${run.reason})`}, so it does not tell the revisions apart`;
  }
  // forge is optional: one that could not build or run the test (offline, no compiler) confirms nothing and refutes nothing.
  if (run.runner === 'forge' && (run.outcome === 'does-not-compile' || run.outcome === 'skipped')) return undefined;
  if (run.outcome === 'does-not-compile') return `${where}: it does not compile: ${run.reason}`;
  if (run.outcome !== 'failed') return `${where}: it ${run.outcome}${run.reason ? ` (${run.reason})` : ''}; it should ${expectation.description}`;
  if (run.runner === 'lookout' && !expectation.matches(run.reason ?? '')) return `${where}: it fails with ${run.reason}; it should ${expectation.description}`;
  return undefined;
}

/** `forge test` on each reproducer when forge runs here (it is optional: Lookout's runner always checks). */
export async function forgeRunner(): Promise<ReproducerContext['forge']> {
  return (await isForgeAvailable()) ? runWithForge : undefined;
}
