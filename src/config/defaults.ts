import { DEFAULT_PANIC_CODES } from '../abi/index.js';
import { parseBudget } from './budget.js';
import type { FuzzConfig, Techniques } from './types.js';

/** The one set of defaults: what a user gets without configuring anything. */
export const DEFAULTS = {
  fuzzBudget: '60s',
  prBudget: '120s',
  seed: 1,
  maxSequenceLength: 8,
  /**
   * Worker threads per campaign, on both commands: a fixed number, never the machine's core count, so
   * that a report depends on the seed, the budget and the workers alone. Two fills the smallest
   * standard GitHub-hosted runner (2 cores for private repositories; public ones get 4) without
   * oversubscribing it; a run that needs more scales with a bigger budget.
   */
  workers: 2,
} as const;

export const ALL_TECHNIQUES: Techniques = { prediction: true, ddsf: true };

/** A `lookout fuzz` configuration with every default, for the paths given (tests and benchmarks). */
export function fuzzConfig(root: string, paths: string[], overrides: Partial<FuzzConfig> = {}): FuzzConfig {
  return {
    command: 'fuzz',
    root,
    paths,
    targets: [],
    budget: parseBudget(DEFAULTS.fuzzBudget),
    seed: DEFAULTS.seed,
    maxSequenceLength: DEFAULTS.maxSequenceLength,
    panicCodes: DEFAULT_PANIC_CODES,
    techniques: ALL_TECHNIQUES,
    outputs: {},
    // Tests and benchmarks are reproducible on one thread; a test about workers asks for more.
    workers: 1,
    ...overrides,
  };
}
