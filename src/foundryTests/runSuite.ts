import type { CompiledProject } from '../compile/index.js';
import { Dictionary, generateInputs, type ValueContext } from '../fuzz/index.js';
import { Rng } from '../rng.js';
import { type AbiValue, encodeFunctionCall, functionTarget } from '../abi/index.js';
import { runInvariant } from './invariant.js';
import { FORGE_SENDER, isSkipped, type SuiteOptions, SuiteSession } from './suiteSession.js';
import type { SuiteResult, TestFunction, TestResult, TestSuite } from './types.js';

export interface RunOptions extends SuiteOptions {
  seed: number | string;
  /** Accepted inputs per fuzz test (forge's default is 256). */
  fuzzRuns?: number;
  /** `vm.assume` rejections allowed per fuzz test before it fails. */
  maxRejects?: number;
  /** Sequences per invariant, and calls per sequence (forge: 256 × 500; smaller here by default). */
  invariantRuns?: number;
  invariantDepth?: number;
}

const DEFAULTS = { fuzzRuns: 256, invariantRuns: 32, invariantDepth: 15 };

/** Runs every test of a suite from its post-`setUp` state; a failing `setUp()` skips them all, saying why. */
export async function runSuite(project: CompiledProject, suite: TestSuite, options: RunOptions): Promise<SuiteResult> {
  const name = `${suite.contract.file}:${suite.contract.name}`;
  const session = await SuiteSession.open(project, suite, options);
  if (isSkipped(session)) return { suite: name, setUp: session, results: [] };
  const rng = new Rng(options.seed);
  const results: TestResult[] = [];
  for (const test of suite.tests) results.push(await runTest(session, test, options, rng.fork(test.name)));
  return { suite: name, setUp: { status: 'ready' }, results };
}

/** One test by its kind: one call (unit), generated inputs (fuzz), random sequences (invariant). */
export async function runTest(session: SuiteSession, test: TestFunction, options: RunOptions, rng: Rng): Promise<TestResult> {
  const ctx = valueContext(session, rng);
  switch (test.kind) {
    case 'unit':
      return runWithInputs(session, test, []);
    case 'fuzz':
      return runFuzz(session, test, options.fuzzRuns ?? DEFAULTS.fuzzRuns, options.maxRejects, ctx);
    case 'invariant':
      return runInvariant(
        session,
        test,
        { runs: options.invariantRuns ?? DEFAULTS.invariantRuns, depth: options.invariantDepth ?? DEFAULTS.invariantDepth },
        ctx,
      );
  }
}

/** One call with the given arguments (a unit test, or a fuzz test's counterexample replayed). */
export async function runWithInputs(session: SuiteSession, test: TestFunction, args: readonly AbiValue[]): Promise<TestResult> {
  const data = encodeFunctionCall(test.fn, args);
  const verdict = await session.call(data, test.expectsFailure);
  const base = { name: test.name, kind: test.kind, runs: 1 };
  switch (verdict.kind) {
    case 'passed':
      return { ...base, status: 'passed', rejected: 0 };
    case 'rejected':
      return { ...base, status: 'skipped', reason: 'vm.assume rejected the input', rejected: 1 };
    case 'skipped':
      return { ...base, status: 'skipped', reason: verdict.reason, rejected: 0 };
    case 'failed':
      return { ...base, status: 'failed', reason: verdict.reason, counterexample: args.length > 0 ? args : undefined, rejected: 0 };
  }
}

/** Calls with generated inputs until `runs` were accepted; the first failure is the counterexample. */
async function runFuzz(session: SuiteSession, test: TestFunction, runs: number, maxRejects = runs * 10, ctx: ValueContext): Promise<TestResult> {
  let accepted = 0;
  let rejected = 0;
  while (accepted < runs) {
    const { args } = generateInputs(functionTarget(test.fn), ctx);
    const result = await runWithInputs(session, test, args);
    if (result.rejected > 0) {
      rejected += 1;
      if (rejected > maxRejects)
        return { name: test.name, kind: 'fuzz', status: 'failed', reason: `vm.assume rejected too many inputs (${rejected})`, runs: accepted, rejected };
      continue;
    }
    accepted += 1;
    if (result.status !== 'passed') return { ...result, runs: accepted, rejected };
  }
  return { name: test.name, kind: 'fuzz', status: 'passed', runs: accepted, rejected };
}

function valueContext(session: SuiteSession, rng: Rng): ValueContext {
  const addresses = [FORGE_SENDER, session.testAddress, ...session.setUpContracts.map((c) => c.address), `0x${'0'.repeat(40)}`];
  return { rng, dictionary: new Dictionary(), addresses, senders: 1, maxValue: 0n };
}
