import { type CompiledProject, isForgeAvailable } from '../compile/index.js';
import type { DeployedProject } from '../deploy/index.js';
import { BEHAVIOUR_KINDS } from '../oracles/index.js';
import type { Executor } from '../evm/index.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Check } from './source/checks.js';
import { reproducerBaseSource } from './source/base.js';
import { reproducerSource } from './source/source.js';
import type { Expectation, ReproducerPlan, StepOutcome, TokenView } from './source/types.js';
import { behaviourGroups, type Report, type ReportFinding, type ReportReproducer, type ReportReproducerRun } from '../report/index.js';
import { compilerTooOld, reproducerNames, reproducerPragma, solidityVersion, worldPlan, type WorldPlan } from './plan.js';
import { attackerFor } from './plannedFunding.js';
import { type FoundIn, replayOutcomes } from './replay.js';
import { tokenViews } from './tokenViews.js';
import { runWithForge } from './forge.js';
import { hasForgeStd, runReproducers, type ReproducerFile, type RunOutcome } from './verify.js';

/** A checked-out revision of the project, removed by `dispose`. */
export interface ProjectCheckout {
  root: string;
  dispose(): void;
}

export interface ReproducerContext {
  /** Head's build, its project root, and the world its campaigns ran in. */
  project: CompiledProject;
  root: string;
  world: DeployedProject;
  senders: NonNullable<Report['senders']>;
  /**
   * `lookout pr`: the base's deployed world (a behaviour change's expected outcome; absent when the
   * base did not build or deploy) and its sources (where an introduced finding's reproducer must pass).
   */
  base?: { executor?: Executor; checkout: () => Promise<ProjectCheckout> };
  /** A test contract's finding (`harness`): what its campaign started from (the reproducer inherits the test contract). */
  suiteWorld?: (finding: ReportFinding) => WorldPlan | undefined;
  /** `lookout pr`: the same test contract's setUp() world on the base build (a behaviour change's expected outcome), when it built. */
  suiteBase?: (finding: ReportFinding) => Executor | undefined;
  /** `forge test` on the reproducers too, all in one invocation (when forge is on PATH); outcomes in their order. */
  forge?: (root: string, reproducers: readonly ReproducerFile[]) => Promise<RunOutcome[]>;
  logger: Logger;
  /** True once the run is interrupted: reproducers are still written, but no more are run (nor reported verified). */
  interrupted?: () => boolean;
}

/** Why a reproducer written after (or while) the run was interrupted is not verified. */
const NOT_CHECKED = 'the run was interrupted before it was checked';

/**
 * Writes a Foundry reproducer for every finding, and for each group of behaviour changes its
 * representative's (the outputs show a group as one item), and checks it before it is reported: compiled with
 * the project's settings and run by Lookout's Foundry-test runner, it must fail on head as the
 * finding does and, for a finding the pull request introduced, pass on the base. One that does not
 * is reported with `verified: false` and the reason.
 */
export async function attachReproducers(found: readonly ReportFinding[], context: ReproducerContext): Promise<void> {
  const others = new Set(behaviourGroups({ findings: found, senders: context.senders }).flatMap((group) => group.examples.slice(1)));
  const findings = found.filter((finding) => !others.has(finding));
  if (findings.length === 0) return;
  const shared = worldPlan(context.project, context.world, context.senders, hasForgeStd(context.root));
  const names = reproducerNames(findings);
  let base: ProjectCheckout | undefined;
  try {
    if (context.base !== undefined && !context.interrupted?.() && findings.some((f) => comparesWithBase(f, context))) base = await context.base.checkout();
    const drafts: Draft[] = [];
    for (const [i, finding] of findings.entries()) {
      const start = finding.harness === undefined ? shared : deployedHarness(context.suiteWorld?.(finding), shared);
      if (start === undefined) {
        finding.reproducer = {
          ...names[i],
          source: '',
          verified: false,
          reason: `the world ${finding.harness!.contract}'s campaign started from is not known`,
          runs: [],
        };
        continue;
      }
      const version = compilerOf(finding, context.project);
      const tooOld = compilerTooOld(finding.contract, version);
      if (tooOld !== undefined) {
        finding.reproducer = { ...names[i], source: '', verified: false, reason: tooOld, runs: [] };
        continue;
      }
      const plan = await planFor(finding, names[i], start, version, context);
      try {
        drafts.push({ finding, name: names[i], plan, ...written(plan) });
      } catch (error) {
        finding.reproducer = { ...names[i], source: '', verified: false, reason: errorMessage(error), runs: [] };
      }
    }
    await verify(drafts, context, base);
    for (const { reproducer } of findings)
      context.logger.info(`${reproducer!.file}: ${reproducer!.verified ? 'verified' : `not verified: ${reproducer!.reason}`}`);
  } finally {
    base?.dispose();
  }
}

