import type { Expectation } from './types.js';

/**
 * What the test says when an assertion of its own fails (a marker the runner's reason must carry).
 * Assertions are `require`s: every `Test` has them, forge-std's or a project's own stand-in.
 */
export const MARK = 'Lookout:';

/** A failing run whose reason carries the check's own `require` message. */
export function marked(text: string): Expectation {
  return { description: `fail with "${MARK} ${text}"`, matches: (reason) => reason.includes(`${MARK} ${text}`) };
}
