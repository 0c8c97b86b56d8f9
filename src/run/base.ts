import path from 'node:path';
import { toFunctionSignature } from 'viem';
import { compileTestsForChange, describeDiagnostic, type CompiledContract, type CompiledProject } from '../compile/index.js';
import type { PrConfig } from '../config/index.js';
import { constructorOf, type DeployedWorld } from '../deploy/index.js';
import type { RevisionExports } from '../diff/index.js';
import { ConfigurationError, errorMessage } from '../errors.js';
import { openSuiteWorld } from '../foundryTests/index.js';
import type { Logger } from '../logger.js';
import { suiteOracles, type OracleSet, type OracleSettings } from '../oracles/index.js';
import type { Report } from '../report/index.js';
import type { ContractPlan } from './fuzzing.js';
import { compileRevision, type BuildPlan } from './revision.js';
import { buildWorld, worldRecipe } from './worlds.js';
import type { WorldRecipe } from '../fuzz/index.js';

/**
 * The base revision as a plan's campaign is compared with it: built and deployed by head's plan (with
 * the oracles a test contract's world is judged by), absent (none of the plan's code exists there, so
 * nothing there can fail: every finding is introduced), or unavailable (no finding can be compared).
 * A built base comes with its recipe, from which worker threads build it again to compare their sequences.
 */
export type Base =
  | { kind: 'built'; world: DeployedWorld; recipe: WorldRecipe; judge?: (settings: OracleSettings) => OracleSet }
  | { kind: 'absent'; reason: string }
  | { kind: 'unavailable'; reason: string; cause: 'not-fetched' | 'does-not-build' };

export interface BaseContext {
  config: PrConfig;
  build: BuildPlan;
  /** The run's exports of its revisions (the base's is shared with its tests' build and the reproducers). */
  exports: RevisionExports;
  projectDir: string;
  mergeBase: string | undefined;
  logger: Logger;
}

const NOT_FETCHED: Base = { kind: 'unavailable', cause: 'not-fetched', reason: 'the checkout lacks the base revision (a shallow clone)' };

/** What the report says of the base (`report.base`): absent code was compared too, trivially. */
export function reportBase(base: Base): NonNullable<Report['base']> {
  return base.kind === 'unavailable' ? base.cause : 'compared';
}

/**
 * The merge-base build, deployed as head was (same wanted contracts, seed and pins): what findings
 * are replayed on.
 */
export async function prepareBase(plans: readonly ContractPlan[], context: BaseContext): Promise<Base> {
  const { mergeBase, logger } = context;
  if (mergeBase === undefined) return NOT_FETCHED;
  if (plans.length === 0) return { kind: 'absent', reason: 'Lookout deployed no contract of its own' };
  const tree = await context.exports.tree(mergeBase);
  const changed = [...new Set(plans.map((p) => p.contract.file))];
  try {
    const base = await logger.group('Compiling base', () => compileRevision(path.join(tree.dir, context.projectDir), changed, context.build, logger));
    if (!base) return { kind: 'absent', reason: "none of the fuzzed contracts' files exists on the base" };
    const failed = base.errors.find((e) => changed.includes(e.file));
    if (failed) throw new ConfigurationError(describeDiagnostic(failed));
    const wanted = base.contracts.filter((c) => plans.some((p) => p.contract.id === c.id));
    for (const contract of wanted) {
      const head = plans.find((p) => p.contract.id === contract.id)!.contract;
      const [before, after] = [contract, head].map((c) => constructorSignature(c));
      if (before !== after)
        logger.info(`${contract.name}: the constructor changed from (${before}) to (${after}); the base is deployed with arguments synthesised for its own.`);
    }
    const recipe = worldRecipe(base, wanted, context.build.projectConfig, context.config.seed);
    return { kind: 'built', world: await buildWorld(recipe), recipe };
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    logger.warning(`The base revision ${mergeBase.slice(0, 12)} does not compile, so no finding can be compared with it: ${errorMessage(error)}`);
    return { kind: 'unavailable', cause: 'does-not-build', reason: errorMessage(error) };
  }
}

/** The constructor's parameter types, canonical (tuples expanded). */
function constructorSignature(contract: CompiledContract): string {
  return toFunctionSignature({ type: 'function', name: '', inputs: constructorOf(contract).params, outputs: [], stateMutability: 'nonpayable' }).slice(1, -1);
}

/**
 * The base of a test contract's campaign: the same test contract's `setUp()` on the tests the change
 * reaches, compiled (once) on the merge-base.
 */
export function baseTests(changed: readonly string[], context: BaseContext): (plan: ContractPlan) => Promise<Base> {
  let builds: Promise<CompiledProject[] | string> | undefined;
  const compile = async (mergeBase: string): Promise<CompiledProject[] | string> => {
    const tree = await context.exports.tree(mergeBase);
    try {
      const root = path.join(tree.dir, context.projectDir);
      const tests = await compileTestsForChange(root, changed, { ...context.build.settings, root });
      return tests.build ? [tests.build] : [];
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      context.logger.warning(`The base revision's tests do not compile, so no finding from a test contract can be compared with it: ${errorMessage(error)}`);
      return errorMessage(error);
    }
  };
  return async (plan) => {
    if (context.mergeBase === undefined) return NOT_FETCHED;
    builds ??= compile(context.mergeBase);
    const compiled = await builds;
    return typeof compiled === 'string' ? { kind: 'unavailable', cause: 'does-not-build', reason: compiled } : suiteBase(plan, compiled);
  };
}

/**
 * The base of a test contract's campaign: the same test contract's `setUp()` run on the base build,
 * judged by its own invariants and tests.
 */
export async function suiteBase(plan: ContractPlan, baseBuilds: readonly CompiledProject[]): Promise<Base> {
  const recipe = plan.world.recipe;
  if (recipe?.kind !== 'suite') throw new Error("suiteBase: the plan is not a test contract's");
  const build = baseBuilds.find((b) => b.contracts.some((c) => c.id === recipe.suite));
  if (build === undefined) return { kind: 'absent', reason: `the base has no ${recipe.suite}` };
  const baseRecipe = { ...recipe, contracts: build.contracts };
  const opened = await openSuiteWorld(baseRecipe);
  if ('reason' in opened) return { kind: 'unavailable', cause: 'does-not-build', reason: opened.reason };
  const { world } = opened;
  return {
    kind: 'built',
    world: { executor: world.executor, contracts: world.contracts },
    recipe: baseRecipe,
    judge: (settings) => suiteOracles(world.suite!, world.contracts, settings),
  };
}