/** A harness the reproducer deploys rather than inherits (Echidna's and Medusa's) is a test of its own: forge-std's `Test` where the project has it. */
function deployedHarness(start: WorldPlan | undefined, shared: WorldPlan): WorldPlan | undefined {
  return start === undefined || start.harness !== undefined ? start : { ...start, forgeStd: shared.forgeStd };
}

/** A finding's reproducer written, with its head run once it has one. */
interface Draft extends Written {
  finding: ReportFinding;
  name: { file: string; contract: string };
  plan: ReproducerPlan;
}

/**
 * Runs every draft on head, the fallback of each that did not compile, then on the base where the
 * finding was introduced and with forge where it runs — each revision's reproducers in one compile.
 */
async function verify(drafts: readonly Draft[], context: ReproducerContext, base: ProjectCheckout | undefined): Promise<void> {
  const runnable = drafts.filter((d) => d.check.kind !== 'unsupported');
  // Checked between the runs: a reproducer run only in part proves nothing, so an interruption leaves all unverified.
  const leftUnchecked = () => {
    if (!context.interrupted?.()) return false;
    for (const d of drafts) d.finding.reproducer = { ...reported(d), verified: false, reason: NOT_CHECKED, runs: [] };
    return true;
  };
  if (leftUnchecked()) return;
  try {
    await runOnHead(runnable, context.root);
    const retried = runnable.flatMap((d) => {
      const fallback = d.run?.outcome === 'does-not-compile' ? fallbackPlan(d.plan) : undefined;
      return fallback === undefined ? [] : [{ draft: d, alone: { ...d, plan: fallback, ...written(fallback) } }];
    });
    await runOnHead(
      retried.map((r) => r.alone),
      context.root,
    );
    for (const { draft, alone } of retried) if (alone.run?.outcome !== 'does-not-compile') Object.assign(draft, alone);
  } catch (error) {
    for (const d of drafts) d.finding.reproducer = { ...d.name, source: '', verified: false, reason: errorMessage(error), runs: [] };
    return;
  }
  if (leftUnchecked()) return;
  const onBase = base === undefined ? [] : runnable.filter((d) => comparesWithBase(d.finding, context));
  const baseRuns =
    base === undefined
      ? []
      : await runReproducers(
          base.root,
          onBase.map((d) => d.file),
        );
  if (leftUnchecked()) return;
  // One forge build and run for all: of those that compiled on head (one that did not would fail forge's whole build).
  const onForge = context.forge ? runnable.filter((d) => d.run !== undefined && d.run.outcome !== 'does-not-compile') : [];
  const forgeRuns = context.forge
    ? await context.forge(
        context.root,
        onForge.map((d) => d.file),
      )
    : [];
  if (leftUnchecked()) return;
  for (const d of drafts) {
    if (d.check.kind === 'unsupported' || d.run === undefined) {
      d.finding.reproducer = { ...reported(d), verified: false, reason: d.check.kind === 'unsupported' ? d.check.reason : 'not run', runs: [] };
      continue;
    }
    const runs: ReportReproducerRun[] = [{ runner: 'lookout', revision: 'head', ...d.run }];
    const baseRun = baseRuns[onBase.indexOf(d)];
    if (baseRun !== undefined) runs.push({ runner: 'lookout', revision: 'base', ...baseRun });
    const forgeRun = forgeRuns[onForge.indexOf(d)];
    if (forgeRun !== undefined) runs.push({ runner: 'forge', revision: 'head', ...forgeRun });
    const expectation = d.check.expectation;
    const reason = runs.map((r) => judgeRun(r, expectation)).find((r) => r !== undefined);
    d.finding.reproducer = { ...reported(d), verified: reason === undefined, reason: reason ?? null, runs };
  }
}

/** The reproducer as reported, before its verdict: with the shared base file it imports, so that it stands alone. */
function reported(d: Draft): Pick<ReportReproducer, 'file' | 'contract' | 'source' | 'base'> {
  return { ...d.name, source: d.file.source, ...(d.file.base !== undefined && { base: { file: d.file.base, source: reproducerBaseSource() } }) };
}

async function runOnHead(drafts: readonly Written[], root: string): Promise<void> {
  const outcomes = await runReproducers(
    root,
    drafts.map((d) => d.file),
  );
  drafts.forEach((d, i) => (d.run = outcomes[i]));
}

/** The compiler the finding's contract was built with: its reproducer's. */
function compilerOf(finding: ReportFinding, project: CompiledProject): string {
  const contract = project.contracts.find((c) => c.file === finding.contractFile && c.name === finding.contract);
  return solidityVersion(contract?.compilerVersion ?? project.compilers[0]?.version ?? '0.8.0');
}

/** What the reproducer of a finding must show, and the outcomes it is written from. */
async function planFor(
  finding: ReportFinding,
  name: { file: string; contract: string },
  shared: WorldPlan,
  version: string,
  context: ReproducerContext,
): Promise<ReproducerPlan> {
  const subject = context.project.sources.find((s) => s.path === finding.contractFile);
  const plan: ReproducerPlan = {
    ...shared,
    ...name,
    finding,
    attacker: attackerFor(finding, shared.attacker),
    solidityVersion: version,
    pragma: reproducerPragma(subject?.content, version),
  };
  // A behaviour change in token balances: the views the reproducer compares, read around the diverging call.
  const views = finding.behaviour?.difference === 'token-balance' ? tokenViews(shared) : [];
  if (views.length > 0) plan.tokenViews = views;
  // A test contract's sequence replays as forge's invariant mode runs it, going on after a revert: no outcomes needed.
  if (finding.harness === undefined) plan.head = await replayOutcomes(context.world.executor, finding.sequence, { views });
  plan.baseOutcome = await baseOutcome(finding, context, { views, foundIn: shared.deployments });
  return plan;
}

/**
 * A finding the pull request introduced (a behaviour change always is): its reproducer must pass on
 * the base where the base's world was built (Lookout's deployment, or the test contract's setUp()).
 */
function comparesWithBase(finding: ReportFinding, context: ReproducerContext): boolean {
  return finding.introduced === true && (finding.harness !== undefined || context.base?.executor !== undefined);
}

/**
 * A behaviour change's diverging call as the base ended it: replayed on the base's world — Lookout's
 * deployment, or for a test contract's campaign the same test contract's setUp() on the base build.
 */
async function baseOutcome(
  finding: ReportFinding,
  context: ReproducerContext,
  found: { views: readonly TokenView[]; foundIn: FoundIn },
): Promise<StepOutcome | undefined> {
  if (!BEHAVIOUR_KINDS.includes(finding.kind)) return undefined;
  const executor = finding.harness === undefined ? context.base?.executor : context.suiteBase?.(finding);
  return executor && (await replayOutcomes(executor, finding.sequence, found))?.at(-1);
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
  /** Lookout's runner on head; undefined until run, and when the check is unsupported (nothing would fail). */
  run?: RunOutcome;
}

/** The reproducer's source for the plan, and the check that says what its run must show. */
function written(plan: ReproducerPlan): Written {
  const { source, check, base } = reproducerSource(plan);
  return { file: { file: plan.file, contract: plan.contract, source, solidityVersion: plan.solidityVersion, ...(base !== undefined && { base }) }, check };
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

/** `forge test` on all the reproducers at once when forge runs here (it is optional: Lookout's runner always checks). */
export async function forgeRunner(): Promise<ReproducerContext['forge']> {
  return (await isForgeAvailable()) ? runWithForge : undefined;
}
